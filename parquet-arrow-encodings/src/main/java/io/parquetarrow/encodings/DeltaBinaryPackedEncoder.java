package io.parquetarrow.encodings;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encoder of DELTA_BINARY_PACKED for INT32 ({@link Int32}) and INT64 ({@link Int64}), and of the length
 * streams of DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#delta-encoding-delta_binary_packed--5">
 * Encodings.md, Delta Encoding (DELTA_BINARY_PACKED = 5)</a> (grammar quoted in {@link DeltaBinaryPackedDecoder}).
 *
 * <p>Blocks default to 128 values in 4 miniblocks of 32, as parquet-java, Arrow C++ and arrow-rs write them.
 * Deltas and their frame of reference are computed in wrapping arithmetic of the type's width, so every bit
 * width is at most 32 for INT32 and 64 for INT64. A partial last miniblock is padded with zeros to its full
 * size; the last block's unused miniblocks get bit width 0 and no bytes.
 */
public abstract sealed class DeltaBinaryPackedEncoder<T> implements ValueEncoder<T>
    permits DeltaBinaryPackedEncoder.Int32, DeltaBinaryPackedEncoder.Int64 {
  public static final int DEFAULT_BLOCK_SIZE = 128;
  public static final int DEFAULT_MINIBLOCKS = 4;

  final ParquetKernels kernels;
  final int blockSize;
  final int miniblocks;
  final int valuesPerMiniblock;
  final ByteSink sink = new ByteSink(256);
  final byte[] bitWidths;
  int count;

  DeltaBinaryPackedEncoder(ParquetKernels kernels, int blockSize, int miniblocks) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    if (blockSize <= 0 || blockSize % 128 != 0 || miniblocks <= 0 || blockSize % miniblocks != 0
        || (blockSize / miniblocks) % 32 != 0) {
      throw new IllegalArgumentException("block size must be a multiple of 128 split into miniblocks of a multiple"
          + " of 32 values; got " + blockSize + " / " + miniblocks);
    }
    this.blockSize = blockSize;
    this.miniblocks = miniblocks;
    this.valuesPerMiniblock = blockSize / miniblocks;
    this.bitWidths = new byte[miniblocks];
  }

  @Override
  public int valueCount() {
    return count;
  }

  final void writeHeader(long firstValue) {
    sink.writeUnsignedVarInt(blockSize);
    sink.writeUnsignedVarInt(miniblocks);
    sink.writeUnsignedVarInt(count);
    sink.writeZigZagVarInt(firstValue);
  }

  /** INT32 values and byte array lengths. */
  public static final class Int32 extends DeltaBinaryPackedEncoder<int[]> {
    private int[] values = new int[64];
    private final int[] relative;

    public Int32(ParquetKernels kernels) {
      this(kernels, DEFAULT_BLOCK_SIZE, DEFAULT_MINIBLOCKS);
    }

    public Int32(ParquetKernels kernels, int blockSize, int miniblocks) {
      super(kernels, blockSize, miniblocks);
      this.relative = new int[blockSize];
    }

    @Override
    public void put(int[] source, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, source.length);
      long needed = (long) this.count + count;
      if (needed > values.length) {
        if (needed > Integer.MAX_VALUE - 16) {
          throw new IllegalStateException("too many values in one page: " + needed);
        }
        values = Arrays.copyOf(values, (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 16, 2L * values.length)));
      }
      System.arraycopy(source, offset, values, this.count, count);
      this.count += count;
    }

    @Override
    public ByteSlice flush() {
      sink.reset();
      writeHeader(count == 0 ? 0 : values[0]);
      for (int start = 1; start < count; start += blockSize) {
        int length = Math.min(blockSize, count - start);
        int minDelta = Integer.MAX_VALUE;
        for (int j = 0; j < length; j++) {
          int delta = values[start + j] - values[start + j - 1];
          relative[j] = delta;
          minDelta = Math.min(minDelta, delta);
        }
        Arrays.fill(relative, length, blockSize, minDelta); // padding becomes 0 after the subtraction
        int used = (length + valuesPerMiniblock - 1) / valuesPerMiniblock;
        Arrays.fill(bitWidths, (byte) 0);
        for (int k = 0; k < used; k++) {
          int bits = 0;
          for (int j = k * valuesPerMiniblock, end = j + valuesPerMiniblock; j < end; j++) {
            relative[j] -= minDelta;
            bits |= relative[j];
          }
          bitWidths[k] = (byte) (32 - Integer.numberOfLeadingZeros(bits));
        }
        sink.writeZigZagVarInt(minDelta);
        sink.writeBytes(bitWidths, 0, miniblocks);
        for (int k = 0; k < used; k++) {
          int width = bitWidths[k];
          int at = sink.reserve((long) valuesPerMiniblock * width / 8);
          kernels.packInts(relative, k * valuesPerMiniblock, valuesPerMiniblock, width, sink.buffer(), at);
        }
      }
      count = 0;
      return sink.slice();
    }
  }

  /** INT64 values. */
  public static final class Int64 extends DeltaBinaryPackedEncoder<long[]> {
    private long[] values = new long[64];
    private final long[] relative;

    public Int64(ParquetKernels kernels) {
      this(kernels, DEFAULT_BLOCK_SIZE, DEFAULT_MINIBLOCKS);
    }

    public Int64(ParquetKernels kernels, int blockSize, int miniblocks) {
      super(kernels, blockSize, miniblocks);
      this.relative = new long[blockSize];
    }

    @Override
    public void put(long[] source, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, source.length);
      long needed = (long) this.count + count;
      if (needed > values.length) {
        if (needed > Integer.MAX_VALUE - 16) {
          throw new IllegalStateException("too many values in one page: " + needed);
        }
        values = Arrays.copyOf(values, (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 16, 2L * values.length)));
      }
      System.arraycopy(source, offset, values, this.count, count);
      this.count += count;
    }

    @Override
    public ByteSlice flush() {
      sink.reset();
      writeHeader(count == 0 ? 0 : values[0]);
      for (int start = 1; start < count; start += blockSize) {
        int length = Math.min(blockSize, count - start);
        long minDelta = Long.MAX_VALUE;
        for (int j = 0; j < length; j++) {
          long delta = values[start + j] - values[start + j - 1];
          relative[j] = delta;
          minDelta = Math.min(minDelta, delta);
        }
        Arrays.fill(relative, length, blockSize, minDelta);
        int used = (length + valuesPerMiniblock - 1) / valuesPerMiniblock;
        Arrays.fill(bitWidths, (byte) 0);
        for (int k = 0; k < used; k++) {
          long bits = 0;
          for (int j = k * valuesPerMiniblock, end = j + valuesPerMiniblock; j < end; j++) {
            relative[j] -= minDelta;
            bits |= relative[j];
          }
          bitWidths[k] = (byte) (64 - Long.numberOfLeadingZeros(bits));
        }
        sink.writeZigZagVarInt(minDelta);
        sink.writeBytes(bitWidths, 0, miniblocks);
        for (int k = 0; k < used; k++) {
          int width = bitWidths[k];
          int at = sink.reserve((long) valuesPerMiniblock * width / 8);
          kernels.packLongs(relative, k * valuesPerMiniblock, valuesPerMiniblock, width, sink.buffer(), at);
        }
      }
      count = 0;
      return sink.slice();
    }
  }
}
