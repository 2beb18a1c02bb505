package io.parquetarrow.core;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Parallel reading for {@link ParquetArrowReader} with {@link ReadOptions#threads()} above 1. The work is cut
 * into units: each selected row group, times each of {@code G} column groups (contiguous runs of the top-level
 * fields, balanced by size; {@code G} is 1 when there are row groups enough to keep every thread busy). Workers
 * claim units in order (row group by row group); a worker reads a unit with a lane reader of its own (a
 * {@link ParquetArrowReader} over the same open file reading only that column group, one thread, its own column
 * readers, scratch and vectors) batch by batch and queues each batch's buffers in the unit's queue. The calling
 * thread takes batch after batch, one from each column group of the current row group, and moves their buffers
 * into its root without copying. So the batches are exactly those one thread reads, and a failure surfaces at the
 * batch where one thread would meet it (same exception object; with several column groups failing in one batch,
 * the one of the lowest columns).
 *
 * <p>Memory: a worker claims a unit only while fewer than {@code threads} claimed units are not yet fully taken by
 * the caller, so at most {@code threads} units (each at most one row group's worth of batches) are held at once.
 * There is no barrier per batch: a worker runs ahead through its unit while the others read theirs.
 */
final class ReadLanes implements AutoCloseable {
  /** Opens a lane reader for the top-level fields {@code columns} (indices into the caller's schema). */
  interface LaneReaderFactory {
    ParquetArrowReader open(int[] columns) throws IOException;
  }

  /** A queued batch: one column group's vectors, transferred out of the lane reader, and the row count. */
  private record LaneBatch(List<FieldVector> vectors, int rows) {
    void close() {
      vectors.forEach(FieldVector::close);
    }
  }

  private static final Object END_OF_UNIT = new Object();

  private final BufferAllocator allocator;
  private final int rowGroupCount;
  private final int[][] columnGroups;
  private final List<LinkedBlockingQueue<Object>> units;
  private final Semaphore unitsAhead;
  private final AtomicInteger nextClaim = new AtomicInteger();
  private final int workerCount;
  private final CountDownLatch workersDone;
  private final AtomicLong bytesRead = new AtomicLong();
  private final AtomicLong pagesIntoVectors = new AtomicLong();
  private volatile boolean cancelled;
  /** The row group (position in the reader's row-group list) the caller takes batches from. */
  private int position;
  private boolean closed;

  /**
   * Starts {@code min(threads, units)} workers on {@code executor}, which must have that many threads free; a
   * worker it refuses is left out, and refusing all of them is an error.
   *
   * @param columnGroups contiguous, ascending runs of field indices covering the schema, at most {@code 2 * threads}
   */
  ReadLanes(BufferAllocator allocator, int rowGroupCount, int[][] columnGroups, int threads,
      ExecutorService executor, LaneReaderFactory factory) {
    if (columnGroups.length > 2 * threads) {
      throw new IllegalArgumentException(columnGroups.length + " column groups for " + threads + " threads");
    }
    this.allocator = allocator;
    this.rowGroupCount = rowGroupCount;
    this.columnGroups = columnGroups;
    int unitCount = rowGroupCount * columnGroups.length;
    this.units = new ArrayList<>(unitCount);
    for (int i = 0; i < unitCount; i++) {
      units.add(new LinkedBlockingQueue<>());
    }
    // Two permits per thread, and so at least one per column group: workers reading one group of a row group
    // never hold back another group of it from being claimed, and a worker that finishes its unit before the
    // caller has drained an older one starts the next instead of waiting (with one permit per thread the two
    // workers of a two-thread read of lineitem were parked 1.6 and 2.3 s over 32 reads; our writer's lineitem,
    // two row groups in two column groups each, read in 0.16-0.18 s instead of 0.20-0.21 s). The price: up to
    // as many units' batches as permits may wait in memory for a caller slower than the workers.
    // With several column groups, one row group's units more: the caller drains a row group's groups in lock-step
    // and gives their permits back only when all have ended, so a worker done with its groups of the row group
    // waited for the slowest one instead of starting the next row group (our writer's lineitem, 2 threads, four
    // column groups, `./bench scaling` medians 1.53-1.65x -> 1.75-1.99x of one thread, two runs each).
    int permits = 2 * threads + (columnGroups.length > 1 ? columnGroups.length : 0);
    this.unitsAhead = new Semaphore(permits);
    int workers = Math.min(threads, unitCount);
    this.workersDone = new CountDownLatch(workers);
    int started = 0;
    for (int w = 0; w < workers; w++) {
      try {
        executor.execute(() -> work(factory));
        started++;
      } catch (RejectedExecutionException e) {
        workersDone.countDown();
      }
    }
    if (started == 0) {
      throw new IllegalStateException("no worker thread could be started for parallel reading");
    }
    this.workerCount = workers;
  }

  /**
   * Splits fields of the given costs into {@code groups} contiguous runs of about equal cost (each at least one
   * field), greedily from the front.
   */
  static int[][] contiguousGroups(long[] costs, int groups) {
    int count = costs.length;
    groups = Math.max(1, Math.min(groups, count));
    long remaining = 0;
    for (long cost : costs) {
      remaining += Math.max(1, cost);
    }
    int[][] result = new int[groups][];
    int next = 0;
    for (int g = 0; g < groups; g++) {
      int start = next;
      int fieldsLeftForOthers = groups - g - 1;
      if (fieldsLeftForOthers == 0) {
        next = count;
      } else {
        long target = remaining / (groups - g);
        long sum = 0;
        while (next < count - fieldsLeftForOthers) {
          long cost = Math.max(1, costs[next]);
          // Take the field if the group is empty or taking it lands nearer the target than stopping.
          if (next > start && sum + cost - target > target - sum) {
            break;
          }
          sum += cost;
          next++;
        }
        remaining -= sum;
      }
      result[g] = new int[next - start];
      for (int i = start; i < next; i++) {
        result[g][i - start] = i;
      }
    }
    return result;
  }

  /** One worker: claims units in order until none is left or the lanes are closed. */
  private void work(LaneReaderFactory factory) {
    ParquetArrowReader[] readers = new ParquetArrowReader[columnGroups.length];
    try {
      while (true) {
        unitsAhead.acquireUninterruptibly();
        if (cancelled) {
          return;
        }
        int claim = nextClaim.getAndIncrement();
        if (claim >= units.size()) {
          return;
        }
        LinkedBlockingQueue<Object> unit = units.get(claim);
        int group = claim % columnGroups.length;
        try {
          if (readers[group] == null) {
            readers[group] = factory.open(columnGroups[group]);
          }
          ParquetArrowReader reader = readers[group];
          reader.startLane(claim / columnGroups.length);
          long bytesBefore = reader.bytesRead();
          long pagesBefore = reader.pagesDecompressedIntoVectors();
          while (!cancelled && reader.loadNextBatch()) {
            // Counted before the batch is queued, so the caller's counts cover every batch it has taken.
            long bytes = reader.bytesRead();
            long pages = reader.pagesDecompressedIntoVectors();
            bytesRead.addAndGet(bytes - bytesBefore);
            pagesIntoVectors.addAndGet(pages - pagesBefore);
            bytesBefore = bytes;
            pagesBefore = pages;
            unit.add(takeBatch(reader.getVectorSchemaRoot(), columnGroups[group], reader.laneBatchRows()));
          }
          unit.add(END_OF_UNIT);
        } catch (Throwable e) {
          // The lane reader refuses to go on after a failure; the caller meets this at the unit's turn.
          unit.add(e);
          return;
        }
      }
    } finally {
      for (ParquetArrowReader reader : readers) {
        if (reader != null) {
          try {
            reader.close();
          } catch (IOException | RuntimeException e) {
            // Closing releases vectors and the lane's page readers only; the file is the caller's reader's.
          }
        }
      }
      workersDone.countDown();
    }
  }

  /** Moves the lane reader's vectors of {@code columns} out of its root (no copy), leaving them empty. */
  private LaneBatch takeBatch(VectorSchemaRoot root, int[] columns, int rows) {
    List<FieldVector> to = new ArrayList<>(columns.length);
    try {
      for (int column : columns) {
        TransferPair pair = root.getVector(column).getTransferPair(allocator);
        pair.transfer();
        to.add((FieldVector) pair.getTo());
      }
    } catch (RuntimeException | Error e) {
      to.forEach(FieldVector::close);
      throw e;
    }
    return new LaneBatch(to, rows);
  }

  /**
   * Moves the next batch into {@code root}; false once every row group has been taken. Rethrows a worker's
   * failure when its batch's turn comes.
   */
  boolean next(VectorSchemaRoot root) throws IOException {
    Object[] items = new Object[columnGroups.length];
    while (position < rowGroupCount) {
      for (int g = 0; g < items.length; g++) {
        try {
          items[g] = units.get(position * columnGroups.length + g).take();
        } catch (InterruptedException e) {
          closeBatches(items);
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while waiting for row group batches");
        }
      }
      for (Object item : items) {
        if (item instanceof Throwable failure) {
          closeBatches(items);
          throw ParquetArrowReader.rethrow(failure, "reading a row group failed");
        }
      }
      int ended = 0;
      for (Object item : items) {
        if (item == END_OF_UNIT) {
          ended++;
        }
      }
      if (ended == items.length) {
        position++;
        unitsAhead.release(items.length);
        continue;
      }
      int rows = ended > 0 ? -1 : ((LaneBatch) items[0]).rows();
      for (Object item : items) {
        if (!(item instanceof LaneBatch batch) || batch.rows() != rows) {
          closeBatches(items);
          throw new IllegalStateException("the column groups of row group position " + position
              + " disagree on a batch's rows");
        }
      }
      try {
        for (int g = 0; g < items.length; g++) {
          List<FieldVector> vectors = ((LaneBatch) items[g]).vectors();
          for (int i = 0; i < vectors.size(); i++) {
            vectors.get(i).makeTransferPair(root.getVector(columnGroups[g][i])).transfer();
          }
        }
      } finally {
        closeBatches(items);
      }
      root.setRowCount(rows);
      return true;
    }
    return false;
  }

  private static void closeBatches(Object[] items) {
    for (int i = 0; i < items.length; i++) {
      if (items[i] instanceof LaneBatch batch) {
        batch.close();
      }
      items[i] = null;
    }
  }

  long bytesRead() {
    return bytesRead.get();
  }

  long pagesIntoVectors() {
    return pagesIntoVectors.get();
  }

  /**
   * Stops the workers (each finishes the batch it is reading), waits for them, and releases every queued batch.
   * Waits even when interrupted: workers allocate from the caller's allocator until they stop.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    cancelled = true;
    unitsAhead.release(workerCount);
    ParquetArrowReader.awaitUninterruptibly(workersDone);
    for (LinkedBlockingQueue<Object> unit : units) {
      for (Object item = unit.poll(); item != null; item = unit.poll()) {
        if (item instanceof LaneBatch batch) {
          batch.close();
        }
      }
    }
  }
}
