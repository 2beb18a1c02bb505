package io.parquetarrow.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.parquetarrow.core.BytesInputFile;

/**
 * Fuzzes the whole reader on a whole file: the input is the file's bytes, read once through every batch and once
 * through the metadata-only paths ({@link WholeFileReads}), each checked by {@link FuzzFindings}. Seeds are small
 * files of our writer ({@link SeedFiles}: several types, nesting, dictionaries, page index, Bloom filter, V1 and V2
 * pages, several codecs) in {@code WholeFileFuzzTestInputs/readWholeFile}; a campaign adds small corpus files.
 */
class WholeFileFuzzTest {
  static final String NAME = "fuzz-input.parquet";

  @FuzzTest(maxDuration = "5m")
  void readWholeFile(byte[] bytes) throws Exception {
    FuzzFindings.check(NAME, bytes.length,
        allocator -> WholeFileReads.readAllBatches(new BytesInputFile(NAME, bytes), allocator, null));
    FuzzFindings.check(NAME, bytes.length,
        allocator -> WholeFileReads.readMetadataPaths(new BytesInputFile(NAME, bytes), null));
  }
}
