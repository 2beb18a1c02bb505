package io.parquetarrow.cli.metadata;

import io.parquetarrow.cli.output.DisplayValue;
import io.parquetarrow.cli.output.TextEscaper;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.UUID;
import org.apache.arrow.memory.util.Float16;

/**
 * Decodes one statistics bound ({@code Statistics.min_value} and friends) into a {@link DisplayValue} that
 * reads as the column's values do. A bound holds one value in PLAIN encoding without the length prefix of
 * BYTE_ARRAY (parquet.thrift, {@code struct Statistics}): little-endian for INT32, INT64, INT96, FLOAT and DOUBLE,
 * one byte for BOOLEAN, the bytes themselves for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY.
 *
 * <p>How the physical value is shown follows the logical type (LogicalTypes.md): signed or unsigned integers,
 * decimals from their unscaled integer (little-endian for INT32/INT64, big-endian two's complement for byte
 * arrays), ISO dates, times and timestamps at the precision of their unit ({@code Z} when adjusted to UTC),
 * UTF-8 text for STRING, ENUM and JSON, UUIDs in their canonical form, FLOAT16 as a number, INT96 as the
 * legacy nanosecond timestamp, and everything else as hex. A bound whose length cannot hold its type becomes
 * {@link DisplayValue.Invalid} instead of an exception: the command shows what the file says.
 */
public final class StatisticsValueDecoder {

  /** Julian day number of 1970-01-01, the epoch of INT96 timestamps' day part. */
  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;

  private StatisticsValueDecoder() {}

  /**
   * Decodes {@code bytes} as one value of a column with this physical type, type length (for
   * FIXED_LEN_BYTE_ARRAY; otherwise ignored) and annotation (null when none).
   */
  public static DisplayValue decode(byte[] bytes, Type physicalType, int typeLength, TypeAnnotation annotation) {
    TypeAnnotation.Kind kind = annotation == null ? null : annotation.kind();
    return switch (physicalType) {
      case BOOLEAN -> bytes.length == 1
          ? new DisplayValue.Bool(bytes[0] != 0)
          : invalid(bytes, "BOOLEAN");
      case INT32 -> bytes.length == 4 ? decodeInt32(little(bytes).getInt(), annotation) : invalid(bytes, "INT32");
      case INT64 -> bytes.length == 8 ? decodeInt64(little(bytes).getLong(), annotation) : invalid(bytes, "INT64");
      case INT96 -> bytes.length == PhysicalTypes.INT96_BYTES ? decodeInt96(bytes) : invalid(bytes, "INT96");
      case FLOAT -> bytes.length == 4
          ? new DisplayValue.Number(Float.toString(little(bytes).getFloat()))
          : invalid(bytes, "FLOAT");
      case DOUBLE -> bytes.length == 8
          ? new DisplayValue.Number(Double.toString(little(bytes).getDouble()))
          : invalid(bytes, "DOUBLE");
      case BYTE_ARRAY -> decodeBytes(bytes, annotation, kind);
      case FIXED_LEN_BYTE_ARRAY -> typeLength > 0 && bytes.length != typeLength
          // Statistics of a fixed-length column hold whole values; a different length means the bound was
          // cut or the file is wrong, and decoding it as the type would show a false value.
          ? invalid(bytes, "FIXED_LEN_BYTE_ARRAY(" + typeLength + ")")
          : decodeFixed(bytes, annotation, kind);
    };
  }

  private static DisplayValue decodeInt32(int value, TypeAnnotation annotation) {
    if (annotation == null) {
      return new DisplayValue.Number(Integer.toString(value));
    }
    return switch (annotation.kind()) {
      case INTEGER -> annotation.signed()
          ? new DisplayValue.Number(Integer.toString(value))
          : new DisplayValue.Number(Integer.toUnsignedString(value));
      case DECIMAL -> decimal(value, annotation.scale());
      case DATE -> new DisplayValue.Literal(LocalDate.ofEpochDay(value).format(DateTimeFormatter.ISO_LOCAL_DATE));
      case TIME -> time(value, annotation);
      default -> new DisplayValue.Number(Integer.toString(value));
    };
  }

  private static DisplayValue decodeInt64(long value, TypeAnnotation annotation) {
    if (annotation == null) {
      return new DisplayValue.Number(Long.toString(value));
    }
    return switch (annotation.kind()) {
      case INTEGER -> annotation.signed()
          ? new DisplayValue.Number(Long.toString(value))
          : new DisplayValue.Number(Long.toUnsignedString(value));
      case DECIMAL -> decimal(value, annotation.scale());
      case TIMESTAMP -> new DisplayValue.Literal(
          timestamp(value, annotation.unit(), annotation.adjustedToUtc()));
      case TIME -> time(value, annotation);
      default -> new DisplayValue.Number(Long.toString(value));
    };
  }

