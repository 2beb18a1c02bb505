package io.parquetarrow.core.filter;

import static io.parquetarrow.core.filter.Columns.column;
import static io.parquetarrow.core.filter.Columns.int32;
import static io.parquetarrow.core.filter.Columns.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.BoundaryOrder;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.ColumnOrder;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.PageLocation;
import io.parquetarrow.format.Statistics;
import io.parquetarrow.format.Type;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which statistics and page index bounds {@link SummaryStatistics} trusts. */
class SummaryStatisticsTest {
  private static final ColumnOrder TYPE_ORDER = new ColumnOrder.TypeDefinedOrder();

  private static Statistics statistics(byte[] min, byte[] max, byte[] minValue, byte[] maxValue) {
    return new Statistics(max, min, 2L, null, maxValue, minValue, true, true);
  }

  @Test
  void newBoundsNeedTheTypeDefinedOrder() {
    ColumnDescriptor text = column(Type.BYTE_ARRAY, new LogicalType.StringType());
    Statistics bounds = statistics(null, null, utf8("a"), utf8("z"));
    ColumnSummary trusted = SummaryStatistics.of(bounds, 10, text, TYPE_ORDER);
    assertThat(trusted.min()).isEqualTo(utf8("a"));
    assertThat(trusted.max()).isEqualTo(utf8("z"));
    assertThat(trusted.nullCount()).isEqualTo(2);
    assertThat(trusted.valueCount()).isEqualTo(10);
    assertThat(SummaryStatistics.of(bounds, 10, text, null).min()).as("no column_orders").isNull();
    assertThat(SummaryStatistics.of(bounds, 10, text, new ColumnOrder.Unrecognized(7)).max()).isNull();
    assertThat(SummaryStatistics.of(bounds, 10, text, new ColumnOrder.Ieee754TotalOrder()).max())
        .as("IEEE 754 total order is for floating point").isNull();
  }

  @Test
  void deprecatedBoundsOnlyWhereSignedOrderIsTheOrder() {
    Statistics legacy = statistics(int32(-5), int32(7), null, null);
    assertThat(SummaryStatistics.of(legacy, 10, column(Type.INT32), null).min()).isEqualTo(int32(-5));
    assertThat(SummaryStatistics.of(legacy, 10, column(Type.INT32), TYPE_ORDER).max()).isEqualTo(int32(7));
    assertThat(SummaryStatistics.of(legacy, 10, Columns.decimal(Type.INT32, null, 9, 2), null).min()).isNotNull();
    assertThat(SummaryStatistics.of(legacy, 10, Columns.legacy(Type.INT32, ConvertedType.UINT_32), null).min())
        .as("unsigned, written in signed order").isNull();
    Statistics binary = statistics(utf8("a"), utf8("é"), null, null);
    assertThat(SummaryStatistics.of(binary, 10, column(Type.BYTE_ARRAY, new LogicalType.StringType()), null).min())
        .as("old parquet-java ordered byte arrays as signed bytes").isNull();
    assertThat(SummaryStatistics.of(binary, 10, Columns.decimal(Type.FIXED_LEN_BYTE_ARRAY, 1, 2, 0), null).max())
        .isNull();
    assertThat(SummaryStatistics.of(legacy, 10, column(Type.INT32), new ColumnOrder.Unrecognized(9)).min())
        .as("an unknown order voids every bound").isNull();
  }

  @Test
  void unorderedColumnsHaveNoBounds() {
    Statistics twelve = statistics(new byte[12], new byte[12], new byte[12], new byte[12]);
    assertThat(SummaryStatistics.of(twelve, 10, column(Type.INT96), TYPE_ORDER).min()).isNull();
    assertThat(SummaryStatistics.of(twelve, 10, column(Type.INT96), null).min()).isNull();
    assertThat(SummaryStatistics.of(twelve, 10, Columns.interval(), TYPE_ORDER).min()).isNull();
    assertThat(SummaryStatistics.of(twelve, 10, Columns.interval(), TYPE_ORDER).nullCount()).isEqualTo(2);
  }

  @Test
  void truncatedBoundsStillPrune() {
    ColumnDescriptor text = column(Type.BYTE_ARRAY, new LogicalType.StringType());
    Statistics truncated = new Statistics(null, null, 0L, null, utf8("c"), utf8("ab"), false, false);
    ColumnSummary summary = SummaryStatistics.of(truncated, 10, text, TYPE_ORDER);
    assertThat(SummaryFilter.mightMatch(Filter.parse("x = 'abzzz'"), Map.of("x", text), c -> summary))
        .isTrue();
    assertThat(SummaryFilter.mightMatch(Filter.parse("x = 'aa'"), Map.of("x", text), c -> summary))
        .isFalse();
    assertThat(SummaryFilter.mightMatch(Filter.parse("x >= 'c'"), Map.of("x", text), c -> summary))
        .as("the truncated max is above every value, not one of them").isTrue();
    assertThat(SummaryFilter.mightMatch(Filter.parse("x > 'c'"), Map.of("x", text), c -> summary))
        .isFalse();
  }

  @Test
  void inexactNumericBoundsAreDropped() {
    ColumnDescriptor decimal = Columns.decimal(Type.BYTE_ARRAY, null, 30, 0);
    Statistics cut = new Statistics(null, null, 0L, null, Columns.bytes(0x7F), Columns.bytes(0x01), false, true);
    ColumnSummary summary = SummaryStatistics.of(cut, 10, decimal, TYPE_ORDER);
    assertThat(summary.min()).isEqualTo(Columns.bytes(0x01));
    assertThat(summary.max()).as("the bytes of a cut decimal are not a bound").isNull();
  }

