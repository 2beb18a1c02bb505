package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.FlatColumnReader;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * The shared frame of every assembler whose Arrow vector has a validity bitmap and one fixed-width data
 * buffer: allocate once for the batch's row count, write validity, let the subclass write the data buffer,
 * set the value count.
 */
abstract class FixedWidthAssembler implements ColumnAssembler {
  protected final Validity validity;
  private final ArrowBufSink sink = new ArrowBufSink();

  FixedWidthAssembler(ParquetKernels kernels, int maxDefinitionLevel) {
    this.validity = new Validity(kernels, maxDefinitionLevel);
  }

  @Override
  public final void assemble(ColumnBatch batch, FieldVector vector) throws ParquetException {
    BaseFixedWidthVector fixedWidth = (BaseFixedWidthVector) vector;
    int rows = batch.levelCount();
    validity.build(batch);
    fixedWidth.allocateNew(rows);
    validity.writeTo(fixedWidth.getValidityBuffer());
    writeData(batch, rows, fixedWidth.getDataBuffer());
    fixedWidth.setValueCount(rows);
  }

  /**
   * Whether a column without nulls can skip the heap: the Arrow values are the Parquet PLAIN values byte for
   * byte (same width, no conversion), so {@link #readDirectly} can decode straight into the vector. False
   * unless a subclass says otherwise.
   */
  boolean copiesDirectly() {
    return false;
  }

  /**
   * Reads {@code rows} values of a required flat column straight into {@code vector}: allocated once, all
   * valid, values written by {@link FlatColumnReader#readInto} (compressed PLAIN pages decompressed into the
   * data buffer, uncompressed PLAIN pages copied once from the chunk bytes, other encodings one bulk copy per
   * decoded run). Only for assemblers whose {@link #copiesDirectly()} is true.
   */
  final void readDirectly(FlatColumnReader reader, int rows, ColumnBatch scratch, FieldVector vector)
      throws IOException {
    BaseFixedWidthVector fixedWidth = (BaseFixedWidthVector) vector;
    fixedWidth.allocateNew(rows);
    ArrowBuffers.setAllValid(fixedWidth.getValidityBuffer(), rows);
    reader.readInto(rows, sink.target(fixedWidth.getDataBuffer()), scratch);
    fixedWidth.setValueCount(rows);
  }

  /**
   * Writes {@code rows} values to {@code data}: the batch's dense values spread to their rows (use
   * {@link #validity}), null rows zero.
   */
  abstract void writeData(ColumnBatch batch, int rows, ArrowBuf data) throws ParquetException;
}
