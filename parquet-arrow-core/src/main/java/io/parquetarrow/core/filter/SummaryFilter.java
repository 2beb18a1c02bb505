package io.parquetarrow.core.filter;

import io.parquetarrow.core.schema.ColumnDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Decides which rows of a row group a {@link Filter} may match from what is known of its columns without
 * decoding them ({@link ColumnSummary}: statistics bounds, null counts, dictionaries, bloom filters; per chunk or
 * per page of the page index). The reader then skips row groups ({@link #mightMatch}) and pages ({@link #rows})
 * that cannot match; the rows it keeps still go through the row evaluator, which has the last word.
 *
 * <p>Semantics, shared with the row evaluator: SQL's three-valued logic, so a null satisfies no comparison and no
 * negated comparison ({@code NOT (x = 1)} does not hold for a null {@code x}); values compare as
 * {@link PlainValueOrder} defines; a NaN compares false with everything (itself included) except through
 * {@code !=}, so {@code x != NaN} holds for every non-null {@code x}, {@code x = NaN} for none, and
 * {@code NOT (x < 5)} holds for a NaN {@code x}.
 *
 * <p>Conservative where unsure: a column with no summary, no {@link ColumnDescriptor}, a repeated leaf (whose
 * rows hold several values), a comparison the column's order cannot answer, or a NaN bound keeps every row it
 * concerns. {@code NOT} is pushed down to the leaves first (De Morgan; {@code NOT (x < 5)} as {@code x >= 5}
 * except on floating-point columns, whose NaN values satisfy it).
 */
public final class SummaryFilter {
  private SummaryFilter() {}

  /** A filter with its {@code NOT}s pushed down to the leaves. */
  private sealed interface Node permits AllOf, AnyOf, Leaf {}

  private record AllOf(List<Node> operands) implements Node {}

  private record AnyOf(List<Node> operands) implements Node {}

  /**
   * A predicate on one column ({@link Filter.Comparison}, {@link Filter.Between}, {@link Filter.In} or
   * {@link Filter.IsNull}); {@code negated}: the predicate is false (not unknown) for the value.
   */
  private record Leaf(String column, Filter predicate, boolean negated) implements Node {}

  /**
   * The rows of a row group of {@code rowCount} rows the filter may match.
   *
   * @param leaves the Parquet leaf of each filter column path; a column without one keeps every row
   * @param summaries a column's page summaries, in row order, covering rows {@code [0, rowCount)}; null or empty
   *     when nothing is known of the column (every row kept). Rows no page covers are kept.
   */
  public static RowRanges rows(Filter filter, Map<String, ColumnDescriptor> leaves, long rowCount,
      Function<String, List<ColumnSummary.PageSummary>> summaries) {
    return new Evaluation(leaves, rowCount, summaries).rows(pushNot(filter, false));
  }

  /**
   * Whether the filter may match some row of a row group whose columns are summarized by {@code summaries} (a
   * column's chunk summary, or null when nothing is known).
   */
  public static boolean mightMatch(Filter filter, Map<String, ColumnDescriptor> leaves,
      Function<String, ColumnSummary> summaries) {
    Function<String, List<ColumnSummary.PageSummary>> oneUnit = column -> {
      ColumnSummary summary = summaries.apply(column);
      return summary == null ? null : List.of(new ColumnSummary.PageSummary(0, 1, summary));
    };
    return !rows(filter, leaves, 1, oneUnit).isEmpty();
  }

  /** The filter in negation normal form: {@code negate} asks for the filter's negation. */
  private static Node pushNot(Filter filter, boolean negate) {
    if (filter instanceof Filter.Not not) {
      return pushNot(not.operand(), !negate);
    }
    if (filter instanceof Filter.And and) {
      List<Node> operands = pushNotAll(and.operands(), negate);
      return negate ? new AnyOf(operands) : new AllOf(operands);
    }
    if (filter instanceof Filter.Or or) {
      List<Node> operands = pushNotAll(or.operands(), negate);
      return negate ? new AllOf(operands) : new AnyOf(operands);
    }
    if (filter instanceof Filter.IsNull isNull) {
      return new Leaf(isNull.column(), negate ? new Filter.IsNull(isNull.column(), !isNull.negated()) : isNull,
          false);
    }
    if (negate && filter instanceof Filter.Comparison comparison
        && (comparison.operator() == Filter.Operator.EQ || comparison.operator() == Filter.Operator.NE)) {
      // !(a == b) is a != b for every value, NaN included.
      Filter.Operator flipped = comparison.operator() == Filter.Operator.EQ ? Filter.Operator.NE : Filter.Operator.EQ;
      return new Leaf(comparison.column(), new Filter.Comparison(comparison.column(), flipped, comparison.value()),
          false);
    }
    return new Leaf(leafColumn(filter), filter, negate);
  }

  private static List<Node> pushNotAll(List<Filter> operands, boolean negate) {
    List<Node> nodes = new ArrayList<>(operands.size());
    for (Filter operand : operands) {
      nodes.add(pushNot(operand, negate));
    }
    return nodes;
  }

  private static String leafColumn(Filter filter) {
    if (filter instanceof Filter.Comparison comparison) {
      return comparison.column();
    }
    if (filter instanceof Filter.Between between) {
      return between.column();
    }
    return ((Filter.In) filter).column();
  }

  /** One call of {@link #rows}: its inputs. */
  private static final class Evaluation {
    private final Map<String, ColumnDescriptor> leaves;
    private final long rowCount;
    private final Function<String, List<ColumnSummary.PageSummary>> summaries;

    Evaluation(Map<String, ColumnDescriptor> leaves, long rowCount,
        Function<String, List<ColumnSummary.PageSummary>> summaries) {
      this.leaves = leaves;
      this.rowCount = rowCount;
      this.summaries = summaries;
    }

    RowRanges rows(Node node) {
      if (node instanceof AllOf all) {
        RowRanges result = RowRanges.all(rowCount);
        for (Node operand : all.operands()) {
          if (result.isEmpty()) {
            break;
          }
          result = result.intersect(rows(operand));
        }
        return result;
      }
      if (node instanceof AnyOf any) {
        RowRanges result = RowRanges.none();
        for (Node operand : any.operands()) {
          if (result.coversAll(rowCount)) {
            break;
          }
          result = result.union(rows(operand));
        }
        return result;
      }
      return leafRows((Leaf) node);
    }

    private RowRanges leafRows(Leaf leaf) {
      ColumnDescriptor column = leaves.get(leaf.column());
      List<ColumnSummary.PageSummary> pages = column == null ? null : summaries.apply(leaf.column());
      if (pages == null || pages.isEmpty() || column.maxRepetitionLevel() > 0) {
        return RowRanges.all(rowCount);
      }
      LeafPruning pruning = new LeafPruning(PlainValueOrder.of(column), leaf.predicate(), leaf.negated());
      long[] keptStarts = new long[pages.size()];
      long[] keptEnds = new long[pages.size()];
      long[] coveredStarts = new long[pages.size()];
      long[] coveredEnds = new long[pages.size()];
      for (int i = 0; i < pages.size(); i++) {
        ColumnSummary.PageSummary page = pages.get(i);
        long start = Math.max(0, page.firstRow());
        long end = Math.min(rowCount, page.endRow());
        coveredStarts[i] = start;
        coveredEnds[i] = end;
        boolean kept = end > start && pruning.mayHold(page.summary() == null ? ColumnSummary.UNKNOWN : page.summary());
        keptStarts[i] = kept ? start : 0;
        keptEnds[i] = kept ? end : 0;
      }
      RowRanges uncovered = RowRanges.union(coveredStarts, coveredEnds).complement(rowCount);
      return RowRanges.union(keptStarts, keptEnds).union(uncovered);
    }
  }
}
