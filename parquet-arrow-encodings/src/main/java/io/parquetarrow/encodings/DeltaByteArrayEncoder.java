package io.parquetarrow.encodings;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encoder of DELTA_BYTE_ARRAY: for each value, the length of the prefix it shares with the previous value
 * (DELTA_BINARY_PACKED), then the suffixes as DELTA_LENGTH_BYTE_ARRAY. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#delta-strings-delta_byte_array--7">
 * Encodings.md, Delta Strings (DELTA_BYTE_ARRAY = 7)</a>. BYTE_ARRAY values come as a {@link BinaryBuffer}
 * range; {@link FixedLength} takes FIXED_LEN_BYTE_ARRAY values back to back.
 */
public final class DeltaByteArrayEncoder implements ValueEncoder<BinaryBuffer> {
  private final DeltaBinaryPackedEncoder.Int32 prefixLengths;
  private final DeltaLengthByteArrayEncoder suffixes;
  private final ByteSink page = new ByteSink(256);
  private final int[] prefixHolder = new int[1];
  private byte[] previous = new byte[64];
  private int previousLength;

  public DeltaByteArrayEncoder(ParquetKernels kernels) {
    this.prefixLengths = new DeltaBinaryPackedEncoder.Int32(kernels);
    this.suffixes = new DeltaLengthByteArrayEncoder(kernels);
  }

  @Override
  public void put(BinaryBuffer values, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, values.size());
    int[] offsets = values.offsets();
    for (int i = offset; i < offset + count; i++) {
      putOne(values.data(), offsets[i], offsets[i + 1] - offsets[i]);
    }
  }

  void putOne(byte[] source, int offset, int length) {
    int limit = Math.min(length, previousLength);
    int prefix = Arrays.mismatch(previous, 0, limit, source, offset, offset + limit);
    if (prefix < 0) {
      prefix = limit;
    }
    prefixHolder[0] = prefix;
    prefixLengths.put(prefixHolder, 0, 1);
    suffixes.putOne(source, offset + prefix, length - prefix);
    if (length > previous.length) {
      previous = Arrays.copyOf(previous, Math.max(length, 2 * previous.length));
    }
    System.arraycopy(source, offset, previous, 0, length);
    previousLength = length;
  }

  @Override
  public int valueCount() {
    return prefixLengths.valueCount();
  }

  @Override
  public ByteSlice flush() {
    page.reset();
    ByteSlice prefixes = prefixLengths.flush();
    page.writeBytes(prefixes.array(), prefixes.offset(), prefixes.length());
    ByteSlice suffixBytes = suffixes.flush();
    page.writeBytes(suffixBytes.array(), suffixBytes.offset(), suffixBytes.length());
    previousLength = 0;
    return page.slice();
  }

  /** DELTA_BYTE_ARRAY for FIXED_LEN_BYTE_ARRAY values of {@code width} bytes ({@code offset} in bytes). */
  public static final class FixedLength implements ValueEncoder<byte[]> {
    private final DeltaByteArrayEncoder encoder;
    private final int width;

    public FixedLength(ParquetKernels kernels, int width) {
      if (width <= 0) {
        throw new IllegalArgumentException("fixed length width must be positive, was " + width);
      }
      this.encoder = new DeltaByteArrayEncoder(kernels);
      this.width = width;
    }

    @Override
    public void put(byte[] values, int offset, int count) {
      Objects.checkFromIndexSize(offset, (long) count * width, values.length);
      for (int i = 0; i < count; i++) {
        encoder.putOne(values, offset + i * width, width);
      }
    }

    @Override
    public int valueCount() {
      return encoder.valueCount();
    }

    @Override
    public ByteSlice flush() {
      return encoder.flush();
    }
  }
}
