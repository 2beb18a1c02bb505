package io.parquetarrow.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The auto-encoding size report end to end at the smallest scale: a row per dataset, and Arrow C++ reads every
 * auto-encoded file back with the reference checksum.
 */
class EncodingGainsTest {

  @TempDir
  Path data;

  @Test
  void reportsEveryDatasetAndArrowCppReadsTheAutoFiles() throws Exception {
    double scale = 0.0001;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    EncodingGains.run(DatasetGenerator.folderFor(data, scale, 42), scale, 42, List.of(Dataset.LINEITEM_SNAPPY,
        Dataset.FLOATS_BSS, Dataset.NESTED), new PrintStream(printed, true, StandardCharsets.UTF_8));
    String text = printed.toString(StandardCharsets.UTF_8);
    System.out.println(text);
    assertThat(text).as("printed table")
        .contains("| lineitem_snappy | snappy |", "| floats_bss | zstd |", "| nested | snappy |")
        .doesNotContain("MISMATCH");
    assertThat(text.lines().filter(line -> line.contains("| ok ")).count()).as("rows read back by Arrow C++")
        .isEqualTo(3);
  }
}
