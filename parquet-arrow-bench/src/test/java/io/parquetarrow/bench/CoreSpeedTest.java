package io.parquetarrow.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CoreSpeed} finds every compressed page of a suite file and times passes over them. */
class CoreSpeedTest {

  @TempDir
  Path data;

  @Test
  void timesPassesOverEveryPage() throws Exception {
    double scale = 0.0001;
    Path folder = DatasetGenerator.folderFor(data, scale, 42);
    Path file = new DatasetGenerator(folder, scale, 42, System.err).reference(Dataset.LINEITEM_SNAPPY, false);
    byte[] bytes = Files.readAllBytes(file);
    List<CoreSpeed.Page> pages = CoreSpeed.pages(file, bytes);
    assertThat(pages).as("pages of %s", file.getFileName()).isNotEmpty();
    for (CoreSpeed.Page page : pages) {
      assertThat(page.offset() + (long) page.compressedLength()).as("page end").isLessThanOrEqualTo(bytes.length);
    }

    PrintStream standardOut = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      CoreSpeed.main(new String[] {file.toString(), "0.05"});
    } finally {
      System.setOut(standardOut);
    }
    assertThat(printed.toString(StandardCharsets.UTF_8)).as("printed")
        .contains(file.getFileName() + ": " + pages.size() + " pages").contains("ms per pass");
  }
}
