/**
 * Row filters for reads: the expression tree ({@link io.parquetarrow.core.filter.Filter}, its literals and the
 * parser of its SQL-like text) and its check against a file's Arrow schema
 * ({@link io.parquetarrow.core.filter.FilterBinding}), done before any data is read.
 */
package io.parquetarrow.core.filter;
