package io.parquetarrow.core.filter;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.arrow.memory.util.Float16;

/**
 * How the plain values of one leaf column (the bytes of statistics bounds, page index bounds and dictionary
 * entries, laid out as {@link ColumnSummary} describes) compare with the {@link Literal}s of a {@link Filter}, as
 * SQL compares them: the pruning of {@link SummaryFilter} rests on it.
 *
 * <p>Numbers compare by exact value, whatever the literal's kind and the column's type: signed and unsigned
 * integers, decimals of any scale and storage (INT32, INT64, FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY, big-endian
 * two's complement), FLOAT, DOUBLE and FLOAT16 by their exact binary value ({@code 0.1f} is not {@code 0.1}).
 * Strings compare with BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY columns as unsigned bytes of their UTF-8 encoding.
 * Dates and timestamps compare as instants in UTC, a date as its midnight, a local timestamp (not adjusted to UTC)
 * as its wall-clock time read in UTC, as Arrow holds it: DATE columns, INT64 timestamps in
 * milliseconds, microseconds or nanoseconds (logical or legacy converted type) and INT96 timestamps. A NaN, on
 * either side, is unordered: {@link #compare} has no answer for it.
 *
 * <p>Anything else has no order here (INTERVAL, TIME, UUID, logical types this library does not know, a literal
 * of a kind the column does not compare with, a value whose length cannot hold the type): {@link #compare} then
 * answers nothing and pruning keeps the rows.
 */
public final class PlainValueOrder {
  /** What the plain values of a column mean. */
  private enum Domain {
    SIGNED_INTEGER, UNSIGNED_INTEGER, DECIMAL, FLOATING_POINT, BYTES, BOOLEAN, DATE, TIMESTAMP, INT96_TIMESTAMP, NONE
  }

  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;
  private static final long SECONDS_PER_DAY = 86_400L;
  private static final BigInteger TWO_TO_THE_64 = BigInteger.ONE.shiftLeft(64);

  private final Domain domain;
  private final Type physicalType;
  private final int typeLength;
  private final int scale;
  private final long unitsPerSecond;
  private final boolean float16;

  private PlainValueOrder(Domain domain, Type physicalType, int typeLength, int scale, long unitsPerSecond,
      boolean float16) {
    this.domain = domain;
    this.physicalType = physicalType;
    this.typeLength = typeLength;
    this.scale = scale;
    this.unitsPerSecond = unitsPerSecond;
    this.float16 = float16;
  }

  /** The order of {@code column}'s plain values. */
  public static PlainValueOrder of(ColumnDescriptor column) {
    Type physical = column.physicalType();
    LogicalType logical = column.effectiveLogicalType();
    if (column.convertedType() == ConvertedType.INTERVAL || logical instanceof LogicalType.Unrecognized) {
      return none(physical, column.typeLength());
    }
    if (logical instanceof LogicalType.DecimalType decimal) {
      return physical == Type.BOOLEAN || physical == Type.INT96 || physical == Type.FLOAT || physical == Type.DOUBLE
          ? none(physical, column.typeLength())
          : new PlainValueOrder(Domain.DECIMAL, physical, column.typeLength(), decimal.scale(), 0, false);
    }
    return switch (physical) {
      case BOOLEAN -> logical == null ? simple(Domain.BOOLEAN, physical, -1) : none(physical, -1);
      case INT32, INT64 -> integerOrder(physical, logical);
      case INT96 -> logical == null ? simple(Domain.INT96_TIMESTAMP, physical, -1) : none(physical, -1);
      case FLOAT, DOUBLE -> logical == null ? simple(Domain.FLOATING_POINT, physical, -1) : none(physical, -1);
      case FIXED_LEN_BYTE_ARRAY -> {
        if (logical instanceof LogicalType.Float16Type && column.typeLength() == 2) {
          yield new PlainValueOrder(Domain.FLOATING_POINT, physical, 2, 0, 0, true);
        }
        yield binaryOrder(physical, column.typeLength(), logical);
      }
      case BYTE_ARRAY -> binaryOrder(physical, -1, logical);
    };
  }

