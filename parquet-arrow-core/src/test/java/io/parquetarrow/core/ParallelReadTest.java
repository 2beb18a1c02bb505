package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.DuckDbWriter;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ReadOptions#threads()} changes who decodes a batch, never what it holds: every corpus file and a
 * generated file of several row groups with flat, dictionary and nested columns read with 2 and 4 threads give
 * the same batches (same sizes, same values) as with 1 thread, or fail with the same exception type and message
 * (file, row group, column); damaged files fail the same way whatever the thread count; and every read leaves no
 * Arrow memory allocated, failures included, also when the reader is closed while workers still read row groups
 * ahead.
 */
class ParallelReadTest {
  private static final int[] THREAD_COUNTS = {2, 4};

  /** Corpus files not read here, with the reason. */
  private static final List<String> NOT_READ = List.of(
      // One 2^30-byte string per page: reading it three times over would only test the heap size.
      "large_string_map.brotli.parquet");

  @TempDir Path temporary;

  static Stream<String> corpusFiles() {
    return Corpus.dataFiles().stream().map(Corpus::name)
        .filter(name -> !NOT_READ.contains(name));
  }

  @ParameterizedTest
  @MethodSource("corpusFiles")
  void corpusFilesReadTheSameOnEveryThreadCount(String name) throws Exception {
    Path file = Corpus.file(name);
    assertSameOnEveryThreadCount(name, file, ReadOptions.builder().batchRows(1000));
  }

  @Test
  void rowGroupsWithFlatDictionaryAndNestedColumnsReadTheSame() throws Exception {
    Path file = temporary.resolve("row_groups_nested.parquet");
    DuckDbWriter.write("SELECT i::BIGINT AS id,"
        + " CASE WHEN i % 7 = 0 THEN NULL ELSE 'label ' || (i % 113) END AS label,"
        + " (i * 0.5)::DOUBLE AS half,"
        + " CASE WHEN i % 11 = 0 THEN NULL ELSE [i, i + 1, NULL][1:(i % 4)] END AS numbers,"
        + " {'a': i::INT, 'b': CASE WHEN i % 3 = 0 THEN NULL ELSE 'b' || i END} AS pair,"
        + " MAP {'k' || (i % 5): i} AS lookup,"
        + " (i % 1000)::INT AS small"
        + " FROM range(30000) t(i)", file, DuckDbWriter.Options.defaults().rowGroupSize(4096));
    try (ParquetFile parquet = ParquetFile.open(file)) {
      assertThat(parquet.metadata().rowGroups().size()).as("row groups written").isGreaterThan(3);
    }
    assertSameOnEveryThreadCount("generated", file, ReadOptions.builder().batchRows(1000));
    assertSameOnEveryThreadCount("generated, batches span no row group", file, ReadOptions.builder());
    assertSameOnEveryThreadCount("generated, label as dictionary", file,
        ReadOptions.builder().batchRows(777).dictionaryColumns("label"));
    assertSameOnEveryThreadCount("generated, projected, row groups reordered", file,
        ReadOptions.builder().columns("lookup", "id", "numbers").rowGroups(3, 0, 2).batchRows(2000));
  }

