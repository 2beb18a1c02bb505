package io.parquetarrow.core.column;

/**
 * Reads a filter's selection of rows: a bitmap of {@code long} words in which bit {@code i} of word {@code i / 64}
 * is row {@code i}. Every method takes a range of rows {@code [from, end)} and looks only at the words it covers.
 */
public final class SelectionBits {
  private SelectionBits() {}

  /** How many bits of {@code selection} are set in {@code [from, end)}. */
  public static int count(long[] selection, int from, int end) {
    if (from >= end) {
      return 0;
    }
    int count = 0;
    for (int word = from >>> 6; word <= (end - 1) >>> 6; word++) {
      count += Long.bitCount(selection[word] & mask(word, from, end));
    }
    return count;
  }

  /** The first row from {@code from} on whose bit is set in {@code selection}, or {@code end} when none is. */
  public static int next(long[] selection, int from, int end) {
    if (from >= end) {
      return end;
    }
    int word = from >>> 6;
    long bits = selection[word] & (-1L << from);
    int last = (end - 1) >>> 6;
    while (bits == 0) {
      if (++word > last) {
        return end;
      }
      bits = selection[word];
    }
    return Math.min(end, (word << 6) + Long.numberOfTrailingZeros(bits));
  }

  /** The last row in {@code [from, end)} whose bit is set in {@code selection}, or -1 when none is. */
  public static int last(long[] selection, int from, int end) {
    if (from >= end) {
      return -1;
    }
    int first = from >>> 6;
    for (int word = (end - 1) >>> 6; word >= first; word--) {
      long bits = selection[word] & mask(word, from, end);
      if (bits != 0) {
        return (word << 6) + 63 - Long.numberOfLeadingZeros(bits);
      }
    }
    return -1;
  }

  /**
   * Writes the rows in {@code [from, end)} whose bit is set in {@code selection} to {@code picks}, in order and
   * counted from {@code from}, and returns how many there are.
   */
  public static int picks(long[] selection, int from, int end, int[] picks) {
    if (from >= end) {
      return 0;
    }
    int count = 0;
    for (int word = from >>> 6; word <= (end - 1) >>> 6; word++) {
      long bits = selection[word] & mask(word, from, end);
      int base = (word << 6) - from;
      while (bits != 0) {
        picks[count++] = base + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
      }
    }
    return count;
  }

  /** The bits of selection word {@code word} that lie in {@code [from, end)}. */
  static long mask(int word, int from, int end) {
    long mask = -1L;
    if (word == from >>> 6) {
      mask &= -1L << from;
    }
    if (word == (end - 1) >>> 6 && (end & 63) != 0) {
      mask &= (1L << end) - 1;
    }
    return mask;
  }
}
