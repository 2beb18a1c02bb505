package io.parquetarrow.core.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.function.Function;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.util.Text;

/**
 * A slow, obviously correct evaluator of filters, the other side of the duel with {@link RowPredicate}: values are
 * read one by one with {@code getObject()} into plain Java values (exact {@link BigDecimal} numbers, {@code Double}
 * for floating point, nanoseconds since the epoch for dates and timestamps, bytes for strings and binaries,
 * {@code Boolean}), compared with the literal through {@link Comparable}, and combined with SQL's three-valued
 * logic, a {@code null} {@link Boolean} standing for NULL.
 */
final class RowPredicateReference {
  private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000L);

  private RowPredicateReference() {}

  /** The filter's value on a row whose column values {@code valueOf} gives (null for a null value). */
  static Boolean evaluate(Filter filter, Function<String, Object> valueOf) {
    if (filter instanceof Filter.And and) {
      Boolean result = Boolean.TRUE;
      for (Filter operand : and.operands()) {
        Boolean value = evaluate(operand, valueOf);
        if (Boolean.FALSE.equals(value)) {
          return false;
        }
        if (value == null) {
          result = null;
        }
      }
      return result;
    }
    if (filter instanceof Filter.Or or) {
      Boolean result = Boolean.FALSE;
      for (Filter operand : or.operands()) {
        Boolean value = evaluate(operand, valueOf);
        if (Boolean.TRUE.equals(value)) {
          return true;
        }
        if (value == null) {
          result = null;
        }
      }
      return result;
    }
    if (filter instanceof Filter.Not not) {
      Boolean value = evaluate(not.operand(), valueOf);
      return value == null ? null : !value;
    }
    if (filter instanceof Filter.IsNull isNull) {
      return (valueOf.apply(isNull.column()) == null) != isNull.negated();
    }
    if (filter instanceof Filter.Comparison comparison) {
      Object value = valueOf.apply(comparison.column());
      return value == null ? null : holds(comparison.operator(), compare(value, comparison.value()));
    }
    if (filter instanceof Filter.Between between) {
      Object value = valueOf.apply(between.column());
      return value == null ? null : holds(Filter.Operator.GE, compare(value, between.low()))
          && holds(Filter.Operator.LE, compare(value, between.high()));
    }
    Filter.In in = (Filter.In) filter;
    Object value = valueOf.apply(in.column());
    if (value == null) {
      return null;
    }
    for (Literal literal : in.values()) {
      if (holds(Filter.Operator.EQ, compare(value, literal))) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code order} (null: unordered, a NaN) satisfies the operator, as Java's double comparisons do. */
  private static boolean holds(Filter.Operator operator, Integer order) {
    if (order == null) {
      return operator == Filter.Operator.NE;
    }
    return switch (operator) {
      case EQ -> order == 0;
      case NE -> order != 0;
      case LT -> order < 0;
      case LE -> order <= 0;
      case GT -> order > 0;
      case GE -> order >= 0;
    };
  }

  /** The order of a reference value against a literal; null when either is NaN. */
  private static Integer compare(Object value, Literal literal) {
    if (value instanceof byte[] bytes) {
      return Integer.signum(Arrays.compareUnsigned(bytes,
          ((String) literal.value()).getBytes(StandardCharsets.UTF_8)));
    }
    if (value instanceof Boolean bool) {
      return bool.compareTo((Boolean) literal.value());
    }
    if (value instanceof BigInteger nanos) {
      return nanos.compareTo(nanos(literal));
    }
    Object number = literal.kind() == Literal.Kind.FLOAT ? literal.value() : literal.decimalValue();
    return compareNumbers(value, number);
  }

  /** Exact order of two numbers, each a BigDecimal or a Double that may be infinite or NaN. */
  static Integer compareNumbers(Object left, Object right) {
    if (isNaN(left) || isNaN(right)) {
      return null;
    }
    int leftInfinity = infinity(left);
    int rightInfinity = infinity(right);
    if (leftInfinity != 0 || rightInfinity != 0) {
      return Integer.compare(leftInfinity, rightInfinity);
    }
    return exact(left).compareTo(exact(right));
  }

  private static boolean isNaN(Object number) {
    return number instanceof Double value && value.isNaN();
  }

  private static int infinity(Object number) {
    return number instanceof Double value && value.isInfinite() ? (value > 0 ? 1 : -1) : 0;
  }

  private static BigDecimal exact(Object number) {
    return number instanceof Double value ? new BigDecimal(value) : (BigDecimal) number;
  }

  /** A date or timestamp literal as nanoseconds since the epoch, UTC. */
  static BigInteger nanos(Literal literal) {
    LocalDateTime time = literal.kind() == Literal.Kind.DATE ? ((LocalDate) literal.value()).atStartOfDay()
        : (LocalDateTime) literal.value();
    return nanos(time);
  }

  static BigInteger nanos(LocalDateTime time) {
    return BigInteger.valueOf(time.toEpochSecond(ZoneOffset.UTC)).multiply(NANOS_PER_SECOND)
        .add(BigInteger.valueOf(time.getNano()));
  }

  /** The reference value of a row of a vector (of values, not indices), null for a null. */
  static Object value(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return null;
    }
    Object value = vector.getObject(row);
    if (vector instanceof UInt1Vector unsigned) {
      return BigDecimal.valueOf(unsigned.getObjectNoOverflow(row));
    }
    if (vector instanceof UInt2Vector) {
      return BigDecimal.valueOf((Character) value);
    }
    if (vector instanceof UInt4Vector unsigned) {
      return BigDecimal.valueOf(unsigned.getObjectNoOverflow(row));
    }
    if (vector instanceof UInt8Vector unsigned) {
      return new BigDecimal(unsigned.getObjectNoOverflow(row));
    }
    if (vector instanceof Float2Vector) {
      return (double) Float16.toFloat((Short) value);
    }
    if (vector instanceof DateDayVector) {
      return BigInteger.valueOf((Integer) value).multiply(BigInteger.valueOf(86_400L)).multiply(NANOS_PER_SECOND);
    }
    if (vector instanceof DateMilliVector) {
      return nanos((LocalDateTime) value);
    }
    if (vector instanceof TimeStampVector) {
      if (value instanceof LocalDateTime time) {
        return nanos(time);
      }
      TimeUnit unit = ((ArrowType.Timestamp) vector.getField().getType()).getUnit();
      long perUnit = switch (unit) {
        case SECOND -> 1_000_000_000L;
        case MILLISECOND -> 1_000_000L;
        case MICROSECOND -> 1_000L;
        case NANOSECOND -> 1L;
      };
      return BigInteger.valueOf((Long) value).multiply(BigInteger.valueOf(perUnit));
    }
    if (value instanceof Text text) {
      return text.copyBytes();
    }
    if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    if (value instanceof Float || value instanceof Double) {
      return ((Number) value).doubleValue();
    }
    return value; // BigDecimal, byte[], Boolean
  }
}
