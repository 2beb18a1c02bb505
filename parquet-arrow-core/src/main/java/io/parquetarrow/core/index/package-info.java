/**
 * What a column chunk stores beside its pages for skipping data, read for filter pushdown: the page index
 * (column index and offset index; {@link io.parquetarrow.core.index.PageIndexReader} reads and validates those of
 * some columns of a row group with few requests, decrypting them for an encrypted column, and
 * {@link io.parquetarrow.core.index.PageIndexes} finds the pages that hold given rows), the split block Bloom
 * filter ({@link io.parquetarrow.core.index.BloomFilterReader}, giving a
 * {@link io.parquetarrow.core.index.SplitBlockBloomFilter}, whose bitset and hashing the writer shares) and, when
 * every data page is dictionary encoded, the dictionary's values
 * ({@link io.parquetarrow.core.index.DictionaryValuesReader}). Spec: <a
 * href="https://github.com/apache/parquet-format/blob/master/PageIndex.md">PageIndex.md</a>.
 */
package io.parquetarrow.core.index;