  private static PlainValueOrder integerOrder(Type physical, LogicalType logical) {
    if (logical == null) {
      return simple(Domain.SIGNED_INTEGER, physical, -1);
    }
    if (logical instanceof LogicalType.IntType integer) {
      return simple(integer.isSigned() ? Domain.SIGNED_INTEGER : Domain.UNSIGNED_INTEGER, physical, -1);
    }
    if (logical instanceof LogicalType.DateType && physical == Type.INT32) {
      return simple(Domain.DATE, physical, -1);
    }
    if (logical instanceof LogicalType.TimestampType timestamp && physical == Type.INT64) {
      return new PlainValueOrder(Domain.TIMESTAMP, physical, -1, 0, timestamp.unit().perSecond(), false);
    }
    return none(physical, -1);
  }

  private static PlainValueOrder binaryOrder(Type physical, int typeLength, LogicalType logical) {
    boolean bytes = logical == null || logical instanceof LogicalType.StringType
        || logical instanceof LogicalType.EnumType || logical instanceof LogicalType.JsonType
        || logical instanceof LogicalType.BsonType;
    return bytes ? simple(Domain.BYTES, physical, typeLength) : none(physical, typeLength);
  }

  private static PlainValueOrder simple(Domain domain, Type physical, int typeLength) {
    return new PlainValueOrder(domain, physical, typeLength, 0, 0, false);
  }

  private static PlainValueOrder none(Type physical, int typeLength) {
    return simple(Domain.NONE, physical, typeLength);
  }

  /** Whether the column's values have an order here (and {@link #compare} can answer for some literal). */
  public boolean isOrdered() {
    return domain != Domain.NONE;
  }

  /**
   * Whether values order as their bytes (strings and other byte arrays), so that a prefix of a value, as writers
   * truncate bounds, is still a bound of it. A truncated number, a decimal's bytes included, is not.
   */
  public boolean ordersAsBytes() {
    return domain == Domain.BYTES;
  }

  /** Whether the column holds floating-point values, which may be NaN (FLOAT, DOUBLE, FLOAT16). */
  public boolean isFloatingPoint() {
    return domain == Domain.FLOATING_POINT;
  }

  /**
   * The sign of {@code plainValue - literal}; empty when they do not compare: either is NaN, the literal's kind
   * does not compare with the column, the column has no order here, or the value's length cannot hold the type.
   * A byte-array bound of any length (a truncated one) compares as its bytes.
   */
  public OptionalInt compare(byte[] plainValue, Literal literal) {
    if (plainValue == null) {
      return OptionalInt.empty();
    }
    switch (domain) {
      case SIGNED_INTEGER, UNSIGNED_INTEGER, DECIMAL, FLOATING_POINT -> {
        if (!literal.kind().numeric()) {
          return OptionalInt.empty();
        }
        if (domain == Domain.SIGNED_INTEGER && literal.kind() == Literal.Kind.INTEGER) {
          Long value = signedInteger(plainValue);
          return value == null ? OptionalInt.empty() : OptionalInt.of(Long.compare(value, (Long) literal.value()));
        }
        return ExtendedNumber.compare(number(plainValue), ExtendedNumber.of(literal));
      }
      case BYTES -> {
        byte[] bytes = literal.kind() == Literal.Kind.STRING ? utf8((String) literal.value()) : null;
        return bytes == null ? OptionalInt.empty()
            : OptionalInt.of(Integer.signum(Arrays.compareUnsigned(plainValue, bytes)));
      }
      case BOOLEAN -> {
        if (literal.kind() != Literal.Kind.BOOLEAN || plainValue.length != 1) {
          return OptionalInt.empty();
        }
        return OptionalInt.of(Boolean.compare(plainValue[0] != 0, (Boolean) literal.value()));
      }
      case DATE, TIMESTAMP, INT96_TIMESTAMP -> {
        Instant value = instant(plainValue);
        Instant bound = instant(literal);
        return value == null || bound == null ? OptionalInt.empty()
            : OptionalInt.of(Integer.signum(value.compareTo(bound)));
      }
      default -> {
        return OptionalInt.empty();
      }
    }
  }

