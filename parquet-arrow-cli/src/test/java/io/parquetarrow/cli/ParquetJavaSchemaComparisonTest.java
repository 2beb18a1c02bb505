package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;

/**
 * Differential test of {@code schema}'s Parquet half: for every corpus file parquet-java can open, the text is
 * exactly what parquet-java's {@code MessageType.toString()} prints. Files parquet-java itself rejects (newer
 * logical types, broken footers) are listed and skipped; the test fails if it compared nothing.
 */
class ParquetJavaSchemaComparisonTest {

  @Test
  void matchesParquetJavaMessageTypeText() throws Exception {
    Path data = TestFiles.corpusDataDirectory();
    List<Path> files = new ArrayList<>(TestFiles.parquetFilesUnder(data));
    files.add(TestFiles.sampleFile());
    int compared = 0;
    List<String> skipped = new ArrayList<>();
    List<String> mismatches = new ArrayList<>();
    for (Path file : files) {
      String expected;
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
        expected = reader.getFooter().getFileMetaData().getSchema().toString();
      } catch (Exception | LinkageError e) {
        skipped.add(file.getFileName() + " (" + e.getClass().getSimpleName() + ")");
        continue;
      }
      CommandRunner.Result result = CommandRunner.run("schema", file.toString());
      try {
        String stdout = result.stdout();
        int start = stdout.indexOf("Parquet schema:\n");
        int end = stdout.indexOf("\nArrow schema:\n");
        assertThat(start).as("Parquet schema section of %s", result.describe()).isZero();
        assertThat(end).as("Arrow schema section of %s", result.describe()).isPositive();
        assertThat(stdout.substring("Parquet schema:\n".length(), end)).as("schema text of %s", file)
            .isEqualTo(expected);
      } catch (AssertionError e) {
        mismatches.add(e.getMessage());
      }
      compared++;
    }
    System.out.println("compared the schema text of " + compared + " files with parquet-java; skipped (parquet-java"
        + " cannot open them): " + skipped);
    assertThat(mismatches).as("files whose schema text differs from parquet-java's").isEmpty();
    assertThat(compared).as("files compared (skipped: %s)", skipped).isGreaterThan(10);
  }
}
