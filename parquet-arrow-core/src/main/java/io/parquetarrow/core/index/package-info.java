/**
 * What a column chunk stores beside its pages for skipping data, read for filter pushdown: its split block Bloom
 * filter ({@link io.parquetarrow.core.index.BloomFilterReader}, giving a
 * {@link io.parquetarrow.core.index.SplitBlockBloomFilter}, whose bitset and hashing the writer shares). It fills a
 * {@link io.parquetarrow.core.filter.ColumnSummary}, reading through the file layer and getting an encrypted
 * chunk's decryptor from {@link io.parquetarrow.core.read.ColumnChunks}, as the normal read does.
 */
package io.parquetarrow.core.index;
