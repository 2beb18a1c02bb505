package io.parquetarrow.cli.output;

import io.parquetarrow.cli.metadata.StatisticsValueDecoder;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Reads one value out of an Arrow vector as a {@link DisplayValue}, for {@code cat}'s table, CSV and JSON
 * output. Values read as they do in {@code meta}: integers signed or unsigned by their type, decimals as exact
 * decimal text, dates, times and timestamps in ISO-8601 at the precision of their unit (a timestamp with a
 * time zone is shown in that zone with its offset, {@code Z} for UTC), strings as text, binary as hex.
 * Structs, lists and maps nest ({@code {a: 1, b: [1, 2]}}).
 * A type without a rule here is shown through the vector's own {@code getObject}.
 */
public final class ArrowValues {

  private ArrowValues() {}

  /** The value at {@code index} of {@code vector}. */
  public static DisplayValue valueAt(ValueVector vector, int index) {
    if (vector.isNull(index)) {
      return new DisplayValue.Null();
    }
    ArrowType type = vector.getField().getType();
    switch (type.getTypeID()) {
      case Null:
        return new DisplayValue.Null();
      case Bool:
        return new DisplayValue.Bool(((BitVector) vector).get(index) != 0);
      case Int:
        return integer((ArrowType.Int) type, vector, index);
      case FloatingPoint:
        return floatingPoint(vector, index);
      case Decimal:
        return new DisplayValue.Number(((BigDecimal) vector.getObject(index)).toPlainString());
      case Date:
        return date((ArrowType.Date) type, vector, index);
      case Time:
        return time((ArrowType.Time) type, vector, index);
      case Timestamp:
        return timestamp((ArrowType.Timestamp) type, (TimeStampVector) vector, index);
      case Utf8:
      case LargeUtf8:
      case Utf8View:
        return new DisplayValue.Text(vector.getObject(index).toString());
      case Binary:
      case LargeBinary:
      case BinaryView:
      case FixedSizeBinary:
        return new DisplayValue.Bytes((byte[]) vector.getObject(index));
      case Struct:
        return struct((StructVector) vector, index);
      case Map:
        return map((MapVector) vector, index);
      case List:
      case LargeList:
      case FixedSizeList:
      case ListView:
        return list(vector, index);
      default:
        Object value = vector.getObject(index);
        return new DisplayValue.Literal(String.valueOf(value));
    }
  }

  private static DisplayValue integer(ArrowType.Int type, ValueVector vector, int index) {
    // Every Arrow integer vector stores its values little-endian at index * width; reading the buffer directly
    // avoids one branch per vector class and gives unsigned values without Java's sign extension.
    int bytes = type.getBitWidth() / 8;
    long offset = (long) index * bytes;
    var buffer = vector.getDataBuffer();
    long value = switch (bytes) {
      case 1 -> type.getIsSigned() ? buffer.getByte(offset) : buffer.getByte(offset) & 0xffL;
      case 2 -> type.getIsSigned() ? buffer.getShort(offset) : buffer.getShort(offset) & 0xffffL;
      case 4 -> type.getIsSigned() ? buffer.getInt(offset) : buffer.getInt(offset) & 0xffff_ffffL;
      default -> buffer.getLong(offset);
    };
    boolean unsigned64 = bytes == 8 && !type.getIsSigned();
    return new DisplayValue.Number(unsigned64 ? Long.toUnsignedString(value) : Long.toString(value));
  }

  private static DisplayValue floatingPoint(ValueVector vector, int index) {
    if (vector instanceof Float8Vector doubles) {
      return new DisplayValue.Number(Double.toString(doubles.get(index)));
    }
    if (vector instanceof Float4Vector floats) {
      return new DisplayValue.Number(Float.toString(floats.get(index)));
    }
    if (vector instanceof Float2Vector halves) {
      return new DisplayValue.Number(Float.toString(halves.getValueAsFloat(index)));
    }
    return new DisplayValue.Literal(String.valueOf(vector.getObject(index)));
  }

  private static DisplayValue date(ArrowType.Date type, ValueVector vector, int index) {
    long epochDay = switch (type.getUnit()) {
      case DAY -> vector.getDataBuffer().getInt((long) index * 4);
      case MILLISECOND -> Math.floorDiv(vector.getDataBuffer().getLong((long) index * 8), 86_400_000L);
    };
    return new DisplayValue.Literal(LocalDate.ofEpochDay(epochDay).format(DateTimeFormatter.ISO_LOCAL_DATE));
  }

