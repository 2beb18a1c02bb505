package io.parquetarrow.examples.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link Quickstart#main} as a user runs it: in a JVM of its own, with only the JVM flags the README asks for
 * and only this project's runtime class path (its classes and what depending on parquet-arrow-core brings). The
 * test JVM's own class path would not do, since test dependencies could supply what a user's project lacks.
 */
class QuickstartTest {
  /** Keeps a hung child from hanging the build; a healthy run takes a few seconds. */
  private static final long HANG_GUARD_MINUTES = 10;

  @Test
  void mainWritesAFileAndReadsTheSameRowsBack() throws Exception {
    Path output = Path.of(requiredProperty("quickstart.output"));
    Files.createDirectories(output);
    Path file = output.resolve("people.parquet");
    Files.deleteIfExists(file);
    Path log = output.resolve("quickstart.log");

    String runtimeClasspath = Files.readString(Path.of(requiredProperty("quickstart.runtimeClasspathFile"))).strip();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(Arrays.asList(requiredProperty("quickstart.jvmFlags").strip().split("\\s+")));
    command.add("-cp");
    command.add(requiredProperty("quickstart.classes") + File.pathSeparator + runtimeClasspath);
    command.add(Quickstart.class.getName());
    command.add(file.toString());

    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean exited = process.waitFor(HANG_GUARD_MINUTES, TimeUnit.MINUTES);
    if (!exited) {
      process.destroyForcibly().waitFor();
    }
    String printed = Files.readString(log);

    assertThat(exited).as("%s still running after %d minutes; it printed:%n%s",
        String.join(" ", command), HANG_GUARD_MINUTES, printed).isTrue();
    assertThat(process.exitValue()).as("exit status of%n%s%nwhich printed:%n%s", String.join(" ", command), printed)
        .isZero();
    assertThat(printed.lines()).as("lines printed by the quickstart")
        .containsSubsequence("1 Ada", "2 Grace", "3 null");
    assertThat(file).as("the file the quickstart wrote").isRegularFile();
  }

  private static String requiredProperty(String name) {
    String value = System.getProperty(name);
    assertThat(value).as("system property %s, set by the pom's surefire configuration", name).isNotNull();
    return value;
  }
}
