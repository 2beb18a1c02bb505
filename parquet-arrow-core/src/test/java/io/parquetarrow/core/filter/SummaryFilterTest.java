package io.parquetarrow.core.filter;

import static io.parquetarrow.core.filter.Columns.column;
import static io.parquetarrow.core.filter.Columns.float64;
import static io.parquetarrow.core.filter.Columns.int32;
import static io.parquetarrow.core.filter.Columns.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.Type;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The pruning decisions of {@link SummaryFilter} on hand-made summaries. */
class SummaryFilterTest {
  private static final ColumnDescriptor INT = column(Type.INT32);
  private static final ColumnDescriptor DOUBLE = column(Type.DOUBLE);
  private static final ColumnDescriptor TEXT = column(Type.BYTE_ARRAY, new LogicalType.StringType());

  private final Map<String, ColumnDescriptor> leaves = new HashMap<>(Map.of("i", INT, "d", DOUBLE, "s", TEXT));
  private final Map<String, ColumnSummary> chunks = new HashMap<>();

  private static ColumnSummary ints(int min, int max, long nulls, long values) {
    return new ColumnSummary(int32(min), int32(max), nulls, values, null, null);
  }

  private static ColumnSummary doubles(double min, double max, long nulls, long values) {
    return new ColumnSummary(float64(min), float64(max), nulls, values, null, null);
  }

  private boolean mightMatch(String filter) {
    return SummaryFilter.mightMatch(Filter.parse(filter), leaves, chunks::get);
  }

  @Test
  void boundsPruneComparisons() {
    chunks.put("i", ints(10, 20, 0, 100));
    assertThat(mightMatch("i = 10")).isTrue();
    assertThat(mightMatch("i = 9")).isFalse();
    assertThat(mightMatch("i = 21")).isFalse();
    assertThat(mightMatch("i < 10")).isFalse();
    assertThat(mightMatch("i < 10.5")).isTrue();
    assertThat(mightMatch("i <= 9.99")).isFalse();
    assertThat(mightMatch("i <= 10")).isTrue();
    assertThat(mightMatch("i > 20")).isFalse();
    assertThat(mightMatch("i > 19.5")).isTrue();
    assertThat(mightMatch("i >= 20.5")).isFalse();
    assertThat(mightMatch("i = 15.5")).as("bounds alone cannot tell that no integer is 15.5").isTrue();
    assertThat(mightMatch("5 < i")).isTrue();
    assertThat(mightMatch("25 < i")).isFalse();
    assertThat(mightMatch("i BETWEEN 21 AND 30")).isFalse();
    assertThat(mightMatch("i BETWEEN 0 AND 9")).isFalse();
    assertThat(mightMatch("i BETWEEN 0 AND 10")).isTrue();
    assertThat(mightMatch("i IN (1, 2, 30)")).isFalse();
    assertThat(mightMatch("i IN (1, 2, 15)")).isTrue();
    assertThat(mightMatch("i != 15")).isTrue();
  }

  @Test
  void notEqualPrunesOnlyWhenEveryValueIsTheLiteral() {
    chunks.put("i", ints(7, 7, 3, 10));
    assertThat(mightMatch("i != 7")).as("the nulls do not match != either").isFalse();
    assertThat(mightMatch("NOT i IN (7, 8)")).isFalse();
    assertThat(mightMatch("NOT i IN (8, 9)")).isTrue();
    assertThat(mightMatch("i != 8")).isTrue();
    chunks.put("i", ints(7, 8, 0, 10));
    assertThat(mightMatch("i != 7")).isTrue();
    chunks.put("s", new ColumnSummary(utf8("abc"), utf8("abc"), 0, 10, null, null));
    assertThat(mightMatch("s != 'abc'")).as("equal bounds, truncated or not, leave one value").isFalse();
  }