  @Test
  void missingStatisticsAreUnknown() {
    ColumnSummary summary = SummaryStatistics.of(null, 10, column(Type.INT32), TYPE_ORDER);
    assertThat(summary.min()).isNull();
    assertThat(summary.nullCount()).isEqualTo(-1);
    assertThat(summary.valueCount()).isEqualTo(10);
  }

  @Test
  void pageIndexPagesCoverTheirRows() throws Exception {
    ColumnDescriptor x = column(Type.INT32);
    ColumnIndex index = new ColumnIndex(List.of(false, true, false), List.of(int32(0), new byte[0], int32(20)),
        List.of(int32(9), new byte[0], int32(29)), BoundaryOrder.ASCENDING, List.of(0L, 10L, 1L), null, null);
    OffsetIndex offsets = new OffsetIndex(List.of(new PageLocation(4, 100, 0), new PageLocation(104, 100, 10),
        new PageLocation(204, 100, 20)), null);
    List<ColumnSummary.PageSummary> pages =
        SummaryStatistics.ofPageIndex(index, offsets, 30, x, TYPE_ORDER, "t.parquet");
    assertThat(pages).extracting(ColumnSummary.PageSummary::firstRow).containsExactly(0L, 10L, 20L);
    assertThat(pages).extracting(ColumnSummary.PageSummary::endRow).containsExactly(10L, 20L, 30L);
    assertThat(pages.get(1).summary().nullCount()).isEqualTo(pages.get(1).summary().valueCount());
    assertThat(pages.get(2).summary().min()).isEqualTo(int32(20));
    Map<String, ColumnDescriptor> leaves = Map.of("x", x);
    assertThat(SummaryFilter.rows(Filter.parse("x > 5"), leaves, 30, c -> pages)).hasToString("[0, 10) [20, 30)");
    assertThat(SummaryFilter.rows(Filter.parse("x IS NULL"), leaves, 30, c -> pages)).hasToString("[10, 30)");
    List<ColumnSummary.PageSummary> untrusted = SummaryStatistics.ofPageIndex(index, offsets, 30, x, null,
        "t.parquet");
    assertThat(untrusted.get(2).summary().min()).isNull();
    assertThat(SummaryFilter.rows(Filter.parse("x > 50"), leaves, 30, c -> untrusted))
        .as("the all-null page goes even without bounds").hasToString("[0, 10) [20, 30)");
  }

  /**
   * parquet-java 1.13 with statistics off wrote column indexes whose pages are all "null pages" with null counts
   * of -1, for required columns too (datapage_v1-*-checksum.parquet in parquet-testing); Arrow C++ keeps one such
   * index as a test of a malformed index. A null page that cannot hold only nulls discredits the whole index.
   */
  @Test
  void nullPagesThatContradictTheColumnOrTheirNullCountsAreNotTrusted() throws Exception {
    OffsetIndex offsets = new OffsetIndex(List.of(new PageLocation(4, 100, 0), new PageLocation(104, 100, 10)),
        null);
    ColumnIndex malformed = new ColumnIndex(List.of(true, true), List.of(new byte[0], new byte[0]),
        List.of(new byte[0], new byte[0]), BoundaryOrder.ASCENDING, List.of(-1L, -1L), null, null);
    ColumnDescriptor required = Columns.required(Type.INT32);
    List<ColumnSummary.PageSummary> pages = SummaryStatistics.ofPageIndex(malformed, offsets, 20, required,
        TYPE_ORDER, "t.parquet");
    Map<String, ColumnDescriptor> leaves = Map.of("x", required);
    assertThat(SummaryFilter.rows(Filter.parse("x = 1"), leaves, 20, c -> pages)).hasToString("[0, 20)");
    ColumnDescriptor optional = column(Type.INT32);
    List<ColumnSummary.PageSummary> unknownCounts = SummaryStatistics.ofPageIndex(malformed, offsets, 20,
        optional, TYPE_ORDER, "t.parquet");
    assertThat(SummaryFilter.rows(Filter.parse("x = 1"), Map.of("x", optional), 20, c -> unknownCounts))
        .as("null pages with null counts of -1").hasToString("[0, 20)");
    ColumnIndex noNulls = new ColumnIndex(List.of(true, false), List.of(new byte[0], int32(0)),
        List.of(new byte[0], int32(9)), BoundaryOrder.ASCENDING, List.of(0L, 0L), null, null);
    List<ColumnSummary.PageSummary> contradicted = SummaryStatistics.ofPageIndex(noNulls, offsets, 20, optional,
        TYPE_ORDER, "t.parquet");
    assertThat(SummaryFilter.rows(Filter.parse("x = 20"), Map.of("x", optional), 20, c -> contradicted))
        .as("a null page without nulls discredits the whole index").hasToString("[0, 20)");
  }

  @Test
  void inconsistentPageIndexesAreCorrupt() {
    ColumnDescriptor x = column(Type.INT32);
    ColumnIndex index = new ColumnIndex(List.of(false), List.of(int32(0)), List.of(int32(9)),
        BoundaryOrder.UNORDERED, null, null, null);
    OffsetIndex two = new OffsetIndex(List.of(new PageLocation(4, 100, 0), new PageLocation(104, 100, 10)), null);
    assertThatThrownBy(() -> SummaryStatistics.ofPageIndex(index, two, 30, x, TYPE_ORDER, "t.parquet"))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("t.parquet: column x")
        .hasMessageContaining("2");
    OffsetIndex late = new OffsetIndex(List.of(new PageLocation(4, 100, 5)), null);
    assertThatThrownBy(() -> SummaryStatistics.ofPageIndex(index, late, 30, x, TYPE_ORDER, "t.parquet"))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("page 0 covers rows [5, 30)");
  }
}
