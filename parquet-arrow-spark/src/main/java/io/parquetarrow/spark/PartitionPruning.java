package io.parquetarrow.spark;

import io.parquetarrow.spark.SourceFiles.SourceFile;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Drops, on the driver, the files whose Hive partition values cannot satisfy the predicates Spark pushed on
 * partition columns alone ({@code = <=> < <= > >= IN IS_NULL IS_NOT_NULL AND OR NOT} against literals). Evaluation is
 * SQL's three-valued logic; a file is dropped only when a predicate is false or null for its values, and whatever
 * this class cannot evaluate keeps the file. Spark still evaluates the predicates after the scan, so pruning only
 * saves reading.
 */
final class PartitionPruning {
  private final StructType partitionSchema;
  private final List<Predicate> predicates = new ArrayList<>();

  PartitionPruning(StructType partitionSchema) {
    this.partitionSchema = partitionSchema;
  }

  /** Keeps {@code predicate} if every column it references is a partition column; says whether it did. */
  boolean offer(Predicate predicate) {
    if (partitionSchema.isEmpty() || !referencesOnlyPartitions(predicate)) {
      return false;
    }
    predicates.add(predicate);
    return true;
  }

  List<Predicate> predicates() {
    return List.copyOf(predicates);
  }

  /** The files whose partition values may satisfy every kept predicate. */
  SourceFiles prune(SourceFiles files) {
    if (predicates.isEmpty()) {
      return files;
    }
    List<SourceFile> kept = new ArrayList<>();
    for (SourceFile file : files.files()) {
      InternalRow values = PartitionValues.row(file, partitionSchema);
      boolean keep = true;
      for (Predicate predicate : predicates) {
        Truth truth = evaluate(predicate, values);
        keep &= truth != Truth.FALSE && truth != Truth.NULL;
      }
      if (keep) {
        kept.add(file);
      }
    }
    return new SourceFiles(kept, files.partitionSchema());
  }

  private boolean referencesOnlyPartitions(Expression expression) {
    if (expression instanceof NamedReference reference) {
      return reference.fieldNames().length == 1 && index(reference.fieldNames()[0]) >= 0;
    }
    for (Expression child : expression.children()) {
      if (!referencesOnlyPartitions(child)) {
        return false;
      }
    }
    return true;
  }

  private int index(String name) {
    StructField[] fields = partitionSchema.fields();
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** SQL truth values, and UNKNOWN for what this class does not evaluate. */
  private enum Truth {
    TRUE, FALSE, NULL, UNKNOWN;

    static Truth of(boolean value) {
      return value ? TRUE : FALSE;
    }

    Truth not() {
      return this == TRUE ? FALSE : this == FALSE ? TRUE : this;
    }
  }

  private Truth evaluate(Predicate predicate, InternalRow values) {
    Expression[] children = predicate.children();
    return switch (predicate.name()) {
      case "AND" -> and(evaluate((Predicate) children[0], values), evaluate((Predicate) children[1], values));
      case "OR" -> and(evaluate((Predicate) children[0], values).not(),
          evaluate((Predicate) children[1], values).not()).not();
      case "NOT" -> evaluate((Predicate) children[0], values).not();
      case "IS_NULL", "IS_NOT_NULL" -> {
        Object value = value(children[0], values);
        if (value == Unknown.VALUE) {
          yield Truth.UNKNOWN;
        }
        yield Truth.of((value == null) == predicate.name().equals("IS_NULL"));
      }
      case "IN" -> {
        Object value = value(children[0], values);
        Truth result = Truth.FALSE;
        for (int i = 1; i < children.length; i++) {
          result = and(result.not(), compare("=", value, value(children[i], values)).not()).not();
        }
        yield result;
      }
      case "=", "<=>", "<", "<=", ">", ">=" ->
          compare(predicate.name(), value(children[0], values), value(children[1], values));
      default -> Truth.UNKNOWN;
    };
  }

  private static Truth and(Truth left, Truth right) {
    if (left == Truth.FALSE || right == Truth.FALSE) {
      return Truth.FALSE;
    }
    if (left == Truth.UNKNOWN || right == Truth.UNKNOWN) {
      return Truth.UNKNOWN;
    }
    return left == Truth.NULL || right == Truth.NULL ? Truth.NULL : Truth.TRUE;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Truth compare(String operator, Object left, Object right) {
    if (left == Unknown.VALUE || right == Unknown.VALUE) {
      return Truth.UNKNOWN;
    }
    if (left == null || right == null) {
      return operator.equals("<=>") ? Truth.of(left == right) : Truth.NULL;
    }
    if (left.getClass() != right.getClass() || !(left instanceof Comparable)) {
      return Truth.UNKNOWN;
    }
    int order = ((Comparable) left).compareTo(right);
    return Truth.of(switch (operator) {
      case "<" -> order < 0;
      case "<=" -> order <= 0;
      case ">" -> order > 0;
      case ">=" -> order >= 0;
      default -> order == 0;
    });
  }

  /** Marks a value this class cannot know. */
  private enum Unknown { VALUE }

  private Object value(Expression expression, InternalRow values) {
    if (expression instanceof Literal<?> literal) {
      return literal.value();
    }
    if (expression instanceof NamedReference reference) {
      int index = index(reference.fieldNames()[0]);
      return values.isNullAt(index) ? null : values.get(index, partitionSchema.fields()[index].dataType());
    }
    return Unknown.VALUE;
  }
}
