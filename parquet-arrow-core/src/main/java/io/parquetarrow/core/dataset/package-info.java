/**
 * Parquet datasets: many Parquet files under a directory tree read as one table, above the single-file reader
 * ({@link io.parquetarrow.core.ParquetArrowReader}). {@link io.parquetarrow.core.dataset.ParquetDataset} finds the
 * files, reads their footers, unifies their Arrow schemas and parses Hive partition directories
 * ({@code key=value}); its reader prunes files by partition values and footer statistics, hands the rest of the
 * filter to each file's reader, and returns batches in the unified schema with the partition columns appended.
 */
package io.parquetarrow.core.dataset;
