package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cat} and {@code schema} on a directory: a Hive-partitioned dataset of two copies of
 * {@code testdata/sample.parquet} (1,000 rows each), below {@code part=1} and {@code part=two%20x}.
 */
class DatasetCommandsTest {
  @TempDir Path directory;

  @BeforeEach
  void copySample() throws IOException {
    for (String partition : List.of("part=1", "part=two%20x")) {
      Path target = Files.createDirectories(directory.resolve(partition)).resolve("data.parquet");
      Files.copy(TestFiles.sampleFile(), target);
    }
    Files.writeString(directory.resolve("_SUCCESS"), "");
  }

  @Test
  void schemaShowsTheUnifiedSchemaWithThePartitionColumn() {
    CommandRunner.Result result = CommandRunner.run("schema", directory.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdout()).as(result.describe())
        .startsWith("Dataset: 2 files, 2000 rows, partition columns [part]").contains("Arrow schema:", "id", "part");
  }

  @Test
  void catReadsEveryFileWithFiltersAndPartitionValues() {
    CommandRunner.Result result = CommandRunner.run("cat", "--format", "csv", "--columns", "id,part",
        "--filter", "part = 'two x' AND id < 3", directory.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdout().split("\r\n")).as(result.describe())
        .containsExactly("id,part", "0,two x", "1,two x", "2,two x");

    CommandRunner.Result table = CommandRunner.run("cat", directory.toString());
    assertThat(table.exitCode()).as(table.describe()).isZero();
    assertThat(table.stdout().lines().toList()).as(table.describe()).last().isEqualTo("(20 of 2000 rows)");
  }

  @Test
  void explainIsForSingleFiles() {
    CommandRunner.Result result = CommandRunner.run("cat", "--filter", "id < 3", "--explain", directory.toString());
    assertThat(result.exitCode()).as(result.describe()).isNotZero();
    assertThat(result.stderr()).as(result.describe()).contains("not a directory");
  }
}