  /**
   * Whether {@link #plainValue} can answer for {@code literal}: every value of the column equal to the literal
   * then has the one plain encoding it returns, so a bloom filter can be asked for it. False for literals of a
   * kind the column does not compare with, for zero on floating-point columns ({@code 0.0} and {@code -0.0}),
   * NaN, FLOAT16, INT96 and BYTE_ARRAY decimals (whose writers may pad the bytes), and columns with no order.
   */
  public boolean canEncode(Literal literal) {
    return switch (domain) {
      case SIGNED_INTEGER, UNSIGNED_INTEGER, DECIMAL, FLOATING_POINT -> {
        if (!literal.kind().numeric() || (domain == Domain.DECIMAL && physicalType == Type.BYTE_ARRAY)) {
          yield false;
        }
        if (domain == Domain.FLOATING_POINT) {
          ExtendedNumber number = ExtendedNumber.of(literal);
          yield !float16 && number != null && (number.infinity() != 0 || number.finite().signum() != 0);
        }
        yield true;
      }
      case BYTES -> literal.kind() == Literal.Kind.STRING && utf8((String) literal.value()) != null;
      case BOOLEAN -> literal.kind() == Literal.Kind.BOOLEAN;
      case DATE, TIMESTAMP -> literal.kind() == Literal.Kind.DATE || literal.kind() == Literal.Kind.TIMESTAMP;
      default -> false;
    };
  }

  /**
   * The literal as the column's plain value: present when some value of the column equals it, empty when none
   * does ({@code 5.5} in an INT32 column, {@code 2^40} in an INT32 column, a string of another length in a
   * FIXED_LEN_BYTE_ARRAY column, a timestamp between two of the column's units).
   *
   * @throws IllegalArgumentException when {@link #canEncode} is false for the literal
   */
  public Optional<byte[]> plainValue(Literal literal) {
    if (!canEncode(literal)) {
      throw new IllegalArgumentException("literal " + literal + " has no unique plain encoding in a "
          + physicalType + " column of domain " + domain);
    }
    return Optional.ofNullable(switch (domain) {
      case SIGNED_INTEGER, UNSIGNED_INTEGER, DECIMAL -> encodeExact(ExtendedNumber.of(literal));
      case FLOATING_POINT -> encodeFloatingPoint(ExtendedNumber.of(literal));
      case BYTES -> {
        byte[] bytes = utf8((String) literal.value());
        yield physicalType == Type.FIXED_LEN_BYTE_ARRAY && bytes.length != typeLength ? null : bytes;
      }
      case BOOLEAN -> new byte[] {(byte) ((Boolean) literal.value() ? 1 : 0)};
      case DATE, TIMESTAMP -> encodeInstant(instant(literal));
      default -> null;
    });
  }

  private byte[] encodeExact(ExtendedNumber number) {
    if (number == null || number.infinity() != 0) {
      return null;
    }
    BigInteger unscaled;
    try {
      unscaled = number.finite().movePointRight(domain == Domain.DECIMAL ? scale : 0).toBigIntegerExact();
    } catch (ArithmeticException fraction) {
      return null;
    }
    if (domain == Domain.UNSIGNED_INTEGER) {
      int bits = physicalType == Type.INT32 ? 32 : 64;
      if (unscaled.signum() < 0 || unscaled.bitLength() > bits) {
        return null;
      }
      return physicalType == Type.INT32 ? littleInt(unscaled.intValue()) : littleLong(unscaled.longValue());
    }
    if (physicalType == Type.INT32) {
      return unscaled.bitLength() < 32 ? littleInt(unscaled.intValue()) : null;
    }
    if (physicalType == Type.INT64) {
      return unscaled.bitLength() < 64 ? littleLong(unscaled.longValue()) : null;
    }
    // FIXED_LEN_BYTE_ARRAY decimal: big-endian two's complement, sign-extended to the type length.
    byte[] minimal = unscaled.toByteArray();
    if (minimal.length > typeLength) {
      return null;
    }
    byte[] fixed = new byte[typeLength];
    Arrays.fill(fixed, 0, typeLength - minimal.length, (byte) (unscaled.signum() < 0 ? 0xFF : 0));
    System.arraycopy(minimal, 0, fixed, typeLength - minimal.length, minimal.length);
    return fixed;
  }

