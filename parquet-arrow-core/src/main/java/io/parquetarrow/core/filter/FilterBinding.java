package io.parquetarrow.core.filter;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Checks a {@link Filter} against the Arrow schema a file reads as, before any data is read: every column path
 * names a leaf (through struct, list and map children by name), and every literal can compare with its column as
 * in SQL (a number with any numeric column, a string with a string or binary column, a boolean with a boolean, a
 * date or timestamp with a date or timestamp column). Anything else is an {@link IllegalArgumentException} naming
 * the column, its type and the literal.
 */
public final class FilterBinding {
  private FilterBinding() {}

  /** The leaf field of each column the filter reads, by dotted path, in order of first appearance. */
  public static Map<String, Field> bind(Filter filter, Schema schema) {
    Map<String, Field> columns = new LinkedHashMap<>();
    for (String path : filter.columns()) {
      columns.put(path, leaf(path, schema));
    }
    check(filter, columns);
    return columns;
  }

  private static void check(Filter filter, Map<String, Field> columns) {
    if (filter instanceof Filter.And and) {
      and.operands().forEach(operand -> check(operand, columns));
    } else if (filter instanceof Filter.Or or) {
      or.operands().forEach(operand -> check(operand, columns));
    } else if (filter instanceof Filter.Not not) {
      check(not.operand(), columns);
    } else if (filter instanceof Filter.Comparison comparison) {
      checkLiteral(comparison.column(), columns.get(comparison.column()), comparison.value());
    } else if (filter instanceof Filter.Between between) {
      checkLiteral(between.column(), columns.get(between.column()), between.low());
      checkLiteral(between.column(), columns.get(between.column()), between.high());
    } else if (filter instanceof Filter.In in) {
      in.values().forEach(value -> checkLiteral(in.column(), columns.get(in.column()), value));
    }
    // IS [NOT] NULL applies to every leaf.
  }

  private static Field leaf(String path, Schema schema) {
    String[] parts = path.split("\\.", -1);
    List<Field> candidates = schema.getFields();
    Field field = null;
    for (int i = 0; i < parts.length; i++) {
      field = child(candidates, parts[i]);
      if (field == null) {
        throw new IllegalArgumentException("filter column " + path + ": the file has no column "
            + String.join(".", Arrays.copyOf(parts, i + 1)));
      }
      candidates = field.getChildren();
    }
    if (!field.getChildren().isEmpty()) {
      throw new IllegalArgumentException("filter column " + path + " is a " + field.getType()
          + ", not a leaf; a filter compares leaf columns (a struct's fields by dotted path)");
    }
    return field;
  }

  private static Field child(List<Field> fields, String name) {
    for (Field field : fields) {
      if (field.getName().equals(name)) {
        return field;
      }
    }
    return null;
  }

  private static void checkLiteral(String path, Field field, Literal literal) {
    ArrowType type = field.getType();
    Literal.Kind kind = literal.kind();
    boolean comparable = switch (type.getTypeID()) {
      case Int, FloatingPoint, Decimal -> kind.numeric();
      case Utf8, LargeUtf8, Binary, LargeBinary, FixedSizeBinary -> kind == Literal.Kind.STRING;
      case Bool -> kind == Literal.Kind.BOOLEAN;
      case Date, Timestamp -> kind == Literal.Kind.DATE || kind == Literal.Kind.TIMESTAMP;
      default -> false;
    };
    if (!comparable) {
      throw new IllegalArgumentException("filter column " + path + " of type " + type + " cannot compare with "
          + kind.name().toLowerCase(Locale.ROOT) + " literal " + literal);
    }
  }
}
