/**
 * What a column chunk stores beside its pages for skipping data, read for filter pushdown: its split block Bloom
 * filter ({@link io.parquetarrow.core.index.BloomFilterReader}, giving a
 * {@link io.parquetarrow.core.index.SplitBlockBloomFilter}, whose bitset and hashing the writer shares) and, when
 * every data page is dictionary encoded, its dictionary's values
 * ({@link io.parquetarrow.core.index.DictionaryValuesReader}). Both fill a
 * {@link io.parquetarrow.core.filter.ColumnSummary}; both read through the file layer and, for pages and
 * decryption, through {@link io.parquetarrow.core.read.ColumnChunks}, so they check, decompress and decrypt as the
 * normal read does.
 */
package io.parquetarrow.core.index;
