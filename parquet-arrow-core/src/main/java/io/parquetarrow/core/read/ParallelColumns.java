package io.parquetarrow.core.read;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Reads the fields of each batch on the calling thread and up to {@code threads - 1} shared workers: the mode for
 * several threads when a field is read as an Arrow dictionary, which rules out lanes of row groups (each lane would
 * build its own dictionaries). Workers take fields from a shared counter, the costliest so far first, so that one
 * long field (a string column, say) starts early instead of being left to the end
 * (docs/decisions/0027-column-parallel-batches.md).
 */
final class ParallelColumns implements RowGroupBatches.BatchFiller {
  private final int threads;
  private final String fileName;
  /** Field positions in the order workers claim them. */
  private final int[] fieldOrder;
  /**
   * Each field's decode time summed over the batches so far, which orders the next one. A sum rather than the last
   * batch: a field's cost jumps in the batches where its next page is read and decompressed.
   */
  private final long[] fieldNanos;

  ParallelColumns(int fieldCount, int threads, String fileName) {
    this.threads = threads;
    this.fileName = fileName;
    this.fieldOrder = new int[fieldCount];
    for (int i = 0; i < fieldCount; i++) {
      fieldOrder[i] = i;
    }
    this.fieldNanos = new long[fieldCount];
  }

  /**
   * Returns only when every field is done, so nothing touches a vector after this returns or throws; a failure is
   * then rethrown as it was thrown (same type, same message), choosing the lowest failed field, the one a single
   * thread would have stopped at.
   */
  @Override
  public void fill(RowGroupReader reader, int rows, VectorSchemaRoot root) throws IOException {
    int count = fieldOrder.length;
    orderFieldsByCost();
    AtomicInteger nextClaim = new AtomicInteger();
    Throwable[] failures = new Throwable[count];
    Runnable work = () -> {
      for (int claim = nextClaim.getAndIncrement(); claim < count; claim = nextClaim.getAndIncrement()) {
        int field = fieldOrder[claim];
        long start = System.nanoTime();
        try {
          reader.readField(field, rows, root.getVector(field));
        } catch (Throwable e) {
          failures[field] = e;
        }
        fieldNanos[field] += System.nanoTime() - start;
      }
    };
    int helpers = Math.min(threads - 1, count - 1);
    CountDownLatch helpersDone = new CountDownLatch(Math.max(0, helpers));
    // A helper that has not started when the calling thread runs out of fields is called off instead of waited
    // for: waking a thread only to find nothing left would add a scheduling delay to every small batch.
    AtomicBoolean[] started = new AtomicBoolean[Math.max(0, helpers)];
    ExecutorService executor = ReaderThreads.SHARED;
    for (int h = 0; h < started.length; h++) {
      AtomicBoolean helperStarted = new AtomicBoolean();
      started[h] = helperStarted;
      try {
        executor.execute(() -> {
          if (!helperStarted.compareAndSet(false, true)) {
            return;
          }
          try {
            work.run();
          } finally {
            helpersDone.countDown();
          }
        });
      } catch (RejectedExecutionException e) {
        // Cannot happen while the reader is open; the calling thread then reads the fields itself.
        helperStarted.set(true);
        helpersDone.countDown();
      }
    }
    work.run();
    for (AtomicBoolean helperStarted : started) {
      if (helperStarted.compareAndSet(false, true)) {
        helpersDone.countDown();
      }
    }
    ReaderThreads.awaitUninterruptibly(helpersDone);
    for (Throwable failure : failures) {
      if (failure != null) {
        throw ReaderThreads.rethrow(failure, fileName + ": reading a column failed");
      }
    }
  }

  /** Sorts {@link #fieldOrder} by decode time so far, longest first (stable on ties). */
  private void orderFieldsByCost() {
    // Insertion sort: a handful to a few hundred fields, nearly sorted from one batch to the next.
    for (int i = 1; i < fieldOrder.length; i++) {
      int field = fieldOrder[i];
      int j = i - 1;
      while (j >= 0 && fieldNanos[fieldOrder[j]] < fieldNanos[field]) {
        fieldOrder[j + 1] = fieldOrder[j];
        j--;
      }
      fieldOrder[j + 1] = field;
    }
  }
}
