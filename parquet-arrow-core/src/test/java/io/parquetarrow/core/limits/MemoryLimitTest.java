package io.parquetarrow.core.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.file.LocalInputFile;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.ParquetResourceException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads under an allocator limited to a multiple of one batch's buffers either succeed with the same rows and
 * values or fail with a {@link ParquetResourceException} whose cause is Arrow's {@link OutOfMemoryException} and
 * whose message names the file; in both cases every buffer is released.
 */
class MemoryLimitTest {
  private static final double[] FACTORS = {0.5, 1, 2, 4, 8};
  private static final String[] CORPUS = {
      "alltypes_plain.parquet", "alltypes_dictionary.parquet", "delta_length_byte_array.parquet",
      "datapage_v2_empty_datapage.snappy.parquet", "nested_lists.snappy.parquet", "map_no_value.parquet", "nested_structs.rust.parquet",
      "byte_stream_split_extended.gzip.parquet", "dict-page-offset-zero.parquet"};

  @TempDir
  static Path directory;
  private static Path generated;

  @BeforeAll
  static void writeGenerated() throws IOException {
    generated = directory.resolve("generated.parquet");
    LimitFiles.write(generated, 60_000, 25_000, Codec.ZSTD, false);
  }

  @Test
  void corpusFilesReadOrFailCleanlyUnderLimits() throws IOException {
    int failed = 0;
    int read = 0;
    for (String name : CORPUS) {
      Path file = CorpusFiles.dataDirectory().resolve(name);
      for (int batchRows : new int[] {7, 1024}) {
        for (long readAhead : new long[] {0, ReadOptions.DEFAULT_READ_AHEAD_BYTES}) {
          ReadOptions options = ReadOptions.builder().batchRows(batchRows).readAheadBytes(readAhead).build();
          int[] counts = readUnderLimits(file, options);
          read += counts[0];
          failed += counts[1];
        }
      }
    }
    System.out.printf("MemoryLimitTest corpus: %d reads succeeded, %d failed with OOM%n", read, failed);
    assertThat(read).as("reads that succeeded").isPositive();
  }

  @Test
  void generatedFileReadsOrFailsCleanlyUnderLimits() throws IOException {
    int failed = 0;
    int read = 0;
    for (int threads : new int[] {1, 2}) {
      for (long readAhead : new long[] {0, 1 << 20}) {
        ReadOptions options = ReadOptions.builder().batchRows(4096).threads(threads).readAheadBytes(readAhead)
            .build();
        int[] counts = readUnderLimits(generated, options);
        read += counts[0];
        failed += counts[1];
      }
    }
    for (boolean exact : new boolean[] {false, true}) {
      ReadOptions filtered = ReadOptions.builder().batchRows(4096).filter("code < 30 AND id > 100000")
          .filterRows(exact).build();
      int[] counts = readUnderLimits(generated, filtered);
      read += counts[0];
      failed += counts[1];
    }
    System.out.printf("MemoryLimitTest generated: %d reads succeeded, %d failed with OOM%n", read, failed);
    assertThat(failed).as("reads that ran out of memory at 0.5x one batch").isPositive();
    assertThat(read).as("reads that succeeded").isPositive();
  }

  /** Reads {@code file} unlimited, then under each factor; returns {succeeded, failed}. */
  private static int[] readUnderLimits(Path file, ReadOptions options) throws IOException {
    LimitFiles.Result expected;
    try (BufferAllocator allocator = TestAllocators.root()) {
      expected = LimitFiles.read(LocalInputFile.open(file), allocator, options);
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
    long batch = Math.max(expected.largestBatchBytes(), 64);
    int succeeded = 0;
    int failed = 0;
    List<String> outcomes = new ArrayList<>();
    for (double factor : FACTORS) {
      long limit = (long) (batch * factor);
      String label = file.getFileName() + " " + options.batchRows() + " rows/batch, threads "
          + options.threads() + ", read-ahead " + options.readAheadBytes() + ", limit " + factor + "x " + batch;
      try (BufferAllocator allocator = TestAllocators.root(limit)) {
        try {
          LimitFiles.Result result = LimitFiles.read(LocalInputFile.open(file), allocator, options);
          assertThat(result).as(label).isEqualTo(new LimitFiles.Result(expected.rows(), expected.checksum(),
              result.largestBatchBytes()));
          succeeded++;
          outcomes.add(factor + "x ok");
        } catch (ParquetException e) {
          assertThat(e).as(label).isInstanceOf(ParquetResourceException.class);
          assertThat(e).as(label).hasRootCauseInstanceOf(OutOfMemoryException.class);
          assertThat(e.getMessage()).as(label).contains(file.toString()).contains("row group").contains("column");
          failed++;
          outcomes.add(factor + "x OOM");
        } catch (Throwable e) {
          fail(label + ": expected success or ParquetResourceException, got " + e, e);
        }
        assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after %s", label).isZero();
      }
    }
    return new int[] {succeeded, failed};
  }
}
