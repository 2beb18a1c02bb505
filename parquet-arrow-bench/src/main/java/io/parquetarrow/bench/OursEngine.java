package io.parquetarrow.bench;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.crypto.FileDecryptionProperties;
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
  /** Our reader with compressed chunks read on the decoding thread: not run unless named in {@code --engines}. */
  static final String WITHOUT_READ_AHEAD = "parquet-arrow-no-read-ahead";

  private final String name;
  private final long readAheadBytes;
  private final FileDecryptionProperties decryption;

  /** Our reader with its default options. */
  OursEngine() {
    this("parquet-arrow", ReadOptions.DEFAULT_READ_AHEAD_BYTES, null);
  }

  private OursEngine(String name, long readAheadBytes, FileDecryptionProperties decryption) {
    this.name = name;
    this.readAheadBytes = readAheadBytes;
    this.decryption = decryption;
  }

  /** Our reader without read-ahead ({@link ReadOptions#readAheadBytes()} 0), to measure read-ahead side by side. */
  static OursEngine withoutReadAhead() {
    return new OursEngine(WITHOUT_READ_AHEAD, 0, null);
  }

  /** Our reader with its default options, decrypting with {@code decryption} ({@link ReadOptions#decryption()}). */
  static OursEngine decrypting(FileDecryptionProperties decryption) {
    return new OursEngine("parquet-arrow", ReadOptions.DEFAULT_READ_AHEAD_BYTES, decryption);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  @Override
  public Materialized read(Path file, int threads, BufferAllocator allocator) throws Exception {
    ReadOptions options =
        ReadOptions.builder().batchRows(BATCH_ROWS).threads(threads).readAheadBytes(readAheadBytes)
            .decryption(decryption).build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      return RetainedBatches.drain(reader, allocator);
    }
  }
}
