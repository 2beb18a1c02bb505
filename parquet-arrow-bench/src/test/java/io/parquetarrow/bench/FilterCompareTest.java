package io.parquetarrow.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filtered-read comparison end to end at a small scale, without pyarrow: the sorted copy is written, every
 * query returns the same rows from ours and DuckDB on both files, and the tables carry our scan statistics.
 */
class FilterCompareTest {

  @TempDir
  Path data;

  @Test
  void oursAndDuckDbReturnTheSameRowsAndPyarrowIsSkippedWithoutPython() throws Exception {
    double scale = 0.001;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    new FilterCompare(data, scale, 42, 1, 0, null, new PrintStream(printed, true, StandardCharsets.UTF_8)).run();
    String text = printed.toString(StandardCharsets.UTF_8);
    System.out.println(text);
    assertThat(DatasetGenerator.folderFor(data, scale, 42).resolve("filter").resolve("lineitem_sorted.parquet"))
        .exists();
    assertThat(text).as("printed tables")
        .contains("## sorted: lineitem_sorted.parquet", "## unsorted: lineitem_zstd.duckdb.parquet")
        .containsPattern("\\| full read \\(no filter\\) \\| 100\\.000 % \\| 6,000 \\|")
        .containsPattern("\\| Q2 one order key \\| [0-9.]+ % \\| [1-4] \\|")
        .contains("skipped: no Python with pyarrow")
        .contains("Every engine returned the same rows for each query")
        .doesNotContain("WARNING");
  }
}
