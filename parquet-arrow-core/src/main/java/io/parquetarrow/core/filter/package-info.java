/**
 * Row filters for reads: the expression tree ({@link io.parquetarrow.core.filter.Filter}, its literals and the
 * parser of its SQL-like text) and its check against a file's Arrow schema
 * ({@link io.parquetarrow.core.filter.FilterBinding}), done before any data is read; pruning, the rows a filter
 * cannot match decided from column summaries ({@link io.parquetarrow.core.filter.SummaryFilter} over
 * {@link io.parquetarrow.core.filter.ColumnSummary}s built by {@link io.parquetarrow.core.filter.SummaryStatistics},
 * values compared by {@link io.parquetarrow.core.filter.PlainValueOrder}); and the exact evaluation of a filter on a
 * batch's Arrow vectors into a bitmap of selected rows ({@link io.parquetarrow.core.filter.RowPredicate}, with one
 * column check per family of Arrow types).
 */
package io.parquetarrow.core.filter;
