package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Page CRC-32 verification (on by default): the corpus's two files with a deliberately wrong page checksum are
 * rejected naming the file, row group, column and page offset, and read when verification is off; files with
 * correct checksums read either way with the same values.
 */
class ChecksumVerificationTest {

  @ParameterizedTest
  @CsvSource({
      "datapage_v1-corrupt-checksum.parquet, a, 4",
      "rle-dict-uncompressed-corrupt-checksum.parquet, long_field, 4",
  })
  void corruptChecksumIsRejectedWhenVerifying(String name, String column, long pageOffset) {
    Path file = CorpusFiles.dataDirectory().resolve(name);
    assertThatThrownBy(() -> ReaderTestSupport.read(file, ReadOptions.defaults()))
        .as("reading %s with checksum verification on (the default)", name)
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining(name)
        .hasMessageContaining("row group 0")
        .hasMessageContaining("column " + column)
        .hasMessageContaining("page at offset " + pageOffset)
        .hasMessageContaining("checksum mismatch");
  }

  @Test
  void aFailedReaderRefusesToContinueAndStillReleasesEverything() throws Exception {
    Path file = CorpusFiles.dataDirectory().resolve("datapage_v1-corrupt-checksum.parquet");
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
        assertThatThrownBy(reader::loadNextBatch).as("first batch").isInstanceOf(ParquetCorruptionException.class);
        assertThatThrownBy(reader::loadNextBatch).as("a batch after the failure")
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("earlier batch failed");
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after a failed read").isZero();
    }
  }

  @ParameterizedTest
  @CsvSource({
      "datapage_v1-corrupt-checksum.parquet, 5120",
      "rle-dict-uncompressed-corrupt-checksum.parquet, 1000",
  })
  void corruptChecksumReadsWhenNotVerifying(String name, int rows) throws Exception {
    Path file = CorpusFiles.dataDirectory().resolve(name);
    ReaderTestSupport.Table table =
        ReaderTestSupport.read(file, ReadOptions.builder().verifyChecksums(false).build());
    assertThat(table.rows()).as("rows of %s read without checksum verification", name).hasSize(rows);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "datapage_v1-snappy-compressed-checksum.parquet",
      "datapage_v1-uncompressed-checksum.parquet",
      "plain-dict-uncompressed-checksum.parquet",
  })
  void correctChecksumsReadTheSameEitherWay(String name) throws Exception {
    Path file = CorpusFiles.dataDirectory().resolve(name);
    ReaderTestSupport.Table verified = ReaderTestSupport.read(file, ReadOptions.defaults());
    ReaderTestSupport.Table unverified =
        ReaderTestSupport.read(file, ReadOptions.builder().verifyChecksums(false).build());
    assertThat(verified.rows()).as("%s has rows", name).isNotEmpty();
    assertThat(verified.rows()).as("%s read with and without verification", name).isEqualTo(unverified.rows());
  }
}
