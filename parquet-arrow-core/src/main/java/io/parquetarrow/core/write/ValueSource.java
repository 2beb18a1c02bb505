package io.parquetarrow.core.write;

/**
 * Values handed to the column layer without the column layer knowing where they come from: appends a batch's
 * non-null values, in level order, to a {@link ValueBuffer}. {@link FieldWriter} implements it over an Arrow
 * vector with an {@link ArrowValueExtractor}, so the values go from Arrow to the page buffer in one copy.
 */
@FunctionalInterface
interface ValueSource {
  void appendTo(ValueBuffer values);
}
