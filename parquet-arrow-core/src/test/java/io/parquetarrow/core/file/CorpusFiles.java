package io.parquetarrow.core.file;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;

/**
 * Locates the parquet-testing corpus for the footer and schema tests: the directory named by the environment
 * variable {@code PARQUET_TEST_DATA}, else {@code ../shared/parquet-testing/data} next to the repository root (the
 * first ancestor of the working directory that contains {@code .ci}). Tests skip, saying why, when it is absent.
 */
public final class CorpusFiles {
  private CorpusFiles() {}

  /** The corpus {@code data} directory; skips the calling test when it does not exist. */
  public static Path dataDirectory() {
    Path directory = locate();
    assumeTrue(directory != null && Files.isDirectory(directory),
        "parquet-testing corpus not found (set PARQUET_TEST_DATA or place it at ../shared/parquet-testing/data"
            + " relative to the repository root); looked at " + directory);
    return directory;
  }

  /** The corpus {@code bad_data} directory (a sibling of {@code data}); skips when absent. */
  public static Path badDataDirectory() {
    Path directory = dataDirectory().resolveSibling("bad_data");
    assumeTrue(Files.isDirectory(directory), "parquet-testing bad_data not found at " + directory);
    return directory;
  }

  private static Path locate() {
    String configured = System.getenv("PARQUET_TEST_DATA");
    if (configured != null && !configured.isBlank()) {
      return Paths.get(configured).toAbsolutePath().normalize();
    }
    for (Path directory = Paths.get("").toAbsolutePath(); directory != null; directory = directory.getParent()) {
      if (Files.isDirectory(directory.resolve(".ci"))) {
        return directory.resolve("../shared/parquet-testing/data").normalize();
      }
    }
    return null;
  }

  /**
   * Every Parquet file under {@code directory}, recursively: {@code *.parquet} and {@code *.parquet.encrypted},
   * sorted by path.
   */
  public static List<Path> parquetFiles(Path directory) {
    try (Stream<Path> files = Files.walk(directory)) {
      return files.filter(Files::isRegularFile)
          .filter(path -> {
            String name = path.getFileName().toString();
            return name.endsWith(".parquet") || name.endsWith(".parquet.encrypted");
          })
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** True for files whose footer is encrypted (trailing magic PARE). */
  public static boolean hasEncryptedFooter(Path file) {
    try (var channel = java.nio.channels.FileChannel.open(file)) {
      if (channel.size() < 4) {
        return false;
      }
      java.nio.ByteBuffer magic = java.nio.ByteBuffer.allocate(4);
      channel.read(magic, channel.size() - 4);
      return new String(magic.array(), java.nio.charset.StandardCharsets.US_ASCII).equals("PARE");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
