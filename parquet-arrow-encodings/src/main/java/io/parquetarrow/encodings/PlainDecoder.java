package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.ScalarKernels;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
  private static final VarHandle LITTLE_ENDIAN_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

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

    /**
     * The page the values are in, for a caller that takes their bits from it itself, then {@link #skip}s them:
     * the next value is bit {@link #nextBit} (LSB first), and the page holds all the values left.
     */
    public byte[] page() {
      return page;
    }

    /** The next value's bit in {@link #page}, counted from the array's first bit. */
    public long nextBit() {
      return offset * 8L + bitPosition;
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
    /** Values per pass: their offsets and bytes are still in cache when the second pass copies them. */
    private static final int CHUNK = 1024;
    private final PageCursor cursor = new PageCursor();
    private final ParquetKernels kernels;
    private int remaining;

    /** A decoder copying short values with the scalar kernels, for callers that have no kernels at hand. */
    public ByteArrayValues() {
      this(ScalarKernels.INSTANCE);
    }

    /** A decoder copying values of up to 64 bytes with {@code kernels.copyShortValue}. */
    public ByteArrayValues(ParquetKernels kernels) {
      this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

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

    /**
     * The values' bytes are fewer than the page bytes that remain (whatever the lengths say: each is checked
     * against them before its value is copied), so that much is reserved once and a single pass reads each length,
     * checks it against the bytes that remain, copies the value (short ones with
     * {@link ParquetKernels#copyShortValue}) and writes its Arrow end offset. When
     * that bound would pass the buffer's data limit, chunks are read in two passes (lengths first, then a
     * reservation of exactly their bytes, then the copies).
     */
    @Override
    public void read(BinaryBuffer destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN BYTE_ARRAY", count, remaining);
      checkAppendPosition(destination, destinationOffset);
      int bound = cursor.remaining();
      if (destination.canReserve(bound)) {
        destination.ensureAdditional(count, bound);
        readReserved(destination, count);
      } else {
        for (int done = 0; done < count; ) {
          int chunk = Math.min(CHUNK, count - done);
          readChunk(destination, chunk, done);
          done += chunk;
        }
      }
      remaining -= count;
    }

    /** One pass over {@code count} values whose bytes the destination has room for. */
    private void readReserved(BinaryBuffer destination, int count) throws ParquetCorruptionException {
      byte[] page = cursor.page();
      int limit = cursor.limit();
      int[] offsets = destination.offsets();
      byte[] data = destination.data();
      int first = destination.size();
      int position = cursor.position();
      int end = offsets[first];
      for (int i = 1; i <= count; i++) {
        if (limit - position < 4) {
          throw lengthMissing(i - 1, position, limit);
        }
        int length = (int) LITTLE_ENDIAN_INT.get(page, position);
        position += 4;
        if (length < 0 || length > limit - position) {
          throw lengthInvalid(length, position, limit);
        }
        BinaryBuffer.copyValue(kernels, page, position, data, end, length);
        position += length;
        end += length; // no overflow: the reservation covered the rest of the page
        offsets[first + i] = end;
      }
      destination.commit(count);
      cursor.moveTo(position);
    }

    /** Two passes over {@code chunk} values: lengths and offsets, then one exact reservation and the copies. */
    private void readChunk(BinaryBuffer destination, int chunk, int done) throws ParquetCorruptionException {
      byte[] page = cursor.page();
      int limit = cursor.limit();
      destination.ensureAdditional(chunk, 0);
      int[] offsets = destination.offsets();
      int first = destination.size();
      int start = cursor.position();
      int position = start;
      long end = offsets[first];
      for (int i = 1; i <= chunk; i++) {
        if (limit - position < 4) {
          throw lengthMissing(done + i - 1, position, limit);
        }
        int length = (int) LITTLE_ENDIAN_INT.get(page, position);
        position += 4;
        if (length < 0 || length > limit - position) {
          throw lengthInvalid(length, position, limit);
        }
        position += length;
        end += length;
        // A wrapped offset is harmless: ensureAdditional below rejects the chunk before anything reads it.
        offsets[first + i] = (int) end;
      }
      destination.ensureAdditional(0, end - offsets[first]);
      byte[] data = destination.data();
      position = start;
      for (int i = first; i < first + chunk; i++) {
        int valueStart = offsets[i];
        int length = offsets[i + 1] - valueStart;
        BinaryBuffer.copyValue(kernels, page, position + 4, data, valueStart, length);
        position += 4 + length;
      }
      destination.commit(chunk);
      cursor.moveTo(position);
    }

    private static ParquetCorruptionException lengthMissing(int value, int position, int limit) {
      return ParquetCorruptionException.of(
          "PLAIN BYTE_ARRAY page: byte array length of value %d needs 4 bytes at offset %d but only %d remain", value,
          position, limit - position);
    }

    /** {@code position} is where the value's bytes would start, just past its length. */
    private static ParquetCorruptionException lengthInvalid(int length, int position, int limit) {
      if (length < 0) {
        return ParquetCorruptionException.of(
            "PLAIN BYTE_ARRAY page: value length at offset %d is negative (%d)", position - 4, length);
      }
      return ParquetCorruptionException.of(
          "PLAIN BYTE_ARRAY page: byte array value needs %d bytes at offset %d but only %d remain", length, position,
          limit - position);
    }

    /**
     * Moves past the next {@code count} values and appends to {@code destination} only the {@code pickCount} of them
     * at positions {@code picks[first, first + pickCount)} minus {@code base} (ascending, each below {@code count},
     * relative to the next value): the others are passed over by their lengths, their bytes never copied. For a
     * filtered read, which keeps a few values of a page; every length is checked as {@link #skip} checks it.
     */
    public void readPicked(BinaryBuffer destination, int count, int[] picks, int first, int pickCount, int base)
        throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("PLAIN BYTE_ARRAY", count, remaining);
      byte[] page = cursor.page();
      int limit = cursor.limit();
      int position = cursor.position();
      // The picked values' bytes are fewer than the page bytes left: reserved once when the limit allows.
      boolean reserved = destination.canReserve(limit - position);
      if (reserved) {
        destination.ensureAdditional(pickCount, limit - position);
      }
      int pick = first;
      int pickEnd = first + pickCount;
      int next = pick < pickEnd ? picks[pick] - base : count;
      for (int i = 0; i < count; i++) {
        if (limit - position < 4) {
          throw lengthMissing(i, position, limit);
        }
        int length = (int) LITTLE_ENDIAN_INT.get(page, position);
        position += 4;
        if (length < 0 || length > limit - position) {
          throw lengthInvalid(length, position, limit);
        }
        if (i == next) {
          if (reserved) {
            int[] offsets = destination.offsets();
            int size = destination.size();
            int end = offsets[size];
            // The scalar copy: a vector kernel called once per scattered value costs more than it saves.
            BinaryBuffer.copyValue(page, position, destination.data(), end, length);
            offsets[size + 1] = end + length;
            destination.commit(1);
          } else {
            destination.append(page, position, length);
          }
          pick++;
          next = pick < pickEnd ? picks[pick] - base : count;
        }
        position += length;
      }
      if (pick != pickEnd) {
        throw new IllegalArgumentException(
            "pick " + (picks[pick] - base) + " is not ascending within the " + count + " values");
      }
      cursor.moveTo(position);
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
