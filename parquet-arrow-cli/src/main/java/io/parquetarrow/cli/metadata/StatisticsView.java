package io.parquetarrow.cli.metadata;

import io.parquetarrow.cli.output.DisplayValue;
import io.parquetarrow.format.Statistics;
import io.parquetarrow.format.Type;

/**
 * A column chunk's statistics as the command line shows them: the bounds decoded by
 * {@link StatisticsValueDecoder}, the counts, and whether the bounds are exact.
 *
 * <p>Which bounds: {@code min_value}/{@code max_value} when the file has them, since they follow the column's
 * sort order. The deprecated {@code min}/{@code max} were always compared as signed values (parquet.thrift,
 * {@code FileMetaData.column_orders}), so they are taken only where signed comparison is the column's order:
 * BOOLEAN, INT32, INT64, FLOAT and DOUBLE columns not annotated as unsigned integers. For byte arrays (ordered
 * as unsigned bytes), unsigned integers and INT96 the deprecated bounds may be wrong and are not shown.
 *
 * @param nullCount null when the writer did not record it
 * @param distinctCount null when the writer did not record it
 * @param min the lower bound, or null when none is usable
 * @param max the upper bound, or null when none is usable
 * @param minExact whether {@code min} is a value of the column (false when the writer truncated it), or null
 * @param maxExact whether {@code max} is a value of the column, or null
 * @param deprecatedBounds whether the bounds come from the deprecated {@code min}/{@code max} fields
 */
public record StatisticsView(
    Long nullCount, Long distinctCount, DisplayValue min, DisplayValue max, Boolean minExact, Boolean maxExact,
    boolean deprecatedBounds) {

  /**
   * The view of {@code statistics} for a column of this type.
   *
   * @param columnOrderDefined whether the footer's {@code column_orders} gives this column an order this
   *     program knows (TYPE_ORDER); when it names an unknown order, {@code min_value}/{@code max_value} must
   *     be ignored (parquet.thrift). Pass true when the footer has no {@code column_orders} at all: writers
   *     that set {@code min_value} without it used the type order, and readers (Arrow C++, parquet-java)
   *     accept those bounds.
   */
  public static StatisticsView of(
      Statistics statistics, Type physicalType, int typeLength, TypeAnnotation annotation,
      boolean columnOrderDefined) {
    byte[] minBytes = null;
    byte[] maxBytes = null;
    boolean deprecated = false;
    Boolean minExact = null;
    Boolean maxExact = null;
    if (columnOrderDefined && (statistics.minValue() != null || statistics.maxValue() != null)) {
      minBytes = statistics.minValue();
      maxBytes = statistics.maxValue();
      minExact = statistics.minValue() == null ? null : statistics.isMinValueExact();
      maxExact = statistics.maxValue() == null ? null : statistics.isMaxValueExact();
    } else if ((statistics.min() != null || statistics.max() != null)
        && signedOrderIsTheColumnOrder(physicalType, annotation)) {
      minBytes = statistics.min();
      maxBytes = statistics.max();
      deprecated = true;
    }
    return new StatisticsView(
        statistics.nullCount(),
        statistics.distinctCount(),
        minBytes == null ? null : StatisticsValueDecoder.decode(minBytes, physicalType, typeLength, annotation),
        maxBytes == null ? null : StatisticsValueDecoder.decode(maxBytes, physicalType, typeLength, annotation),
        minExact,
        maxExact,
        deprecated);
  }

  /** Whether the deprecated, always-signed bounds are valid for a column of this type. */
  static boolean signedOrderIsTheColumnOrder(Type physicalType, TypeAnnotation annotation) {
    return switch (physicalType) {
      case BOOLEAN, FLOAT, DOUBLE -> true;
      case INT32, INT64 -> annotation == null || !annotation.isUnsignedInteger();
      case INT96, BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> false;
    };
  }
}
