package io.parquetarrow.core.filter;

import java.math.BigDecimal;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The {@link ColumnCheck} of floating-point columns (half, single and double precision). Values are widened to
 * {@code double}, which is exact, and compared as Java compares doubles: NaN compares false with everything and
 * {@code !=} is true for it; {@code -0.0 == 0.0}. An integer or decimal literal compares exactly, without rounding:
 * when it falls between two doubles, {@code x < 5.1} becomes {@code x <= d} for the double {@code d} just below
 * it, and {@code x = 5.1} holds for no value.
 */
final class FloatColumnCheck implements ColumnCheck {
  private static final int SMALL_SET = 8;

  /** The form of the test. */
  private enum Shape { NONE, ALL, RANGE, NOT_EQUAL, IN }

  private final int width;
  private final Shape shape;
  private final double low;
  private final double high;
  private final double[] values;
  private final LongHashSet set;
  private double[] scratch = new double[0];

  private FloatColumnCheck(int width, Shape shape, double low, double high, double[] values) {
    this.width = width;
    this.shape = shape;
    this.low = low;
    this.high = high;
    this.values = values;
    this.set = shape == Shape.IN && values.length > SMALL_SET
        ? new LongHashSet(Arrays.stream(values).mapToLong(FloatColumnCheck::key).toArray()) : null;
  }

  static FloatColumnCheck compile(Filter leaf, ArrowType type) {
    int width = switch (((ArrowType.FloatingPoint) type).getPrecision()) {
      case HALF -> 2;
      case SINGLE -> 4;
      case DOUBLE -> 8;
    };
    if (leaf instanceof Filter.Comparison comparison) {
      return compare(width, comparison.operator(), comparison.value());
    }
    if (leaf instanceof Filter.Between between) {
      FloatColumnCheck low = compare(width, Filter.Operator.GE, between.low());
      FloatColumnCheck high = compare(width, Filter.Operator.LE, between.high());
      if (low.shape == Shape.NONE || high.shape == Shape.NONE || low.low > high.high) {
        return new FloatColumnCheck(width, Shape.NONE, 0, 0, null);
      }
      return new FloatColumnCheck(width, Shape.RANGE, low.low, high.high, null);
    }
    double[] exact = ((Filter.In) leaf).values().stream().map(FloatColumnCheck::exactDouble)
        .filter(value -> value != null && !value.isNaN()).mapToDouble(Double::doubleValue).distinct().toArray();
    return new FloatColumnCheck(width, exact.length == 0 ? Shape.NONE : Shape.IN, 0, 0, exact);
  }

  private static FloatColumnCheck compare(int width, Filter.Operator operator, Literal literal) {
    Double exact = exactDouble(literal);
    if (exact != null && exact.isNaN()) {
      return new FloatColumnCheck(width, operator == Filter.Operator.NE ? Shape.ALL : Shape.NONE, 0, 0, null);
    }
    double below;
    double above;
    if (exact != null) {
      below = exact;
      above = exact;
    } else {
      BigDecimal value = literal.decimalValue();
      double nearest = value.doubleValue();
      boolean nearestIsAbove = Double.isInfinite(nearest) ? nearest > 0 : new BigDecimal(nearest).compareTo(value) > 0;
      below = nearestIsAbove ? Math.nextDown(nearest) : nearest;
      above = nearestIsAbove ? nearest : Math.nextUp(nearest);
    }
    double negativeInfinity = Double.NEGATIVE_INFINITY;
    double positiveInfinity = Double.POSITIVE_INFINITY;
    return switch (operator) {
      case EQ -> exact == null ? none(width) : range(width, below, above);
      case NE -> exact == null ? new FloatColumnCheck(width, Shape.ALL, 0, 0, null)
          : new FloatColumnCheck(width, Shape.NOT_EQUAL, 0, 0, new double[] {exact});
      case LT -> exact == null ? range(width, negativeInfinity, below)
          : exact == negativeInfinity ? none(width) : range(width, negativeInfinity, Math.nextDown(exact));
      case LE -> range(width, negativeInfinity, below);
      case GT -> exact == null ? range(width, above, positiveInfinity)
          : exact == positiveInfinity ? none(width) : range(width, Math.nextUp(exact), positiveInfinity);
      case GE -> range(width, above, positiveInfinity);
    };
  }

  private static FloatColumnCheck range(int width, double low, double high) {
    return new FloatColumnCheck(width, Shape.RANGE, low, high, null);
  }

  private static FloatColumnCheck none(int width) {
    return new FloatColumnCheck(width, Shape.NONE, 0, 0, null);
  }

  /** The literal as a double when it is exactly one (every FLOAT literal, NaN included); null otherwise. */
  private static Double exactDouble(Literal literal) {
    if (literal.kind() == Literal.Kind.FLOAT) {
      return (Double) literal.value();
    }
    BigDecimal value = literal.decimalValue();
    double nearest = value.doubleValue();
    return Double.isFinite(nearest) && new BigDecimal(nearest).compareTo(value) == 0 ? nearest : null;
  }

  /** The set key of a double: its bits, with {@code -0.0} made {@code 0.0} so that the two are one value. */
  private static long key(double value) {
    return Double.doubleToRawLongBits(value + 0.0);
  }

  @Override
  public void evaluate(FieldVector vector, int rowCount, long[] truth) {
    int words = Bitmaps.wordCount(rowCount);
    if (shape == Shape.NONE || shape == Shape.ALL) {
      Arrays.fill(truth, 0, words, shape == Shape.ALL ? -1L : 0L);
      return;
    }
    if (scratch.length < rowCount) {
      scratch = new double[rowCount];
    }
    load(vector.getDataBuffer(), rowCount);
    double[] doubles = scratch;
    for (int word = 0, base = 0; base < rowCount; word++, base += 64) {
      int end = Math.min(64, rowCount - base);
      long bits = 0;
      switch (shape) {
        case RANGE -> {
          for (int bit = 0; bit < end; bit++) {
            double value = doubles[base + bit];
            bits |= (value >= low & value <= high ? 1L : 0L) << bit;
          }
        }
        case NOT_EQUAL -> {
          double excluded = values[0];
          for (int bit = 0; bit < end; bit++) {
            bits |= (doubles[base + bit] != excluded ? 1L : 0L) << bit;
          }
        }
        default -> {
          for (int bit = 0; bit < end; bit++) {
            bits |= (contains(doubles[base + bit]) ? 1L : 0L) << bit;
          }
        }
      }
      truth[word] = bits;
    }
  }

  private boolean contains(double value) {
    if (set != null) {
      return set.contains(key(value));
    }
    for (double candidate : values) {
      if (candidate == value) {
        return true;
      }
    }
    return false;
  }

  private void load(ArrowBuf data, int rowCount) {
    if (data.capacity() < (long) rowCount * width) {
      throw new IllegalArgumentException("a data buffer of " + data.capacity() + " bytes cannot hold " + rowCount
          + " values of " + width + " bytes");
    }
    long address = data.memoryAddress();
    double[] doubles = scratch;
    switch (width) {
      case 2 -> {
        for (int i = 0; i < rowCount; i++) {
          doubles[i] = Float16.toFloat(MemoryUtil.getShort(address + 2L * i));
        }
      }
      case 4 -> {
        for (int i = 0; i < rowCount; i++) {
          doubles[i] = Float.intBitsToFloat(MemoryUtil.getInt(address + 4L * i));
        }
      }
      default -> {
        for (int i = 0; i < rowCount; i++) {
          doubles[i] = Double.longBitsToDouble(MemoryUtil.getLong(address + 8L * i));
        }
      }
    }
  }
}
