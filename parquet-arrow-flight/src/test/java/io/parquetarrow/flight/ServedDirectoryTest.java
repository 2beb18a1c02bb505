package io.parquetarrow.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The path rules of {@link ServedDirectory}, one by one, without a server. */
class ServedDirectoryTest {
  @TempDir Path root;
  @TempDir Path elsewhere;

  @ParameterizedTest
  @ValueSource(strings = {"", "/etc/passwd", "../x.parquet", "a/../../x.parquet", "a//b.parquet", "./a.parquet",
      "a/.", "a\\b.parquet", "a\0b.parquet", "a/"})
  void malformedPathsAreInvalidArguments(String path) {
    assertThat(code(() -> ServedDirectory.checkSyntax(path))).isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
  }

  @ParameterizedTest
  @ValueSource(strings = {".upload.parquet", "_SUCCESS", "dir/_metadata", ".hidden/a.parquet"})
  void hiddenNamesAreNotFound(String path) {
    assertThat(code(() -> ServedDirectory.checkSyntax(path))).isEqualTo(FlightStatusCode.NOT_FOUND);
  }

  @Test
  void symbolicLinksAreFollowedOnlyInsideTheDirectory() throws Exception {
    ServedDirectory directory = new ServedDirectory(root);
    Files.createDirectories(root.resolve("in"));
    Files.writeString(root.resolve("in/a.parquet"), "x");
    Files.createSymbolicLink(root.resolve("inside.parquet"), root.resolve("in/a.parquet"));
    Files.createSymbolicLink(root.resolve("outside.parquet"), elsewhere.resolve("b.parquet"));
    Files.writeString(elsewhere.resolve("b.parquet"), "y");
    Files.createSymbolicLink(root.resolve("dangling.parquet"), elsewhere.resolve("missing.parquet"));
    assertThat(directory.existing("inside.parquet")).isEqualTo(root.toRealPath().resolve("in/a.parquet"));
    assertThat(code(() -> directory.existing("outside.parquet"))).isEqualTo(FlightStatusCode.UNAUTHORIZED);
    assertThat(code(() -> directory.existing("dangling.parquet"))).isEqualTo(FlightStatusCode.UNAUTHORIZED);
    assertThat(code(() -> directory.existing("missing.parquet"))).isEqualTo(FlightStatusCode.NOT_FOUND);
    assertThat(directory.targetPaths()).containsExactly("in/a.parquet", "inside.parquet");
    assertThat(directory.withoutRoot("failed reading " + root.toRealPath().resolve("in/a.parquet")))
        .isEqualTo("failed reading in/a.parquet");
    for (String link : new String[] {"inside.parquet", "outside.parquet", "dangling.parquet"}) {
      Files.delete(root.resolve(link));
    }
  }

  @Test
  void uploadsCreateMissingDirectoriesInsideOnly() throws Exception {
    ServedDirectory directory = new ServedDirectory(root);
    assertThat(directory.forUpload("new/deeper/f.parquet"))
        .isEqualTo(root.toRealPath().resolve("new/deeper/f.parquet"));
    assertThat(root.resolve("new/deeper")).isDirectory();
    Files.createSymbolicLink(root.resolve("out"), elsewhere);
    assertThat(code(() -> directory.forUpload("out/sub/f.parquet"))).isEqualTo(FlightStatusCode.UNAUTHORIZED);
    assertThat(elsewhere.resolve("sub")).doesNotExist();
    assertThat(code(() -> directory.forUpload("f.csv"))).isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    Files.delete(root.resolve("out"));
  }

  private static FlightStatusCode code(ThrowingCall call) {
    FlightRuntimeException thrown = catchThrowableOfType(FlightRuntimeException.class, call::run);
    assertThat(thrown).as("a Flight failure").isNotNull();
    return thrown.status().code();
  }

  private interface ThrowingCall {
    void run() throws Exception;
  }
}