  @Test
  void nullCountsDecideNullTests() {
    chunks.put("i", ints(1, 5, 0, 10));
    assertThat(mightMatch("i IS NULL")).isFalse();
    assertThat(mightMatch("i IS NOT NULL")).isTrue();
    assertThat(mightMatch("NOT i IS NOT NULL")).isFalse();
    chunks.put("i", new ColumnSummary(null, null, 10, 10, null, null));
    assertThat(mightMatch("i IS NULL")).isTrue();
    assertThat(mightMatch("i IS NOT NULL")).isFalse();
    assertThat(mightMatch("i = 1")).as("no value to compare").isFalse();
    assertThat(mightMatch("NOT i = 1")).as("a null satisfies no negated comparison").isFalse();
    assertThat(mightMatch("i != 1 OR NOT i < 3")).isFalse();
    chunks.put("i", new ColumnSummary(null, null, -1, 10, null, null));
    assertThat(mightMatch("i IS NULL")).as("unknown null count").isTrue();
    assertThat(mightMatch("i IS NOT NULL")).isTrue();
  }

  @Test
  void notIsPushedToTheLeaves() {
    chunks.put("i", ints(10, 20, 0, 100));
    assertThat(mightMatch("NOT i < 30")).as("i >= 30").isFalse();
    assertThat(mightMatch("NOT i > 5")).as("i <= 5").isFalse();
    assertThat(mightMatch("NOT i >= 10")).isFalse();
    assertThat(mightMatch("NOT i BETWEEN 0 AND 30")).isFalse();
    assertThat(mightMatch("NOT i BETWEEN 0 AND 15")).isTrue();
    assertThat(mightMatch("NOT (i > 5 AND i < 30)")).as("i <= 5 OR i >= 30").isFalse();
    assertThat(mightMatch("NOT (i < 5 OR i > 30)")).isTrue();
    assertThat(mightMatch("NOT NOT i = 3")).isFalse();
    assertThat(mightMatch("NOT (i = 3 OR i IS NULL)")).isTrue();
  }

  @Test
  void andIntersectsAndOrUnites() {
    chunks.put("i", ints(10, 20, 0, 100));
    chunks.put("s", new ColumnSummary(utf8("b"), utf8("d"), 0, 100, null, null));
    assertThat(mightMatch("i = 15 AND s = 'c'")).isTrue();
    assertThat(mightMatch("i = 15 AND s = 'e'")).isFalse();
    assertThat(mightMatch("i = 1 OR s = 'e'")).isFalse();
    assertThat(mightMatch("i = 1 OR s = 'c'")).isTrue();
    assertThat(mightMatch("i = 1 OR missing = 3")).as("an unknown column keeps the rows").isTrue();
    assertThat(mightMatch("i = 1 AND missing = 3")).isFalse();
  }

  @Test
  void unknownColumnsAndIncomparableLiteralsKeepTheRows() {
    assertThat(mightMatch("i = 1")).as("no summary").isTrue();
    chunks.put("i", ColumnSummary.UNKNOWN);
    assertThat(mightMatch("i = 1 AND i IS NULL AND i IS NOT NULL")).isTrue();
    chunks.put("i", ints(1, 2, 0, 10));
    assertThat(mightMatch("i = 'x'")).as("FilterBinding rejects it; pruning keeps it").isTrue();
    leaves.put("r", Columns.repeated(Type.INT32));
    chunks.put("r", ints(1, 2, 0, 10));
    assertThat(mightMatch("r = 5")).as("a repeated leaf is not pruned").isTrue();
  }

  @Test
  void nanBoundsAreNotTrustedAndNanValuesSatisfyNegations() {
    chunks.put("d", doubles(Double.NaN, 5, 0, 10));
    assertThat(mightMatch("d > 6")).isFalse();
    assertThat(mightMatch("d < -100")).as("the NaN min is no bound").isTrue();
    chunks.put("d", doubles(1, 5, 0, 10));
    assertThat(mightMatch("d > 6")).isFalse();
    assertThat(mightMatch("NOT d <= 6")).as("a NaN value, outside the bounds, satisfies it").isTrue();
    assertThat(mightMatch("NOT d BETWEEN 0 AND 10")).isTrue();
    assertThat(mightMatch("NOT d IN (1.5e0, 2.5e0)")).isTrue();
    chunks.put("d", doubles(3, 3, 0, 10));
    assertThat(mightMatch("d != 3")).as("NaN values may hide outside equal bounds").isTrue();
    assertThat(mightMatch("d = 3")).isTrue();
  }

