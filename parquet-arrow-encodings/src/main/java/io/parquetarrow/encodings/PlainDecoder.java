package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Decoders of the PLAIN encoding, one per physical type, for data pages and (through {@link Dictionary}) for
 * dictionary pages. Spec: <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#plain-plain--0">
 * Encodings.md, Plain (PLAIN = 0)</a>:
 *
 * <pre>
 *   BOOLEAN: Bit Packed, LSB first
 *   INT32: 4 bytes little endian
 *   INT64: 8 bytes little endian
 *   INT96: 12 bytes little endian (deprecated)
 *   FLOAT: 4 bytes IEEE little endian
 *   DOUBLE: 8 bytes IEEE little endian
 *   BYTE_ARRAY: length in 4 bytes little endian followed by the bytes contained in the array
 *   FIXED_LEN_BYTE_ARRAY: the bytes contained in the array
 * </pre>
 *
 * Fixed-width variants check at {@code init} that the page holds {@code valueCount} values; the BYTE_ARRAY
 * variant checks each length prefix against the bytes that remain.
 */
public final class PlainDecoder {
  private PlainDecoder() {}

  /** BOOLEAN: one bit per value, least significant bit first; decodes to one byte (0 or 1) per value. */
  public static final class BooleanValues implements ValueDecoder<byte[]> {
    private byte[] page = new byte[0];
    private int offset;
    private long bitPosition;
    private int remaining;

    @Override
    public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      Objects.checkFromIndexSize(offset, length, page.length);
      long needed = ((long) valueCount + 7) >>> 3;
      PageCursor.checkValueCount("PLAIN BOOLEAN", valueCount);
      if (needed > length) {
        throw ParquetCorruptionException.of(
            "PLAIN BOOLEAN page: %d values need %d bytes but the page has %d", valueCount, needed, length);
      }
      this.page = page;
      this.offset = offset;
      this.bitPosition = 0;
      this.remaining = valueCount;
    }

    @Override
    public void read(byte[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN BOOLEAN", count, remaining);
      Objects.checkFromIndexSize(destinationOffset, count, destination.length);
      long bit = bitPosition;
      for (int i = 0; i < count; i++, bit++) {
        destination[destinationOffset + i] = (byte) ((page[offset + (int) (bit >>> 3)] >>> (bit & 7)) & 1);
      }
      bitPosition = bit;
      remaining -= count;
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN BOOLEAN", count, remaining);
      bitPosition += count;
      remaining -= count;
    }
  }

  /** INT32 and FLOAT (raw IEEE bits): four little-endian bytes per value. */
  public static final class IntValues implements ValueDecoder<int[]> {
    private ByteBuffer buffer = ByteBuffer.allocate(0);
    private int remaining;

    @Override
    public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      buffer = wrapFixedWidth(page, offset, length, valueCount, Integer.BYTES, "PLAIN INT32/FLOAT");
      remaining = valueCount;
    }

    @Override
    public void read(int[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN INT32/FLOAT", count, remaining);
      Objects.checkFromIndexSize(destinationOffset, count, destination.length);
      buffer.asIntBuffer().get(destination, destinationOffset, count);
      buffer.position(buffer.position() + count * Integer.BYTES);
      remaining -= count;
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN INT32/FLOAT", count, remaining);
      buffer.position(buffer.position() + count * Integer.BYTES);
      remaining -= count;
    }
  }

  /** INT64 and DOUBLE (raw IEEE bits): eight little-endian bytes per value. */
  public static final class LongValues implements ValueDecoder<long[]> {
    private ByteBuffer buffer = ByteBuffer.allocate(0);
    private int remaining;

    @Override
    public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      buffer = wrapFixedWidth(page, offset, length, valueCount, Long.BYTES, "PLAIN INT64/DOUBLE");
      remaining = valueCount;
    }

    @Override
    public void read(long[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN INT64/DOUBLE", count, remaining);
      Objects.checkFromIndexSize(destinationOffset, count, destination.length);
      buffer.asLongBuffer().get(destination, destinationOffset, count);
      buffer.position(buffer.position() + count * Long.BYTES);
      remaining -= count;
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN INT64/DOUBLE", count, remaining);
      buffer.position(buffer.position() + count * Long.BYTES);
      remaining -= count;
    }
  }

