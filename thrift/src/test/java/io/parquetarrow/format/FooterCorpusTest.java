package io.parquetarrow.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.ThriftTruncatedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every footer of the parquet-testing corpus decodes, re-encodes to something that decodes equal, and agrees
 * with FOOTERS.tsv on its row count; every prefix of a real footer and random corruptions of it fail with a
 * {@link ParquetCorruptionException} and nothing else.
 *
 * <p>The corpus is {@code $PARQUET_TEST_DATA} (its {@code data} folder or the parquet-testing folder itself),
 * default {@code ../shared/parquet-testing} next to the repository root (the folder holding {@code .ci}).
 */
class FooterCorpusTest {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ENCRYPTED_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);

  static Path corpusRoot() {
    return corpusRoot(System.getenv("PARQUET_TEST_DATA"), Paths.get("").toAbsolutePath());
  }

  /**
   * The parquet-testing folder: {@code configured} (the folder itself or its {@code data} folder) when set,
   * else {@code shared/parquet-testing} beside the repository root found by walking up from
   * {@code workingDirectory} to the folder that holds {@code .ci}.
   */
  static Path corpusRoot(String configured, Path workingDirectory) {
    if (configured != null && !configured.isBlank()) {
      Path path = Paths.get(configured).toAbsolutePath().normalize();
      boolean isDataFolder = path.getFileName() != null && path.getFileName().toString().equals("data")
          && !Files.isDirectory(path.resolve("data"));
      return isDataFolder ? path.getParent() : path;
    }
    Path directory = workingDirectory;
    while (directory != null && !Files.isDirectory(directory.resolve(".ci"))) {
      directory = directory.getParent();
    }
    Path repositoryRoot = directory != null ? directory : workingDirectory;
    return repositoryRoot.resolve("../shared/parquet-testing").normalize();
  }

  private static Path requireCorpus() {
    Path root = corpusRoot();
    Assumptions.assumeTrue(Files.isDirectory(root.resolve("data")),
        "parquet-testing corpus not found at " + root + " (set PARQUET_TEST_DATA); skipping corpus test");
    return root;
  }

  /** The Thrift footer of a file, or null when the file's footer is encrypted (magic "PARE"). */
  static byte[] readFooter(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      assertThat(size).as("%s is long enough for a tail", file).isGreaterThanOrEqualTo(12);
      ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      channel.read(tail, size - 8);
      byte[] magic = new byte[4];
      tail.position(4);
      tail.get(magic);
      if (java.util.Arrays.equals(magic, ENCRYPTED_MAGIC)) {
        return null;
      }
      assertThat(magic).as("%s magic", file).isEqualTo(MAGIC);
      int length = tail.getInt(0);
      assertThat(length).as("%s footer length", file).isBetween(0, (int) Math.min(size - 12, Integer.MAX_VALUE));
      ByteBuffer footer = ByteBuffer.allocate(length);
      channel.read(footer, size - 8 - length);
      return footer.array();
    }
  }

  private static Map<String, Long> expectedRows(Path root) throws IOException {
    Map<String, Long> rows = new HashMap<>();
    Path footers = root.resolve("FOOTERS.tsv");
    if (!Files.exists(footers)) {
      return rows;
    }
    for (String line : Files.readAllLines(footers)) {
      String[] columns = line.split("\t");
      for (String column : columns) {
        if (column.startsWith("rows=")) {
          rows.put(columns[0], Long.parseLong(column.substring("rows=".length())));
        }
      }
    }
    return rows;
  }

  private static List<Path> corpusFiles(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile)
          .filter(path -> path.toString().endsWith(".parquet") || path.toString().endsWith(".parquet.encrypted"))
          .sorted()
          .toList();
    }
  }

  @Test
  void everyCorpusFooterRoundTripsAndMatchesFootersTsv() throws IOException {
    Path root = requireCorpus();
    Map<String, Long> expectedRows = expectedRows(root);
    int decoded = 0;
    int encryptedFooters = 0;
    int rejectedBadData = 0;
    int rowCountsChecked = 0;
    List<String> failures = new ArrayList<>();
    for (Path file : corpusFiles(root)) {
      String relative = root.relativize(file).toString().replace('\\', '/');
      byte[] footer = readFooter(file);
      if (footer == null) {
        encryptedFooters++;
        continue;
      }
      FileMetaData metadata;
      try {
        metadata = FileMetaData.decode(footer, 0, footer.length);
      } catch (ParquetCorruptionException e) {
        if (relative.startsWith("bad_data/")) {
          rejectedBadData++;
          continue;
        }
        failures.add(relative + ": " + e.getMessage());
        continue;
      }
      decoded++;
      byte[] reencoded = metadata.encode();
      try {
        assertThat(FileMetaData.decode(reencoded, 0, reencoded.length)).as("%s re-decoded", relative)
            .isEqualTo(metadata);
      } catch (ParquetCorruptionException e) {
        failures.add(relative + " (re-encoded): " + e.getMessage());
      }
      Long rows = expectedRows.get(relative);
      if (rows != null) {
        assertThat(metadata.numRows()).as("%s num_rows against FOOTERS.tsv", relative).isEqualTo(rows);
        rowCountsChecked++;
      }
    }
    assertThat(failures).as("data files whose footer did not decode").isEmpty();
    System.out.printf("footer corpus: %d decoded, %d row counts checked, %d encrypted footers skipped, "
        + "%d bad_data footers rejected%n", decoded, rowCountsChecked, encryptedFooters, rejectedBadData);
    assertThat(decoded).as("footers decoded").isGreaterThan(100);
    assertThat(rowCountsChecked).as("row counts checked").isGreaterThan(100);
  }

  @Test
  void unknownLogicalTypeInTheCorpusDecodesAsUnrecognized() throws IOException {
    Path file = requireCorpus().resolve("data/unknown-logical-type.parquet");
    Assumptions.assumeTrue(Files.exists(file), file + " absent");
    byte[] footer = readFooter(file);
    FileMetaData metadata = FileMetaData.decode(footer, 0, footer.length);
    assertThat(metadata.schema()).anySatisfy(element ->
        assertThat(element.logicalType()).isInstanceOf(LogicalType.Unrecognized.class));
  }

  /** A real footer when the corpus is there, else the synthetic full footer. */
  private static List<byte[]> sampleFooters() throws IOException {
    List<byte[]> footers = new ArrayList<>();
    footers.add(FormatSamples.fullFileMetaData().encode());
    Path root = corpusRoot();
    // small and mid-size footers: the prefix test is quadratic in the footer length
    for (String name : List.of("data/alltypes_tiny_pages.parquet", "data/geospatial/geospatial-with-nan.parquet",
        "data/data_index_bloom_encoding_stats.parquet", "data/column_chunk_key_value_metadata.parquet")) {
      Path file = root.resolve(name);
      if (Files.exists(file)) {
        footers.add(readFooter(file));
      }
    }
    return footers;
  }

  @Test
  void everyPrefixOfAFooterFailsAsTruncation() throws IOException {
    for (byte[] footer : sampleFooters()) {
      for (int length = 0; length < footer.length; length++) {
        try {
          FileMetaData.decode(footer, 0, length);
          fail("a %d-byte prefix of a %d-byte footer decoded", length, footer.length);
        } catch (ThriftTruncatedException expected) {
          // the clean outcome
        } catch (Throwable other) {
          throw new AssertionError("prefix of " + length + " of " + footer.length + " bytes threw " + other, other);
        }
      }
    }
  }

  /**
   * Random bytes written over a footer: decoding either fails with {@link ParquetCorruptionException} or yields
   * metadata that is consistent with itself (it encodes and decodes back to an equal value, unless an enum decoded
   * as UNKNOWN, which does not encode), and a damage that
   * wrote back the bytes already there decodes to the undamaged footer. The seed is fixed so a failure replays;
   * {@code -DfooterCorruption.seed=N} replays another, {@code -DfooterCorruption.random=true} explores.
   */
  @Test
  void randomCorruptionOfAFooterFailsOnlyWithCorruptionExceptions() throws IOException {
    long seed = Long.getLong("footerCorruption.seed",
        Boolean.getBoolean("footerCorruption.random") ? System.nanoTime() : 0x5EED_F007L);
    System.out.println("footer corruption seed " + seed);
    Random random = new Random(seed);
    int rejected = 0;
    int unchanged = 0;
    for (byte[] footer : sampleFooters()) {
      FileMetaData undamaged = FileMetaData.decode(footer, 0, footer.length);
      for (int round = 0; round < 2000; round++) {
        byte[] damaged = footer.clone();
        int changes = 1 + random.nextInt(4);
        for (int i = 0; i < changes; i++) {
          damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
        }
        String label = "seed " + seed + " round " + round;
        FileMetaData decoded;
        try {
          decoded = FileMetaData.decode(damaged, 0, damaged.length);
        } catch (ParquetCorruptionException expected) {
          rejected++;
          continue;
        } catch (Throwable other) {
          throw new AssertionError(label + ": " + other, other);
        }
        if (Arrays.equals(damaged, footer)) {
          unchanged++;
          assertThat(decoded).as("%s: the bytes were written back unchanged", label).isEqualTo(undamaged);
        }
        byte[] reencoded;
        try {
          reencoded = decoded.encode();
        } catch (IllegalArgumentException unknownEnum) {
          // An enum value decoded as UNKNOWN outside a list does not keep its wire value, by design.
          assertThat(unknownEnum).as(label).hasMessageContaining("cannot encode UNKNOWN");
          continue;
        }
        assertThat(FileMetaData.decode(reencoded, 0, reencoded.length))
            .as("%s: accepted metadata encodes and decodes back to itself", label).isEqualTo(decoded);
      }
    }
    System.out.println("footer corruption: " + rejected + " rejected, " + unchanged + " unchanged");
    assertThat(rejected).as("seed %d: random bytes over a footer are rejected at least sometimes", seed)
        .isPositive();
  }

  @Test
  void corpusRootIsFoundFromTheRepositoryRootOrTheEnvironment(@TempDir Path temporary) throws IOException {
    Path repository = Files.createDirectories(temporary.resolve("main"));
    Files.createDirectories(repository.resolve(".ci"));
    Path module = Files.createDirectories(repository.resolve("thrift"));
    Path expected = temporary.resolve("shared/parquet-testing");
    assertThat(corpusRoot(null, module)).as("walking up from a module").isEqualTo(expected);
    assertThat(corpusRoot("", repository)).as("from the repository root").isEqualTo(expected);
    assertThat(corpusRoot(expected.resolve("data").toString(), module)).as("env naming the data folder")
        .isEqualTo(expected);
    assertThat(corpusRoot(expected.toString(), module)).as("env naming the corpus folder").isEqualTo(expected);
  }
}
