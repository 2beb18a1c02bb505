package io.parquetarrow.core.dataset;

import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.Literal;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Folds the columns that are constant in one file into a {@link Filter}: partition columns (the file's partition
 * values) and columns the file lacks (null in every row). What is left, the residual, reads only the file's own
 * columns and goes to its reader; a filter that folds to false rules the whole file out.
 *
 * <p>The filter is first put in negation normal form ({@code NOT} only on single predicates, De Morgan above), so
 * that under SQL's three-valued logic an unknown predicate (a comparison with a null) can be taken as false: with
 * no {@code NOT} above it, it can never make the whole filter true. A negated predicate on a constant is true only
 * when the predicate is false, not unknown. Constants compare as the file reader compares values: numbers exactly
 * (as decimals; a NaN compares false except with {@code !=}), strings by their UTF-8 bytes, dates with dates or
 * timestamps (a date as its midnight), booleans with booleans.
 */
final class FilterFolding {
  private FilterFolding() {}

  /** A folded filter: always true, never true, or a residual filter on the file's own columns. */
  record Folded(boolean alwaysTrue, boolean neverTrue, Filter residual) {
    static final Folded TRUE = new Folded(true, false, null);
    static final Folded FALSE = new Folded(false, true, null);

    static Folded of(boolean value) {
      return value ? TRUE : FALSE;
    }
  }

  /**
   * Folds {@code filter} with {@code constants} (top-level column name to value; a null value is a null column).
   * A column path's first part names its top-level column; columns not in {@code constants} stay in the residual.
   */
  static Folded fold(Filter filter, Map<String, Object> constants) {
    return fold(filter, false, constants);
  }

  private static Folded fold(Filter filter, boolean negate, Map<String, Object> constants) {
    if (filter instanceof Filter.Not not) {
      return fold(not.operand(), !negate, constants);
    }
    if (filter instanceof Filter.And and) {
      return negate ? anyOf(and.operands(), true, constants) : allOf(and.operands(), false, constants);
    }
    if (filter instanceof Filter.Or or) {
      return negate ? allOf(or.operands(), true, constants) : anyOf(or.operands(), false, constants);
    }
    String column = column(filter);
    String topLevel = column.split("\\.", -1)[0];
    if (!constants.containsKey(topLevel)) {
      return new Folded(false, false, negate ? Filter.not(filter) : filter);
    }
    // A struct column the file lacks is null, and so is each of its fields.
    Object value = column.equals(topLevel) ? constants.get(topLevel) : null;
    if (value == null && constants.get(topLevel) != null) {
      throw new IllegalArgumentException("filter column " + column + ": " + topLevel + " is not a struct");
    }
    Boolean truth = evaluate(filter, value);
    // Unknown (null) stays unknown under NOT, and unknown is never true.
    return truth == null ? Folded.FALSE : Folded.of(truth != negate);
  }

  private static Folded allOf(List<Filter> operands, boolean negate, Map<String, Object> constants) {
    List<Filter> residuals = new ArrayList<>();
    for (Filter operand : operands) {
      Folded folded = fold(operand, negate, constants);
      if (folded.neverTrue()) {
        return Folded.FALSE;
      }
      if (!folded.alwaysTrue()) {
        residuals.add(folded.residual());
      }
    }
    return residuals.isEmpty() ? Folded.TRUE
        : new Folded(false, false, Filter.and(residuals.toArray(Filter[]::new)));
  }

  private static Folded anyOf(List<Filter> operands, boolean negate, Map<String, Object> constants) {
    List<Filter> residuals = new ArrayList<>();
    for (Filter operand : operands) {
      Folded folded = fold(operand, negate, constants);
      if (folded.alwaysTrue()) {
        return Folded.TRUE;
      }
      if (!folded.neverTrue()) {
        residuals.add(folded.residual());
      }
    }
    return residuals.isEmpty() ? Folded.FALSE
        : new Folded(false, false, Filter.or(residuals.toArray(Filter[]::new)));
  }

  private static String column(Filter filter) {
    if (filter instanceof Filter.Comparison comparison) {
      return comparison.column();
    }
    if (filter instanceof Filter.Between between) {
      return between.column();
    }
    if (filter instanceof Filter.In in) {
      return in.column();
    }
    return ((Filter.IsNull) filter).column();
  }

  /** The predicate on a constant: true, false, or null for unknown (a comparison with a null). */
  static Boolean evaluate(Filter predicate, Object value) {
    if (predicate instanceof Filter.IsNull isNull) {
      return (value == null) != isNull.negated();
    }
    if (value == null) {
      return null;
    }
    if (predicate instanceof Filter.Comparison comparison) {
      return compare(value, comparison.operator(), comparison.value());
    }
    if (predicate instanceof Filter.Between between) {
      return compare(value, Filter.Operator.GE, between.low()) && compare(value, Filter.Operator.LE, between.high());
    }
    for (Literal literal : ((Filter.In) predicate).values()) {
      if (compare(value, Filter.Operator.EQ, literal)) {
        return true;
      }
    }
    return false;
  }

  private static boolean compare(Object value, Filter.Operator operator, Literal literal) {
    if (value instanceof Double || value instanceof Float) {
      double number = ((Number) value).doubleValue();
      if (Double.isNaN(number) || literal.kind() == Literal.Kind.FLOAT && Double.isNaN((Double) literal.value())) {
        return operator == Filter.Operator.NE;
      }
      if (Double.isInfinite(number)) {
        return holds(operator, number > 0 ? 1 : -1);
      }
    }
    int order;
    if (value instanceof Number number) {
      BigDecimal decimal = number instanceof Double || number instanceof Float
          ? new BigDecimal(number.doubleValue()) : BigDecimal.valueOf(number.longValue());
      if (literal.kind() == Literal.Kind.FLOAT && Double.isInfinite((Double) literal.value())) {
        order = (Double) literal.value() > 0 ? -1 : 1;
      } else {
        order = decimal.compareTo(literal.decimalValue());
      }
    } else if (value instanceof String text) {
      order = Arrays.compareUnsigned(text.getBytes(StandardCharsets.UTF_8),
          ((String) literal.value()).getBytes(StandardCharsets.UTF_8));
    } else if (value instanceof Boolean bool) {
      order = Boolean.compare(bool, (Boolean) literal.value());
    } else {
      LocalDate date = (LocalDate) value;
      order = literal.kind() == Literal.Kind.DATE ? date.compareTo((LocalDate) literal.value())
          : date.atStartOfDay().compareTo((LocalDateTime) literal.value());
    }
    return holds(operator, order);
  }

  private static boolean holds(Filter.Operator operator, int order) {
    return switch (operator) {
      case EQ -> order == 0;
      case NE -> order != 0;
      case LT -> order < 0;
      case LE -> order <= 0;
      case GT -> order > 0;
      case GE -> order >= 0;
    };
  }
}
