package io.parquetarrow.encodings;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Objects;

/**
 * Encoder of BOOLEAN values in the RLE encoding: the hybrid at bit width 1 behind its 4-byte length, the
 * mirror of {@link RleBooleanDecoder}. Values come as one 0/1 byte each ({@code offset} indexes values).
 */
public final class RleBooleanEncoder implements ValueEncoder<byte[]> {
  private final RleBitPackedHybridEncoder hybrid;
  private final int[] chunk = new int[1024];

  public RleBooleanEncoder(ParquetKernels kernels) {
    this.hybrid = new RleBitPackedHybridEncoder(kernels, 1);
  }

  @Override
  public void put(byte[] values, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, values.length);
    for (int done = 0; done < count; ) {
      int n = Math.min(chunk.length, count - done);
      for (int i = 0; i < n; i++) {
        chunk[i] = values[offset + done + i] != 0 ? 1 : 0;
      }
      hybrid.put(chunk, 0, n);
      done += n;
    }
  }

  @Override
  public int valueCount() {
    return hybrid.valueCount();
  }

  @Override
  public ByteSlice flush() {
    return hybrid.flushWithLengthPrefix();
  }
}
