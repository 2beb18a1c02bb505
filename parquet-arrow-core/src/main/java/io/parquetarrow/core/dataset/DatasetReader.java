package io.parquetarrow.core.dataset;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.filter.Filter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@link ArrowReader} of {@link ParquetDataset#reader} (whose Javadoc says what each {@link ReadOptions} means
 * across files): every file's batches in file order, in the dataset's schema narrowed to the read's columns, each
 * moved into this reader's root without copying. Files come from {@link FileBatches}, each read by a
 * {@link FileCursor} with its own columns and residual filter. Closing releases every batch, also when closed
 * mid-read or after a file failed.
 */
final class DatasetReader extends ArrowReader {
  private final Schema schema;
  private final FileBatches batches;
  private boolean closed;
  private Exception failure;

  private DatasetReader(BufferAllocator allocator, Schema schema, FileBatches batches) {
    super(allocator);
    this.schema = schema;
    this.batches = batches;
  }

  /** A reader of {@code scans}, the dataset's files the read's filter leaves (see {@link ParquetDataset#scans}). */
  static DatasetReader open(ParquetDataset dataset, BufferAllocator allocator, ReadOptions options,
      List<ParquetDataset.FileScan> scans) {
    if (options.rowGroups() != null) {
      throw new IllegalArgumentException("a dataset read takes no row group indices; they differ per file");
    }
    if (!options.dictionaryColumns().isEmpty()) {
      throw new IllegalArgumentException("a dataset read returns no dictionary columns, asked for "
          + options.dictionaryColumns());
    }
    if (!options.int96AsTimestamp()) {
      throw new IllegalArgumentException("a dataset read reads INT96 as timestamps; int96AsTimestamp(false) is"
          + " for single files");
    }
    Schema output = project(dataset.schema(), options.columns());
    int concurrency = Math.max(1, Math.min(options.threads(), scans.size()));
    int threadsPerFile = Math.max(1, options.threads() / concurrency);
    FileBatches.Opener opener = index -> {
      ParquetDataset.FileScan scan = scans.get(index);
      ReadOptions fileOptions = fileOptions(options, dataset, scan, output, threadsPerFile);
      return FileCursor.open(scan.entry(), output, allocator, fileOptions);
    };
    return new DatasetReader(allocator, output, new FileBatches(opener, scans.size(), concurrency));
  }

  private static Schema project(Schema schema, List<String> columns) {
    if (columns.isEmpty()) {
      return schema;
    }
    Set<String> wanted = new HashSet<>(columns);
    List<Field> fields = new ArrayList<>();
    for (Field field : schema.getFields()) {
      if (wanted.remove(field.getName())) {
        fields.add(field);
      }
    }
    if (!wanted.isEmpty()) {
      throw new IllegalArgumentException("the dataset has no top-level column " + wanted
          + " (a dataset read selects top-level file or partition columns); its columns are "
          + schema.getFields().stream().map(Field::getName).toList());
    }
    return new Schema(fields);
  }

  /** A file reader's options: the read's, with the file's own columns and its residual filter. */
  private static ReadOptions fileOptions(ReadOptions options, ParquetDataset dataset,
      ParquetDataset.FileScan scan, Schema output, int threads) {
    FileEntry entry = scan.entry();
    List<String> columns = new ArrayList<>();
    for (Field field : output.getFields()) {
      if (entry.hasColumn(field.getName())) {
        columns.add(field.getName());
      }
    }
    Filter residual = scan.residual();
    if (columns.isEmpty() && !entry.schema().getFields().isEmpty()) {
      // No column of the file is returned, but its rows are still counted: read one it has anyway, preferably one
      // the filter reads.
      String first = residual == null ? null : residual.columns().iterator().next().split("\\.", -1)[0];
      columns.add(first != null && entry.hasColumn(first) ? first : entry.schema().getFields().get(0).getName());
    }
    return ReadOptions.builder()
        .columns(columns)
        .batchRows(options.batchRows())
        .verifyChecksums(options.verifyChecksums())
        .threads(threads)
        .readAheadBytes(options.readAheadBytes())
        .decryption(options.decryption() != null ? options.decryption() : dataset.options().decryption())
        .filter(residual)
        .filterRows(options.filterRows())
        .build();
  }

  @Override
  protected Schema readSchema() {
    return schema;
  }

  /**
   * Moves the next batch into {@link #getVectorSchemaRoot()}; false when every file is read (the root then has no
   * rows).
   */
  @Override
  public boolean loadNextBatch() throws IOException {
    if (closed) {
      throw new IllegalStateException("the dataset reader is closed");
    }
    if (failure != null) {
      throw new IllegalStateException("an earlier batch failed; the dataset reader cannot continue", failure);
    }
    try {
      return moveNextBatch();
    } catch (IOException | RuntimeException e) {
      failure = e;
      throw e;
    }
  }

  private boolean moveNextBatch() throws IOException {
    prepareLoadNextBatch();
    VectorSchemaRoot root = getVectorSchemaRoot();
    try (Batch batch = batches.next()) {
      if (batch == null) {
        root.setRowCount(0);
        return false;
      }
      List<FieldVector> targets = root.getFieldVectors();
      for (int i = 0; i < targets.size(); i++) {
        batch.vectors().get(i).makeTransferPair(targets.get(i)).transfer();
      }
      root.setRowCount(batch.rows());
      return true;
    }
  }

  /** Bytes of column data the files' readers have read so far. */
  @Override
  public long bytesRead() {
    return batches.bytesRead();
  }

  @Override
  protected void closeReadSource() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    batches.close();
  }
}
