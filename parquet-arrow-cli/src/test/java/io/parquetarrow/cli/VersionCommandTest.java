package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.simd.KernelProvider;
import org.junit.jupiter.api.Test;

class VersionCommandTest {

  @Test
  void printsLibraryJavaAndKernels() {
    CommandRunner.Result result = CommandRunner.run("version");
    assertThat(result.exitCode()).as(result.describe()).isZero();
    String[] lines = result.stdout().split("\\R");
    // "unknown" is allowed: under `mvn test` in the reactor the classes run outside any jar.
    assertThat(lines[0]).as(result.describe()).matches("parquet-arrow (\\d+\\.\\d+\\.\\d+\\S*|unknown)");
    assertThat(lines[1]).as(result.describe())
        .startsWith("Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor"));
    assertThat(result.stdout()).as(result.describe()).contains("SIMD kernels: " + KernelProvider.get().name());
  }

  @Test
  void versionOptionPrintsTheSameLines() {
    CommandRunner.Result option = CommandRunner.run("--version");
    CommandRunner.Result command = CommandRunner.run("version");
    assertThat(option.exitCode()).as(option.describe()).isZero();
    assertThat(option.stdout()).as("--version and version agree").isEqualTo(command.stdout());
  }
}
