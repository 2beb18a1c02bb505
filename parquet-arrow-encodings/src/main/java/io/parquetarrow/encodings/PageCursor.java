package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.Objects;

/**
 * A read position inside the encoded bytes of one page, shared by the decoders of this package: it reads the
 * unsigned LEB128 varints, zigzag varints and little-endian integers that the encodings use for their headers,
 * and checks every read against the end of the page first, so a decoder never indexes past its bytes.
 */
final class PageCursor {
  private byte[] page = new byte[0];
  private int position;
  private int limit;
  private String what = "page";

  /** Points the cursor at {@code page[offset, offset + length)}; {@code what} names the stream in messages. */
  void reset(byte[] page, int offset, int length, String what) {
    Objects.checkFromIndexSize(offset, length, page.length);
    this.page = page;
    this.position = offset;
    this.limit = offset + length;
    this.what = what;
  }

  byte[] page() {
    return page;
  }

  int position() {
    return position;
  }

  int limit() {
    return limit;
  }

  int remaining() {
    return limit - position;
  }

  String what() {
    return what;
  }

  /** Moves to {@code newPosition}, which the caller has checked lies in {@code [position, limit]}. */
  void moveTo(int newPosition) {
    position = newPosition;
  }

  /** Checks that {@code byteCount} more bytes exist; names {@code field} in the message otherwise. */
  void require(long byteCount, String field) throws ParquetCorruptionException {
    if (byteCount < 0 || byteCount > limit - position) {
      throw ParquetCorruptionException.of(
          "%s: %s needs %d bytes at offset %d but only %d remain", what, field, byteCount, position,
          limit - position);
    }
  }

  /** Returns the position of {@code byteCount} bytes and moves past them, after checking they exist. */
  int take(long byteCount, String field) throws ParquetCorruptionException {
    require(byteCount, field);
    int start = position;
    position += (int) byteCount;
    return start;
  }

  int readUnsignedByte(String field) throws ParquetCorruptionException {
    require(1, field);
    return page[position++] & 0xFF;
  }

  int readIntLittleEndian(String field) throws ParquetCorruptionException {
    require(4, field);
    int value = (page[position] & 0xFF)
        | (page[position + 1] & 0xFF) << 8
        | (page[position + 2] & 0xFF) << 16
        | (page[position + 3] & 0xFF) << 24;
    position += 4;
    return value;
  }

  /**
   * Reads an unsigned LEB128 varint of at most 32 significant bits (at most 5 bytes, the fifth using its low
   * four bits only) and returns it as a non-negative long.
   */
  long readUnsignedVarInt32(String field) throws ParquetCorruptionException {
    long value = 0;
    int start = position;
    for (int shift = 0; shift < 35; shift += 7) {
      if (position >= limit) {
        throw ParquetCorruptionException.of(
            "%s: %s varint starting at offset %d runs past the end of the page (offset %d)", what, field, start,
            limit);
      }
      int b = page[position++] & 0xFF;
      value |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        if (value > 0xFFFFFFFFL) {
          throw ParquetCorruptionException.of(
              "%s: %s varint at offset %d exceeds 32 bits (value %d)", what, field, start, value);
        }
        return value;
      }
    }
    throw ParquetCorruptionException.of(
        "%s: %s varint at offset %d is longer than the 5 bytes a 32-bit value can take", what, field, start);
  }

  /** Reads an unsigned LEB128 varint of at most 64 bits (at most 10 bytes, the tenth 0 or 1). */
  long readUnsignedVarInt64(String field) throws ParquetCorruptionException {
    long value = 0;
    int start = position;
    for (int shift = 0; shift < 70; shift += 7) {
      if (position >= limit) {
        throw ParquetCorruptionException.of(
            "%s: %s varint starting at offset %d runs past the end of the page (offset %d)", what, field, start,
            limit);
      }
      int b = page[position++] & 0xFF;
      if (shift == 63 && (b & 0x7E) != 0) {
        throw ParquetCorruptionException.of(
            "%s: %s varint at offset %d exceeds 64 bits", what, field, start);
      }
      value |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw ParquetCorruptionException.of(
        "%s: %s varint at offset %d is longer than the 10 bytes a 64-bit value can take", what, field, start);
  }

  /** Reads a zigzag-encoded ULEB128 varint of up to 64 bits and returns the signed value. */
  long readZigZagVarInt64(String field) throws ParquetCorruptionException {
    long encoded = readUnsignedVarInt64(field);
    return (encoded >>> 1) ^ -(encoded & 1);
  }

  /**
   * Checks a caller's request for {@code requested} values against the {@code remaining} values the page holds;
   * asking for more means the levels and the page header disagree, so the page is reported as corrupt.
   */
  static void checkValuesRemain(String what, int requested, int remaining) throws ParquetCorruptionException {
    if (requested < 0) {
      throw new IllegalArgumentException(what + ": negative value count " + requested);
    }
    if (requested > remaining) {
      throw ParquetCorruptionException.of(
          "%s: %d more values were requested but the page holds only %d more", what, requested, remaining);
    }
  }

  /** Checks the value count a page claims (from its header) is not negative. */
  static void checkValueCount(String what, int valueCount) throws ParquetCorruptionException {
    if (valueCount < 0) {
      throw ParquetCorruptionException.of("%s: the page claims a negative value count (%d)", what, valueCount);
    }
  }
}
