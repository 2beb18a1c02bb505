package io.parquetarrow.core.read;

import io.parquetarrow.core.file.RowGroupMetadata;
import java.io.IOException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Reads some of the planned fields of one row group, batch after batch: opens one {@link FieldReader} per field
 * (through the fields' {@link FieldReaderFactory}s and {@link ColumnChunks}), fills the fields' vectors, skips rows,
 * and closes them. The same class serves the single-thread reader and each lane of parallel row groups; it knows
 * no threads.
 */
public final class RowGroupReader implements AutoCloseable {
  private final int[] fields;
  /** Indexed by field (position in the plan); null for the fields not read here. */
  private final FieldReader[] readers;
  private final long rowCount;

  private RowGroupReader(int[] fields, FieldReader[] readers, long rowCount) {
    this.fields = fields;
    this.readers = readers;
    this.rowCount = rowCount;
  }

  /**
   * Opens {@code fields} (positions in the plan, ascending) of row group {@code rowGroup} (its index in the file),
   * each through its factory in {@code factories} (indexed by field). A row group without rows opens no chunk.
   */
  static RowGroupReader open(int rowGroup, RowGroupMetadata metadata, int[] fields,
      FieldReaderFactory[] factories, ColumnChunks chunks) throws IOException {
    FieldReader[] readers = new FieldReader[factories.length];
    if (metadata.rowCount() == 0) {
      return new RowGroupReader(new int[0], readers, 0);
    }
    try {
      for (int field : fields) {
        readers[field] = factories[field].open(chunks, rowGroup, metadata);
      }
    } catch (IOException | RuntimeException e) {
      closeAll(readers);
      throw e;
    }
    return new RowGroupReader(fields.clone(), readers, metadata.rowCount());
  }

  /** The row group's {@code num_rows}. */
  long rowCount() {
    return rowCount;
  }

  /**
   * Reads the next {@code rows} rows of every field into its vector of {@code root} (the vector at the field's
   * position in the plan); the root's row count is the caller's to set.
   */
  public void readBatch(int rows, VectorSchemaRoot root) throws IOException {
    for (int field : fields) {
      readers[field].read(rows, root.getVector(field));
    }
  }

  /**
   * Reads the next {@code rows} rows of one field into {@code vector}. Touches only that field's reader, scratch
   * and vector (and its dictionaries), so different fields may be read on different threads at once.
   */
  void readField(int field, int rows, FieldVector vector) throws IOException {
    readers[field].read(rows, vector);
  }

  /**
   * Moves one field past its next {@code rows} rows and fills {@code vector} with the {@code selected} of them set
   * in {@code selection} only; false, having read nothing, when the field cannot ({@link FieldReader#readSelected}).
   */
  boolean readSelectedField(int field, int rows, long[] selection, int selected, FieldVector vector)
      throws IOException {
    return readers[field].readSelected(rows, selection, selected, vector);
  }

  /** Moves one field past its next {@code rows} rows; the others stay where they are. */
  void skipField(int field, long rows) throws IOException {
    readers[field].skip(rows);
  }

  /** Moves every field past its next {@code rows} rows. */
  public void skipRows(long rows) throws IOException {
    for (int field : fields) {
      readers[field].skip(rows);
    }
  }

  @Override
  public void close() {
    closeAll(readers);
  }

  private static void closeAll(FieldReader[] readers) {
    for (int i = 0; i < readers.length; i++) {
      if (readers[i] != null) {
        readers[i].close();
        readers[i] = null;
      }
    }
  }
}
