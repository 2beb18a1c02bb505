package io.parquetarrow.spark;

import io.parquetarrow.spark.SourceFiles.SourceFile;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Hive partition columns ({@code key=value} directories): their types, inferred from every value as Spark infers
 * them for its file sources (integer, then long, then double, then date, else string; the widest type any value
 * needs), and each file's values as a Spark row. {@code __HIVE_DEFAULT_PARTITION__} is null. Values are unescaped
 * from the {@code %XX} form Spark writes.
 */
final class PartitionValues {
  static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

  private PartitionValues() {}

  /** The partition schema of a set of files; empty when no file sits in a {@code key=value} directory. */
  static StructType inferSchema(List<SourceFile> files) {
    Map<String, Integer> kinds = new LinkedHashMap<>();
    for (SourceFile file : files) {
      for (Map.Entry<String, String> entry : file.partitionText().entrySet()) {
        int kind = kindOf(entry.getValue());
        kinds.merge(entry.getKey(), kind, PartitionValues::widen);
      }
    }
    List<StructField> fields = new ArrayList<>();
    for (Map.Entry<String, Integer> entry : kinds.entrySet()) {
      fields.add(DataTypes.createStructField(entry.getKey(), typeOf(entry.getValue()), true));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /** One file's partition values in {@code schema}'s order; a column its directories lack is null. */
  static InternalRow row(SourceFile file, StructType schema) {
    Object[] values = new Object[schema.size()];
    for (int i = 0; i < values.length; i++) {
      String text = file.partitionText().get(schema.fields()[i].name());
      values[i] = text == null || text.equals(DEFAULT_PARTITION) ? null : parse(text, schema.fields()[i].dataType());
    }
    return new GenericInternalRow(values);
  }

  private static final int NULL = 0;
  private static final int INTEGER = 1;
  private static final int LONG = 2;
  private static final int DOUBLE = 3;
  private static final int DATE = 4;
  private static final int STRING = 5;

  private static int kindOf(String text) {
    if (text.equals(DEFAULT_PARTITION)) {
      return NULL;
    }
    try {
      Integer.parseInt(text);
      return INTEGER;
    } catch (NumberFormatException notInteger) {
      // wider kinds below
    }
    try {
      Long.parseLong(text);
      return LONG;
    } catch (NumberFormatException notLong) {
      // wider kinds below
    }
    try {
      Double.parseDouble(text);
      return text.chars().allMatch(c -> Character.isDigit(c) || c == '.' || c == '-' || c == 'e' || c == 'E')
          ? DOUBLE : STRING;
    } catch (NumberFormatException notDouble) {
      // wider kinds below
    }
    try {
      LocalDate.parse(text);
      return DATE;
    } catch (DateTimeParseException notDate) {
      return STRING;
    }
  }

  private static int widen(int a, int b) {
    if (a == NULL || b == NULL) {
      return Math.max(a, b);
    }
    boolean numeric = a <= DOUBLE && b <= DOUBLE;
    if (numeric) {
      return Math.max(a, b);
    }
    return a == b ? a : STRING;
  }

  private static DataType typeOf(int kind) {
    return switch (kind) {
      case INTEGER -> DataTypes.IntegerType;
      case LONG -> DataTypes.LongType;
      case DOUBLE -> DataTypes.DoubleType;
      case DATE -> DataTypes.DateType;
      default -> DataTypes.StringType;
    };
  }

  private static Object parse(String text, DataType type) {
    if (type == DataTypes.IntegerType) {
      return Integer.parseInt(text);
    }
    if (type == DataTypes.LongType) {
      return Long.parseLong(text);
    }
    if (type == DataTypes.DoubleType) {
      return Double.parseDouble(text);
    }
    if (type == DataTypes.DateType) {
      return (int) LocalDate.parse(text).toEpochDay();
    }
    if (type == DataTypes.StringType) {
      return UTF8String.fromString(text);
    }
    throw new IllegalArgumentException("partition columns of type " + type + " are not supported");
  }

  /** Undoes Spark's {@code escapePathName}: {@code %XX} is the character with that hexadecimal code. */
  static String unescape(String text) {
    if (text.indexOf('%') < 0) {
      return text;
    }
    StringBuilder result = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%' && i + 2 < text.length()) {
        try {
          result.append((char) Integer.parseInt(text.substring(i + 1, i + 3), 16));
          i += 2;
          continue;
        } catch (NumberFormatException notEscape) {
          // a literal percent sign
        }
      }
      result.append(c);
    }
    return result.toString();
  }
}
