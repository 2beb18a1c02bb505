package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.Objects;

/**
 * Decoder of the deprecated BIT_PACKED encoding, found only for repetition and definition levels of old data
 * page v1 files. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#bit-packed-deprecated-bit_packed--4">
 * Encodings.md, Bit-packed (Deprecated) (BIT_PACKED = 4)</a>: "Each value is encoded back to back using a fixed
 * width. There is no padding between values (except for the last byte, which is padded with 0s)", and, unlike
 * the hybrid, "this implementation packs values from the most significant bit to the least significant bit":
 *
 * <pre>
 * dec value: 0   1   2   3   4   5   6   7
 * bit value: 00000101 00111001 01110111
 * bit label: ABCDEFGH IJKLMNOP QRSTUVWX
 * </pre>
 *
 * The levels carry no length prefix: they take {@link #encodedLength} bytes, which the page reader needs to find
 * where the next section starts.
 */
public final class BitPackedLevelDecoder implements ValueDecoder<int[]> {
  private final int bitWidth;
  private byte[] page = new byte[0];
  private int offset;
  private long bitPosition;
  private int valuesRemaining;

  /** @param bitWidth bits per level, 0 to 32 (the bit width of the maximum level) */
  public BitPackedLevelDecoder(int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new IllegalArgumentException("BIT_PACKED bit width must be 0 to 32, was " + bitWidth);
    }
    this.bitWidth = bitWidth;
  }

  /** The number of bytes {@code valueCount} levels of {@code bitWidth} bits occupy: {@code ceil(n * w / 8)}. */
  public static long encodedLength(int valueCount, int bitWidth) {
    return ((long) valueCount * bitWidth + 7) >>> 3;
  }

  @Override
  public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
    Objects.checkFromIndexSize(offset, length, page.length);
    PageCursor.checkValueCount("BIT_PACKED levels", valueCount);
    long needed = encodedLength(valueCount, bitWidth);
    if (needed > length) {
      throw ParquetCorruptionException.of(
          "BIT_PACKED levels: %d values of bit width %d need %d bytes but only %d are available", valueCount,
          bitWidth, needed, length);
    }
    this.page = page;
    this.offset = offset;
    this.bitPosition = 0;
    this.valuesRemaining = valueCount;
  }

  @Override
  public void read(int[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain("BIT_PACKED levels", count, valuesRemaining);
    Objects.checkFromIndexSize(destinationOffset, count, destination.length);
    long bit = bitPosition;
    for (int i = 0; i < count; i++) {
      long value = 0;
      int left = bitWidth;
      while (left > 0) {
        int current = page[offset + (int) (bit >>> 3)] & 0xFF;
        int bitsInByte = 8 - (int) (bit & 7);
        int take = Math.min(left, bitsInByte);
        int bits = (current >>> (bitsInByte - take)) & ((1 << take) - 1);
        value = (value << take) | bits;
        left -= take;
        bit += take;
      }
      destination[destinationOffset + i] = (int) value;
    }
    bitPosition = bit;
    valuesRemaining -= count;
  }

  @Override
  public void skip(int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain("BIT_PACKED levels", count, valuesRemaining);
    bitPosition += (long) count * bitWidth;
    valuesRemaining -= count;
  }
}
