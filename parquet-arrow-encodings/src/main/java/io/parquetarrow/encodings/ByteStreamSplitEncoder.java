package io.parquetarrow.encodings;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Objects;

/**
 * Encoders of BYTE_STREAM_SPLIT (the grammar is quoted in {@link ByteStreamSplitDecoder}) for FLOAT/INT32
 * ({@link IntValues}), DOUBLE/INT64 ({@link LongValues}) and FIXED_LEN_BYTE_ARRAY ({@link FixedLengthValues}).
 * Spec: <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#byte-stream-split-byte_stream_split--9">
 * Encodings.md, Byte Stream Split (BYTE_STREAM_SPLIT = 9)</a>. Values are kept as little-endian bytes until
 * {@code flush}, which scatters them into streams with {@link ParquetKernels#byteStreamSplitEncode}.
 */
public final class ByteStreamSplitEncoder {
  private ByteStreamSplitEncoder() {}

  private static final class Streams {
    final ParquetKernels kernels;
    final int width;
    final ByteSink values = new ByteSink(256);
    final ByteSink page = new ByteSink(256);
    int count;

    Streams(ParquetKernels kernels, int width) {
      this.kernels = Objects.requireNonNull(kernels, "kernels");
      if (width <= 0) {
        throw new IllegalArgumentException("BYTE_STREAM_SPLIT width must be positive, was " + width);
      }
      this.width = width;
    }

    ByteSlice flush() {
      page.reset();
      int at = page.reserve(values.length());
      kernels.byteStreamSplitEncode(values.buffer(), 0, count, width, page.buffer(), at);
      values.reset();
      count = 0;
      return page.slice();
    }
  }

  /** FLOAT bits and INT32: four streams. */
  public static final class IntValues implements ValueEncoder<int[]> {
    private final Streams streams;

    public IntValues(ParquetKernels kernels) {
      streams = new Streams(kernels, Integer.BYTES);
    }

    @Override
    public void put(int[] values, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, values.length);
      for (int i = offset; i < offset + count; i++) {
        streams.values.writeIntLittleEndian(values[i]);
      }
      streams.count += count;
    }

    @Override
    public int valueCount() {
      return streams.count;
    }

    @Override
    public ByteSlice flush() {
      return streams.flush();
    }
  }

  /** DOUBLE bits and INT64: eight streams. */
  public static final class LongValues implements ValueEncoder<long[]> {
    private final Streams streams;

    public LongValues(ParquetKernels kernels) {
      streams = new Streams(kernels, Long.BYTES);
    }

    @Override
    public void put(long[] values, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, values.length);
      for (int i = offset; i < offset + count; i++) {
        streams.values.writeLongLittleEndian(values[i]);
      }
      streams.count += count;
    }

    @Override
    public int valueCount() {
      return streams.count;
    }

    @Override
    public ByteSlice flush() {
      return streams.flush();
    }
  }

  /** FIXED_LEN_BYTE_ARRAY of {@code width} bytes, values back to back ({@code offset} in bytes). */
  public static final class FixedLengthValues implements ValueEncoder<byte[]> {
    private final Streams streams;

    public FixedLengthValues(ParquetKernels kernels, int width) {
      streams = new Streams(kernels, width);
    }

    @Override
    public void put(byte[] values, int offset, int count) {
      Objects.checkFromIndexSize(offset, (long) count * streams.width, values.length);
      streams.values.writeBytes(values, offset, count * streams.width);
      streams.count += count;
    }

    @Override
    public int valueCount() {
      return streams.count;
    }

    @Override
    public ByteSlice flush() {
      return streams.flush();
    }
  }
}
