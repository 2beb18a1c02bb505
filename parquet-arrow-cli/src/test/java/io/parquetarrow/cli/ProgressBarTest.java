package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@link ProgressBar} with a hand-driven clock: what a line says and how often it is redrawn. */
class ProgressBarTest {

  private long now;

  @Test
  void redrawsAtMostEveryInterval() {
    StringWriter text = new StringWriter();
    ProgressBar bar = new ProgressBar(new PrintWriter(text), 1000, () -> now);
    bar.update(10, 1);
    now += ProgressBar.MINIMUM_INTERVAL_NANOS / 2;
    bar.update(20, 2);
    bar.update(30, 3);
    assertThat(text.toString().split("\r", -1)).as("one draw within the interval: %s", text).hasSize(2);
    now += ProgressBar.MINIMUM_INTERVAL_NANOS;
    bar.update(500, 50);
    assertThat(text.toString()).as("a draw after the interval").contains(" 50% ").contains("50 rows written");
    bar.finish(1000, 100);
    assertThat(text.toString()).as("final line").contains("100% 1000 B of 1000 B read, 100 rows written")
        .endsWith(System.lineSeparator());
  }

  @Test
  void lineShowsBarSizesAndRows() {
    ProgressBar bar = new ProgressBar(new PrintWriter(new StringWriter()), 4L * 1024 * 1024, () -> now);
    assertThat(bar.line(1024 * 1024, 1_234_567)).as("a quarter")
        .isEqualTo("[########                      ]  25% 1.0 MiB of 4.0 MiB read, 1,234,567 rows written");
    ProgressBar unknown = new ProgressBar(new PrintWriter(new StringWriter()), 0, () -> now);
    assertThat(unknown.line(512, 3)).as("unknown size").isEqualTo("512 B read, 3 rows written");
    assertThat(ProgressBar.size(1536)).as("binary units").isEqualTo("1.5 KiB");
  }
}
