package io.parquetarrow.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The encrypted-read comparison end to end at the smallest scale, without pyarrow: both twins are written, and
 * ours and parquet-java read the encrypted twin to the same checksum as the plaintext one and as each other.
 */
class EncryptionCompareTest {

  @TempDir
  Path data;

  @Test
  void javaEnginesReadBothTwinsAlikeAndPyarrowIsSkippedWithoutPython() throws Exception {
    double scale = 0.0001;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    new EncryptionCompare(data, scale, 42, 1, 0, null, new PrintStream(printed, true, StandardCharsets.UTF_8)).run();
    String text = printed.toString(StandardCharsets.UTF_8);
    System.out.println(text);
    Path twins = DatasetGenerator.folderFor(data, scale, 42).resolve("encryption");
    assertThat(twins.resolve("lineitem_zstd.duckdb.plaintext.parquet")).exists();
    assertThat(twins.resolve("lineitem_zstd.duckdb.encrypted.parquet")).exists();
    assertThat(Files.readAllBytes(twins.resolve("lineitem_zstd.duckdb.encrypted.parquet")))
        .as("encrypted footer magic").endsWith("PARE".getBytes(StandardCharsets.US_ASCII));
    assertThat(text).as("printed table")
        .contains("| pyarrow | – | – | – | – | – | – | skipped: ")
        .containsPattern("\\| parquet-arrow \\| [0-9.]+ \\| [0-9.]+ \\| .* \\| ok [0-9a-f]+, 1,000 rows \\|")
        .containsPattern("\\| parquet-java \\| [0-9.]+ \\| [0-9.]+ \\| .* \\| ok [0-9a-f]+, 1,000 rows \\|")
        .doesNotContain("MISMATCH");
  }
}
