package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.simd.ParquetKernels;
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
   * Writes {@code rows} values to {@code data}: the batch's dense values spread to their rows (use
   * {@link #validity}), null rows zero.
   */
  abstract void writeData(ColumnBatch batch, int rows, ArrowBuf data) throws ParquetException;
}
