package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * The shared frame of every assembler whose Arrow vector has a validity bitmap and one fixed-width data
 * buffer: allocate once for the batch's row count, write validity, let the subclass write the data buffer,
 * set the value count.
 *
 * <p>Buffers come straight from the vector's allocator and are handed over with {@code loadFieldBuffers}
 * rather than through {@code allocateNew}, which zeroes the whole buffer first: every byte up to the batch's
 * last value is written anyway, so only the allocation's slack past it is zeroed. On plain_ints the zeroing
 * pass cost as much as the copy of the values itself.
 */
abstract class FixedWidthAssembler implements ColumnAssembler {
  protected final Validity validity;

  FixedWidthAssembler(ParquetKernels kernels, int maxDefinitionLevel) {
    this.validity = new Validity(kernels, maxDefinitionLevel);
  }

  @Override
  public final void assemble(ColumnBatch batch, FieldVector vector) throws ParquetException {
    BaseFixedWidthVector fixedWidth = (BaseFixedWidthVector) vector;
    int rows = batch.levelCount();
    validity.build(batch);
    try (ArrowBuf data = ArrowBuffers.allocate(vector.getAllocator(), dataBytes(fixedWidth, rows));
        ArrowBuf bitmap = validity.hasNulls()
            ? ArrowBuffers.allocateBits(vector.getAllocator(), (rows + 7L) >>> 3)
            : vector.getAllocator().getEmpty()) {
      writeData(batch, rows, data);
      if (validity.hasNulls()) {
        validity.writeTo(bitmap);
      }
      // Without nulls Arrow builds the all-valid bitmap itself from the node's null count of 0.
      fixedWidth.loadFieldBuffers(new ArrowFieldNode(rows, validity.nullCount()), List.of(bitmap, data));
    }
  }

  /** Bytes of the data buffer for {@code rows} values: rows times the vector's type width. */
  long dataBytes(BaseFixedWidthVector vector, int rows) {
    return (long) rows * vector.getTypeWidth();
  }

  /**
   * Whether a flat column's values can be written into the vector in place: the Arrow values are the Parquet
   * PLAIN values byte for byte (same width, no conversion; see {@link ColumnAssemblers#target}). False unless a
   * subclass says otherwise.
   */
  boolean copiesDirectly() {
    return false;
  }

  /**
   * Writes a batch whose values the reader converted as it decoded them ({@link ColumnBatch#valuesConverted()}):
   * Arrow's bytes already, {@code width} each, dense in an array sized for a value per row, so nulls are spread
   * in place.
   */
  final void writeConverted(ColumnBatch batch, int rows, int width, ArrowBuf data) {
    byte[] values = batch.bytes();
    if (validity.hasNulls()) {
      validity.spreadFixed(values, width);
    }
    ArrowBuffers.copyBytes(values, 0, Math.multiplyExact(rows, width), data, 0);
  }

  /**
   * Writes {@code rows} values to {@code data}: the batch's dense values spread to their rows (use
   * {@link #validity}), null rows zero.
   */
  abstract void writeData(ColumnBatch batch, int rows, ArrowBuf data) throws ParquetException;
}
