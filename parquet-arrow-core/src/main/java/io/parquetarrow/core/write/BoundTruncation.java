package io.parquetarrow.core.write;

import java.util.Arrays;

/**
 * Shortens long min/max byte strings for statistics and the column index while keeping them bounds: a min is
 * cut to a prefix (a prefix sorts before the value), a max is cut and its last byte incremented (so it sorts
 * after every value with that prefix). The caller then marks the value inexact ({@code is_min_value_exact} /
 * {@code is_max_value_exact} false). For UTF-8 columns the cut falls on a character boundary and the max's last
 * character is incremented as a code point, so both bounds stay valid UTF-8 (DuckDB and others decode them as
 * strings). Returns null when no shorter upper bound exists (the prefix is all 0xFF bytes or U+10FFFF).
 */
final class BoundTruncation {
  private BoundTruncation() {}

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
    String prefix = new String(value, 0, end, java.nio.charset.StandardCharsets.UTF_8);
    int[] codePoints = prefix.codePoints().toArray();
    for (int last = codePoints.length - 1; last >= 0; last--) {
      int next = codePoints[last] + 1;
      if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
        next = Character.MAX_SURROGATE + 1;
      }
      if (next <= Character.MAX_CODE_POINT) {
        codePoints[last] = next;
        byte[] result = new String(codePoints, 0, last + 1).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (result.length <= end) {
          return result;
        }
      }
    }
    return null;
  }
}
