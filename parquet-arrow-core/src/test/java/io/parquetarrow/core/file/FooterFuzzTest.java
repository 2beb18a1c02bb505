package io.parquetarrow.core.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Damaged footers must fail cleanly: corpus files with random bytes of their footer (and footer length)
 * overwritten either still open — and then map to an Arrow schema or fail with a {@link ParquetException} — or
 * fail with a {@link ParquetException}; never another exception, a hang or an outsized allocation. Prints its
 * seed; rerun with {@code -DfooterFuzz.seed=<seed>}.
 */
class FooterFuzzTest {
  private static final int ITERATIONS_PER_FILE = 15;

  @Test
  void damagedFootersFailWithParquetExceptions() throws IOException {
    long seed = Long.getLong("footerFuzz.seed", System.nanoTime());
    System.out.println("FooterFuzzTest seed: " + seed);
    Random random = new Random(seed);
    List<Path> files = CorpusFiles.parquetFiles(CorpusFiles.dataDirectory()).stream()
        .filter(file -> !CorpusFiles.hasEncryptedFooter(file))
        .filter(file -> {
          try {
            return Files.size(file) < 200_000;
          } catch (IOException e) {
            return false;
          }
        })
        .toList();
    assertThat(files).as("corpus files to damage").isNotEmpty();
    int opened = 0;
    int rejected = 0;
    for (Path file : files) {
      byte[] original = Files.readAllBytes(file);
      int footerLength = (original[original.length - 8] & 0xFF) | (original[original.length - 7] & 0xFF) << 8
          | (original[original.length - 6] & 0xFF) << 16 | (original[original.length - 5] & 0xFF) << 24;
      int footerStart = original.length - 8 - footerLength;
      for (int iteration = 0; iteration < ITERATIONS_PER_FILE; iteration++) {
        byte[] damaged = original.clone();
        int changes = 1 + random.nextInt(4);
        for (int change = 0; change < changes; change++) {
          int position = footerStart + random.nextInt(footerLength + 4);
          damaged[position] = (byte) random.nextInt(256);
        }
        String name = file.getFileName() + " (seed " + seed + ", iteration " + iteration + ")";
        try (ParquetFile parquet = ParquetFile.open(new ChannelInputFile(name, new ByteArrayChannel(damaged)))) {
          parquet.metadata().arrowSchemaMapping();
          opened++;
        } catch (ParquetException expected) {
          assertThat(expected.getMessage()).as("message of %s", name).contains(name);
          rejected++;
        } catch (RuntimeException | IOException | StackOverflowError unexpected) {
          throw new AssertionError("damaged footer of " + name + " failed with " + unexpected, unexpected);
        }
      }
    }
    System.out.println("FooterFuzzTest: " + opened + " damaged footers still opened, " + rejected + " rejected");
    assertThat(rejected).as("damaged footers rejected (seed %d)", seed).isPositive();
  }
}
