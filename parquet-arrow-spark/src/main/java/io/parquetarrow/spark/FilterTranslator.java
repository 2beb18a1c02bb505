package io.parquetarrow.spark;

import io.parquetarrow.core.filter.Filter;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Translates Spark's V2 {@link Predicate}s into core {@link Filter}s: the driver's pushdown step. Handled:
 * {@code = <=> < <= > >= IN IS_NULL IS_NOT_NULL AND OR NOT} between a data column (a top-level name or a path
 * through structs) and a literal, {@code ALWAYS_TRUE} and {@code ALWAYS_FALSE} inside them not. A predicate is
 * <em>exact</em> when a read with {@code filterRows(true)} returns precisely the rows Spark's evaluation keeps:
 * columns of integer, boolean, string, date and decimal types; floats (NaN ordering differs) and timestamps are
 * pushed for pruning only, and Spark evaluates them again.
 */
final class FilterTranslator {
  private final StructType dataSchema;

  FilterTranslator(StructType dataSchema) {
    this.dataSchema = dataSchema;
  }

  /** A translated predicate and whether Spark may skip evaluating it again. */
  record Translation(Filter filter, boolean exact) {}

  Optional<Translation> translate(Predicate predicate) {
    Expression[] children = predicate.children();
    switch (predicate.name()) {
      case "AND", "OR" -> {
        Optional<Translation> left = translate((Predicate) children[0]);
        Optional<Translation> right = translate((Predicate) children[1]);
        if (left.isEmpty() || right.isEmpty()) {
          return Optional.empty();
        }
        Filter filter = predicate.name().equals("AND") ? Filter.and(left.get().filter(), right.get().filter())
            : Filter.or(left.get().filter(), right.get().filter());
        return Optional.of(new Translation(filter, left.get().exact() && right.get().exact()));
      }
      case "NOT" -> {
        return translate((Predicate) children[0])
            .map(inner -> new Translation(Filter.not(inner.filter()), inner.exact()));
      }
      case "IS_NULL", "IS_NOT_NULL" -> {
        Optional<Column> column = column(children[0]);
        return column.map(c -> new Translation(predicate.name().equals("IS_NULL") ? Filter.isNull(c.path())
            : Filter.isNotNull(c.path()), true));
      }
      case "IN" -> {
        Optional<Column> column = column(children[0]);
        if (column.isEmpty() || children.length < 2) {
          return Optional.empty();
        }
        List<Object> values = new ArrayList<>();
        for (int i = 1; i < children.length; i++) {
          Optional<Object> value = value(children[i], column.get().type());
          if (value.isEmpty()) {
            return Optional.empty();
          }
          values.add(value.get());
        }
        return Optional.of(new Translation(Filter.in(column.get().path(), values.toArray()),
            column.get().exact()));
      }
      case "=", "<=>", "<", "<=", ">", ">=" -> {
        return comparison(predicate.name(), children[0], children[1]);
      }
      default -> {
        return Optional.empty();
      }
    }
  }

  private Optional<Translation> comparison(String operator, Expression left, Expression right) {
    boolean columnFirst = left instanceof NamedReference;
    Optional<Column> column = column(columnFirst ? left : right);
    Expression literal = columnFirst ? right : left;
    if (column.isEmpty() || !(literal instanceof Literal<?> constant)) {
      return Optional.empty();
    }
    String path = column.get().path();
    if (constant.value() == null) {
      // x <=> NULL is IS NULL; any other comparison with a null is never true.
      return operator.equals("<=>") ? Optional.of(new Translation(Filter.isNull(path), true)) : Optional.empty();
    }
    Optional<Object> value = value(literal, column.get().type());
    if (value.isEmpty()) {
      return Optional.empty();
    }
    String flipped = columnFirst ? operator : switch (operator) {
      case "<" -> ">";
      case "<=" -> ">=";
      case ">" -> "<";
      case ">=" -> "<=";
      default -> operator;
    };
    Filter filter = switch (flipped) {
      case "<" -> Filter.lt(path, value.get());
      case "<=" -> Filter.le(path, value.get());
      case ">" -> Filter.gt(path, value.get());
      case ">=" -> Filter.ge(path, value.get());
      default -> Filter.eq(path, value.get());
    };
    return Optional.of(new Translation(filter, column.get().exact()));
  }

  private record Column(String path, DataType type, boolean exact) {}

  /** The data column a reference names, when it is one the core filter can test. */
  private Optional<Column> column(Expression expression) {
    if (!(expression instanceof NamedReference reference)) {
      return Optional.empty();
    }
    String[] names = reference.fieldNames();
    DataType type = dataSchema;
    for (String name : names) {
      if (!(type instanceof StructType struct) || name.contains(".")) {
        return Optional.empty();
      }
      StructField field = find(struct, name);
      if (field == null) {
        return Optional.empty();
      }
      type = field.dataType();
    }
    boolean exact = type instanceof ByteType || type instanceof ShortType || type instanceof IntegerType
        || type instanceof LongType || type instanceof BooleanType || type instanceof StringType
        || type instanceof DateType || type instanceof DecimalType;
    boolean testable = exact || type instanceof TimestampType || type instanceof TimestampNTZType;
    return testable ? Optional.of(new Column(String.join(".", names), type, exact)) : Optional.empty();
  }

  private static StructField find(StructType struct, String name) {
    for (StructField field : struct.fields()) {
      if (field.name().equals(name)) {
        return field;
      }
    }
    return null;
  }

  /** The literal's value as a Java value core's {@code Literal.of} takes, or empty for a type it cannot hold. */
  private static Optional<Object> value(Expression expression, DataType columnType) {
    if (!(expression instanceof Literal<?> literal) || literal.value() == null) {
      return Optional.empty();
    }
    Object value = literal.value();
    DataType type = literal.dataType();
    if (type instanceof BinaryType) {
      return Optional.empty();
    }
    if (value instanceof UTF8String text) {
      return Optional.of(text.toString());
    }
    if (value instanceof Decimal decimal) {
      return Optional.of((Object) new BigDecimal(decimal.toJavaBigDecimal().toString()));
    }
    if (type instanceof DateType) {
      return Optional.of(LocalDate.ofEpochDay((Integer) value));
    }
    if (type instanceof TimestampType) {
      Instant instant = Instant.EPOCH.plusNanos(Math.multiplyExact((Long) value, 1000L));
      return Optional.of(instant);
    }
    if (type instanceof TimestampNTZType) {
      long micros = (Long) value;
      return Optional.of(LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
          (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC));
    }
    if (value instanceof Number || value instanceof Boolean) {
      return Optional.of(value);
    }
    return Optional.empty();
  }
}
