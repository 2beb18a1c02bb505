package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.ParquetFile;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code meta} over the whole parquet-testing corpus: every non-encrypted {@code data/**.parquet} file gives a
 * JSON document whose {@code num_rows} is the one {@code FOOTERS.tsv} records, and text output too; every
 * {@code bad_data/*.parquet} file whose footer the file model rejects gives exit code 1 and one clear line, and
 * the others still give a document.
 */
class CorpusMetaTest {

  @Test
  void metaJsonSucceedsOnEveryDataFileWithTheFooterRowCount() {
    Path data = TestFiles.corpusDataDirectory();
    Path corpus = data.toAbsolutePath().getParent();
    Map<String, Long> footerRows = TestFiles.footerRowCounts(corpus);
    List<Path> files = TestFiles.parquetFilesUnder(data);
    assertThat(files).as("parquet files under %s", data).isNotEmpty();
    List<String> failures = new ArrayList<>();
    for (Path file : files) {
      String key = corpus.relativize(file.toAbsolutePath()).toString().replace('\\', '/');
      try {
        CommandRunner.Result json = CommandRunner.run("meta", "--json", file.toString());
        assertThat(json.exitCode()).as(json.describe()).isZero();
        assertThat(json.stderr()).as(json.describe()).isEmpty();
        Map<String, Object> document = JsonTestParser.parseObject(json.stdout());
        Long expectedRows = footerRows.get(key);
        assertThat(expectedRows).as("FOOTERS.tsv rows of %s", key).isNotNull();
        assertThat(document.get("num_rows")).as("num_rows of %s", key).isEqualTo(BigDecimal.valueOf(expectedRows));
        CommandRunner.Result text = CommandRunner.run("meta", file.toString());
        assertThat(text.exitCode()).as(text.describe()).isZero();
        assertThat(text.stdout()).as(text.describe()).contains("rows:               " + expectedRows);
      } catch (AssertionError | RuntimeException e) {
        failures.add(key + ": " + e.getMessage());
      }
    }
    assertThat(failures).as("files where meta failed, of %d", files.size()).isEmpty();
  }

  @Test
  void schemaSucceedsOrFailsWithOneLineOnEveryDataFile() {
    Path data = TestFiles.corpusDataDirectory();
    List<String> failures = new ArrayList<>();
    List<String> notMappable = new ArrayList<>();
    for (Path file : TestFiles.parquetFilesUnder(data)) {
      try {
        CommandRunner.Result result = CommandRunner.run("schema", file.toString());
        assertThat(result.stdout()).as(result.describe()).startsWith("Parquet schema:\nmessage ");
        if (result.exitCode() != 0) {
          // A valid file may use a type the Arrow mapping does not support: reported in one line, no crash.
          assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
          ErrorReportingTest.assertOneErrorLine(result, file);
          notMappable.add(result.stderr().strip());
        } else {
          assertThat(result.stderr()).as(result.describe()).isEmpty();
        }
      } catch (AssertionError | RuntimeException e) {
        failures.add(file.getFileName() + ": " + e.getMessage());
      }
    }
    System.out.println("schema: files whose Arrow mapping failed: " + notMappable);
    assertThat(failures).as("files where schema failed").isEmpty();
  }

  @Test
  void catPrintsValidJsonOrFailsWithOneLineOnEveryDataFile() {
    Path data = TestFiles.corpusDataDirectory();
    List<String> failures = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    for (Path file : TestFiles.parquetFilesUnder(data)) {
      try {
        CommandRunner.Result result = CommandRunner.run("cat", "--format", "json", "--limit", "50", file.toString());
        if (result.exitCode() == 0) {
          for (String line : result.stdout().lines().toList()) {
            JsonTestParser.parseObject(line);
          }
        } else {
          // Corrupt checksums, nested columns the reader does not read yet: one line, never a crash.
          assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
          ErrorReportingTest.assertOneErrorLine(result, file);
          assertThat(result.stderr()).as("an exception escaped the library: %s", result.describe())
              .doesNotContain("internal error");
          refused.add(result.stderr().strip());
        }
      } catch (AssertionError | RuntimeException e) {
        failures.add(file.getFileName() + ": " + e.getMessage());
      }
    }
    System.out.println("cat: files refused with a message: " + refused);
    assertThat(failures).as("files where cat failed badly").isEmpty();
  }

  @Test
  void badFootersExitWithOneLineAndOtherBadFilesStillReport() throws Exception {
    Path badData = TestFiles.corpusDataDirectory().toAbsolutePath().getParent().resolve("bad_data");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(badData), "no bad_data folder at " + badData);
    int rejected = 0;
    for (Path file : TestFiles.parquetFilesUnder(badData)) {
      boolean opens;
      try (ParquetFile parquetFile = ParquetFile.open(file)) {
        opens = parquetFile.metadata() != null;
      } catch (Exception e) {
        opens = false;
      }
      CommandRunner.Result result = CommandRunner.run("meta", "--json", file.toString());
      if (opens) {
        assertThat(result.exitCode()).as("footer opens, so meta reports it: %s", result.describe()).isZero();
        JsonTestParser.parseObject(result.stdout());
      } else {
        rejected++;
        assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
        assertThat(result.stdout()).as("no partial output: %s", result.describe()).isEmpty();
        ErrorReportingTest.assertOneErrorLine(result, file);
      }
    }
    System.out.println(rejected + " bad_data files have a footer the file model rejects");
  }
}
