package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowAssertions.Tolerance;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our reader and writer against each other on real data, nested included: every corpus file our reader reads
 * (flat or nested) is written back with our writer, in small pages and row groups with V2 pages and ZSTD, and
 * read again with our reader; the Arrow data must be unchanged. Files our reader refuses are covered (with
 * reasons) by {@code CorpusDifferentialTest} and {@code BadDataTest}; here they are skipped.
 */
class OwnRoundTripCorpusTest {
  /** Large files add minutes and nothing new: the round trip stays on the small ones. */
  private static final long MAXIMUM_SIZE = 4L * 1024 * 1024;

  @TempDir Path directory;
  private BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  static List<Path> corpusFiles() throws Exception {
    return Corpus.dataFiles().stream().filter(OwnRoundTripCorpusTest::smallEnough).toList();
  }

  /**
   * Small on disk and once decoded: large_string_map.brotli is 4 KiB on disk but holds a 1 GiB string, which a
   * read plus a rewrite cannot hold twice in the test JVM's heap. Files whose footer cannot be read are kept,
   * so the test reports why.
   */
  private static boolean smallEnough(Path file) {
    try {
      if (Files.size(file) > MAXIMUM_SIZE) {
        return false;
      }
      try (ParquetFile parquet = ParquetFile.open(file)) {
        long uncompressed = 0;
        for (RowGroupMetadata rowGroup : parquet.metadata().rowGroups()) {
          uncompressed += rowGroup.totalByteSize();
        }
        return uncompressed <= 16 * MAXIMUM_SIZE;
      }
    } catch (java.io.IOException e) {
      return true;
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusFiles")
  void ourWriteOfOurReadReadsBackEqual(Path original) throws Exception {
    List<VectorSchemaRoot> source;
    try {
      source = ReaderTestSupport.readBatches(allocator, original, ReadOptions.builder().build());
    } catch (ParquetException e) {
      Assumptions.abort("our reader refuses " + original.getFileName() + ": " + e.getMessage());
      return;
    }
    Path rewritten = directory.resolve("rewritten.parquet");
    try {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(rewritten, source.get(0).getSchema(),
          WriteOptions.builder().codec(Codec.ZSTD).dataPageVersion(WriteOptions.DataPageVersion.V2)
              .pageRowLimit(97).rowGroupRowLimit(1000).build())) {
        for (VectorSchemaRoot batch : source) {
          writer.write(batch);
        }
      }
      List<VectorSchemaRoot> back = ReaderTestSupport.readBatches(allocator, rewritten,
          ReadOptions.builder().batchRows(333).build());
      try {
        if (source.stream().mapToInt(VectorSchemaRoot::getRowCount).sum() > 0) {
          ArrowAssertions.assertBatchesEqual("our read of our rewrite of " + original.getFileName(), source, back,
              Tolerance.NESTED_FIELD_NAMES);
        } else {
          assertThat(back.stream().mapToInt(VectorSchemaRoot::getRowCount).sum()).as("rows of an empty file")
              .isZero();
        }
      } finally {
        back.forEach(VectorSchemaRoot::close);
      }
    } finally {
      source.forEach(VectorSchemaRoot::close);
    }
  }
}
