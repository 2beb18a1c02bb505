package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.simd.ParquetKernels;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Vectors whose values are copied byte for byte from FIXED_LEN_BYTE_ARRAY or INT96: Arrow
 * {@code fixed_size_binary(n)} (also UUID and INTERVAL, which Arrow C++ reads as fixed-size binary) and
 * {@code halffloat} (FLOAT16 is stored as two little-endian bytes, exactly Arrow's layout).
 */
final class FixedSizeBinaryAssembler extends FixedWidthAssembler {
  private final int width;

  FixedSizeBinaryAssembler(ParquetKernels kernels, int maxDefinitionLevel, int width) {
    super(kernels, maxDefinitionLevel);
    this.width = width;
  }

  /** FIXED_LEN_BYTE_ARRAY values are Arrow's bytes as they are; INT96 is excluded by the caller. */
  @Override
  boolean copiesDirectly() {
    return width > 0;
  }

  @Override
  void writeData(ColumnBatch batch, int rows, ArrowBuf data) {
    byte[] values = batch.bytes();
    if (validity.hasNulls()) {
      validity.spreadFixed(values, width);
    }
    ArrowBuffers.copyBytes(values, 0, Math.multiplyExact(rows, width), data, 0);
  }
}
