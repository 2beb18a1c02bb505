package io.parquetarrow.core.column;

import io.parquetarrow.errors.ParquetException;
import java.io.IOException;

/**
 * Where {@link FlatColumnReader#read(int, ColumnBatch, FlatBatchTarget)} puts one batch: the column layer's view
 * of one Arrow vector, implemented by the arrow layer, so that the reader chooses how the batch travels and the
 * column layer knows no class of the arrow layer. Rows that are all values, of a width the vector takes unchanged,
 * are written straight into the vector's data buffer ({@link #loadDirect}); any other batch is decoded on the heap
 * and assembled ({@link #assemble}).
 */
public interface FlatBatchTarget {

  /**
   * Bytes per value of the vector's data buffer when it takes the reader's values unchanged (converted, for a
   * converting reader); 0 when every batch goes through {@link #assemble}.
   */
  int directValueWidth();

  /**
   * Allocates the vector's data buffer for {@code rows} values, all valid, has {@code values} write them into it
   * and loads it into the vector.
   */
  void loadDirect(int rows, DirectValues values) throws IOException;

  /** Replaces the vector's contents with {@code batch}. */
  void assemble(ColumnBatch batch) throws ParquetException;

  /** Writes one batch's values through a sink over the vector's data buffer. */
  @FunctionalInterface
  interface DirectValues {
    void writeTo(ValueSink sink) throws IOException;
  }
}
