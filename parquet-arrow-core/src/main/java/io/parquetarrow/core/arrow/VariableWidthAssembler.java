package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * Arrow {@code utf8}, {@code binary} and their {@code large_} variants from BYTE_ARRAY. The batch's total byte
 * length is known before allocation (the decoders have already gathered the values), so each buffer is
 * allocated once with exactly its length and written whole, never zeroed first; the offsets are rebuilt with
 * nulls as empty entries, then offsets and data go in with one bulk copy each. UTF-8 is not validated, as in Arrow C++'s reader.
 */
final class VariableWidthAssembler implements ColumnAssembler {
  private final Validity validity;
  private final boolean large;
  private int[] offsets = new int[0];
  private long[] largeOffsets = new long[0];
  /** Bytes per row of the last batch written in place, which sizes the next one's data buffer; 0 before any. */
  private double bytesPerRow;

  VariableWidthAssembler(ParquetKernels kernels, int maxDefinitionLevel, boolean large) {
    this.validity = new Validity(kernels, maxDefinitionLevel);
    this.large = large;
  }

  boolean large() {
    return large;
  }

  /** The data bytes to allocate for a batch of {@code rows} rows written in place: the last batch's, plus 1/8. */
  long expectedBytes(int rows) {
    double perRow = bytesPerRow > 0 ? bytesPerRow * 1.125 : 16;
    return Math.min(Integer.MAX_VALUE, (long) Math.ceil(perRow * rows) + 64);
  }

  /** Records the size of a batch written in place, for {@link #expectedBytes}. */
  void observe(int rows, long dataBytes) {
    if (rows > 0) {
      bytesPerRow = (double) dataBytes / rows;
    }
  }

  @Override
  public void assemble(ColumnBatch batch, FieldVector vector) throws ParquetException {
    int rows = batch.levelCount();
    validity.build(batch);
    BinaryBuffer values = batch.binary();
    int[] valueOffsets = values.offsets();
    int dataLength = values.dataLength();
    BufferAllocator allocator = vector.getAllocator();
    // Buffers sized exactly and written whole, handed over with loadFieldBuffers: allocateNew would zero the
    // validity and offsets first, only for them to be overwritten here. Without nulls Arrow builds the all-valid
    // bitmap itself from the node's null count of 0.
    try (ArrowBuf bitmap = validity.hasNulls() ? ArrowBuffers.allocateBits(allocator, (rows + 7L) >>> 3)
            : allocator.getEmpty();
        ArrowBuf offsetBuffer = ArrowBuffers.allocate(allocator, (rows + 1L) * (large ? 8 : 4));
        ArrowBuf data = ArrowBuffers.allocate(allocator, dataLength)) {
      if (validity.hasNulls()) {
        validity.writeTo(bitmap);
      }
      if (large) {
        if (largeOffsets.length < rows + 1) {
          largeOffsets = new long[Math.max(rows + 1, largeOffsets.length * 2)];
        }
        largeOffsets[0] = 0;
        int value = 0;
        for (int row = 0; row < rows; row++) {
          if (validity.isValid(row)) {
            value++;
          }
          largeOffsets[row + 1] = valueOffsets[value];
        }
        ArrowBuffers.copyLongs(largeOffsets, 0, rows + 1, offsetBuffer, 0);
      } else {
        int[] rowOffsets = valueOffsets;
        if (validity.hasNulls()) {
          if (offsets.length < rows + 1) {
            offsets = new int[Math.max(rows + 1, offsets.length * 2)];
          }
          offsets[0] = 0;
          int value = 0;
          for (int row = 0; row < rows; row++) {
            if (validity.isValid(row)) {
              value++;
            }
            offsets[row + 1] = valueOffsets[value];
          }
          rowOffsets = offsets;
        }
        ArrowBuffers.copyInts(rowOffsets, 0, rows + 1, offsetBuffer, 0);
      }
      ArrowBuffers.copyBytes(values.data(), 0, dataLength, data, 0);
      vector.loadFieldBuffers(new ArrowFieldNode(rows, validity.nullCount()), List.of(bitmap, offsetBuffer, data));
    }
  }
}
