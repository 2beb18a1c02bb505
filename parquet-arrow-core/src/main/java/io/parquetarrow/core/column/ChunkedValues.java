package io.parquetarrow.core.column;

import io.parquetarrow.encodings.LittleEndianValues;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;

/**
 * A data page's values that reach the vector through a decoder rather than straight from the page's bytes: the
 * {@link DataPageCursor}'s decoder (or dictionary) writes {@value #CHUNK} values at a time into a scratch array and
 * each run is copied to the vector while it is still in the cache (a whole batch of longs is 512 KiB). Fixed-width
 * values go to a {@link ValueSink}, BYTE_ARRAY values to a {@link BinarySink}, BOOLEAN values to bytes the caller
 * packs. Values that are PLAIN and in memory do not come here: the cursor copies those from the page.
 */
final class ChunkedValues {
  /** Values decoded per step, here, in {@link ConvertedValues} and in {@link PickedValues}: 32 KiB of longs. */
  static final int CHUNK = 4096;

  private ChunkedValues() {}

  /**
   * Decodes {@code cursor}'s next {@code count} values and copies them to {@code sink} from byte
   * {@code byteOffset}, {@code valueWidth} bytes each. Decoders that write little-endian bytes
   * ({@link LittleEndianValues}) write them to the cursor's chunk bytes; the others to {@code scratch}'s array.
   * Errors are given their page by the caller.
   */
  static void copy(DataPageCursor cursor, ValueSink sink, long byteOffset, int count, int valueWidth,
      ColumnBatch scratch) throws ParquetException {
    int chunk = Math.min(count, CHUNK);
    LittleEndianValues littleEndian =
        !cursor.dictionaryEncoded() && cursor.valueDecoder() instanceof LittleEndianValues v ? v : null;
    byte[] chunkBytes = null;
    if (littleEndian != null) {
      chunkBytes = cursor.chunkBytes(chunk * valueWidth);
    } else {
      scratch.reset(0, false, false);
      cursor.ensureValueCapacity(scratch, 0, chunk);
    }
    for (int done = 0; done < count; done += chunk) {
      int run = Math.min(chunk, count - done);
      long at = byteOffset + (long) done * valueWidth;
      if (littleEndian != null) {
        littleEndian.readLittleEndian(chunkBytes, 0, run);
        sink.putBytes(at, chunkBytes, 0, run * valueWidth);
        continue;
      }
      cursor.decodeValues(scratch, 0, run);
      switch (cursor.valueArray()) {
        case INTS -> sink.putInts(at, scratch.ints(), run);
        case LONGS -> sink.putLongs(at, scratch.longs(), run);
        default -> sink.putBytes(at, scratch.bytes(), 0, run * valueWidth);
      }
    }
  }

  /**
   * Appends {@code cursor}'s next {@code count} BYTE_ARRAY values to {@code sink} as rows {@code row} on, decoded
   * {@value #CHUNK} at a time through {@code scratch}.
   */
  static void appendBinary(DataPageCursor cursor, BinarySink sink, int row, int count, ColumnBatch scratch)
      throws ParquetException {
    try {
      for (int done = 0; done < count; done += CHUNK) {
        int run = Math.min(CHUNK, count - done);
        scratch.reset(0, false, false);
        cursor.ensureValueCapacity(scratch, 0, run);
        cursor.decodeValues(scratch, 0, run);
        sink.append(row + done, scratch.binary(), run);
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(cursor.where());
    }
  }

  /**
   * Decodes {@code cursor}'s next {@code count} BOOLEAN values, a byte each, into {@code scratch}'s bytes from
   * index 0, with room for {@code capacity} (at least {@code count}); returns that array.
   */
  static byte[] decodeBooleans(DataPageCursor cursor, int count, int capacity, ColumnBatch scratch)
      throws ParquetException {
    try {
      scratch.reset(0, false, false);
      byte[] decoded = scratch.ensureBytes(capacity);
      cursor.decodeValues(scratch, 0, count);
      return decoded;
    } catch (ParquetCorruptionException e) {
      throw e.withContext(cursor.where());
    }
  }
}
