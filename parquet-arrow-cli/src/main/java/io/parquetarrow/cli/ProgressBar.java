package io.parquetarrow.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * A one-line progress report on standard error for long-running subcommands ({@code write}): bytes read of the
 * input's size, as a bar and a percentage, and rows written. The line is redrawn in place with a carriage
 * return, at most every {@value #MINIMUM_INTERVAL_NANOS} ns (a few times a second) however often
 * {@link #update} is called, so a fast loop spends no time printing; {@link #finish} draws the final state and
 * ends the line. Never writes to standard output, which may carry data.
 */
final class ProgressBar {

  /** At most four redraws a second: enough to look alive, few enough to cost nothing. */
  static final long MINIMUM_INTERVAL_NANOS = 250_000_000L;

  private static final int BAR_WIDTH = 30;

  private final PrintWriter err;
  private final long totalBytes;
  private final LongSupplier clock;
  private long lastDrawNanos;
  private boolean drawn;
  private int lastLineLength;

  /**
   * A bar over {@code totalBytes} of input (0 or less when unknown: then only the counts are shown), reading the
   * time from {@code clock} (nanoseconds, as {@link System#nanoTime}).
   */
  ProgressBar(PrintWriter err, long totalBytes, LongSupplier clock) {
    this.err = Objects.requireNonNull(err, "err");
    this.totalBytes = totalBytes;
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Redraws the line if the last redraw is old enough. */
  void update(long bytesRead, long rowsWritten) {
    long now = clock.getAsLong();
    if (drawn && now - lastDrawNanos < MINIMUM_INTERVAL_NANOS) {
      return;
    }
    draw(bytesRead, rowsWritten);
    lastDrawNanos = now;
  }

  /** Draws the final state and ends the line, so what the shell prints next starts on a line of its own. */
  void finish(long bytesRead, long rowsWritten) {
    draw(bytesRead, rowsWritten);
    err.println();
    err.flush();
  }

  /** Ends a line left unfinished by {@link #update} (after a failure, before the error line). */
  void abandon() {
    if (drawn) {
      err.println();
      err.flush();
    }
  }

  /** The text of the line for these counts (without the carriage return). */
  String line(long bytesRead, long rowsWritten) {
    String rows = String.format(Locale.ROOT, "%,d rows written", rowsWritten);
    if (totalBytes <= 0) {
      return String.format(Locale.ROOT, "%s read, %s", size(bytesRead), rows);
    }
    double fraction = Math.max(0, Math.min(1, (double) bytesRead / totalBytes));
    int filled = (int) Math.round(fraction * BAR_WIDTH);
    return String.format(Locale.ROOT, "[%s%s] %3d%% %s of %s read, %s", "#".repeat(filled),
        " ".repeat(BAR_WIDTH - filled), (int) Math.floor(fraction * 100), size(bytesRead), size(totalBytes), rows);
  }

  private void draw(long bytesRead, long rowsWritten) {
    String line = line(bytesRead, rowsWritten);
    // Pad with spaces over the end of a longer previous line, which a carriage return does not erase.
    String padding = " ".repeat(Math.max(0, lastLineLength - line.length()));
    err.print("\r" + line + padding);
    err.flush();
    lastLineLength = line.length();
    drawn = true;
  }

  /** Bytes in binary units with one decimal: {@code 512 B}, {@code 1.5 MiB}. */
  static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}
