/**
 * Parquet schemas and their mapping to Arrow: the schema tree rebuilt from the footer
 * ({@link io.parquetarrow.core.schema.SchemaDescriptor}, one {@link io.parquetarrow.core.schema.ColumnDescriptor}
 * per leaf), Parquet → Arrow as Arrow C++ reads it ({@link io.parquetarrow.core.schema.ParquetToArrowSchema},
 * producing a {@link io.parquetarrow.core.schema.SchemaMapping} whose
 * {@link io.parquetarrow.core.schema.FieldMapping} tree ties each Arrow field to its columns and levels), and
 * Arrow → Parquet for the writer ({@link io.parquetarrow.core.schema.ArrowToParquetSchema}).
 */
package io.parquetarrow.core.schema;
