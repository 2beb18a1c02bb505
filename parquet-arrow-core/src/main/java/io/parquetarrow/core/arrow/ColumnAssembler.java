package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.errors.ParquetException;
import org.apache.arrow.vector.FieldVector;

/**
 * The last step of the read path: turns one {@link ColumnBatch} (levels plus non-null values in Parquet
 * physical form) into the contents of one Arrow vector. One implementation per Arrow kind; chosen once per
 * column by {@link ColumnAssemblers}.
 *
 * <p>Contract: the vector is (re)allocated once per batch with exactly the room the batch needs, every buffer
 * range written is bounds-checked once before the write, values are copied in bulk (no per-value
 * {@code setSafe}, no boxing), and on return the vector's value count is the batch's level count.
 */
public interface ColumnAssembler {

  /**
   * Replaces the contents of {@code vector} with {@code batch}. Throws when the batch is inconsistent (the
   * number of non-null levels differs from the number of values) or a value cannot be represented.
   */
  void assemble(ColumnBatch batch, FieldVector vector) throws ParquetException;
}
