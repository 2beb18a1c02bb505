package io.parquetarrow.simd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps the generated scalar bit packing in step with its generator: runs
 * {@code src/generator/BitPackingGenerator.java} (source-file mode of the running JDK's launcher) into a
 * temporary folder and compares the output with the checked-in files byte for byte.
 */
class GeneratedBitPackingTest {

  private static final Path GENERATOR = Path.of("src/generator/BitPackingGenerator.java");
  private static final Path SOURCES = Path.of("src/main/java/io/parquetarrow/simd");

  @Test
  void checkedInFilesMatchTheGenerator(@TempDir Path folder) throws IOException, InterruptedException {
    assertThat(GENERATOR).as("generator (tests run from the module folder)").exists();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process = new ProcessBuilder(java, GENERATOR.toString(), folder.toString())
        .redirectErrorStream(true).start();
    String log = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("generator finished").isTrue();
    assertThat(process.exitValue()).as("generator exit status, output: %s", log).isZero();
    for (String file : new String[] {"IntBitPacking.java", "LongBitPacking.java"}) {
      assertThat(Files.readString(folder.resolve(file)))
          .as("%s differs from the generator's output: regenerate with"
              + " java parquet-arrow-simd/%s parquet-arrow-simd/%s", file, GENERATOR, SOURCES)
          .isEqualTo(Files.readString(SOURCES.resolve(file)));
    }
  }
}