  private byte[] encodeFloatingPoint(ExtendedNumber number) {
    if (physicalType == Type.FLOAT) {
      float value = number.infinity() != 0 ? number.infinity() * Float.POSITIVE_INFINITY
          : number.finite().floatValue();
      return sameNumber(value, number) ? littleInt(Float.floatToIntBits(value)) : null;
    }
    double value = number.infinity() != 0 ? number.infinity() * Double.POSITIVE_INFINITY
        : number.finite().doubleValue();
    return sameNumber(value, number) ? littleLong(Double.doubleToLongBits(value)) : null;
  }

  private static boolean sameNumber(double value, ExtendedNumber number) {
    OptionalInt order = ExtendedNumber.compare(ExtendedNumber.of(value), number);
    return order.isPresent() && order.getAsInt() == 0;
  }

  private byte[] encodeInstant(Instant instant) {
    if (instant == null) {
      return null;
    }
    if (domain == Domain.DATE) {
      if (instant.getNano() != 0 || Math.floorMod(instant.getEpochSecond(), SECONDS_PER_DAY) != 0) {
        return null;
      }
      long day = Math.floorDiv(instant.getEpochSecond(), SECONDS_PER_DAY);
      return day == (int) day ? littleInt((int) day) : null;
    }
    long nanosPerUnit = 1_000_000_000L / unitsPerSecond;
    if (instant.getNano() % nanosPerUnit != 0) {
      return null;
    }
    try {
      long units = Math.addExact(Math.multiplyExact(instant.getEpochSecond(), unitsPerSecond),
          instant.getNano() / nanosPerUnit);
      return littleLong(units);
    } catch (ArithmeticException overflow) {
      return null;
    }
  }

  private Long signedInteger(byte[] plainValue) {
    if (physicalType == Type.INT32) {
      return plainValue.length == 4 ? (long) little(plainValue).getInt() : null;
    }
    return plainValue.length == 8 ? little(plainValue).getLong() : null;
  }

  /** The column's plain value as a number; null when it is NaN or its length cannot hold the type. */
  private ExtendedNumber number(byte[] plainValue) {
    switch (domain) {
      case SIGNED_INTEGER -> {
        Long value = signedInteger(plainValue);
        return value == null ? null : ExtendedNumber.of(BigDecimal.valueOf(value));
      }
      case UNSIGNED_INTEGER -> {
        Long value = signedInteger(plainValue);
        if (value == null) {
          return null;
        }
        BigInteger unsigned = physicalType == Type.INT32 ? BigInteger.valueOf(Integer.toUnsignedLong(value.intValue()))
            : value >= 0 ? BigInteger.valueOf(value) : BigInteger.valueOf(value).add(TWO_TO_THE_64);
        return ExtendedNumber.of(new BigDecimal(unsigned));
      }
      case DECIMAL -> {
        BigInteger unscaled = switch (physicalType) {
          case INT32, INT64 -> {
            Long value = signedInteger(plainValue);
            yield value == null ? null : BigInteger.valueOf(value);
          }
          case FIXED_LEN_BYTE_ARRAY -> plainValue.length == typeLength && typeLength > 0
              ? new BigInteger(plainValue) : null;
          default -> plainValue.length > 0 ? new BigInteger(plainValue) : null;
        };
        return unscaled == null ? null : ExtendedNumber.of(new BigDecimal(unscaled, scale));
      }
      case FLOATING_POINT -> {
        if (float16) {
          return plainValue.length == 2 ? ExtendedNumber.of(Float16.toFloat(little(plainValue).getShort())) : null;
        }
        if (physicalType == Type.FLOAT) {
          return plainValue.length == 4 ? ExtendedNumber.of(little(plainValue).getFloat()) : null;
        }
        return plainValue.length == 8 ? ExtendedNumber.of(little(plainValue).getDouble()) : null;
      }
      default -> {
        return null;
      }
    }
  }

