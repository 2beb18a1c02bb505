package io.parquetarrow.core.filter;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Whether one leaf predicate of a {@link SummaryFilter} may hold for some row a {@link ColumnSummary} describes.
 * It answers false only on proof: every value null, no dictionary value satisfying the predicate, no literal in the
 * bloom filter, or bounds outside the predicate's range. Everything it cannot decide answers true.
 */
final class LeafPruning {
  private static final Literal ZERO = new Literal(Literal.Kind.INTEGER, 0L);

  private final PlainValueOrder order;
  private final Filter predicate;
  private final boolean negated;
  /** The literals that can equal a value: an IN list without its NaNs. */
  private final List<Literal> inValues;
  /**
   * What the predicate is for every non-null value when a NaN literal decides it ({@code x = NaN} is false,
   * {@code x != NaN} true), else null.
   */
  private final Boolean constant;

  LeafPruning(PlainValueOrder order, Filter predicate, boolean negated) {
    this.order = order;
    this.predicate = predicate;
    this.negated = negated;
    Boolean test = null;
    List<Literal> values = List.of();
    if (predicate instanceof Filter.Comparison comparison && isNaN(comparison.value())) {
      test = comparison.operator() == Filter.Operator.NE;
    } else if (predicate instanceof Filter.Between between && (isNaN(between.low()) || isNaN(between.high()))) {
      test = false;
    } else if (predicate instanceof Filter.In in) {
      values = new ArrayList<>();
      for (Literal value : in.values()) {
        if (!isNaN(value)) {
          values.add(value);
        }
      }
      test = values.isEmpty() ? false : null;
    }
    this.inValues = values;
    this.constant = test == null ? null : test != negated;
  }

  private static boolean isNaN(Literal literal) {
    return literal.kind() == Literal.Kind.FLOAT && Double.isNaN((Double) literal.value());
  }

  /** False only when no row of {@code summary} satisfies the predicate. */
  boolean mayHold(ColumnSummary summary) {
    if (summary.valueCount() == 0) {
      return false;
    }
    if (predicate instanceof Filter.IsNull isNull) {
      return isNull.negated() ? !allNull(summary) : summary.nullCount() != 0;
    }
    if (allNull(summary)) {
      return false;
    }
    if (constant != null) {
      return constant;
    }
    if (summary.dictionary() != null && !dictionaryMayHold(summary.dictionary())) {
      return false;
    }
    if (summary.bloom() != null && !bloomMayHold(summary.bloom())) {
      return false;
    }
    return boundsMayHold(trusted(summary.min()), trusted(summary.max()));
  }

  private static boolean allNull(ColumnSummary summary) {
    return summary.valueCount() >= 0 && summary.nullCount() >= summary.valueCount();
  }

  /** A bound, or null when it is a NaN (or cannot be read) in a floating-point column. */
  private byte[] trusted(byte[] bound) {
    if (bound != null && order.isFloatingPoint() && order.compare(bound, ZERO).isEmpty()) {
      return null;
    }
    return bound;
  }

