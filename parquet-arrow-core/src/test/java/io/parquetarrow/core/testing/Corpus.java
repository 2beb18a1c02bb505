package io.parquetarrow.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Locates the parquet-testing corpus for tests: the directory named by the environment variable
 * {@code PARQUET_TEST_DATA}, else {@code ../shared/parquet-testing/data} relative to the repository root (the
 * directory holding {@code .ci}), found by walking up from the working directory so that module test runs (whose
 * working directory is the module) find it too. Tests call {@link #assumeCorpus()}, which skips them with a clear
 * message when the corpus is absent rather than failing.
 */
public final class Corpus {
  private Corpus() {}

  /** The environment variable that overrides the corpus location. */
  public static final String ENVIRONMENT_VARIABLE = "PARQUET_TEST_DATA";

  /** The corpus {@code data} directory, if it exists. */
  public static Optional<Path> dataDirectory() {
    String configured = System.getenv(ENVIRONMENT_VARIABLE);
    if (configured != null && !configured.isBlank()) {
      Path path = Paths.get(configured).toAbsolutePath().normalize();
      return Files.isDirectory(path) ? Optional.of(path) : Optional.empty();
    }
    return repositoryRoot()
        .map(root -> root.resolve("../shared/parquet-testing/data").normalize())
        .filter(Files::isDirectory);
  }

  /** The repository root: the nearest directory at or above the working directory that holds {@code .ci}. */
  public static Optional<Path> repositoryRoot() {
    for (Path directory = Paths.get("").toAbsolutePath(); directory != null; directory = directory.getParent()) {
      if (Files.isDirectory(directory.resolve(".ci"))) {
        return Optional.of(directory);
      }
    }
    return Optional.empty();
  }

  /** The corpus {@code data} directory; skips the calling test when it is absent. */
  public static Path assumeCorpus() {
    Optional<Path> directory = dataDirectory();
    Assumptions.assumeTrue(directory.isPresent(), () -> "parquet-testing corpus not found: set "
        + ENVIRONMENT_VARIABLE + " or place it at ../shared/parquet-testing/data beside the repository root"
        + " (looked from " + Paths.get("").toAbsolutePath() + ")");
    return directory.get();
  }

  /** The corpus {@code bad_data} directory (sibling of {@code data}); skips when absent. */
  public static Path assumeBadData() {
    Path badData = assumeCorpus().resolveSibling("bad_data");
    Assumptions.assumeTrue(Files.isDirectory(badData), () -> "parquet-testing bad_data not found at " + badData);
    return badData;
  }

  /** One corpus data file by name; skips when the corpus is absent, fails when the file is missing from it. */
  public static Path file(String name) {
    Path file = assumeCorpus().resolve(name);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("corpus file " + name + " does not exist in " + file.getParent());
    }
    return file;
  }

  /**
   * All {@code *.parquet} files of the data directory and its subdirectories (such as {@code geospatial/}),
   * sorted by path; skips when absent. The encrypted files of {@code aes256/} are left out: they need keys.
   */
  public static List<Path> dataFiles() {
    Path data = assumeCorpus();
    try (Stream<Path> files = Files.walk(data)) {
      return files.filter(file -> file.getFileName().toString().endsWith(".parquet"))
          .filter(Files::isRegularFile)
          .filter(file -> !data.relativize(file).startsWith("aes256"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code file}'s path below the corpus data directory, with {@code /} between names: how tests name it. */
  public static String name(Path file) {
    return assumeCorpus().relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
  }

  /** All {@code *.parquet} files directly in {@code directory}, sorted by name. */
  public static List<Path> parquetFiles(Path directory) {
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(file -> file.getFileName().toString().endsWith(".parquet"))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
