package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.concurrent.FastThreadLocalThread;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.testing.DuckDbWriter;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shared worker threads of {@link ReaderThreads}. */
class ReaderThreadsTest {
  @TempDir Path temporary;

  /**
   * With Netty on the class path the shared workers are Netty {@code FastThreadLocalThread}s, so Netty's pooled
   * allocator gives them a per-thread cache (without one, two threads read plain_ints 9-13x slower than one in a
   * JVM that also ran the other engines of the benchmark suite: see ReaderThreads).
   */
  @Test
  void workersAreThreadsNettyCachesAllocationsFor() throws Exception {
    Thread made = new ReaderThreads().newThread(() -> { });
    assertThat(made).isInstanceOf(FastThreadLocalThread.class);
    assertThat(made.isDaemon()).isTrue();
    assertThat(made.getName()).startsWith("parquet-arrow-reader-");

    Path file = temporary.resolve("workers.parquet");
    DuckDbWriter.write("SELECT i::BIGINT AS id FROM range(20000) t(i)", file,
        DuckDbWriter.Options.defaults().rowGroupSize(2048));
    List<Thread> workers = new ArrayList<>();
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
            ReadOptions.builder().threads(2).batchRows(1000).build())) {
      while (reader.loadNextBatch()) {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
          if (thread.getName().startsWith("parquet-arrow-reader-") && !workers.contains(thread)) {
            workers.add(thread);
          }
        }
      }
    }
    assertThat(workers).as("the workers of a two-thread read").isNotEmpty()
        .allSatisfy(thread -> assertThat(thread).isInstanceOf(FastThreadLocalThread.class));
  }
}
