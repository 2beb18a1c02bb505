package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.BinarySink;
import io.parquetarrow.core.column.BitSink;
import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.FlatBatchTarget;
import io.parquetarrow.core.column.ValueSink;
import io.parquetarrow.errors.ParquetException;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * One batch of a flat column for one vector (see {@link ColumnAssemblers#target}): holds the buffers the reader
 * writes in place until {@link #finish} loads them into the vector, or assembles a heap batch through the
 * column's assembler. Buffers come from the vector's allocator and are handed over with
 * {@code loadFieldBuffers}, which keeps its own reference: this target closes its own in every case.
 */
final class VectorTarget implements FlatBatchTarget {
  private final ColumnAssembler assembler;
  private final Layout layout;
  private final int valueWidth;
  private final FieldVector vector;
  private final BufferAllocator allocator;
  private ArrowBuf data;
  private ArrowBinarySink binary;

  VectorTarget(ColumnAssembler assembler, Layout layout, int valueWidth, FieldVector vector) {
    this.assembler = assembler;
    this.layout = layout;
    this.valueWidth = valueWidth;
    this.vector = vector;
    this.allocator = vector.getAllocator();
  }

  @Override
  public Layout layout() {
    return layout;
  }

  @Override
  public int valueWidth() {
    return valueWidth;
  }

  @Override
  public ValueSink fixedWidthValues(int rows) {
    abandon();
    // Every slot is written, by a value or a null's zeros, so only the padding after them is zeroed.
    data = ArrowBuffers.allocate(allocator, (long) rows * valueWidth);
    return new ArrowBufSink().target(data);
  }

  @Override
  public BinarySink binaryValues(int rows) {
    abandon();
    VariableWidthAssembler variableWidth = (VariableWidthAssembler) assembler;
    binary = new ArrowBinarySink(allocator, rows, variableWidth.expectedBytes(rows), variableWidth.large());
    return binary;
  }

  @Override
  public BitSink bitValues(int rows) {
    abandon();
    long bytes = (rows + 7L) >>> 3;
    data = ArrowBuffers.allocateBits(allocator, bytes);
    data.setZero(0, bytes);
    return new ArrowBitSink(data);
  }

  @Override
  public void finish(int rows, int nullCount, byte[] validity) {
    try (ArrowBuf bitmap = nullCount > 0 ? bitmap(rows, validity) : allocator.getEmpty()) {
      ArrowFieldNode node = new ArrowFieldNode(rows, nullCount);
      if (binary != null) {
        ((VariableWidthAssembler) assembler).observe(rows, binary.dataLength());
        try (ArrowBuf offsets = binary.takeOffsets(); ArrowBuf bytes = binary.takeData()) {
          binary = null;
          vector.loadFieldBuffers(node, List.of(bitmap, offsets, bytes));
        }
      } else {
        try (ArrowBuf values = data) {
          data = null;
          vector.loadFieldBuffers(node, List.of(bitmap, values));
        }
      }
    } finally {
      abandon();
    }
  }

  /** The first {@code rows} bits of {@code validity} in a buffer of their own, the last byte's spare bits clear. */
  private ArrowBuf bitmap(int rows, byte[] validity) {
    int bytes = (rows + 7) >>> 3;
    ArrowBuf bitmap = ArrowBuffers.allocateBits(allocator, bytes);
    ArrowBuffers.copyBytes(validity, 0, bytes, bitmap, 0);
    if ((rows & 7) != 0) {
      bitmap.setByte(bytes - 1, validity[bytes - 1] & ((1 << (rows & 7)) - 1));
    }
    return bitmap;
  }

  @Override
  public void abandon() {
    if (data != null) {
      data.close();
      data = null;
    }
    if (binary != null) {
      binary.release();
      binary = null;
    }
  }

  @Override
  public void assemble(ColumnBatch batch) throws ParquetException {
    assembler.assemble(batch, vector);
  }
}
