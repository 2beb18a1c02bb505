package io.parquetarrow.core.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One comparison, {@code BETWEEN} or {@code IN} of a filter, made exact for a column whose values are integers
 * in some unit: integers and unsigned integers (units of 1), decimals (units of {@code 10^-scale}), dates (days or
 * milliseconds), timestamps (their unit since the epoch, UTC) and booleans (0 and 1). A literal is converted to
 * that unit as an exact fraction, so {@code x < 5.5} on an integer column is {@code x <= 5} and {@code x = 5.5}
 * holds for no value; bounds are then clamped to the values the column's storage can hold. What remains is a
 * range of values, one value excluded, a set of values, or nothing or everything.
 *
 * <p>A date literal is midnight UTC of its day; a timestamp literal against a date column compares the date's
 * midnight with it. Floating-point literals compare by their exact binary value; NaN compares false with every
 * value (and {@code !=} true), an infinity lies beyond every value.
 *
 * @param shape what kind of condition this is
 * @param low the least value that passes, for {@link Shape#RANGE}
 * @param high the greatest value that passes, for {@link Shape#RANGE}
 * @param values the excluded value for {@link Shape#NOT_EQUAL}; the values that pass, ascending, for
 *     {@link Shape#IN}
 */
record IntegerCondition(Shape shape, BigInteger low, BigInteger high, List<BigInteger> values) {

  /** The form of a condition. */
  enum Shape { NONE, ALL, RANGE, NOT_EQUAL, IN }

  private static final BigInteger NANOS_PER_DAY = BigInteger.valueOf(86_400_000_000_000L);
  private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000L);
  private static final BigInteger NANOS_PER_MILLI = BigInteger.valueOf(1_000_000L);

  /** The condition a leaf filter ({@link Filter.Comparison}, {@link Filter.Between}, {@link Filter.In}) puts. */
  static IntegerCondition of(Filter leaf, ArrowType type, BigInteger min, BigInteger max) {
    if (leaf instanceof Filter.Comparison comparison) {
      return compare(comparison.operator(), units(comparison.value(), type, min, max), min, max);
    }
    if (leaf instanceof Filter.Between between) {
      IntegerCondition low = compare(Filter.Operator.GE, units(between.low(), type, min, max), min, max);
      IntegerCondition high = compare(Filter.Operator.LE, units(between.high(), type, min, max), min, max);
      if (low.shape == Shape.NONE || high.shape == Shape.NONE) {
        return none();
      }
      return range(low.low, high.high, min, max);
    }
    TreeSet<BigInteger> values = new TreeSet<>();
    for (Literal literal : ((Filter.In) leaf).values()) {
      Fraction value = units(literal, type, min, max);
      if (value != null && value.isInteger() && value.floor().compareTo(min) >= 0
          && value.floor().compareTo(max) <= 0) {
        values.add(value.floor());
      }
    }
    return values.isEmpty() ? none() : new IntegerCondition(Shape.IN, null, null, new ArrayList<>(values));
  }

  /** Whether a value passes (used for the few values a boolean holds). */
  boolean test(BigInteger value) {
    return switch (shape) {
      case NONE -> false;
      case ALL -> true;
      case RANGE -> value.compareTo(low) >= 0 && value.compareTo(high) <= 0;
      case NOT_EQUAL -> !value.equals(values.get(0));
      case IN -> values.contains(value);
    };
  }

  private static IntegerCondition compare(Filter.Operator operator, Fraction value, BigInteger min,
      BigInteger max) {
    if (value == null) { // NaN: only != holds
      return operator == Filter.Operator.NE ? all() : none();
    }
    return switch (operator) {
      case EQ -> value.isInteger() ? range(value.floor(), value.floor(), min, max) : none();
      case NE -> value.isInteger() && value.floor().compareTo(min) >= 0 && value.floor().compareTo(max) <= 0
          ? new IntegerCondition(Shape.NOT_EQUAL, null, null, List.of(value.floor())) : all();
      case LT -> range(min, value.ceiling().subtract(BigInteger.ONE), min, max);
      case LE -> range(min, value.floor(), min, max);
      case GT -> range(value.floor().add(BigInteger.ONE), max, min, max);
      case GE -> range(value.ceiling(), max, min, max);
    };
  }

  private static IntegerCondition range(BigInteger low, BigInteger high, BigInteger min, BigInteger max) {
    BigInteger clampedLow = low.max(min);
    BigInteger clampedHigh = high.min(max);
    if (clampedLow.compareTo(clampedHigh) > 0) {
      return none();
    }
    return new IntegerCondition(Shape.RANGE, clampedLow, clampedHigh, List.of());
  }

  private static IntegerCondition none() {
    return new IntegerCondition(Shape.NONE, null, null, List.of());
  }

  private static IntegerCondition all() {
    return new IntegerCondition(Shape.ALL, null, null, List.of());
  }

  /**
   * The literal in the column's unit, exactly; null for NaN. An infinity becomes a value just beyond the column's
   * range, which orders it correctly against every value the column holds.
   */
  static Fraction units(Literal literal, ArrowType type, BigInteger min, BigInteger max) {
    if (literal.kind() == Literal.Kind.FLOAT) {
      double number = (Double) literal.value();
      if (Double.isNaN(number)) {
        return null;
      }
      if (Double.isInfinite(number)) {
        return Fraction.of(number > 0 ? max.add(BigInteger.ONE) : min.subtract(BigInteger.ONE));
      }
    }
    return switch (type.getTypeID()) {
      case Int -> Fraction.of(literal.decimalValue());
      case Decimal -> Fraction.of(literal.decimalValue().movePointRight(((ArrowType.Decimal) type).getScale()));
      case Bool -> Fraction.of(BigInteger.valueOf((Boolean) literal.value() ? 1 : 0));
      case Date -> {
        boolean days = ((ArrowType.Date) type).getUnit() == DateUnit.DAY;
        yield days ? Fraction.of(nanos(literal), NANOS_PER_DAY)
            : Fraction.of(nanos(literal), NANOS_PER_MILLI);
      }
      case Timestamp -> {
        long perSecond = switch (((ArrowType.Timestamp) type).getUnit()) {
          case SECOND -> 1L;
          case MILLISECOND -> 1_000L;
          case MICROSECOND -> 1_000_000L;
          case NANOSECOND -> 1_000_000_000L;
        };
        yield Fraction.of(nanos(literal).multiply(BigInteger.valueOf(perSecond)), NANOS_PER_SECOND);
      }
      default -> throw new IllegalArgumentException("no integer unit for a column of type " + type);
    };
  }

  /** A date or timestamp literal as nanoseconds since the epoch, UTC (a date at its midnight). */
  private static BigInteger nanos(Literal literal) {
    LocalDateTime time = switch (literal.kind()) {
      case DATE -> ((LocalDate) literal.value()).atStartOfDay();
      case TIMESTAMP -> (LocalDateTime) literal.value();
      default -> throw new IllegalArgumentException("literal " + literal + " is not a date or timestamp");
    };
    return BigInteger.valueOf(time.toEpochSecond(ZoneOffset.UTC)).multiply(NANOS_PER_SECOND)
        .add(BigInteger.valueOf(time.getNano()));
  }

  /** An exact fraction {@code numerator / denominator}, the denominator positive. */
  record Fraction(BigInteger numerator, BigInteger denominator) {
    static Fraction of(BigInteger integer) {
      return new Fraction(integer, BigInteger.ONE);
    }

    static Fraction of(BigInteger numerator, BigInteger denominator) {
      return new Fraction(numerator, denominator);
    }

    static Fraction of(BigDecimal decimal) {
      return decimal.scale() <= 0 ? of(decimal.setScale(0, RoundingMode.UNNECESSARY).unscaledValue())
          : new Fraction(decimal.unscaledValue(), BigInteger.TEN.pow(decimal.scale()));
    }

    BigInteger floor() {
      BigInteger[] quotientAndRemainder = numerator.divideAndRemainder(denominator);
      return quotientAndRemainder[1].signum() < 0 ? quotientAndRemainder[0].subtract(BigInteger.ONE)
          : quotientAndRemainder[0];
    }

    BigInteger ceiling() {
      BigInteger[] quotientAndRemainder = numerator.divideAndRemainder(denominator);
      return quotientAndRemainder[1].signum() > 0 ? quotientAndRemainder[0].add(BigInteger.ONE)
          : quotientAndRemainder[0];
    }

    boolean isInteger() {
      return numerator.mod(denominator).signum() == 0;
    }
  }
}
