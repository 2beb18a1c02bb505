/**
 * The page index of a file (column index and offset index, per column chunk): {@link
 * io.parquetarrow.core.index.PageIndexReader} reads and validates those of some columns of a row group with few
 * requests (decrypting them for an encrypted column), {@link io.parquetarrow.core.index.PageIndexes} holds them and
 * finds the pages that hold given rows. Spec: <a
 * href="https://github.com/apache/parquet-format/blob/master/PageIndex.md">PageIndex.md</a>.
 */
package io.parquetarrow.core.index;
