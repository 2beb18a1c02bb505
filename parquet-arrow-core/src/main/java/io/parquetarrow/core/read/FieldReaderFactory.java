package io.parquetarrow.core.read;

import io.parquetarrow.core.file.RowGroupMetadata;
import java.io.IOException;

/**
 * Opens one field's {@link FieldReader} in each row group one thread reads, and keeps what outlives a row group:
 * the field's Arrow assemblers and their scratch, which grow to a batch's size once and are reused from then on.
 * Made by {@link FieldPlan#newReaderFactory}; one per thread reading the field, since assemblers hold scratch.
 */
public interface FieldReaderFactory extends AutoCloseable {
  /**
   * Opens the field's column chunks in row group {@code rowGroup} (its index in the file) through {@code chunks}.
   *
   * @throws IOException a {@code ParquetException} for a chunk that cannot be read (see {@link ColumnChunks#open})
   */
  FieldReader open(ColumnChunks chunks, int rowGroup, RowGroupMetadata metadata) throws IOException;

  /** Gives the scratch arrays back for other readers; no reader it opened may be in use. */
  @Override
  void close();
}
