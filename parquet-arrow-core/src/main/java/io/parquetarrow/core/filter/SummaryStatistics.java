package io.parquetarrow.core.filter;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.ColumnOrder;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.Statistics;
import io.parquetarrow.format.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds {@link ColumnSummary}s from a footer's column chunk statistics and from a chunk's page index, keeping
 * only the bounds that can be trusted for pruning:
 *
 * <ul>
 *   <li>{@code min_value}/{@code max_value} (and the page index bounds) when the footer's {@code column_orders}
 *       gives the column TYPE_DEFINED_ORDER (or IEEE_754_TOTAL_ORDER for a floating-point column, whose NaN
 *       bounds {@link SummaryFilter} ignores) and the column's values have an order ({@link PlainValueOrder});
 *   <li>the deprecated {@code min}/{@code max} only where signed comparison is the column's order: BOOLEAN,
 *       FLOAT, DOUBLE, and INT32/INT64 that are not unsigned integers. Old parquet-java wrote them in signed
 *       byte order for byte arrays, so never for BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY (decimals included), INT96 or
 *       unsigned integers;
 *   <li>nothing for INT96, INTERVAL and other columns without an order here, nor under an order this library
 *       does not know.
 * </ul>
 *
 * <p>A column index with a page called a null page where it cannot be one is not trusted at all.
 *
 * <p>Truncated bounds ({@code is_min_value_exact} false) of strings and other byte arrays are kept: they still bound
 * the values. An inexact bound of any other type (a decimal's bytes cut short) is dropped.
 */
public final class SummaryStatistics {
  private SummaryStatistics() {}

  /** What the chunk's footer statistics tell; {@link ColumnSummary#UNKNOWN} when its metadata is unreadable. */
  public static ColumnSummary ofStatistics(ColumnChunkMetadata chunk, ParquetMetadata file) {
    if (!chunk.isMetadataAvailable()) {
      return ColumnSummary.UNKNOWN;
    }
    long valueCount;
    try {
      valueCount = chunk.valueCount();
    } catch (ParquetEncryptionException unavailable) {
      return ColumnSummary.UNKNOWN;
    }
    ColumnDescriptor column = chunk.column();
    return of(chunk.statistics(), valueCount, column, columnOrder(file, column));
  }

  /**
   * The summary of {@code statistics} for a column whose footer order is {@code order} (null when the footer
   * has no {@code column_orders}).
   *
   * @param valueCount the chunk's {@code num_values}, -1 when unknown
   */
  static ColumnSummary of(Statistics statistics, long valueCount, ColumnDescriptor column, ColumnOrder order) {
    if (statistics == null) {
      return new ColumnSummary(null, null, -1, valueCount, null, null);
    }
    long nullCount = statistics.nullCount() == null || statistics.nullCount() < 0 ? -1 : statistics.nullCount();
    byte[] min = null;
    byte[] max = null;
    if (boundsFollowOrder(column, order)) {
      boolean prefixesAreBounds = PlainValueOrder.of(column).ordersAsBytes();
      min = prefixesAreBounds || !Boolean.FALSE.equals(statistics.isMinValueExact()) ? statistics.minValue() : null;
      max = prefixesAreBounds || !Boolean.FALSE.equals(statistics.isMaxValueExact()) ? statistics.maxValue() : null;
    }
    if (min == null && max == null && signedOrderIsColumnOrder(column)
        && (order == null || order instanceof ColumnOrder.TypeDefinedOrder)) {
      min = statistics.min();
      max = statistics.max();
    }
    return new ColumnSummary(min, max, nullCount, valueCount, null, null);
  }

  /**
   * One summary per page of a chunk of {@code rowCount} rows: page i covers the rows from its
   * {@code first_row_index} to the next page's (the last one to {@code rowCount}).
   *
   * @throws ParquetCorruptionException when the column index and offset index disagree on the pages, or the
   *     pages' first rows do not start at 0 and grow
   */
  public static List<ColumnSummary.PageSummary> ofPageIndex(ColumnIndex columnIndex, OffsetIndex offsetIndex,
      long rowCount, ColumnDescriptor column, ParquetMetadata file) throws ParquetCorruptionException {
    return ofPageIndex(columnIndex, offsetIndex, rowCount, column, columnOrder(file, column), file.source());
  }

  /**
   * As {@link #ofPageIndex(ColumnIndex, OffsetIndex, long, ColumnDescriptor, ParquetMetadata)} for a column whose
   * footer order is {@code order} (null when the footer has no {@code column_orders}); {@code source} names the
   * file in errors.
   */
  static List<ColumnSummary.PageSummary> ofPageIndex(ColumnIndex columnIndex, OffsetIndex offsetIndex,
      long rowCount, ColumnDescriptor column, ColumnOrder order, String source) throws ParquetCorruptionException {
    int pages = offsetIndex.pageLocations().size();
    String where = source + ": column " + column.dottedPath();
    if (columnIndex.nullPages().size() != pages || columnIndex.minValues().size() != pages
        || columnIndex.maxValues().size() != pages
        || (columnIndex.nullCounts() != null && columnIndex.nullCounts().size() != pages)) {
      throw ParquetCorruptionException.of("%s: the column index describes %d pages (%d min, %d max values) but"
          + " the offset index lists %d", where, columnIndex.nullPages().size(), columnIndex.minValues().size(),
          columnIndex.maxValues().size(), pages);
    }
    // A contradictory null page (see nullPagesContradict) discredits the whole index, as parquet-java drops it.
    boolean contradicted = nullPagesContradict(columnIndex, column);
    boolean trusted = !contradicted && boundsFollowOrder(column, order);
    boolean flat = column.maxRepetitionLevel() == 0;
    List<ColumnSummary.PageSummary> summaries = new ArrayList<>(pages);
    for (int i = 0; i < pages; i++) {
      long first = offsetIndex.pageLocations().get(i).firstRowIndex();
      long end = i + 1 < pages ? offsetIndex.pageLocations().get(i + 1).firstRowIndex() : rowCount;
      if ((i == 0 && first != 0) || first < 0 || end < first || end > rowCount) {
        throw ParquetCorruptionException.of("%s: page %d covers rows [%d, %d) of a row group of %d rows",
            where, i, first, end, rowCount);
      }
      // A flat column has one value per row; a repeated one an unknown number.
      long values = flat ? end - first : -1;
      ColumnSummary summary;
      if (contradicted) {
        summary = new ColumnSummary(null, null, -1, values, null, null);
      } else if (columnIndex.nullPages().get(i)) {
        summary = new ColumnSummary(null, null, values, values, null, null);
      } else {
        Long nullCount = columnIndex.nullCounts() == null ? null : columnIndex.nullCounts().get(i);
        summary = new ColumnSummary(trusted ? columnIndex.minValues().get(i) : null,
            trusted ? columnIndex.maxValues().get(i) : null,
            nullCount == null || nullCount < 0 ? -1 : nullCount, values, null, null);
      }
      summaries.add(new ColumnSummary.PageSummary(first, end, summary));
    }
    return summaries;
  }

  /**
   * Whether some page is called a null page (only nulls) where it cannot be one: in a column that holds no nulls,
   * or with a null count that is not positive. parquet-java 1.13 with statistics off wrote such indexes, every
   * page a null page with a null count of -1 (parquet-testing's datapage_v1-*-checksum.parquet); parquet-java
   * now rejects a null page whose null count is 0 (apache/parquet-java#3457).
   */
  private static boolean nullPagesContradict(ColumnIndex columnIndex, ColumnDescriptor column) {
    for (int i = 0; i < columnIndex.nullPages().size(); i++) {
      if (!columnIndex.nullPages().get(i)) {
        continue;
      }
      Long nullCount = columnIndex.nullCounts() == null ? null : columnIndex.nullCounts().get(i);
      if (column.maxDefinitionLevel() == 0 || (nullCount != null && nullCount <= 0)) {
        return true;
      }
    }
    return false;
  }

  /** The footer's order for the column, or null when the footer has none. */
  private static ColumnOrder columnOrder(ParquetMetadata file, ColumnDescriptor column) {
    List<ColumnOrder> orders = file.fileMetaData().columnOrders();
    if (orders == null) {
      return null;
    }
    int leaf = column.leafIndex();
    // A list of the wrong length is a broken footer: its orders cannot be matched to the columns.
    return orders.size() == file.schema().columnCount() && leaf < orders.size()
        ? orders.get(leaf) : new ColumnOrder.Unrecognized(-1);
  }

  /** Whether {@code min_value}/{@code max_value} under {@code order} are bounds in the column's order. */
  private static boolean boundsFollowOrder(ColumnDescriptor column, ColumnOrder order) {
    PlainValueOrder values = PlainValueOrder.of(column);
    if (!values.isOrdered() || column.physicalType() == Type.INT96) {
      return false;
    }
    return order instanceof ColumnOrder.TypeDefinedOrder
        || (order instanceof ColumnOrder.Ieee754TotalOrder && values.isFloatingPoint());
  }

  /** Whether the deprecated, always signed, {@code min}/{@code max} are bounds in the column's order. */
  private static boolean signedOrderIsColumnOrder(ColumnDescriptor column) {
    PlainValueOrder values = PlainValueOrder.of(column);
    if (!values.isOrdered()) {
      return false;
    }
    LogicalType logical = column.effectiveLogicalType();
    return switch (column.physicalType()) {
      case BOOLEAN, FLOAT, DOUBLE -> true;
      case INT32, INT64 -> !(logical instanceof LogicalType.IntType integer && !integer.isSigned());
      case INT96, BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> false;
    };
  }
}