  /** INT96: eight bytes of nanoseconds within the day, then four bytes of Julian day, both little-endian. */
  private static DisplayValue decodeInt96(byte[] bytes) {
    ByteBuffer buffer = little(bytes);
    long nanosOfDay = buffer.getLong(0);
    long julianDay = Integer.toUnsignedLong(buffer.getInt(8));
    long epochDay = julianDay - JULIAN_DAY_OF_EPOCH;
    if (nanosOfDay < 0 || nanosOfDay >= 86_400L * 1_000_000_000L) {
      return new DisplayValue.Invalid(bytes, "INT96 nanoseconds of day out of range");
    }
    String text = LocalDate.ofEpochDay(epochDay).format(DateTimeFormatter.ISO_LOCAL_DATE) + "T"
        + timeOfDay(nanosOfDay, 9);
    return new DisplayValue.Literal(text);
  }

  private static DisplayValue decodeBytes(byte[] bytes, TypeAnnotation annotation, TypeAnnotation.Kind kind) {
    if (annotation != null && annotation.isUtf8Text()) {
      return text(bytes);
    }
    if (kind == TypeAnnotation.Kind.DECIMAL) {
      return decimal(bytes, annotation.scale());
    }
    return new DisplayValue.Bytes(bytes);
  }

  private static DisplayValue decodeFixed(byte[] bytes, TypeAnnotation annotation, TypeAnnotation.Kind kind) {
    if (kind == null) {
      return new DisplayValue.Bytes(bytes);
    }
    return switch (kind) {
      case DECIMAL -> decimal(bytes, annotation.scale());
      case UUID -> {
        if (bytes.length != PhysicalTypes.UUID_BYTES) {
          yield invalid(bytes, "UUID");
        }
        ByteBuffer big = ByteBuffer.wrap(bytes);
        yield new DisplayValue.Literal(new UUID(big.getLong(0), big.getLong(8)).toString());
      }
      case FLOAT16 -> bytes.length == 2
          ? new DisplayValue.Number(Float.toString(Float16.toFloat(little(bytes).getShort())))
          : invalid(bytes, "FLOAT16");
      case STRING, ENUM, JSON -> text(bytes);
      default -> new DisplayValue.Bytes(bytes);
    };
  }

  private static DisplayValue decimal(long unscaled, int scale) {
    return new DisplayValue.Number(new BigDecimal(BigInteger.valueOf(unscaled), scale).toPlainString());
  }

  private static DisplayValue text(byte[] bytes) {
    String text = TextEscaper.decodeUtf8OrNull(bytes);
    return text != null ? new DisplayValue.Text(text) : new DisplayValue.Bytes(bytes);
  }

  private static DisplayValue decimal(byte[] bytes, int scale) {
    if (bytes.length == 0) {
      return invalid(bytes, "DECIMAL of zero bytes");
    }
    return new DisplayValue.Number(new BigDecimal(new BigInteger(bytes), scale).toPlainString());
  }

  private static DisplayValue time(long value, TypeAnnotation annotation) {
    TypeAnnotation.TimeUnit unit = annotation.unit();
    long nanosPerUnit = 1_000_000_000L / unit.perSecond();
    if (value < 0 || value >= 86_400L * unit.perSecond()) {
      // Outside one day: not a time of day, so show the count of units rather than invent a time.
      return new DisplayValue.Number(Long.toString(value));
    }
    return new DisplayValue.Literal(timeOfDay(value * nanosPerUnit, unit.fractionDigits())
        + (annotation.adjustedToUtc() ? "Z" : ""));
  }

  /**
   * ISO-8601 text of a timestamp {@code value} units after the epoch, with as many fractional digits as the
   * unit resolves and a {@code Z} when the value is adjusted to UTC (no zone otherwise: a local date-time).
   */
  public static String timestamp(long value, TypeAnnotation.TimeUnit unit, boolean adjustedToUtc) {
    long seconds = Math.floorDiv(value, unit.perSecond());
    long fraction = Math.floorMod(value, unit.perSecond());
    long epochDay = Math.floorDiv(seconds, 86_400L);
    long secondOfDay = Math.floorMod(seconds, 86_400L);
    long nanosOfDay = secondOfDay * 1_000_000_000L + fraction * (1_000_000_000L / unit.perSecond());
    return LocalDate.ofEpochDay(epochDay).format(DateTimeFormatter.ISO_LOCAL_DATE) + "T"
        + timeOfDay(nanosOfDay, unit.fractionDigits()) + (adjustedToUtc ? "Z" : "");
  }

  /** {@code HH:mm:ss} plus {@code digits} fractional digits of a nanosecond-of-day. */
  public static String timeOfDay(long nanosOfDay, int digits) {
    LocalTime time = LocalTime.ofNanoOfDay(nanosOfDay);
    StringBuilder text = new StringBuilder(18);
    text.append(String.format("%02d:%02d:%02d", time.getHour(), time.getMinute(), time.getSecond()));
    if (digits > 0) {
      String nanos = String.format("%09d", time.getNano());
      text.append('.').append(nanos, 0, digits);
    }
    return text.toString();
  }

  private static ByteBuffer little(byte[] bytes) {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static DisplayValue invalid(byte[] bytes, String type) {
    return new DisplayValue.Invalid(bytes, bytes.length + " bytes cannot hold " + type);
  }
}
