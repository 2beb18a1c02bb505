package io.parquetarrow.core.dataset;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The partition columns of a dataset: their Arrow types, inferred from the directory values or given by
 * {@link DatasetOptions#partitionSchema()}, and each file's values converted to those types (see
 * {@link DatasetOptions} for the inference rule).
 */
final class PartitionValues {
  private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

  private PartitionValues() {}

  /** Fails unless every field of {@code schema} has a type partition values can be read as. */
  static void checkSupported(Schema schema) {
    for (Field field : schema.getFields()) {
      if (!supported(field.getType())) {
        throw new IllegalArgumentException("partition column " + field.getName() + " has type " + field.getType()
            + "; partition columns are signed Int, FloatingPoint (single, double), Utf8, Bool or Date(DAY)");
      }
    }
  }

  private static boolean supported(ArrowType type) {
    return switch (type.getTypeID()) {
      case Int -> ((ArrowType.Int) type).getIsSigned();
      case FloatingPoint -> ((ArrowType.FloatingPoint) type).getPrecision() != FloatingPointPrecision.HALF;
      case Utf8, Bool -> true;
      case Date -> ((ArrowType.Date) type).getUnit() == DateUnit.DAY;
      default -> false;
    };
  }

  /**
   * The partition fields (nullable, in key order) for the raw values of each key across the files, typed by
   * {@code explicit} when given, else inferred.
   */
  static List<Field> fields(List<String> keys, Map<String, List<String>> rawValues, Schema explicit) {
    List<Field> fields = new ArrayList<>(keys.size());
    for (String key : keys) {
      ArrowType type;
      if (explicit != null) {
        Field given = explicit.getFields().stream().filter(field -> field.getName().equals(key)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("partition key " + key
                + " is not in the partition schema " + explicit));
        type = given.getType();
      } else {
        type = infer(rawValues.get(key));
      }
      fields.add(new Field(key, FieldType.nullable(type), null));
    }
    if (explicit != null && explicit.getFields().size() != keys.size()) {
      throw new IllegalArgumentException("the partition schema " + explicit + " does not match the partition keys "
          + keys + " found in the directories");
    }
    return fields;
  }

  /** Int32 when every value is an integer that fits 32 bits, Int64 when all fit 64 bits, else Utf8. */
  static ArrowType infer(List<String> values) {
    boolean anyValue = false;
    boolean fitsInt = true;
    for (String value : values) {
      if (value == null) {
        continue;
      }
      anyValue = true;
      if (!INTEGER.matcher(value).matches()) {
        return ArrowType.Utf8.INSTANCE;
      }
      try {
        long number = Long.parseLong(value);
        fitsInt &= number == (int) number;
      } catch (NumberFormatException e) {
        return ArrowType.Utf8.INSTANCE;
      }
    }
    if (!anyValue) {
      return ArrowType.Utf8.INSTANCE;
    }
    return new ArrowType.Int(fitsInt ? 32 : 64, true);
  }

  /** One file's typed values, by key, in field order. */
  static Map<String, Object> convert(List<Field> fields, Map<String, String> raw, String relativePath) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (Field field : fields) {
      values.put(field.getName(), convert(field, raw.get(field.getName()), relativePath));
    }
    return values;
  }

  private static Object convert(Field field, String value, String relativePath) {
    if (value == null) {
      return null;
    }
    ArrowType type = field.getType();
    try {
      return switch (type.getTypeID()) {
        case Int -> switch (((ArrowType.Int) type).getBitWidth()) {
          case 8 -> Byte.parseByte(value);
          case 16 -> Short.parseShort(value);
          case 32 -> Integer.parseInt(value);
          default -> Long.parseLong(value);
        };
        case FloatingPoint -> ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.SINGLE
            ? (Object) Float.parseFloat(value) : (Object) Double.parseDouble(value);
        case Bool -> parseBoolean(value);
        case Date -> LocalDate.parse(value);
        default -> value;
      };
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new IllegalArgumentException(relativePath + ": partition value '" + value + "' of " + field.getName()
          + " is not a " + type, e);
    }
  }

  private static Boolean parseBoolean(String value) {
    if (value.equalsIgnoreCase("true")) {
      return Boolean.TRUE;
    }
    if (value.equalsIgnoreCase("false")) {
      return Boolean.FALSE;
    }
    throw new NumberFormatException("not true or false");
  }
}
