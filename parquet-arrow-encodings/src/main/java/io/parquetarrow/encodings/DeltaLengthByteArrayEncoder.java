package io.parquetarrow.encodings;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Objects;

/**
 * Encoder of DELTA_LENGTH_BYTE_ARRAY: the lengths with DELTA_BINARY_PACKED, then all the bytes. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#delta-length-byte-array-delta_length_byte_array--6">
 * Encodings.md, Delta-length byte array (DELTA_LENGTH_BYTE_ARRAY = 6)</a>:
 * {@code <Delta Encoded Lengths> <Byte Array Data>}. Values come as a {@link BinaryBuffer} range.
 */
public final class DeltaLengthByteArrayEncoder implements ValueEncoder<BinaryBuffer> {
  private final DeltaBinaryPackedEncoder.Int32 lengths;
  private final ByteSink data = new ByteSink(256);
  private final ByteSink page = new ByteSink(256);
  private final int[] lengthChunk = new int[512];

  public DeltaLengthByteArrayEncoder(ParquetKernels kernels) {
    this.lengths = new DeltaBinaryPackedEncoder.Int32(kernels);
  }

  @Override
  public void put(BinaryBuffer values, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, values.size());
    int[] offsets = values.offsets();
    for (int done = 0; done < count; ) {
      int n = Math.min(lengthChunk.length, count - done);
      for (int i = 0; i < n; i++) {
        int index = offset + done + i;
        lengthChunk[i] = offsets[index + 1] - offsets[index];
      }
      lengths.put(lengthChunk, 0, n);
      done += n;
    }
    data.writeBytes(values.data(), offsets[offset], offsets[offset + count] - offsets[offset]);
  }

  /** Adds one value; DELTA_BYTE_ARRAY puts its suffixes through here. */
  void putOne(byte[] source, int offset, int length) {
    lengthChunk[0] = length;
    lengths.put(lengthChunk, 0, 1);
    data.writeBytes(source, offset, length);
  }

  @Override
  public int valueCount() {
    return lengths.valueCount();
  }

  @Override
  public ByteSlice flush() {
    page.reset();
    ByteSlice encodedLengths = lengths.flush();
    page.writeBytes(encodedLengths.array(), encodedLengths.offset(), encodedLengths.length());
    page.writeBytes(data.buffer(), 0, data.length());
    data.reset();
    return page.slice();
  }
}
