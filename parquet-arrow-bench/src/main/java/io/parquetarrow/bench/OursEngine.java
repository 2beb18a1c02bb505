package io.parquetarrow.bench;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Our reader, {@link ParquetArrowReader}, in the side-by-side runner: batches of {@link #BATCH_ROWS} rows, all
 * columns, kept in memory. {@code threads} goes to {@link ReadOptions.Builder#threads(int)}: above 1 different
 * row groups are decoded at once (a file of one row group: the columns of each batch); the runner's process CPU
 * time shows what that costs.
 */
final class OursEngine implements ReadEngine {
  /** The same batch size every Arrow engine is asked for. */
  static final int BATCH_ROWS = 64 * 1024;

  @Override
  public String name() {
    return "parquet-arrow";
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  @Override
  public Materialized read(Path file, int threads, BufferAllocator allocator) throws Exception {
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, allocator, ReadOptions.builder().batchRows(BATCH_ROWS).threads(threads).build())) {
      return RetainedBatches.drain(reader, allocator);
    }
  }
}
