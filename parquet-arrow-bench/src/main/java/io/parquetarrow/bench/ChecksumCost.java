package io.parquetarrow.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * What the runner's checksum costs each engine: reads {@code FILE} with ours, Arrow C++ and the pages-only floor,
 * alternating, one thread, and times the read and then the checksum of what it read separately (decision 0056).
 *
 * <p>Usage: {@code java -cp 'BENCH_LIB/*' io.parquetarrow.bench.ChecksumCost FILE [ROUNDS]} (5 warm-up rounds, then
 * ROUNDS measured, 9 by default; medians printed).
 */
public final class ChecksumCost {
  private static final int WARMUP = 5;

  private ChecksumCost() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: ChecksumCost FILE [ROUNDS]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 9;
    List<ReadEngine> engines = List.of(new OursEngine(), new ArrowCppEngine(), new PagesOnlyEngine());
    double[][] reads = new double[engines.size()][rounds];
    double[][] checksums = new double[engines.size()][rounds];
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int round = -WARMUP; round < rounds; round++) {
        for (int engine = 0; engine < engines.size(); engine++) {
          long start = System.nanoTime();
          try (ReadEngine.Materialized read = engines.get(engine).read(file, 1, allocator)) {
            long readEnd = System.nanoTime();
            read.checksum();
            long checksumEnd = System.nanoTime();
            if (round >= 0) {
              reads[engine][round] = (readEnd - start) / 1e9;
              checksums[engine][round] = (checksumEnd - readEnd) / 1e9;
            }
          }
        }
      }
    } finally {
      for (ReadEngine engine : engines) {
        engine.close();
      }
    }
    System.out.printf("%s, %d rounds, medians%n", file.getFileName(), rounds);
    for (int engine = 0; engine < engines.size(); engine++) {
      System.out.printf("%-14s read %.3f s, checksum %.3f s%n", engines.get(engine).name(),
          median(reads[engine]), median(checksums[engine]));
    }
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
