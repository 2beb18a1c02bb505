/**
 * The read path above the column layer: what {@code ParquetArrowReader} plans at open and how
 * it schedules the reading of row groups. Internal to parquet-arrow; the types are public only for the facade.
 *
 * <p>In the order data takes: {@link ReadPlan} (the fields selected, their Arrow schema
 * and how each is read, built once per open) → {@link ReadScheduler} (one thread, the
 * columns of a batch on workers, or lanes of row groups) → {@link RowGroupReader} (one
 * row group, some of the fields) → one {@link FieldReader} per top-level field
 * ({@link FlatFieldReader} or {@link NestedFieldReader}, the
 * only classes that call the column layer) → {@link ColumnChunks}, the one place a
 * column chunk is opened. The column, page and arrow packages below never import this one, and this one imports
 * nothing from the facade's package ({@link ReadSettings} stands for the options). One reader per shape of field:
 * docs/decisions/0011-one-read-route-per-shape.md.
 */
package io.parquetarrow.core.read;
