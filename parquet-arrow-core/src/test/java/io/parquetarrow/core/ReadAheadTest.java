package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ReaderTestSupport.Table;
import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.filter.ScanStatistics;
import io.parquetarrow.core.testing.DuckDbWriter;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compressed column chunks read ahead of decoding ({@link ReadOptions#readAheadBytes()}, {@code ChunkReadAhead}):
 * the same batches as without, chunks actually taken from the read-ahead, a failed read ahead read again by its
 * column, and a reader closed mid-file that leaves no read running and no memory behind.
 */
class ReadAheadTest {
  @TempDir
  static Path temporary;
  private static Path file;
  private static byte[] bytes;

  @BeforeAll
  static void writeFile() throws Exception {
    file = temporary.resolve("read_ahead.parquet");
    DuckDbWriter.write("SELECT i::BIGINT AS id, 'text ' || (i * 7919 % 100003) AS label,"
        + " CASE WHEN i % 5 = 0 THEN NULL ELSE [i, i + 1] END AS pair FROM range(30000) t(i)", file,
        DuckDbWriter.Options.defaults().rowGroupSize(4096));
    try (ParquetFile parquet = ParquetFile.open(file)) {
      assertThat(parquet.metadata().rowGroups().size()).as("row groups written").isGreaterThan(3);
      assertThat(parquet.metadata().rowGroup(0).column(0).codec().name()).isNotEqualTo("UNCOMPRESSED");
    }
    bytes = Files.readAllBytes(file);
  }

  @Test
  void readsTheSameBatchesAndTakesChunksFromTheReadAhead() throws Exception {
    Table without = ReaderTestSupport.read(file, ReadOptions.builder().readAheadBytes(0).batchRows(1000).build());
    for (long budget : new long[] {ReadOptions.DEFAULT_READ_AHEAD_BYTES, 1, 20_000}) {
      CountingFile input = new CountingFile(bytes, false, 0);
      Table with;
      long taken;
      try (BufferAllocator allocator = TestAllocators.root();
          ParquetArrowReader reader = ParquetArrowReader.open(input, allocator,
              ReadOptions.builder().readAheadBytes(budget).batchRows(1000).build())) {
        with = ReaderTestSupport.drain(reader);
        taken = reader.chunksReadAhead();
      }
      assertThat(with).as("budget %d", budget).isEqualTo(without);
      if (budget == 1) {
        assertThat(taken).as("no chunk fits a budget of one byte").isZero();
      } else {
        assertThat(taken).as("chunks taken from the read-ahead, budget %d", budget).isPositive();
      }
      assertThat(input.readsOffTheCaller.get() > 0).as("reads made on another thread, budget %d", budget)
          .isEqualTo(budget != 1);
      if (budget == ReadOptions.DEFAULT_READ_AHEAD_BYTES) {
        assertThat((long) input.readsOffTheCaller.get())
            .as("requests for %d chunks read ahead: neighbouring chunks share one", taken).isLessThan(taken / 2);
      }
    }
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
            ReadOptions.builder().readAheadBytes(0).build())) {
      ReaderTestSupport.drain(reader);
      assertThat(reader.chunksReadAhead()).as("read-ahead off").isZero();
    }
  }

  @Test
  void aFilteredReadReadsTheNextRowGroupWhileItDecodesOne() throws Exception {
    ReadOptions.Builder options = ReadOptions.builder().batchRows(1000).filter("id >= 100 AND id < 25000");
    Table expected;
    ScanStatistics expectedStatistics;
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options.readAheadBytes(0).build())) {
      expected = ReaderTestSupport.drain(reader);
      expectedStatistics = reader.scanStatistics();
    }
    assertThat(expectedStatistics.rowGroupsPrunedByStatistics()).as("the last row group pruned").isEqualTo(1);
    long secondRowGroup;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      secondRowGroup = parquet.metadata().rowGroup(1).column(0).startOffset();
    }
    CountingFile input = new CountingFile(bytes, false, 0);
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(input, allocator,
            options.readAheadBytes(ReadOptions.DEFAULT_READ_AHEAD_BYTES).build())) {
      assertThat(reader.loadNextBatch()).isTrue();
      // Still in the first row group: the second one's chunks are read ahead without waiting for its turn.
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (input.offTheCallerFrom(secondRowGroup) == 0 && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      assertThat(input.offTheCallerFrom(secondRowGroup)).as("requests read ahead in the second row group")
          .isPositive();
      int first = reader.getVectorSchemaRoot().getRowCount();
      assertThat(first).isEqualTo(expected.batchSizes().get(0));
      Table rest = ReaderTestSupport.drain(reader);
      assertThat(rest.rows()).isEqualTo(expected.rows().subList(first, expected.rows().size()));
      assertThat(reader.scanStatistics()).as("each row group pruned and counted once, some ahead of their turn")
          .isEqualTo(expectedStatistics);
      assertThat(reader.chunksReadAhead()).isPositive();
    }
  }

  @Test
  void laneWorkersReadTheirUnitsChunksWithFewerRequests() throws Exception {
    Table expected = ReaderTestSupport.read(file, ReadOptions.builder().readAheadBytes(0).batchRows(1000).build());
    int[] requests = new int[2];
    long[] budgets = {0, ReadOptions.DEFAULT_READ_AHEAD_BYTES};
    for (int i = 0; i < budgets.length; i++) {
      CountingFile input = new CountingFile(bytes, false, 0);
      try (BufferAllocator allocator = TestAllocators.root();
          ParquetArrowReader reader = ParquetArrowReader.open(input, allocator,
              ReadOptions.builder().threads(2).readAheadBytes(budgets[i]).batchRows(1000).build())) {
        assertThat(reader.readsInLanes()).isTrue();
        assertThat(ReaderTestSupport.drain(reader)).as("two threads, budget %d", budgets[i]).isEqualTo(expected);
      }
      requests[i] = input.reads.get();
    }
    assertThat(requests[1]).as("requests with read-ahead against %d without", requests[0])
        .isLessThan(requests[0] / 2);
  }

  @Test
  void aChunkWhoseReadAheadFailedIsReadByItsColumn() throws Exception {
    Table expected = ReaderTestSupport.read(file, ReadOptions.builder().readAheadBytes(0).build());
    CountingFile input = new CountingFile(bytes, true, 0);
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(input, allocator, ReadOptions.defaults())) {
      assertThat(ReaderTestSupport.drain(reader)).isEqualTo(expected);
      assertThat(reader.chunksReadAhead()).as("every read ahead failed").isZero();
    }
    assertThat(input.readsOffTheCaller.get()).as("reads attempted ahead").isPositive();
  }

  @Test
  void aReaderClosedMidFileWaitsForTheReadInProgressAndLeavesNothing() throws Exception {
    for (int batches : new int[] {0, 1, 3}) {
      CountingFile input = new CountingFile(bytes, false, 20);
      try (BufferAllocator allocator = TestAllocators.root()) {
        try (ParquetArrowReader reader = ParquetArrowReader.open(input, allocator,
            ReadOptions.builder().batchRows(1000).build())) {
          for (int i = 0; i < batches; i++) {
            assertThat(reader.loadNextBatch()).isTrue();
          }
        }
        assertThat(input.active.get()).as("reads still running after close, %d batches", batches).isZero();
        assertThat(input.closed).isTrue();
        assertThat(allocator.getAllocatedMemory()).isZero();
      }
    }
  }

  /**
   * Serves the file from memory, counting reads made off the thread that created it and reads in progress; can
   * fail every read off that thread, and delay each read.
   */
  private static final class CountingFile implements InputFile {
    private final BytesInputFile bytes;
    private final Thread caller = Thread.currentThread();
    private final boolean failOffTheCaller;
    private final long delayMillis;
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger readsOffTheCaller = new AtomicInteger();
    /** Where each read off the creating thread started in the file. */
    final Queue<Long> positionsOffTheCaller = new ConcurrentLinkedQueue<>();
    final AtomicInteger active = new AtomicInteger();
    volatile boolean closed;

    CountingFile(byte[] contents, boolean failOffTheCaller, long delayMillis) {
      this.bytes = new BytesInputFile("read_ahead.parquet", contents);
      this.failOffTheCaller = failOffTheCaller;
      this.delayMillis = delayMillis;
    }

    /** Reads made off the creating thread from {@code position} on in the file. */
    long offTheCallerFrom(long position) {
      return positionsOffTheCaller.stream().filter(start -> start >= position).count();
    }

    @Override
    public String name() {
      return bytes.name();
    }

    @Override
    public long length() {
      return bytes.length();
    }

    @Override
    public void readFully(long position, ByteBuffer destination) throws IOException {
      active.incrementAndGet();
      reads.incrementAndGet();
      try {
        if (closed) {
          throw new IOException("read after close");
        }
        if (Thread.currentThread() != caller) {
          readsOffTheCaller.incrementAndGet();
          positionsOffTheCaller.add(position);
          if (failOffTheCaller) {
            throw new IOException("read ahead fails in this test");
          }
          if (delayMillis > 0) {
            Thread.sleep(delayMillis);
          }
        }
        bytes.readFully(position, destination);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(e);
      } finally {
        active.decrementAndGet();
      }
    }

    @Override
    public void close() {
      assertThat(active.get()).as("reads running when the file is closed").isZero();
      closed = true;
    }
  }
}