  private boolean dictionaryMayHold(List<byte[]> dictionary) {
    Set<ByteBuffer> wanted = negated ? null : encodedEqualities();
    for (byte[] value : dictionary) {
      if (wanted != null ? wanted.contains(ByteBuffer.wrap(value)) : valueMayHold(value)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The plain values an equality ({@code =} or {@code IN}) holds for, when each of its literals has one plain
   * encoding: a dictionary entry then satisfies it exactly when its bytes are one of them. Null otherwise.
   */
  private Set<ByteBuffer> encodedEqualities() {
    List<Literal> literals = equalityLiterals();
    if (literals == null) {
      return null;
    }
    Set<ByteBuffer> encoded = new HashSet<>();
    for (Literal literal : literals) {
      if (!order.canEncode(literal)) {
        return null;
      }
      order.plainValue(literal).ifPresent(bytes -> encoded.add(ByteBuffer.wrap(bytes)));
    }
    return encoded;
  }

  /** The literals of a non-negated {@code =} or {@code IN}, else null. */
  private List<Literal> equalityLiterals() {
    if (negated) {
      return null;
    }
    if (predicate instanceof Filter.Comparison comparison && comparison.operator() == Filter.Operator.EQ) {
      return List.of(comparison.value());
    }
    return predicate instanceof Filter.In ? inValues : null;
  }

  /** Whether the predicate may hold for one non-null value. */
  private boolean valueMayHold(byte[] value) {
    if (predicate instanceof Filter.Comparison comparison) {
      OptionalInt sign = order.compare(value, comparison.value());
      return sign.isEmpty() || test(comparison.operator(), sign.getAsInt()) != negated;
    }
    if (predicate instanceof Filter.Between between) {
      OptionalInt low = order.compare(value, between.low());
      OptionalInt high = order.compare(value, between.high());
      return low.isEmpty() || high.isEmpty() || (low.getAsInt() >= 0 && high.getAsInt() <= 0) != negated;
    }
    boolean unknown = false;
    for (Literal literal : inValues) {
      OptionalInt sign = order.compare(value, literal);
      if (sign.isPresent() && sign.getAsInt() == 0) {
        return !negated;
      }
      unknown |= sign.isEmpty();
    }
    return negated || unknown;
  }

  private static boolean test(Filter.Operator operator, int sign) {
    return switch (operator) {
      case EQ -> sign == 0;
      case NE -> sign != 0;
      case LT -> sign < 0;
      case LE -> sign <= 0;
      case GT -> sign > 0;
      case GE -> sign >= 0;
    };
  }

  private boolean bloomMayHold(ColumnSummary.BloomFilter bloom) {
    List<Literal> literals = equalityLiterals();
    if (literals == null) {
      return true;
    }
    for (Literal literal : literals) {
      if (!order.canEncode(literal)) {
        return true;
      }
      Optional<byte[]> plain = order.plainValue(literal);
      if (plain.isPresent() && bloom.mightContain(plain.get())) {
        return true;
      }
    }
    return false;
  }

  /** Whether the predicate may hold for a value in {@code [min, max]} (either bound null when unknown). */
  private boolean boundsMayHold(byte[] min, byte[] max) {
    if (min == null && max == null) {
      return true;
    }
    if (negated && order.isFloatingPoint()) {
      // NOT (x < 5), NOT BETWEEN and NOT IN hold for a NaN, which no bound covers.
      return true;
    }
    if (predicate instanceof Filter.Comparison comparison) {
      Filter.Operator operator = negated ? complement(comparison.operator()) : comparison.operator();
      return comparisonMayHold(operator, comparison.value(), min, max);
    }
    if (predicate instanceof Filter.Between between) {
      return negated
          ? comparisonMayHold(Filter.Operator.LT, between.low(), min, max)
              || comparisonMayHold(Filter.Operator.GT, between.high(), min, max)
          : comparisonMayHold(Filter.Operator.GE, between.low(), min, max)
              && comparisonMayHold(Filter.Operator.LE, between.high(), min, max);
    }
    for (Literal literal : inValues) {
      boolean holds = comparisonMayHold(negated ? Filter.Operator.NE : Filter.Operator.EQ, literal, min, max);
      if (holds != negated) {
        // IN: one value in range suffices; NOT IN: one value every row equals excludes all.
        return holds;
      }
    }
    return negated;
  }

  /** {@code NOT (x op v)} as a comparison, for values that are not NaN. */
  private static Filter.Operator complement(Filter.Operator operator) {
    return switch (operator) {
      case EQ -> Filter.Operator.NE;
      case NE -> Filter.Operator.EQ;
      case LT -> Filter.Operator.GE;
      case LE -> Filter.Operator.GT;
      case GT -> Filter.Operator.LE;
      case GE -> Filter.Operator.LT;
    };
  }

  private boolean comparisonMayHold(Filter.Operator operator, Literal literal, byte[] min, byte[] max) {
    int minSign = sign(min, literal);
    int maxSign = sign(max, literal);
    return switch (operator) {
      case EQ -> !(minSign == 1) && !(maxSign == -1);
      // Equal bounds mean every non-null value equals them, truncated or not; NaN values are outside any bounds.
      case NE -> order.isFloatingPoint() || !(minSign == 0 && maxSign == 0);
      case LT -> !(minSign == 0 || minSign == 1);
      case LE -> !(minSign == 1);
      case GT -> !(maxSign == 0 || maxSign == -1);
      case GE -> !(maxSign == -1);
    };
  }

  /** The sign of {@code bound - literal}, or 2 when unknown. */
  private int sign(byte[] bound, Literal literal) {
    if (bound == null) {
      return 2;
    }
    OptionalInt sign = order.compare(bound, literal);
    return sign.isPresent() ? sign.getAsInt() : 2;
  }
}
