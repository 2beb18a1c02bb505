/**
 * Dremel record assembly for nested columns: from a leaf column's definition and repetition levels (decoded in
 * bulk, concatenated across pages) to the validity bitmaps and offsets of every Arrow Struct, List and Map on its
 * path, and the slots its non-null values go to.
 *
 * <p>Inputs: a {@link io.parquetarrow.core.nested.NestedPath} per leaf (built from the Parquet schema path by
 * {@link io.parquetarrow.core.nested.ParquetPaths}); outputs: {@link io.parquetarrow.core.nested.NestedLevels}
 * from {@link io.parquetarrow.core.nested.NestedLevelAssembler}. Batches are cut at records with
 * {@link io.parquetarrow.core.nested.RecordBoundaries}. The package knows neither page decoding nor Arrow vectors;
 * see docs/architecture-nested.md.
 */
package io.parquetarrow.core.nested;
