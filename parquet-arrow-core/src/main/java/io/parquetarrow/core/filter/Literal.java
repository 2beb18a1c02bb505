package io.parquetarrow.core.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * A constant in a {@link Filter}: an integer, an exact decimal, a floating-point number, a string, a boolean, a
 * date or a timestamp (without time zone, read as UTC). Numbers of any kind compare with any numeric column, as in
 * SQL; {@link #toString()} is the literal as {@link Filter#parse} reads it.
 */
public record Literal(Kind kind, Object value) {

  /** What a literal holds, and the Java type of its {@link #value()}. */
  public enum Kind {
    /** {@code Long}. */
    INTEGER,
    /**
     * {@code BigDecimal}: a number with a decimal point, or an integer beyond 64 bits. Held in one form per
     * number, without trailing zeros but with at least one decimal ({@code 5}, {@code 5.} and {@code 5.00} are
     * all {@code 5.0}), so that literals equal in value are equal and {@link #toString()} parses back to the same.
     */
    DECIMAL,
    /** {@code Double}: a number with an exponent, or a Java float or double. */
    FLOAT,
    /** {@code String}. */
    STRING,
    /** {@code Boolean}. */
    BOOLEAN,
    /** {@code LocalDate}. */
    DATE,
    /** {@code LocalDateTime}, UTC. */
    TIMESTAMP;

    /** Whether literals of this kind are numbers. */
    public boolean numeric() {
      return this == INTEGER || this == DECIMAL || this == FLOAT;
    }
  }

  public Literal {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(value, "value (a null is tested with IS NULL)");
    Class<?> expected = switch (kind) {
      case INTEGER -> Long.class;
      case DECIMAL -> BigDecimal.class;
      case FLOAT -> Double.class;
      case STRING -> String.class;
      case BOOLEAN -> Boolean.class;
      case DATE -> LocalDate.class;
      case TIMESTAMP -> LocalDateTime.class;
    };
    if (!expected.isInstance(value)) {
      throw new IllegalArgumentException("a " + kind + " literal holds a " + expected.getSimpleName() + ", not "
          + value.getClass().getSimpleName());
    }
    if (kind == Kind.DECIMAL) {
      value = canonical((BigDecimal) value);
    }
  }

  /** The one form of a DECIMAL literal's value: trailing zeros stripped, scale at least 1. */
  private static BigDecimal canonical(BigDecimal decimal) {
    BigDecimal stripped = decimal.stripTrailingZeros();
    return stripped.scale() < 1 ? stripped.setScale(1) : stripped;
  }

  /**
   * The literal for a Java value: {@code Byte}, {@code Short}, {@code Integer}, {@code Long} (INTEGER),
   * {@code BigInteger} and {@code BigDecimal} (DECIMAL, or INTEGER when a {@code BigInteger} fits in 64 bits),
   * {@code Float}, {@code Double} (FLOAT), {@code String} or {@code CharSequence}, {@code Boolean},
   * {@code LocalDate}, {@code LocalDateTime} or {@code Instant} (TIMESTAMP); a {@code Literal} as it is.
   */
  public static Literal of(Object value) {
    if (value instanceof Literal literal) {
      return literal;
    }
    if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long) {
      return new Literal(Kind.INTEGER, ((Number) value).longValue());
    }
    if (value instanceof BigInteger integer) {
      return integer.bitLength() < 64 ? new Literal(Kind.INTEGER, integer.longValue())
          : new Literal(Kind.DECIMAL, new BigDecimal(integer));
    }
    if (value instanceof BigDecimal decimal) {
      return new Literal(Kind.DECIMAL, decimal);
    }
    if (value instanceof Float || value instanceof Double) {
      return new Literal(Kind.FLOAT, ((Number) value).doubleValue());
    }
    if (value instanceof CharSequence text) {
      return new Literal(Kind.STRING, text.toString());
    }
    if (value instanceof Boolean bool) {
      return new Literal(Kind.BOOLEAN, bool);
    }
    if (value instanceof LocalDate date) {
      return new Literal(Kind.DATE, date);
    }
    if (value instanceof LocalDateTime timestamp) {
      return new Literal(Kind.TIMESTAMP, timestamp);
    }
    if (value instanceof Instant instant) {
      return new Literal(Kind.TIMESTAMP, LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
    throw new IllegalArgumentException("no filter literal for a " + (value == null ? "null (use isNull)"
        : value.getClass().getName()));
  }

  /** The value as an exact decimal, for a numeric literal (a FLOAT's exact binary value; NaN and infinities fail). */
  public BigDecimal decimalValue() {
    return switch (kind) {
      case INTEGER -> BigDecimal.valueOf((Long) value);
      case DECIMAL -> (BigDecimal) value;
      case FLOAT -> new BigDecimal((Double) value);
      default -> throw new IllegalStateException("a " + kind + " literal is not a number");
    };
  }

  @Override
  public String toString() {
    return switch (kind) {
      case INTEGER, BOOLEAN -> value.toString();
      case DECIMAL -> ((BigDecimal) value).toPlainString(); // scale 1 or more: always with a decimal point
      case FLOAT -> {
        double number = (Double) value;
        // An exponent marks a floating-point literal; NaN and the infinities have no literal form. BigDecimal has
        // no negative zero, so -0.0 keeps its sign by hand (it differs from 0.0 as a Double, and in ordering).
        String sign = number == 0 && Double.doubleToRawLongBits(number) < 0 ? "-" : "";
        yield Double.isFinite(number) ? String.format("%s%sE0", sign, BigDecimal.valueOf(number).toPlainString())
            : "CAST('" + number + "' AS DOUBLE)";
      }
      case STRING -> "'" + ((String) value).replace("'", "''") + "'";
      case DATE -> "DATE '" + value + "'";
      case TIMESTAMP -> "TIMESTAMP '" + DateTimeFormatter.ISO_LOCAL_DATE_TIME.format((LocalDateTime) value)
          .replace('T', ' ') + "'";
    };
  }
}
