package io.parquetarrow.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The CPU time of a process's threads, user and system apart, from Linux's {@code /proc/PID/task/TID/stat}, added
 * up by thread name with digits dropped (so a pool is one row; the kernel keeps only a name's first 15 characters).
 * {@link FlightCompare} takes one before and one after the measured rounds to show where a Flight read's CPU goes:
 * our server's decoding thread, its event loop (mostly the kernel's socket writes), the compiler. Empty where
 * {@code /proc} is not there.
 */
final class ThreadCpu {
  /** Linux reports thread times in clock ticks of 1/100 s (USER_HZ) on every architecture it is built for. */
  private static final double SECONDS_PER_TICK = 0.01;

  private final Map<String, long[]> ticks;

  private ThreadCpu(Map<String, long[]> ticks) {
    this.ticks = ticks;
  }

  /** The threads of process {@code pid} now (threads that ended before are not counted). */
  static ThreadCpu of(long pid) {
    Map<String, long[]> ticks = new TreeMap<>();
    Path tasks = Path.of("/proc", Long.toString(pid), "task");
    if (!Files.isDirectory(tasks)) {
      return new ThreadCpu(ticks);
    }
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
      for (Path thread : threads) {
        String stat;
        try {
          stat = Files.readString(thread.resolve("stat"));
        } catch (NoSuchFileException ended) {
          continue;
        }
        // "tid (name) state ppid ...": the name may hold spaces and parentheses, so split after its last ')'.
        int close = stat.lastIndexOf(')');
        String name = stat.substring(stat.indexOf('(') + 1, close).replaceAll("[0-9#]+", "").replaceAll("-+$", "");
        String[] fields = stat.substring(close + 2).split(" ");
        long[] sum = ticks.computeIfAbsent(name, key -> new long[2]);
        sum[0] += Long.parseLong(fields[11]);
        sum[1] += Long.parseLong(fields[12]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ThreadCpu(ticks);
  }

  /** Prints, per thread name, the CPU seconds used between {@code before} and this, divided by {@code reads}. */
  void printSince(ThreadCpu before, int reads, String title, PrintStream out) {
    out.printf("%n%s: CPU s per read by thread, the mean of the measured rounds:%n%n", title);
    out.println("| thread | user s | system s |");
    out.println("|---|---:|---:|");
    for (Map.Entry<String, long[]> thread : ticks.entrySet()) {
      long[] earlier = before.ticks.getOrDefault(thread.getKey(), new long[2]);
      long user = thread.getValue()[0] - earlier[0];
      long system = thread.getValue()[1] - earlier[1];
      if (user + system > 0) {
        out.printf("| %s | %.3f | %.3f |%n", thread.getKey(), user * SECONDS_PER_TICK / reads,
            system * SECONDS_PER_TICK / reads);
      }
    }
  }
}
