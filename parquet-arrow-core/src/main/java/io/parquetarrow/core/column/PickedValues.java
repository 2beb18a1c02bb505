package io.parquetarrow.core.column;

import io.parquetarrow.encodings.PlainDecoder;
import io.parquetarrow.encodings.ValueDecoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A filtered read's selected values of one data page: moves a {@link DataPageCursor} past a section's values and
 * writes only the picked ones (the selected rows among them, ascending, relative to the section's first value) to
 * the vector. PLAIN values are picked from the page's bytes (and only those converted, for a converting reader), a
 * dictionary page gathers only the picked indices' entries; other encodings decode
 * {@value ChunkedValues#CHUNK} values at a time and keep the picked ones.
 */
final class PickedValues {
  private static final int CHUNK = ChunkedValues.CHUNK;
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private PickedValues() {}

  /**
   * Moves {@code cursor} past its page's next {@code present} values and copies to {@code sink}, from byte
   * {@code byteOffset} on and {@code sinkWidth} bytes each, only the {@code count} at {@code picks[0, count)}.
   */
  static void copy(DataPageCursor cursor, ValueSink sink, long byteOffset, int present, int[] picks, int count,
      int sinkWidth, ColumnBatch scratch) throws IOException {
    cursor.loadValuesIfInFile();
    PlainValues plain = cursor.plainFixedValues();
    try {
      if (cursor.dictionaryEncoded()) {
        ChunkDictionary dictionary = cursor.dictionary();
        dictionary.pickIndices(present, picks, 0, count);
        for (int done = 0; done < count; done += CHUNK) {
          int run = gatherPicked(cursor, dictionary, done, count, scratch);
          putDecoded(cursor, sink, byteOffset + (long) done * sinkWidth, run, sinkWidth, scratch);
        }
      } else if (plain != null) {
        int bytes = count * sinkWidth;
        byte[] picked = cursor.chunkBytes(bytes);
        pickFixed(plain.data(), plain.position(), sinkWidth, picks, 0, count, 0, picked);
        sink.putBytes(byteOffset, picked, 0, bytes);
        cursor.valueDecoder().skip(present);
        plain.skip(present * sinkWidth);
      } else if (cursor.plainConvertedValues() != null) {
        pickConverted(cursor, cursor.plainConvertedValues(), sink, byteOffset, present, picks, count, sinkWidth,
            scratch);
      } else {
        copyDecoded(cursor, sink, byteOffset, present, picks, count, sinkWidth, scratch);
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(cursor.where());
    }
  }

  /**
   * PLAIN values that the reader converts: moves past the page's next {@code present} values and writes to
   * {@code sink}, converted, only those at {@code picks[0, count)}, so that a sparse selection converts its picks,
   * not every value around them.
   */
  private static void pickConverted(DataPageCursor cursor, PlainValues plain, ValueSink sink, long byteOffset,
      int present, int[] picks, int count, int sinkWidth, ColumnBatch scratch) throws ParquetException {
    byte[] data = plain.data();
    int position = plain.position();
    int storedWidth = cursor.valueWidth();
    cursor.valueDecoder().skip(present); // checks that the page holds them before any is picked
    plain.skip(present * storedWidth);
    byte[] converted = cursor.chunkBytes(Math.min(count, CHUNK) * sinkWidth);
    scratch.reset(0, false, false);
    cursor.ensureStoredCapacity(scratch, Math.min(count, CHUNK));
    for (int done = 0; done < count; done += CHUNK) {
      int run = Math.min(CHUNK, count - done);
      switch (cursor.valueArray()) {
        case INTS -> {
          int[] ints = scratch.ints();
          for (int i = 0; i < run; i++) {
            ints[i] = (int) INTS.get(data, position + 4 * picks[done + i]);
          }
        }
        case LONGS -> {
          long[] longs = scratch.longs();
          for (int i = 0; i < run; i++) {
            longs[i] = (long) LONGS.get(data, position + 8 * picks[done + i]);
          }
        }
        default -> pickFixed(data, position, storedWidth, picks, done, run, 0, scratch.bytes());
      }
      ChunkDictionary.convert(cursor.conversion(), cursor.physicalType(), scratch.ints(), scratch.longs(),
          scratch.bytes(), run, converted, 0);
      sink.putBytes(byteOffset + (long) done * sinkWidth, converted, 0, run * sinkWidth);
    }
  }

  private static void copyDecoded(DataPageCursor cursor, ValueSink sink, long byteOffset, int present, int[] picks,
      int count, int sinkWidth, ColumnBatch scratch) throws IOException {
    int pick = 0;
    long at = byteOffset;
    for (int done = 0; done < present; done += CHUNK) {
      int run = Math.min(CHUNK, present - done);
      int pickEnd = pickEnd(picks, pick, count, done + run);
      if (pickEnd == pick) {
        cursor.skipValues(run);
        continue;
      }
      scratch.reset(0, false, false);
      cursor.ensureValueCapacity(scratch, 0, run);
      cursor.readValues(scratch, 0, run);
      int kept = pickEnd - pick;
      if (cursor.conversion() != null || cursor.valueArray() == ValueDecoders.ValueArray.FIXED) {
        byte[] decoded = scratch.bytes();
        pickFixed(decoded, 0, sinkWidth, picks, pick, kept, done, decoded);
      } else if (cursor.valueArray() == ValueDecoders.ValueArray.INTS) {
        int[] decoded = scratch.ints();
        for (int i = 0; i < kept; i++) {
          decoded[i] = decoded[picks[pick + i] - done];
        }
      } else {
        long[] decoded = scratch.longs();
        for (int i = 0; i < kept; i++) {
          decoded[i] = decoded[picks[pick + i] - done];
        }
      }
      putDecoded(cursor, sink, at, kept, sinkWidth, scratch);
      at += (long) kept * sinkWidth;
      pick = pickEnd;
    }
  }

  /**
   * Moves {@code cursor} past its page's next {@code present} BYTE_ARRAY values and appends to {@code sink} only
   * the {@code count} at {@code picks[0, count)}, as rows {@code row} on; a PLAIN page copies only the picked
   * values' bytes.
   */
  static void appendBinary(DataPageCursor cursor, BinarySink sink, int row, int present, int[] picks, int count,
      ColumnBatch scratch) throws ParquetException {
    try {
      if (cursor.dictionaryEncoded()) {
        ChunkDictionary dictionary = cursor.dictionary();
        dictionary.pickIndices(present, picks, 0, count);
        for (int done = 0; done < count; done += CHUNK) {
          int run = gatherPicked(cursor, dictionary, done, count, scratch);
          sink.append(row + done, scratch.binary(), run);
        }
        return;
      }
      ValueDecoder<?> values = cursor.valueDecoder();
      int pick = 0;
      for (int done = 0; done < present; done += CHUNK) {
        int run = Math.min(CHUNK, present - done);
        int pickEnd = pickEnd(picks, pick, count, done + run);
        if (pickEnd == pick) {
          values.skip(run);
          continue;
        }
        int kept = pickEnd - pick;
        scratch.reset(0, false, false);
        cursor.ensureValueCapacity(scratch, 0, kept);
        if (values instanceof PlainDecoder.ByteArrayValues plainBytes) {
          plainBytes.readPicked(scratch.binary(), run, picks, pick, kept, done);
        } else {
          cursor.ensureValueCapacity(scratch, 0, run);
          cursor.decodeValues(scratch, 0, run);
          scratch.binary().keep(picks, pick, kept, done);
        }
        sink.append(row + pick, scratch.binary(), kept);
        pick = pickEnd;
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(cursor.where());
    }
  }

  /**
   * Moves {@code cursor} past its page's next {@code present} BOOLEAN values and leaves the {@code count} at
   * {@code picks[0, count)}, a byte each, at the front of {@code scratch}'s bytes, with room for {@code capacity}
   * (at least {@code present}); returns that array.
   */
  static byte[] decodeBooleans(DataPageCursor cursor, int present, int[] picks, int count, int capacity,
      ColumnBatch scratch) throws ParquetException {
    byte[] decoded = ChunkedValues.decodeBooleans(cursor, present, capacity, scratch);
    for (int i = 0; i < count; i++) {
      decoded[i] = decoded[picks[i]];
    }
    return decoded;
  }

  /**
   * Gathers into {@code scratch}, from value 0 on, the entries of the picked indices from {@code done} on, at most
   * {@value ChunkedValues#CHUNK} of the {@code count}; returns how many.
   */
  private static int gatherPicked(DataPageCursor cursor, ChunkDictionary dictionary, int done, int count,
      ColumnBatch scratch) throws ParquetException {
    int run = Math.min(CHUNK, count - done);
    scratch.reset(0, false, false);
    cursor.ensureValueCapacity(scratch, 0, run);
    dictionary.gatherPicked(scratch, done, run);
    return run;
  }

  /** The first index from {@code pick} on (up to {@code count}) whose pick is at or past {@code limit}. */
  private static int pickEnd(int[] picks, int pick, int count, int limit) {
    int end = pick;
    while (end < count && picks[end] < limit) {
      end++;
    }
    return end;
  }

  /**
   * Copies the values at {@code picks[first, first + count)} minus {@code base}, {@code width} bytes each from
   * {@code source[offset..)}, to {@code destination} densely from 0 (which may be the source when {@code offset}
   * is 0: picks ascend, so no value is overwritten before it moves).
   */
  private static void pickFixed(byte[] source, int offset, int width, int[] picks, int first, int count, int base,
      byte[] destination) {
    switch (width) {
      case 4 -> {
        for (int i = 0; i < count; i++) {
          INTS.set(destination, 4 * i, (int) INTS.get(source, offset + 4 * (picks[first + i] - base)));
        }
      }
      case 8 -> {
        for (int i = 0; i < count; i++) {
          LONGS.set(destination, 8 * i, (long) LONGS.get(source, offset + 8 * (picks[first + i] - base)));
        }
      }
      default -> {
        for (int i = 0; i < count; i++) {
          System.arraycopy(source, offset + width * (picks[first + i] - base), destination, width * i, width);
        }
      }
    }
  }

  /** Copies the {@code count} values decoded into {@code scratch} from value 0 on to {@code sink}. */
  private static void putDecoded(DataPageCursor cursor, ValueSink sink, long at, int count, int sinkWidth,
      ColumnBatch scratch) {
    if (cursor.conversion() != null) {
      sink.putBytes(at, scratch.bytes(), 0, count * sinkWidth);
      return;
    }
    switch (cursor.valueArray()) {
      case INTS -> sink.putInts(at, scratch.ints(), count);
      case LONGS -> sink.putLongs(at, scratch.longs(), count);
      default -> sink.putBytes(at, scratch.bytes(), 0, count * sinkWidth);
    }
  }
}
