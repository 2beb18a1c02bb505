package io.parquetarrow.core.limits;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.file.ChannelInputFile;
import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.core.file.LocalInputFile;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the thread-safety notes of {@link ParquetArrowReader}, {@link ParquetArrowWriter} and {@link InputFile}
 * promise, under stress: eight threads reading one file through readers of their own over one shared
 * {@link InputFile}; a reader closed by another thread in the middle of a read; a writer handed from thread to
 * thread under a lock. Results equal a single-threaded read, and no Arrow memory is left.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConcurrentReadTest {
  private static final int THREADS = 8;
  private static final int ROWS = 60_000;

  @TempDir
  static Path directory;
  private static Path file;
  private static LimitFiles.Result expected;
  private static ExecutorService pool;

  @BeforeAll
  static void writeFile() throws IOException {
    file = directory.resolve("shared.parquet");
    LimitFiles.write(file, ROWS, 15_000, Codec.SNAPPY, true);
    try (BufferAllocator allocator = TestAllocators.root()) {
      expected = LimitFiles.read(LocalInputFile.open(file), allocator, ReadOptions.defaults());
    }
    assertThat(expected.rows()).isEqualTo(ROWS);
    pool = Executors.newFixedThreadPool(THREADS);
  }

  @AfterAll
  static void stopPool() {
    pool.shutdownNow();
  }

  /** An {@link InputFile} several readers share: closing a reader leaves it open. */
  private record Shared(InputFile delegate) implements InputFile {
    @Override
    public String name() {
      return delegate.name();
    }

    @Override
    public long length() throws IOException {
      return delegate.length();
    }

    @Override
    public void readFully(long position, ByteBuffer destination) throws IOException {
      delegate.readFully(position, destination);
    }

    @Override
    public void close() {}
  }

  @Test
  void eightReadersShareOneLocalInputFile() throws Exception {
    try (LocalInputFile input = LocalInputFile.open(file)) {
      readConcurrently(new Shared(input));
    }
  }

  @Test
  void eightReadersShareOneChannelInputFile() throws Exception {
    try (ChannelInputFile input = new ChannelInputFile(file.toString(), FileChannel.open(file))) {
      readConcurrently(new Shared(input));
    }
  }

  private static void readConcurrently(InputFile shared) throws Exception {
    try (BufferAllocator root = TestAllocators.root()) {
      List<Future<List<LimitFiles.Result>>> results = new ArrayList<>();
      CountDownLatch start = new CountDownLatch(1);
      for (int thread = 0; thread < THREADS; thread++) {
        int index = thread;
        results.add(pool.submit(() -> {
          start.await();
          List<LimitFiles.Result> own = new ArrayList<>();
          try (BufferAllocator allocator = root.newChildAllocator("reader-" + index, 0, Long.MAX_VALUE)) {
            for (int round = 0; round < 3; round++) {
              ReadOptions options = ReadOptions.builder().batchRows(1000 + 997 * index + round)
                  .threads(round == 2 ? 2 : 1).readAheadBytes(index % 2 == 0 ? 0 : 1 << 20).build();
              own.add(LimitFiles.read(shared, allocator, options));
            }
          }
          return own;
        }));
      }
      start.countDown();
      for (Future<List<LimitFiles.Result>> result : results) {
        for (LimitFiles.Result one : result.get(30, TimeUnit.SECONDS)) {
          assertThat(one.rows()).isEqualTo(expected.rows());
          assertThat(one.checksum()).isEqualTo(expected.checksum());
        }
      }
      assertThat(root.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  @Test
  void closeFromAnotherThreadEndsTheReadCleanly() throws Exception {
    SplittableRandom random = new SplittableRandom(42);
    int interrupted = 0;
    for (int trial = 0; trial < 40; trial++) {
      int threads = 1 + trial % 3;
      long delayMicros = random.nextLong(20_000);
      try (BufferAllocator allocator = TestAllocators.root()) {
        ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
            ReadOptions.builder().batchRows(2000).threads(threads).build());
        CountDownLatch started = new CountDownLatch(1);
        Future<Throwable> reading = pool.submit(() -> {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          started.countDown();
          try {
            long rows = 0;
            while (reader.loadNextBatch()) {
              rows += root.getRowCount();
            }
            assertThat(rows).isEqualTo(ROWS);
            return null;
          } catch (IllegalStateException | ParquetException e) {
            return e;
          }
        });
        started.await();
        TimeUnit.MICROSECONDS.sleep(delayMicros);
        reader.close();
        Throwable outcome = reading.get(30, TimeUnit.SECONDS);
        if (outcome != null) {
          interrupted++;
        }
        reader.close();
        assertThat(allocator.getAllocatedMemory())
            .as("Arrow memory left after close at %d us, threads %d (%s)", delayMicros, threads, outcome).isZero();
      }
    }
    System.out.println("ConcurrentReadTest: " + interrupted + " of 40 reads ended by a close from another thread");
  }

  @Test
  void writerHandedFromThreadToThreadWritesTheSameFile() throws Exception {
    Path single = directory.resolve("single.parquet");
    Path handed = directory.resolve("handed.parquet");
    WriteOptions options = WriteOptions.builder().codec(Codec.SNAPPY).rowGroupRowLimit(15_000).build();
    int batches = 24;
    int batchRows = ROWS / batches;
    try (BufferAllocator allocator = TestAllocators.root();
         VectorSchemaRoot root = VectorSchemaRoot.create(LimitFiles.SCHEMA, allocator);
         ParquetArrowWriter writer = ParquetArrowWriter.open(single, LimitFiles.SCHEMA, options)) {
      for (int batch = 0; batch < batches; batch++) {
        LimitFiles.fill(root, batch * batchRows, batchRows);
        writer.write(root);
      }
    }
    try (BufferAllocator allocator = TestAllocators.root()) {
      ParquetArrowWriter writer = ParquetArrowWriter.open(handed, LimitFiles.SCHEMA, options);
      ReentrantLock lock = new ReentrantLock();
      Condition turnChanged = lock.newCondition();
      int[] turn = {0};
      List<Future<?>> writers = new ArrayList<>();
      for (int thread = 0; thread < THREADS; thread++) {
        int index = thread;
        writers.add(pool.submit(() -> {
          try (BufferAllocator own = allocator.newChildAllocator("writer-" + index, 0, Long.MAX_VALUE);
               VectorSchemaRoot root = VectorSchemaRoot.create(LimitFiles.SCHEMA, own)) {
            for (int batch = index; batch < batches; batch += THREADS) {
              lock.lock();
              try {
                while (turn[0] != batch) {
                  turnChanged.await();
                }
                LimitFiles.fill(root, batch * batchRows, batchRows);
                writer.write(root);
                turn[0]++;
                turnChanged.signalAll();
              } finally {
                lock.unlock();
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> one : writers) {
        one.get(30, TimeUnit.SECONDS);
      }
      writer.close();
      assertThat(allocator.getAllocatedMemory()).isZero();
      LimitFiles.Result fromSingle = LimitFiles.read(LocalInputFile.open(single), allocator, ReadOptions.defaults());
      LimitFiles.Result fromHanded = LimitFiles.read(LocalInputFile.open(handed), allocator, ReadOptions.defaults());
      assertThat(fromHanded).isEqualTo(fromSingle);
      assertThat(fromHanded.checksum()).isEqualTo(expected.checksum());
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
  }
}
