package io.parquetarrow.core.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Draws numbers, choices and byte strings from a fuzzer's input, front to back; once the input is used up every
 * draw is the smallest value allowed. Unlike Jazzer's {@code FuzzedDataProvider}, which can be consumed only once,
 * a target can make a new one over the same bytes and replay the input exactly (as {@link FuzzFindings} does to
 * measure an input a second time), and the committed inputs are the raw bytes.
 */
final class ByteDraws {
  private final byte[] bytes;
  private int position;

  ByteDraws(byte[] bytes) {
    this.bytes = bytes;
  }

  /** Bytes not drawn yet. */
  int remaining() {
    return bytes.length - position;
  }

  private long drawBytes(int count) {
    long value = 0;
    for (int i = 0; i < count; i++) {
      value = value << 8 | (position < bytes.length ? bytes[position++] & 0xFF : 0);
    }
    return value;
  }

  boolean nextBoolean() {
    return (drawBytes(1) & 1) != 0;
  }

  byte nextByte() {
    return (byte) drawBytes(1);
  }

  short nextShort() {
    return (short) drawBytes(2);
  }

  int nextInt() {
    return (int) drawBytes(4);
  }

  long nextLong() {
    return drawBytes(8);
  }

  /** A number in {@code [minimum, maximum]}, drawn from as few bytes as the range needs. */
  int nextInt(int minimum, int maximum) {
    long range = (long) maximum - minimum + 1;
    int width = range <= 1 << 8 ? 1 : range <= 1 << 16 ? 2 : 4;
    return (int) (minimum + Long.remainderUnsigned(drawBytes(width), range));
  }

  <T> T pick(T[] values) {
    return values[nextInt(0, values.length - 1)];
  }

  /** Up to {@code maximum} bytes (fewer when the input runs out). */
  byte[] nextBytes(int maximum) {
    int count = Math.min(maximum, remaining());
    byte[] drawn = Arrays.copyOfRange(bytes, position, position + count);
    position += count;
    return drawn;
  }

  /** A string decoded from up to {@code maximumBytes} bytes as UTF-8 (malformed bytes become U+FFFD). */
  String nextString(int maximumBytes) {
    return new String(nextBytes(maximumBytes), StandardCharsets.UTF_8);
  }
}
