package io.parquetarrow.core.filter;

import java.math.BigInteger;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The {@link ColumnCheck} of decimal columns of 256 bits, and of 128 bits with more than 18 digits (narrower ones
 * are {@link IntegerColumnCheck}'s). A literal is brought to the column's scale
 * exactly by {@link IntegerCondition} ({@code x < 1.005} on a decimal of scale 2 is {@code x <= 1.00}), and each
 * value is compared in place as a two's complement integer of 2 or 4 little-endian 64-bit words: the most
 * significant word signed, the others unsigned. {@code IN} searches its sorted values.
 */
final class DecimalColumnCheck implements ColumnCheck {
  private final int words;
  private final IntegerCondition.Shape shape;
  private final long[] low;
  private final long[] high;
  private final long[][] values;

  private DecimalColumnCheck(int words, IntegerCondition condition) {
    this.words = words;
    this.shape = condition.shape();
    this.low = condition.low() == null ? null : toWords(condition.low(), words);
    this.high = condition.high() == null ? null : toWords(condition.high(), words);
    this.values = condition.values().stream().map(value -> toWords(value, words)).toArray(long[][]::new);
  }

  static DecimalColumnCheck compile(Filter leaf, ArrowType type) {
    int bits = ((ArrowType.Decimal) type).getBitWidth();
    BigInteger max = BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
    BigInteger min = BigInteger.ONE.shiftLeft(bits - 1).negate();
    return new DecimalColumnCheck(bits / 64, IntegerCondition.of(leaf, type, min, max));
  }

  private static long[] toWords(BigInteger value, int count) {
    long[] result = new long[count];
    for (int word = 0; word < count; word++) {
      result[word] = value.shiftRight(64 * word).longValue();
    }
    return result;
  }

  @Override
  public void evaluate(FieldVector vector, int rowCount, long[] truth) {
    int wordCount = Bitmaps.wordCount(rowCount);
    if (shape == IntegerCondition.Shape.NONE || shape == IntegerCondition.Shape.ALL) {
      Arrays.fill(truth, 0, wordCount, shape == IntegerCondition.Shape.ALL ? -1L : 0L);
      return;
    }
    int width = 8 * words;
    ArrowBuf data = vector.getDataBuffer();
    if (data.capacity() < (long) rowCount * width) {
      throw new IllegalArgumentException("a data buffer of " + data.capacity() + " bytes cannot hold " + rowCount
          + " decimals of " + width + " bytes");
    }
    long address = data.memoryAddress();
    for (int word = 0, base = 0; base < rowCount; word++, base += 64) {
      int end = Math.min(64, rowCount - base);
      long bits = 0;
      for (int bit = 0; bit < end; bit++) {
        long value = address + (long) (base + bit) * width;
        boolean passes = switch (shape) {
          case RANGE -> compare(value, low) >= 0 && compare(value, high) <= 0;
          case NOT_EQUAL -> compare(value, values[0]) != 0;
          default -> contains(value);
        };
        bits |= (passes ? 1L : 0L) << bit;
      }
      truth[word] = bits;
    }
  }

  /** The order of the decimal at {@code address} against {@code bound}'s words. */
  private int compare(long address, long[] bound) {
    int top = words - 1;
    long value = MemoryUtil.getLong(address + 8L * top);
    if (value != bound[top]) {
      return value < bound[top] ? -1 : 1;
    }
    for (int word = top - 1; word >= 0; word--) {
      value = MemoryUtil.getLong(address + 8L * word);
      if (value != bound[word]) {
        return Long.compareUnsigned(value, bound[word]);
      }
    }
    return 0;
  }

  private boolean contains(long address) {
    int from = 0;
    int to = values.length - 1;
    while (from <= to) {
      int middle = (from + to) >>> 1;
      int order = compare(address, values[middle]);
      if (order == 0) {
        return true;
      }
      if (order > 0) {
        from = middle + 1;
      } else {
        to = middle - 1;
      }
    }
    return false;
  }
}
