package io.parquetarrow.core.read;

import java.io.IOException;
import org.apache.arrow.vector.FieldVector;

/**
 * Reads one top-level field of one row group into Arrow vectors, row after row: the seam between the scheduling
 * above ({@link RowGroupReader}) and the column layer below. Opened by the field's {@link FieldReaderFactory};
 * {@link FlatFieldReader} and {@link NestedFieldReader} are the implementations, one per shape.
 *
 * <p>Problems with the bytes are {@code ParquetCorruptionException}s naming the file, row group and column. After
 * a failure the reader stops mid-page and must not be read again. Not thread-safe; different fields' readers may
 * run on different threads at once.
 */
public interface FieldReader extends AutoCloseable {
  /**
   * Fills {@code vector} with the next {@code rows} rows (records, for a nested field), replacing its contents;
   * a dictionary-encoded field replaces its dictionary too.
   */
  void read(int rows, FieldVector vector) throws IOException;

  /**
   * Moves past the next {@code rows} rows and fills {@code vector} with only the {@code selected} of them whose bit
   * is set in {@code selection} (bit {@code i % 64} of word {@code i / 64} for the {@code i}th row), decoding no
   * more of the others than it must; false, having read nothing, for a field that cannot (then {@link #read} and
   * a gather do it). For the columns a filter does not read.
   */
  default boolean readSelected(int rows, long[] selection, int selected, FieldVector vector) throws IOException {
    return false;
  }

  /** Moves past the next {@code rows} rows without returning them. */
  void skip(long rows) throws IOException;

  /** Gives back the row group's page readers and scratch; the reader reads no more. */
  @Override
  void close();
}