  /**
   * FIXED_LEN_BYTE_ARRAY of a given width and INT96 (width 12): the values' bytes back to back, copied as they
   * are into the destination.
   */
  public static final class FixedLengthValues implements ValueDecoder<byte[]> {
    private final int width;
    private byte[] page = new byte[0];
    private int position;
    private int remaining;

    /** @param width bytes per value: the column's type length, or 12 for INT96 */
    public FixedLengthValues(int width) {
      if (width <= 0) {
        throw new IllegalArgumentException("fixed length width must be positive, was " + width);
      }
      this.width = width;
    }

    public int width() {
      return width;
    }

    @Override
    public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      wrapFixedWidth(page, offset, length, valueCount, width, "PLAIN FIXED_LEN_BYTE_ARRAY(" + width + ")");
      this.page = page;
      this.position = offset;
      this.remaining = valueCount;
    }

    @Override
    public void read(byte[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN FIXED_LEN_BYTE_ARRAY", count, remaining);
      int bytes = count * width; // fits: count <= remaining and remaining * width was checked against the page
      Objects.checkFromIndexSize(destinationOffset, bytes, destination.length);
      System.arraycopy(page, position, destination, destinationOffset, bytes);
      position += bytes;
      remaining -= count;
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN FIXED_LEN_BYTE_ARRAY", count, remaining);
      position += count * width;
      remaining -= count;
    }
  }

  /** BYTE_ARRAY: each value a 4-byte little-endian length followed by that many bytes. */
  public static final class ByteArrayValues implements ValueDecoder<BinaryBuffer> {
    private final PageCursor cursor = new PageCursor();
    private int remaining;

    @Override
    public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      PageCursor.checkValueCount("PLAIN BYTE_ARRAY", valueCount);
      cursor.reset(page, offset, length, "PLAIN BYTE_ARRAY page");
      // Every value takes at least its 4-byte length, which bounds the count before anything is allocated.
      if ((long) valueCount * 4 > length) {
        throw ParquetCorruptionException.of(
            "PLAIN BYTE_ARRAY page: %d values need at least %d bytes of lengths but the page has %d", valueCount,
            (long) valueCount * 4, length);
      }
      remaining = valueCount;
    }

    @Override
    public void read(BinaryBuffer destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN BYTE_ARRAY", count, remaining);
      checkAppendPosition(destination, destinationOffset);
      destination.ensureAdditional(count, 0);
      for (int i = 0; i < count; i++) {
        int valueStart = cursor.position();
        int length = cursor.readIntLittleEndian("byte array length");
        if (length < 0) {
          throw ParquetCorruptionException.of(
              "PLAIN BYTE_ARRAY page: value length at offset %d is negative (%d)", valueStart, length);
        }
        int start = cursor.take(length, "byte array value");
        destination.append(cursor.page(), start, length);
      }
      remaining -= count;
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN BYTE_ARRAY", count, remaining);
      for (int i = 0; i < count; i++) {
        int valueStart = cursor.position();
        int length = cursor.readIntLittleEndian("byte array length");
        if (length < 0) {
          throw ParquetCorruptionException.of(
              "PLAIN BYTE_ARRAY page: value length at offset %d is negative (%d)", valueStart, length);
        }
        cursor.take(length, "byte array value");
      }
      remaining -= count;
    }
  }

  /** BYTE_ARRAY decoders append; the destination offset must be where the buffer's values end. */
  static void checkAppendPosition(BinaryBuffer destination, int destinationOffset) {
    if (destinationOffset != destination.size()) {
      throw new IllegalArgumentException(
          "byte array values are appended: destination offset " + destinationOffset + " must equal the buffer size "
              + destination.size());
    }
  }

  private static ByteBuffer wrapFixedWidth(
      byte[] page, int offset, int length, int valueCount, int width, String what) throws ParquetCorruptionException {
    Objects.checkFromIndexSize(offset, length, page.length);
    PageCursor.checkValueCount(what, valueCount);
    long needed = (long) valueCount * width;
    if (needed > length) {
      throw ParquetCorruptionException.of(
          "%s page: %d values of %d bytes need %d bytes but the page has %d", what, valueCount, width, needed,
          length);
    }
    return ByteBuffer.wrap(page, offset, length).slice().order(ByteOrder.LITTLE_ENDIAN);
  }
}
