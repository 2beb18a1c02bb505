package io.parquetarrow.core.write;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The one truncation of the write path, used by both the statistics ({@link StatisticsBuilder}) and the column
 * index ({@link PageIndexBuilder}) through {@link #bounds}. Shortens long min/max byte strings while keeping them
 * bounds: a min is
 * cut to a prefix (a prefix sorts before the value), a max is cut and its last byte incremented (so it sorts
 * after every value with that prefix). The caller then marks the value inexact ({@code is_min_value_exact} /
 * {@code is_max_value_exact} false). For UTF-8 columns the cut falls on a character boundary and the max's last
 * character is incremented as a code point, so both bounds stay valid UTF-8 (DuckDB and others decode them as
 * strings). Returns null when no shorter upper bound exists (the prefix is all 0xFF bytes or U+10FFFF).
 */
final class BoundTruncation {
  private BoundTruncation() {}

  /**
   * A min and max as written, and whether each is the exact value ({@code is_min_value_exact} /
   * {@code is_max_value_exact}) rather than a shorter bound.
   */
  record Bounds(byte[] min, byte[] max, boolean minExact, boolean maxExact) {}

  /**
   * The bounds of {@code statistics}, which must have a min and max: as they are, or truncated to
   * {@code limit} bytes when the column's order allows it. A max with no shorter upper bound stays whole.
   */
  static Bounds bounds(ColumnStatistics statistics, int limit, boolean utf8) {
    byte[] min = statistics.min();
    byte[] max = statistics.max();
    if (!statistics.truncatable()) {
      return new Bounds(min, max, true, true);
    }
    byte[] truncatedMin = truncateMin(min, limit, utf8);
    byte[] truncatedMax = truncateMax(max, limit, utf8);
    if (truncatedMax == null) {
      return new Bounds(truncatedMin, max, truncatedMin == min, true);
    }
    return new Bounds(truncatedMin, truncatedMax, truncatedMin == min, truncatedMax == max);
  }

  /** {@code value} if it fits in {@code limit} bytes, else its longest prefix of at most {@code limit} bytes. */
  static byte[] truncateMin(byte[] value, int limit, boolean utf8) {
    if (value.length <= limit) {
      return value;
    }
    return Arrays.copyOf(value, utf8 ? utf8Boundary(value, limit) : limit);
  }

  /** {@code value} if it fits, else a value of at most {@code limit} bytes sorting after it, or null. */
  static byte[] truncateMax(byte[] value, int limit, boolean utf8) {
    if (value.length <= limit) {
      return value;
    }
    if (utf8) {
      return incrementUtf8(value, utf8Boundary(value, limit));
    }
    for (int end = limit; end > 0; end--) {
      if (value[end - 1] != (byte) 0xFF) {
        byte[] result = Arrays.copyOf(value, end);
        result[end - 1]++;
        return result;
      }
    }
    return null;
  }

  /** The largest index at most {@code limit} that does not split a UTF-8 sequence. */
  private static int utf8Boundary(byte[] value, int limit) {
    int end = limit;
    while (end > 0 && (value[end] & 0xC0) == 0x80) {
      end--;
    }
    return end;
  }

  private static byte[] incrementUtf8(byte[] value, int end) {
    String prefix = new String(value, 0, end, StandardCharsets.UTF_8);
    int[] codePoints = prefix.codePoints().toArray();
    for (int last = codePoints.length - 1; last >= 0; last--) {
      int next = codePoints[last] + 1;
      if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
        next = Character.MAX_SURROGATE + 1;
      }
      if (next <= Character.MAX_CODE_POINT) {
        codePoints[last] = next;
        byte[] result = new String(codePoints, 0, last + 1).getBytes(StandardCharsets.UTF_8);
        if (result.length <= end) {
          return result;
        }
      }
    }
    return null;
  }
}
