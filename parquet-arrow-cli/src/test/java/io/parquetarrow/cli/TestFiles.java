package io.parquetarrow.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where the tests find their files: the repository root (the directory holding {@code .ci}, found by walking up
 * from the working directory, which is the module directory under surefire), {@code testdata/sample.parquet},
 * and the parquet-testing corpus ({@code PARQUET_TEST_DATA}, else {@code ../shared/parquet-testing/data}
 * beside the repository) with the {@code FOOTERS.tsv} facts in its parent folder.
 */
final class TestFiles {

  private TestFiles() {}

  static Path repositoryRoot() {
    Path directory = Path.of("").toAbsolutePath();
    for (Path candidate = directory; candidate != null; candidate = candidate.getParent()) {
      if (Files.isDirectory(candidate.resolve(".ci"))) {
        return candidate;
      }
    }
    throw new IllegalStateException("no directory containing .ci above " + directory);
  }

  static Path sampleFile() {
    Path sample = repositoryRoot().resolve("testdata/sample.parquet");
    if (!Files.isRegularFile(sample)) {
      throw new IllegalStateException("the repository's sample file is missing: " + sample);
    }
    return sample;
  }

  /** The corpus data folder; skips the calling test, saying why, when it is absent. */
  static Path corpusDataDirectory() {
    String fromEnvironment = System.getenv("PARQUET_TEST_DATA");
    Path data = fromEnvironment != null && !fromEnvironment.isBlank()
        ? Path.of(fromEnvironment)
        : repositoryRoot().resolve("../shared/parquet-testing/data").normalize();
    assumeTrue(Files.isDirectory(data),
        "parquet-testing corpus not found at " + data + " (set PARQUET_TEST_DATA); skipping corpus test");
    return data;
  }

  /** Every non-encrypted {@code .parquet} file under {@code directory}, sorted. */
  static List<Path> parquetFilesUnder(Path directory) {
    try (Stream<Path> files = Files.walk(directory)) {
      return files.filter(Files::isRegularFile)
          .filter(path -> path.getFileName().toString().endsWith(".parquet"))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The {@code rows=} column of {@code FOOTERS.tsv} (in the corpus folder, the data folder's parent), keyed by
   * the path relative to that folder ({@code data/alltypes_plain.parquet}). Files whose footer cannot be read
   * (an encrypted footer) have no entry.
   */
  static Map<String, Long> footerRowCounts(Path corpusFolder) {
    Path footers = corpusFolder.resolve("FOOTERS.tsv");
    assumeTrue(Files.isRegularFile(footers), "no FOOTERS.tsv at " + footers + "; skipping corpus test");
    Map<String, Long> rows = new HashMap<>();
    try {
      for (String line : Files.readAllLines(footers, StandardCharsets.UTF_8)) {
        String[] columns = line.split("\t");
        for (int i = 1; i < columns.length; i++) {
          if (columns[i].startsWith("rows=")) {
            rows.put(columns[0], Long.parseLong(columns[i].substring("rows=".length())));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }
}