  @Test
  void rowGroupsAreReadInParallelAndAReaderClosedMidFileLeavesNothingBehind() throws Exception {
    Path file = temporary.resolve("row_groups.parquet");
    DuckDbWriter.write("SELECT i::BIGINT AS id, 'text ' || (i * 7919 % 100003) AS label,"
        + " CASE WHEN i % 5 = 0 THEN NULL ELSE [i, i + 1] END AS pair FROM range(40000) t(i)", file,
        DuckDbWriter.Options.defaults().rowGroupSize(2048));
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
          ReadOptions.builder().batchRows(500).threads(2).build())) {
        assertThat(reader.readsInLanes()).as("read in lanes with 2 threads").isTrue();
        assertThat(reader.laneColumnGroups()).as("20 row groups, 2 threads: whole row groups per worker")
            .isEqualTo(new int[][] {{0, 1, 2}});
      }
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
          ReadOptions.builder().rowGroups(3).threads(2).build())) {
        assertThat(reader.readsInLanes()).as("one row group selected").isTrue();
        assertThat(reader.laneColumnGroups()).as("one row group, 2 threads: two column groups").hasNumberOfRows(2);
      }
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
          ReadOptions.builder().rowGroups(3).columns("label").threads(2).build())) {
        assertThat(reader.readsInLanes()).as("one row group, one field").isFalse();
      }
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
          ReadOptions.builder().dictionaryColumns("label").threads(2).build())) {
        assertThat(reader.readsInLanes()).as("a dictionary field").isFalse();
      }
      for (int threads : THREAD_COUNTS) {
        for (int batchesRead : new int[] {0, 1, 7, 30}) {
          long bytesRead;
          try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
              ReadOptions.builder().batchRows(500).threads(threads).build())) {
            for (int i = 0; i < batchesRead; i++) {
              assertThat(reader.loadNextBatch()).as("batch %d", i).isTrue();
              assertThat(reader.getVectorSchemaRoot().getRowCount()).as("rows of batch %d", i).isPositive();
            }
            bytesRead = reader.bytesRead();
          }
          if (batchesRead > 0) {
            assertThat(bytesRead).as("bytes read after %d batches", batchesRead).isPositive();
          }
          assertThat(allocator.getAllocatedMemory())
              .as("Arrow memory left after closing with %d threads after %d batches", threads, batchesRead).isZero();
        }
      }
    }
  }

  @Test
  void aCorruptColumnChunkFailsWithTheSameExceptionAndLocation() throws Exception {
    Path file = temporary.resolve("corrupt.parquet");
    DuckDbWriter.write("SELECT i::BIGINT AS id, 'text ' || (i * 7919 % 100003) AS label, (i * 0.25)::DOUBLE AS d"
        + " FROM range(20000) t(i)", file, DuckDbWriter.Options.defaults().rowGroupSize(4096));
    byte[] bytes = Files.readAllBytes(file);
    long start;
    long length;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      ColumnDescriptor label = parquet.metadata().schema().columns().stream()
          .filter(column -> column.dottedPath().equals("label")).findFirst().orElseThrow();
      ColumnChunkMetadata chunk = parquet.metadata().rowGroup(2).column(label.leafIndex());
      start = chunk.startOffset();
      length = chunk.chunkLength();
    }
    // Garbage over the whole chunk: its first page header can no longer be decoded.
    for (long at = start; at < start + length; at++) {
      bytes[(int) at] = (byte) 0xA7;
    }
    String name = "corrupt.parquet";
    Throwable single = readFailure(name, bytes, ReadOptions.builder().batchRows(1000).build());
    assertThat(single).as("reading the damaged chunk with one thread").isInstanceOf(
        io.parquetarrow.errors.ParquetCorruptionException.class);
    assertThat(single.getMessage()).as("location of the failure").startsWith(name + ": row group 2, column label");
    for (int threads : THREAD_COUNTS) {
      Throwable parallel = readFailure(name, bytes, ReadOptions.builder().batchRows(1000).threads(threads).build());
      assertThat(parallel).as("reading the damaged chunk with %d threads", threads)
          .isExactlyInstanceOf(single.getClass())
          .hasMessage(single.getMessage());
    }
  }

  @Test
  void damagedFilesFailTheSameWayOnTwoThreads() throws Exception {
    int failedWhileReadingBatches = 0;
    for (String name : List.of("alltypes_dictionary.parquet", "alltypes_tiny_pages.parquet",
        "byte_stream_split_extended.gzip.parquet", "nested_lists.snappy.parquet")) {
      byte[] original = Files.readAllBytes(Corpus.file(name));
      long seed = name.hashCode();
      System.out.println("ParallelReadTest " + name + " seed " + seed);
      SplittableRandom random = new SplittableRandom(seed);
      for (int trial = 0; trial < 40; trial++) {
        byte[] damaged = original.clone();
        // Flip bytes in the first 90% only: the column chunks, not the footer, so most reads get to the batches.
        for (int flip = 0; flip < 3; flip++) {
          int at = 4 + random.nextInt(Math.max(1, damaged.length * 9 / 10 - 4));
          damaged[at] ^= (byte) (1 + random.nextInt(255));
        }
        String label = name + "[seed " + seed + ", trial " + trial + "]";
        ReadOptions single = ReadOptions.builder().batchRows(97).build();
        ReadOptions parallel = ReadOptions.builder().batchRows(97).threads(2).build();
        Throwable expected = readFailure(label, damaged, single);
        Throwable actual = readFailure(label, damaged, parallel);
        if (expected == null) {
          assertThat(actual).as("%s read with one thread; with two", label).isNull();
        } else {
          assertThat(actual).as("%s failed with one thread (%s); with two", label, expected)
              .isExactlyInstanceOf(expected.getClass()).hasMessage(expected.getMessage());
          if (expected.getMessage() != null && expected.getMessage().contains(", column ")) {
            failedWhileReadingBatches++;
          }
        }
      }
    }
    assertThat(failedWhileReadingBatches).as("damaged copies that failed in a column, not at open").isPositive();
  }

  @Test
  void threadsMustBePositive() {
    assertThatThrownBy(() -> ReadOptions.builder().threads(0)).as("threads(0)")
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("threads");
    assertThat(ReadOptions.defaults().threads()).as("default thread count").isEqualTo(1);
  }

  /** Reads {@code file} with 1 thread and with each of {@link #THREAD_COUNTS}, asserting the same outcome. */
  private static void assertSameOnEveryThreadCount(String context, Path file, ReadOptions.Builder options)
      throws IOException {
    try (BufferAllocator allocator = TestAllocators.root()) {
      List<VectorSchemaRoot> expected = null;
      Exception expectedFailure = null;
      try {
        expected = ReaderTestSupport.readBatches(allocator, file, options.threads(1).build());
      } catch (IOException | RuntimeException e) {
        expectedFailure = e;
      }
      try {
        for (int threads : THREAD_COUNTS) {
          String label = context + " with " + threads + " threads";
          if (expectedFailure != null) {
            Exception failure = expectedFailure;
            assertThatThrownBy(() -> ReaderTestSupport.readBatches(allocator, file, options.threads(threads).build()))
                .as("%s: one thread failed with %s", label, failure)
                .isExactlyInstanceOf(failure.getClass()).hasMessage(failure.getMessage());
            continue;
          }
          List<VectorSchemaRoot> actual = ReaderTestSupport.readBatches(allocator, file, options.threads(threads).build());
          try {
            assertThat(actual.stream().map(VectorSchemaRoot::getRowCount).toList()).as("%s: batch sizes", label)
                .isEqualTo(expected.stream().map(VectorSchemaRoot::getRowCount).toList());
            ArrowAssertions.assertBatchesEqual(label, expected, actual);
          } finally {
            actual.forEach(VectorSchemaRoot::close);
          }
        }
      } finally {
        if (expected != null) {
          expected.forEach(VectorSchemaRoot::close);
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after reading %s", context).isZero();
    }
  }

  /** Reads all of {@code bytes}; returns the failure, or null when every batch was read. Asserts no memory is left. */
  private static Throwable readFailure(String label, byte[] bytes, ReadOptions options) {
    Throwable failure = null;
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ParquetArrowReader reader = ParquetArrowReader.open(new BytesInputFile(label, bytes), allocator, options)) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
          root.contentToTSVString();
        }
      } catch (Exception e) {
        failure = e;
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after reading %s with %d threads", label,
          options.threads()).isZero();
    }
    return failure;
  }
}
