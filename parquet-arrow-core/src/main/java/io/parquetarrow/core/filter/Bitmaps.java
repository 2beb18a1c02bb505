package io.parquetarrow.core.filter;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;

/**
 * Row bitmaps as {@code long} words, bit {@code i % 64} of word {@code i / 64} for row {@code i}, the form a
 * {@link RowPredicate} works in: reading Arrow validity and boolean buffers into words, and the word count of a
 * batch. Bits past the row count in the last word are not meaningful unless a method says so.
 */
final class Bitmaps {
  private Bitmaps() {}

  /** The words a bitmap of {@code rowCount} rows takes. */
  static int wordCount(int rowCount) {
    return (rowCount + 63) >>> 6;
  }

  /** The bits of the last word that hold rows ({@code -1} when the rows fill it). */
  static long tailMask(int rowCount) {
    int used = rowCount & 63;
    return used == 0 ? -1L : (1L << used) - 1;
  }

  /** Sets {@code nulls} to the rows of the vector that are null. */
  static void loadNulls(FieldVector vector, int rowCount, long[] nulls) {
    int words = wordCount(rowCount);
    if (vector instanceof NullVector) {
      Arrays.fill(nulls, 0, words, -1L);
      return;
    }
    ArrowBuf validity = vector.getValidityBuffer();
    if (validity != null && validity.capacity() >= (rowCount + 7L) / 8) {
      loadBits(validity, rowCount, nulls);
      for (int word = 0; word < words; word++) {
        nulls[word] = ~nulls[word];
      }
      return;
    }
    // A vector without a validity buffer of its own size: ask it row by row.
    for (int word = 0; word < words; word++) {
      long bits = 0;
      int base = word << 6;
      int end = Math.min(64, rowCount - base);
      for (int bit = 0; bit < end; bit++) {
        bits |= (vector.isNull(base + bit) ? 1L : 0L) << bit;
      }
      nulls[word] = bits;
    }
  }

  /**
   * Reads the first {@code rowCount} bits of an Arrow bitmap (least significant bit first) into words.
   *
   * @throws IllegalArgumentException when the buffer is shorter than {@code rowCount} bits
   */
  static void loadBits(ArrowBuf bitmap, int rowCount, long[] words) {
    long bytes = (rowCount + 7L) / 8;
    if (bitmap.capacity() < bytes) {
      throw new IllegalArgumentException("a bitmap of " + bitmap.capacity() + " bytes cannot hold " + rowCount
          + " rows");
    }
    int fullWords = (int) (bytes >>> 3);
    for (int word = 0; word < fullWords; word++) {
      words[word] = bitmap.getLong(8L * word);
    }
    if ((bytes & 7) != 0) {
      long bits = 0;
      for (long index = 8L * fullWords, shift = 0; index < bytes; index++, shift += 8) {
        bits |= (bitmap.getByte(index) & 0xFFL) << shift;
      }
      words[fullWords] = bits;
    }
  }
}