  @Test
  void nanLiteralsEqualNothing() {
    chunks.put("i", ints(1, 5, 0, 10));
    Filter equal = new Filter.Comparison("i", Filter.Operator.EQ, Literal.of(Double.NaN));
    Filter less = new Filter.Comparison("i", Filter.Operator.LT, Literal.of(Double.NaN));
    Filter notEqual = new Filter.Comparison("i", Filter.Operator.NE, Literal.of(Double.NaN));
    assertThat(SummaryFilter.mightMatch(equal, leaves, chunks::get)).isFalse();
    assertThat(SummaryFilter.mightMatch(less, leaves, chunks::get)).isFalse();
    assertThat(SummaryFilter.mightMatch(Filter.not(less), leaves, chunks::get)).isTrue();
    assertThat(SummaryFilter.mightMatch(notEqual, leaves, chunks::get)).isTrue();
    assertThat(SummaryFilter.mightMatch(Filter.in("i", Double.NaN, 9), leaves, chunks::get)).isFalse();
    assertThat(SummaryFilter.mightMatch(Filter.in("i", Double.NaN, 3), leaves, chunks::get)).isTrue();
    assertThat(SummaryFilter.mightMatch(Filter.between("i", Double.NaN, 3), leaves, chunks::get)).isFalse();
    chunks.put("i", new ColumnSummary(null, null, 10, 10, null, null));
    assertThat(SummaryFilter.mightMatch(notEqual, leaves, chunks::get)).as("all null").isFalse();
  }

  @Test
  void dictionariesPruneWhenNoEntrySatisfies() {
    List<byte[]> dictionary = List.of(int32(1), int32(5), int32(9));
    chunks.put("i", ints(1, 9, 2, 10).withDictionary(dictionary));
    assertThat(mightMatch("i = 5")).isTrue();
    assertThat(mightMatch("i = 4")).as("within the bounds, absent from the dictionary").isFalse();
    assertThat(mightMatch("i IN (2, 3, 4)")).isFalse();
    assertThat(mightMatch("i IN (2, 9)")).isTrue();
    assertThat(mightMatch("i BETWEEN 2 AND 4")).isFalse();
    assertThat(mightMatch("i > 5 AND i < 9")).isTrue();
    assertThat(mightMatch("NOT i IN (1, 5, 9)")).isFalse();
    assertThat(mightMatch("NOT i IN (1, 5)")).isTrue();
    assertThat(mightMatch("i != 1")).isTrue();
    assertThat(mightMatch("i IS NULL")).as("the dictionary says nothing of nulls").isTrue();
    chunks.put("d", new ColumnSummary(null, null, 0, 10, List.of(float64(Double.NaN), float64(2)), null));
    assertThat(mightMatch("d = 2.0")).isTrue();
    assertThat(mightMatch("d = 3.0")).isFalse();
    assertThat(mightMatch("NOT d = 2.0")).as("the NaN entry").isTrue();
    chunks.put("d", new ColumnSummary(null, null, 0, 10, List.of(float64(-0.0)), null));
    assertThat(mightMatch("d = 0")).as("-0.0 = 0").isTrue();
  }

