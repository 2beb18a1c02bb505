package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;

/** Arrow {@code bool} from BOOLEAN: the decoders' one byte per value packed into Arrow's LSB-first bitmap. */
final class BooleanAssembler extends FixedWidthAssembler {
  private byte[] packed = new byte[0];

  BooleanAssembler(ParquetKernels kernels, int maxDefinitionLevel) {
    super(kernels, maxDefinitionLevel);
  }

  /** One bit per value: Arrow's BitVector has no byte width. */
  @Override
  long dataBytes(BaseFixedWidthVector vector, int rows) {
    return (rows + 7L) >>> 3;
  }

  @Override
  void writeData(ColumnBatch batch, int rows, ArrowBuf data) {
    byte[] values = batch.bytes();
    if (validity.hasNulls()) {
      validity.spreadBytes(values);
    }
    int bytes = (rows + 7) >>> 3;
    if (packed.length < bytes) {
      packed = new byte[Math.max(bytes, packed.length * 2)];
    }
    Arrays.fill(packed, 0, bytes, (byte) 0);
    for (int row = 0; row < rows; row++) {
      packed[row >>> 3] |= (byte) ((values[row] & 1) << (row & 7));
    }
    ArrowBuffers.copyBytes(packed, 0, bytes, data, 0);
  }
}
