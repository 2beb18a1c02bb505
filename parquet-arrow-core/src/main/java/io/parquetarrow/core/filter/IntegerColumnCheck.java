package io.parquetarrow.core.filter;

import java.math.BigInteger;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The {@link ColumnCheck} of columns stored as fixed-width integers: signed and unsigned integers of 8 to 64 bits,
 * dates (days or milliseconds), timestamps of any unit, with or without time zone, and 128-bit decimals of at most
 * 18 digits, whose unscaled values fit their low 64 bits (the high ones only repeat the sign; a batch where a value
 * does not is tested whole by {@link DecimalColumnCheck}). A batch's values are first widened to {@code long} keys
 * that order as the values do (an unsigned 64-bit value has its sign bit flipped), then one tight loop tests the
 * keys against a range, one excluded value or a set, with bounds made exact by {@link IntegerCondition}.
 */
final class IntegerColumnCheck implements ColumnCheck {
  private static final BigInteger SIGN_FLIP = BigInteger.ONE.shiftLeft(63);
  private static final int SMALL_SET = 8;

  private final int width;
  /** Bytes from one value to the next: the width, or 16 for a narrow decimal read through its low 8 bytes. */
  private final int stride;
  private final boolean unsigned;
  private final IntegerCondition.Shape shape;
  private final long low;
  private final long high;
  private final long[] smallSet;
  private final LongHashSet set;
  /**
   * For a narrow decimal, the check of all 16 bytes, for a batch holding a value beyond its precision whose high
   * word is more than the low word's sign (a file may store such values); null otherwise.
   */
  private final DecimalColumnCheck wide;
  private long[] keys = new long[0];

  private IntegerColumnCheck(int width, int stride, boolean unsigned, IntegerCondition condition,
      DecimalColumnCheck wide) {
    this.wide = wide;
    this.width = width;
    this.stride = stride;
    this.unsigned = unsigned;
    this.shape = condition.shape();
    BigInteger offset = width == 8 && unsigned ? SIGN_FLIP : BigInteger.ZERO;
    this.low = condition.low() == null ? 0 : condition.low().subtract(offset).longValueExact();
    this.high = condition.high() == null ? 0 : condition.high().subtract(offset).longValueExact();
    long[] values = condition.values().stream().mapToLong(value -> value.subtract(offset).longValueExact())
        .toArray();
    this.smallSet = values;
    this.set = shape == IntegerCondition.Shape.IN && values.length > SMALL_SET ? new LongHashSet(values) : null;
  }

  static IntegerColumnCheck compile(Filter leaf, ArrowType type) {
    int width;
    boolean unsigned = false;
    if (type instanceof ArrowType.Int integer) {
      width = integer.getBitWidth() / 8;
      unsigned = !integer.getIsSigned();
    } else if (type instanceof ArrowType.Date date) {
      width = date.getUnit() == DateUnit.DAY ? 4 : 8;
    } else {
      width = 8;
    }
    BigInteger min = unsigned ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(8 * width - 1).negate();
    BigInteger max = unsigned ? BigInteger.ONE.shiftLeft(8 * width).subtract(BigInteger.ONE)
        : BigInteger.ONE.shiftLeft(8 * width - 1).subtract(BigInteger.ONE);
    return new IntegerColumnCheck(width, width, unsigned, IntegerCondition.of(leaf, type, min, max), null);
  }

  /** The check of a 128-bit decimal column of at most 18 digits: its values are the longs of their low 8 bytes. */
  static IntegerColumnCheck compileNarrowDecimal(Filter leaf, ArrowType.Decimal type) {
    BigInteger min = BigInteger.valueOf(Long.MIN_VALUE);
    BigInteger max = BigInteger.valueOf(Long.MAX_VALUE);
    return new IntegerColumnCheck(Long.BYTES, 2 * Long.BYTES, false, IntegerCondition.of(leaf, type, min, max),
        DecimalColumnCheck.compile(leaf, type));
  }

  /** Whether {@code type}'s values fit the low 8 bytes of their 16: a 128-bit decimal of at most 18 digits. */
  static boolean isNarrowDecimal(ArrowType.Decimal type) {
    return type.getBitWidth() == 128 && type.getPrecision() <= 18;
  }

  @Override
  public void evaluate(FieldVector vector, int rowCount, long[] truth) {
    if (wide != null && !lowWordsHoldValues(vector, rowCount)) {
      wide.evaluate(vector, rowCount, truth);
      return;
    }
    int words = Bitmaps.wordCount(rowCount);
    switch (shape) {
      case NONE -> Arrays.fill(truth, 0, words, 0L);
      case ALL -> Arrays.fill(truth, 0, words, -1L);
      default -> {
        if (keys.length < rowCount) {
          keys = new long[rowCount];
        }
        loadKeys(vector.getDataBuffer(), width, stride, unsigned && width == 8, unsigned, rowCount, keys);
        switch (shape) {
          case RANGE -> range(keys, rowCount, low, high, truth);
          case NOT_EQUAL -> notEqual(keys, rowCount, smallSet[0], truth);
          default -> in(keys, rowCount, truth);
        }
      }
    }
  }

