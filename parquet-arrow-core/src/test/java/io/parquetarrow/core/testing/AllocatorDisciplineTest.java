package io.parquetarrow.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@link ArrowLeakExtension} complete: a test of any module that made its own {@code RootAllocator} would
 * escape the leak check, so every test source of the repository must take its allocators from
 * {@link TestAllocators}. The modules depending on core get both through core's test jar.
 */
class AllocatorDisciplineTest {
  private static final String CONSTRUCTOR_CALL = "new " + "RootAllocator(";

  @Test
  void everyTestAllocatorComesFromTestAllocators() throws IOException {
    Path repository = Paths.get("").toAbsolutePath().getParent();
    List<Path> testSources;
    try (Stream<Path> files = Files.walk(repository)) {
      testSources = files
          .filter(file -> file.toString().endsWith(".java"))
          .filter(file -> repository.relativize(file).toString().replace('\\', '/').contains("src/test/java/"))
          .filter(file -> !file.getFileName().toString().equals("TestAllocators.java"))
          .collect(Collectors.toList());
    }
    assertThat(testSources).as("test sources under %s", repository).hasSizeGreaterThan(100);

    List<String> offenders = testSources.stream()
        .filter(file -> read(file).contains(CONSTRUCTOR_CALL))
        .map(file -> repository.relativize(file).toString())
        .collect(Collectors.toList());
    assertThat(offenders).as("tests making their own RootAllocator instead of TestAllocators.root()").isEmpty();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