  @Test
  void bloomFiltersPruneEqualities() {
    RecordingBloom bloom = new RecordingBloom(Set.of(ByteBuffer.wrap(int32(4)), ByteBuffer.wrap(int32(7))));
    chunks.put("i", ints(1, 9, 0, 10).withBloom(bloom));
    assertThat(mightMatch("i = 4")).isTrue();
    assertThat(mightMatch("i = 5")).isFalse();
    assertThat(mightMatch("i = 5.5")).as("no INT32 is 5.5").isFalse();
    assertThat(mightMatch("i IN (2, 3, 7)")).isTrue();
    assertThat(mightMatch("i IN (2, 3)")).isFalse();
    assertThat(mightMatch("i < 3")).as("a bloom filter knows nothing of order").isTrue();
    assertThat(mightMatch("NOT i = 5")).isTrue();
    assertThat(bloom.asked).as("the plain values asked for").extracting(bytes -> ByteBuffer.wrap(bytes).order(
        ByteOrder.LITTLE_ENDIAN).getInt()).contains(4, 5, 2, 3, 7);
    chunks.put("d", doubles(-1, 1, 0, 10).withBloom(new RecordingBloom(Set.of())));
    assertThat(mightMatch("d = 0")).as("0.0 and -0.0 hash differently: the bloom filter is not asked").isTrue();
    assertThat(mightMatch("d = 0.5")).isFalse();
  }

  @Test
  void pagesGiveRowRanges() {
    List<ColumnSummary.PageSummary> pages = List.of(
        new ColumnSummary.PageSummary(0, 100, ints(0, 99, 0, 100)),
        new ColumnSummary.PageSummary(100, 200, ints(100, 199, 0, 100)),
        new ColumnSummary.PageSummary(200, 250, new ColumnSummary(null, null, 50, 50, null, null)),
        new ColumnSummary.PageSummary(250, 300, ColumnSummary.UNKNOWN));
    List<ColumnSummary.PageSummary> text = List.of(
        new ColumnSummary.PageSummary(0, 150, new ColumnSummary(utf8("a"), utf8("m"), 0, 150, null, null)),
        new ColumnSummary.PageSummary(150, 300, new ColumnSummary(utf8("n"), utf8("z"), 0, 150, null, null)));
    Map<String, List<ColumnSummary.PageSummary>> columns = Map.of("i", pages, "s", text);
    assertThat(rows("i < 50", columns)).hasToString("[0, 100) [250, 300)");
    assertThat(rows("i >= 150", columns)).hasToString("[100, 200) [250, 300)");
    assertThat(rows("i IS NULL", columns)).hasToString("[200, 300)");
    assertThat(rows("i IS NULL AND s > 'o'", columns)).hasToString("[200, 300)");
    assertThat(rows("i < 50 AND s > 'o'", columns)).hasToString("[250, 300)");
    assertThat(rows("i = 120 OR s = 'b'", columns)).hasToString("[0, 200) [250, 300)");
    assertThat(rows("i = 120 AND s = 'b'", columns)).hasToString("[100, 150)");
    assertThat(rows("NOT (i >= 50)", columns)).hasToString("[0, 100) [250, 300)");
    assertThat(rows("x = 1", columns)).hasToString("[0, 300)");
  }

  @Test
  void rowsNoPageCoversAreKept() {
    List<ColumnSummary.PageSummary> pages = List.of(new ColumnSummary.PageSummary(0, 100, ints(0, 9, 0, 100)));
    assertThat(rows("i > 50", Map.of("i", pages))).hasToString("[100, 300)");
    assertThat(rows("i > 50", Map.of("i", List.of()))).hasToString("[0, 300)");
  }

  private RowRanges rows(String filter, Map<String, List<ColumnSummary.PageSummary>> columns) {
    return SummaryFilter.rows(Filter.parse(filter), leaves, 300, columns::get);
  }

  /** A bloom filter holding exactly some plain values, recording what it is asked. */
  static final class RecordingBloom implements ColumnSummary.BloomFilter {
    private final Set<ByteBuffer> values;
    final List<byte[]> asked = new ArrayList<>();

    RecordingBloom(Set<ByteBuffer> values) {
      this.values = values;
    }

    @Override
    public boolean mightContain(byte[] plainValue) {
      asked.add(plainValue);
      return values.contains(ByteBuffer.wrap(plainValue));
    }
  }
}