  /** Whether every present value of a 128-bit decimal batch is its low word's value (its high word the sign). */
  private static boolean lowWordsHoldValues(FieldVector vector, int count) {
    ArrowBuf data = vector.getDataBuffer();
    if (data.capacity() < (long) count * 2 * Long.BYTES) {
      throw new IllegalArgumentException("a data buffer of " + data.capacity() + " bytes cannot hold " + count
          + " decimals of 16 bytes");
    }
    long address = data.memoryAddress();
    boolean nulls = vector.getNullCount() > 0;
    ArrowBuf validity = vector.getValidityBuffer();
    long beyond = 0;
    for (int i = 0; i < count; i++) {
      long low = MemoryUtil.getLong(address + 16L * i);
      long spill = MemoryUtil.getLong(address + 16L * i + 8) ^ (low >> 63);
      beyond |= nulls && BitVectorHelper.get(validity, i) == 0 ? 0 : spill;
    }
    return beyond == 0;
  }

  /**
   * Widens the first {@code count} values of a buffer of {@code width}-byte little-endian integers, {@code stride}
   * bytes apart ({@code width} for a packed buffer, 16 for the low words of 128-bit decimals), to longs: zero
   * extended when {@code unsigned}, and with the sign bit flipped when {@code flipSign} (64-bit unsigned values,
   * so that signed order is their order).
   *
   * @throws IllegalArgumentException when the buffer is shorter than {@code count} values
   */
  static void loadKeys(ArrowBuf data, int width, int stride, boolean flipSign, boolean unsigned, int count,
      long[] keys) {
    if (data.capacity() < (long) count * stride) {
      throw new IllegalArgumentException("a data buffer of " + data.capacity() + " bytes cannot hold " + count
          + " values of " + stride + " bytes");
    }
    long address = data.memoryAddress();
    switch (width) {
      case 1 -> {
        int mask = unsigned ? 0xFF : -1;
        for (int i = 0; i < count; i++) {
          keys[i] = MemoryUtil.getByte(address + i) & mask;
        }
      }
      case 2 -> {
        int mask = unsigned ? 0xFFFF : -1;
        for (int i = 0; i < count; i++) {
          keys[i] = MemoryUtil.getShort(address + 2L * i) & mask;
        }
      }
      case 4 -> {
        long mask = unsigned ? 0xFFFF_FFFFL : -1L;
        for (int i = 0; i < count; i++) {
          keys[i] = MemoryUtil.getInt(address + 4L * i) & mask;
        }
      }
      default -> {
        long flip = flipSign ? Long.MIN_VALUE : 0L;
        for (int i = 0; i < count; i++) {
          keys[i] = MemoryUtil.getLong(address + (long) stride * i) ^ flip;
        }
      }
    }
  }

  /** {@code low <= key <= high} as one unsigned comparison of {@code key - low} with the span. */
  private static void range(long[] keys, int count, long low, long high, long[] truth) {
    long span = (high - low) + Long.MIN_VALUE;
    long shifted = low;
    for (int word = 0, base = 0; base < count; word++, base += 64) {
      int end = Math.min(64, count - base);
      long bits = 0;
      for (int bit = 0; bit < end; bit++) {
        bits |= ((keys[base + bit] - shifted) + Long.MIN_VALUE <= span ? 1L : 0L) << bit;
      }
      truth[word] = bits;
    }
  }

  private static void notEqual(long[] keys, int count, long excluded, long[] truth) {
    for (int word = 0, base = 0; base < count; word++, base += 64) {
      int end = Math.min(64, count - base);
      long bits = 0;
      for (int bit = 0; bit < end; bit++) {
        bits |= (keys[base + bit] != excluded ? 1L : 0L) << bit;
      }
      truth[word] = bits;
    }
  }

  private void in(long[] keys, int count, long[] truth) {
    for (int word = 0, base = 0; base < count; word++, base += 64) {
      int end = Math.min(64, count - base);
      long bits = 0;
      for (int bit = 0; bit < end; bit++) {
        bits |= (contains(keys[base + bit]) ? 1L : 0L) << bit;
      }
      truth[word] = bits;
    }
  }

  private boolean contains(long key) {
    if (set != null) {
      return set.contains(key);
    }
    for (long value : smallSet) {
      if (value == key) {
        return true;
      }
    }
    return false;
  }
}