  /** The column's plain value as an instant; null when its length cannot hold the type. */
  private Instant instant(byte[] plainValue) {
    return switch (domain) {
      case DATE -> plainValue.length == 4
          ? Instant.ofEpochSecond(little(plainValue).getInt() * SECONDS_PER_DAY) : null;
      case TIMESTAMP -> {
        if (plainValue.length != 8) {
          yield null;
        }
        long units = little(plainValue).getLong();
        long nanosPerUnit = 1_000_000_000L / unitsPerSecond;
        yield Instant.ofEpochSecond(Math.floorDiv(units, unitsPerSecond),
            Math.floorMod(units, unitsPerSecond) * nanosPerUnit);
      }
      case INT96_TIMESTAMP -> {
        if (plainValue.length != PhysicalTypes.INT96_BYTES) {
          yield null;
        }
        ByteBuffer buffer = little(plainValue);
        long nanosOfDay = buffer.getLong(0);
        long epochDay = Integer.toUnsignedLong(buffer.getInt(8)) - JULIAN_DAY_OF_EPOCH;
        yield Instant.ofEpochSecond(epochDay * SECONDS_PER_DAY, nanosOfDay);
      }
      default -> null;
    };
  }

  /** A DATE literal as its midnight in UTC, a TIMESTAMP literal as UTC; null for other kinds. */
  private static Instant instant(Literal literal) {
    return switch (literal.kind()) {
      case DATE -> Instant.ofEpochSecond(((LocalDate) literal.value()).toEpochDay() * SECONDS_PER_DAY);
      case TIMESTAMP -> ((LocalDateTime) literal.value()).toInstant(ZoneOffset.UTC);
      default -> null;
    };
  }

  /** The UTF-8 bytes of {@code text}; null when it is not well-formed (an unpaired surrogate). */
  private static byte[] utf8(String text) {
    try {
      ByteBuffer encoded = StandardCharsets.UTF_8.newEncoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .encode(CharBuffer.wrap(text));
      return Arrays.copyOfRange(encoded.array(), encoded.position(), encoded.limit());
    } catch (CharacterCodingException malformed) {
      return null;
    }
  }

  private static ByteBuffer little(byte[] bytes) {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static byte[] littleInt(int value) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(value).array();
  }

  private static byte[] littleLong(long value) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
  }

  @Override
  public String toString() {
    return "PlainValueOrder[" + domain + " of " + physicalType + "]";
  }

  /** A number, or an infinity ({@code infinity} -1 or +1, {@code finite} null); NaN has none. */
  private record ExtendedNumber(int infinity, BigDecimal finite) {
    static ExtendedNumber of(BigDecimal value) {
      return new ExtendedNumber(0, value);
    }

    static ExtendedNumber of(double value) {
      if (Double.isNaN(value)) {
        return null;
      }
      return Double.isInfinite(value) ? new ExtendedNumber(value > 0 ? 1 : -1, null)
          : new ExtendedNumber(0, new BigDecimal(value));
    }

    static ExtendedNumber of(Literal literal) {
      return literal.kind() == Literal.Kind.FLOAT ? of((double) (Double) literal.value())
          : of(literal.decimalValue());
    }

    /** The sign of {@code a - b}; empty when either is NaN (null). */
    static OptionalInt compare(ExtendedNumber a, ExtendedNumber b) {
      if (a == null || b == null) {
        return OptionalInt.empty();
      }
      if (a.infinity != 0 || b.infinity != 0) {
        return OptionalInt.of(Integer.compare(a.infinity, b.infinity));
      }
      return OptionalInt.of(a.finite.compareTo(b.finite));
    }
  }
}
