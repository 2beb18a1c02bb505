package io.parquetarrow.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ReadOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every encrypted file of parquet-testing (but the one needing key tools) read with its keys, given explicitly and
 * through a key retriever by key id, agrees value for value with parquet-java's decrypting reader; so do reads on
 * several threads, in small batches, column by column.
 */
class EncryptedCorpusTest {

  static Stream<Path> files() {
    return EncryptedCorpus.files().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void explicitKeysReadWhatParquetJavaReads(Path file) throws IOException {
    List<List<Object>> expected = ParquetJavaRows.read(file, EncryptedCorpus.parquetJavaKeys(file));
    EncryptedReads.Rows actual =
        EncryptedReads.read(file, ReadOptions.builder().decryption(EncryptedCorpus.explicitKeys(file).build()).build());
    assertThat(actual.rows()).as("rows of %s", file).isNotEmpty().isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void retrievedKeysReadWhatParquetJavaReads(Path file) throws IOException {
    List<List<Object>> expected = ParquetJavaRows.read(file, EncryptedCorpus.parquetJavaKeys(file));
    EncryptedReads.Rows actual = EncryptedReads.read(file,
        ReadOptions.builder().decryption(EncryptedCorpus.retrievedKeys(file).build()).build());
    assertThat(actual.rows()).as("rows of %s", file).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void threadsSmallBatchesAndSingleColumnsReadTheSame(Path file) throws IOException {
    FileDecryptionProperties keys = EncryptedCorpus.explicitKeys(file).build();
    EncryptedReads.Rows whole = EncryptedReads.read(file, ReadOptions.builder().decryption(keys).build());
    EncryptedReads.Rows parallel = EncryptedReads.read(file,
        ReadOptions.builder().decryption(keys).threads(3).batchRows(7).readAheadBytes(1 << 10).build());
    assertThat(parallel.rows()).as("rows of %s on three threads in batches of 7", file).isEqualTo(whole.rows());
    for (int column = 0; column < whole.columns().size(); column++) {
      String name = whole.columns().get(column);
      EncryptedReads.Rows single = EncryptedReads.read(file,
          ReadOptions.builder().decryption(keys).columns(name).readAheadBytes(0).build());
      for (int row = 0; row < whole.rows().size(); row++) {
        assertThat(single.rows().get(row).get(0)).as("%s row %d of column %s", file, row, name)
            .isEqualTo(whole.rows().get(row).get(column));
      }
    }
  }
}
