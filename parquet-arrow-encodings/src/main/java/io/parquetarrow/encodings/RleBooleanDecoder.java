package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Objects;

/**
 * Decoder of BOOLEAN values in the RLE encoding (data pages v1 and v2): the
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#run-length-encoding--bit-packing-hybrid-rle--3">
 * RLE / bit-packing hybrid</a> at bit width 1, always behind its 4-byte length (the spec's table: "Boolean values
 * | Prepend length? Y" for both page versions):
 *
 * <pre>
 * rle-bit-packed-hybrid: &lt;length&gt; &lt;encoded-data&gt;
 * length := length of the &lt;encoded-data&gt; in bytes stored as 4 bytes little endian (unsigned int32)
 * </pre>
 *
 * Decodes to one byte, 0 or 1, per value, as {@link PlainDecoder.BooleanValues} does.
 */
public final class RleBooleanDecoder implements ValueDecoder<byte[]> {
  private static final int CHUNK = 1024;

  private final RleBitPackedHybridDecoder hybrid;
  private final int[] scratch = new int[CHUNK];

  public RleBooleanDecoder(ParquetKernels kernels) {
    this.hybrid = new RleBitPackedHybridDecoder(kernels, 1).describedAs("RLE BOOLEAN values");
  }

  @Override
  public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
    if (length == 0 && valueCount == 0) {
      hybrid.init(page, offset, 0, 0, 1); // a page of nulls only, written without even the length prefix
      return;
    }
    int encodedLength = RleBitPackedHybridDecoder.readLengthPrefix(page, offset, length);
    hybrid.init(page, offset + 4, encodedLength, valueCount, 1);
  }

  @Override
  public void read(byte[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain("RLE BOOLEAN values", count, hybrid.valuesRemaining());
    Objects.checkFromIndexSize(destinationOffset, count, destination.length);
    for (int done = 0; done < count; ) {
      int chunk = Math.min(CHUNK, count - done);
      hybrid.read(scratch, 0, chunk);
      for (int i = 0; i < chunk; i++) {
        destination[destinationOffset + done + i] = (byte) scratch[i];
      }
      done += chunk;
    }
  }

  @Override
  public void skip(int count) throws ParquetCorruptionException {
    hybrid.skip(count);
  }
}
