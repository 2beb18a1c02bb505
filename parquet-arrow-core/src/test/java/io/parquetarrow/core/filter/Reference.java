package io.parquetarrow.core.filter;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

/**
 * A plain row-at-a-time filter evaluator over Java values (Long, Double, BigDecimal, String, LocalDate, null), the
 * oracle of the random pruning test: SQL's three-valued logic (null is unknown), numbers by exact value, NaN false
 * in every comparison except {@code !=}, strings by code point, dates against timestamps as midnight.
 */
final class Reference {
  private Reference() {}

  /** TRUE, FALSE, or null for unknown. */
  static Boolean evaluate(Filter filter, Map<String, List<Object>> columns, int row) {
    if (filter instanceof Filter.And and) {
      boolean unknown = false;
      for (Filter operand : and.operands()) {
        Boolean value = evaluate(operand, columns, row);
        if (Boolean.FALSE.equals(value)) {
          return false;
        }
        unknown |= value == null;
      }
      return unknown ? null : true;
    }
    if (filter instanceof Filter.Or or) {
      boolean unknown = false;
      for (Filter operand : or.operands()) {
        Boolean value = evaluate(operand, columns, row);
        if (Boolean.TRUE.equals(value)) {
          return true;
        }
        unknown |= value == null;
      }
      return unknown ? null : false;
    }
    if (filter instanceof Filter.Not not) {
      Boolean value = evaluate(not.operand(), columns, row);
      return value == null ? null : !value;
    }
    if (filter instanceof Filter.IsNull isNull) {
      return (columns.get(isNull.column()).get(row) == null) != isNull.negated();
    }
    if (filter instanceof Filter.Comparison comparison) {
      Object value = columns.get(comparison.column()).get(row);
      return value == null ? null : compare(value, comparison.operator(), comparison.value());
    }
    if (filter instanceof Filter.Between between) {
      Object value = columns.get(between.column()).get(row);
      return value == null ? null : compare(value, Filter.Operator.GE, between.low())
          && compare(value, Filter.Operator.LE, between.high());
    }
    Filter.In in = (Filter.In) filter;
    Object value = columns.get(in.column()).get(row);
    if (value == null) {
      return null;
    }
    for (Literal literal : in.values()) {
      if (compare(value, Filter.Operator.EQ, literal)) {
        return true;
      }
    }
    return false;
  }

  private static boolean compare(Object value, Filter.Operator operator, Literal literal) {
    Object other = literal.value();
    if (isNaN(value) || isNaN(other)) {
      return operator == Filter.Operator.NE;
    }
    int sign = Integer.signum(compareValues(value, other));
    return switch (operator) {
      case EQ -> sign == 0;
      case NE -> sign != 0;
      case LT -> sign < 0;
      case LE -> sign <= 0;
      case GT -> sign > 0;
      case GE -> sign >= 0;
    };
  }

  private static boolean isNaN(Object value) {
    return value instanceof Double number && number.isNaN();
  }

  /** Orders two non-null values of comparable kinds (Double.compare's total order between two doubles). */
  static int compareValues(Object a, Object b) {
    if (a instanceof Double x && b instanceof Double y) {
      return x.equals(-0.0) || y.equals(-0.0) ? Double.compare(x + 0.0, y + 0.0) : Double.compare(x, y);
    }
    if (a instanceof Number x && b instanceof Number y) {
      boolean infinite = isInfinite(x) || isInfinite(y);
      return infinite ? Double.compare(x.doubleValue(), y.doubleValue()) : exact(x).compareTo(exact(y));
    }
    if (a instanceof String x && b instanceof String y) {
      return compareCodePoints(x, y);
    }
    return instant(a).compareTo(instant(b));
  }

  private static boolean isInfinite(Number number) {
    return number instanceof Double value && value.isInfinite();
  }

  private static BigDecimal exact(Number number) {
    if (number instanceof BigDecimal decimal) {
      return decimal;
    }
    if (number instanceof Double value) {
      return new BigDecimal(value);
    }
    return BigDecimal.valueOf(number.longValue());
  }

  private static int compareCodePoints(String a, String b) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] != y[i]) {
        return Integer.compare(x[i], y[i]);
      }
    }
    return Integer.compare(x.length, y.length);
  }

  private static LocalDateTime instant(Object value) {
    return value instanceof LocalDate date ? date.atStartOfDay() : (LocalDateTime) value;
  }
}
