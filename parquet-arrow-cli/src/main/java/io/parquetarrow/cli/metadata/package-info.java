/**
 * What the {@code schema} and {@code meta} commands show about a file's footer: the schema printed as
 * parquet-java prints it, the Arrow schema, and column chunk metadata with statistics decoded by type — built as
 * one model ({@link io.parquetarrow.cli.metadata.MetadataReport}) and rendered as text or JSON.
 */
package io.parquetarrow.cli.metadata;