  private static DisplayValue time(ArrowType.Time type, ValueVector vector, int index) {
    long value = type.getBitWidth() == 32
        ? vector.getDataBuffer().getInt((long) index * 4)
        : vector.getDataBuffer().getLong((long) index * 8);
    long perSecond = perSecond(type.getUnit());
    if (value < 0 || value >= 86_400L * perSecond) {
      return new DisplayValue.Number(Long.toString(value));
    }
    return new DisplayValue.Literal(
        StatisticsValueDecoder.timeOfDay(value * (1_000_000_000L / perSecond), fractionDigits(type.getUnit())));
  }

  private static DisplayValue timestamp(ArrowType.Timestamp type, TimeStampVector vector, int index) {
    long value = vector.get(index);
    long perSecond = perSecond(type.getUnit());
    int digits = fractionDigits(type.getUnit());
    long seconds = Math.floorDiv(value, perSecond);
    long nanos = Math.floorMod(value, perSecond) * (1_000_000_000L / perSecond);
    String timezone = type.getTimezone();
    ZoneId zone = ZoneOffset.UTC;
    String suffix = "";
    if (timezone != null) {
      try {
        zone = ZoneId.of(timezone);
      } catch (DateTimeException e) {
        // Not a zone the JDK knows: show the UTC instant and the zone's name as the file gives it.
        suffix = "[" + timezone + "]";
      }
    }
    ZoneOffset offset = zone.getRules().getOffset(Instant.ofEpochSecond(seconds));
    LocalDateTime local = LocalDateTime.ofEpochSecond(seconds, (int) nanos, offset);
    String text = local.toLocalDate().format(DateTimeFormatter.ISO_LOCAL_DATE) + "T"
        + StatisticsValueDecoder.timeOfDay(local.toLocalTime().toNanoOfDay(), digits);
    // A timestamp without a zone is a local date-time; with one, it is an instant shown in that zone.
    return new DisplayValue.Literal(timezone == null ? text : text + offset.getId() + suffix);
  }

  private static DisplayValue struct(StructVector vector, int index) {
    List<Map.Entry<String, DisplayValue>> fields = new ArrayList<>();
    for (FieldVector child : vector.getChildrenFromFields()) {
      fields.add(new AbstractMap.SimpleImmutableEntry<>(child.getName(), valueAt(child, index)));
    }
    return new DisplayValue.StructValue(fields);
  }

  private static DisplayValue map(MapVector vector, int index) {
    StructVector entries = (StructVector) vector.getDataVector();
    List<FieldVector> children = entries.getChildrenFromFields();
    List<Map.Entry<DisplayValue, DisplayValue>> result = new ArrayList<>();
    for (int i = vector.getElementStartIndex(index); i < vector.getElementEndIndex(index); i++) {
      DisplayValue key = children.isEmpty() ? new DisplayValue.Null() : valueAt(children.get(0), i);
      DisplayValue value = children.size() < 2 ? new DisplayValue.Null() : valueAt(children.get(1), i);
      result.add(new AbstractMap.SimpleImmutableEntry<>(key, value));
    }
    return new DisplayValue.MapValue(result);
  }

  private static DisplayValue list(ValueVector vector, int index) {
    ValueVector data;
    long start;
    long end;
    if (vector instanceof ListVector list) {
      data = list.getDataVector();
      start = list.getElementStartIndex(index);
      end = list.getElementEndIndex(index);
    } else if (vector instanceof LargeListVector list) {
      data = list.getDataVector();
      start = list.getElementStartIndex(index);
      end = list.getElementEndIndex(index);
    } else if (vector instanceof FixedSizeListVector list) {
      data = list.getDataVector();
      start = (long) index * list.getListSize();
      end = start + list.getListSize();
    } else if (vector instanceof ListViewVector list) {
      data = list.getDataVector();
      start = list.getElementStartIndex(index);
      end = list.getElementEndIndex(index);
    } else {
      return new DisplayValue.Literal(String.valueOf(vector.getObject(index)));
    }
    List<DisplayValue> elements = new ArrayList<>();
    for (long i = start; i < end; i++) {
      elements.add(valueAt(data, (int) i));
    }
    return new DisplayValue.ListValue(elements);
  }

  private static long perSecond(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 1L;
      case MILLISECOND -> 1_000L;
      case MICROSECOND -> 1_000_000L;
      case NANOSECOND -> 1_000_000_000L;
    };
  }

  private static int fractionDigits(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 0;
      case MILLISECOND -> 3;
      case MICROSECOND -> 6;
      case NANOSECOND -> 9;
    };
  }
}
