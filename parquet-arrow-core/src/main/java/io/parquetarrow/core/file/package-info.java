/**
 * The file layer of the read path, right after the Thrift structs: opening a Parquet file through an
 * {@link io.parquetarrow.core.file.InputFile} (local {@code FileChannel} or any seekable channel), reading and
 * validating its footer ({@link io.parquetarrow.core.file.ParquetFile}), and the immutable metadata model the page
 * and column readers start from ({@link io.parquetarrow.core.file.ParquetMetadata},
 * {@link io.parquetarrow.core.file.RowGroupMetadata}, {@link io.parquetarrow.core.file.ColumnChunkMetadata}).
 * Column chunk byte ranges are checked here, once, to lie inside the file.
 */
package io.parquetarrow.core.file;
