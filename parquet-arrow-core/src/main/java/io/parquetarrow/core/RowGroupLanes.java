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
 * Row-group parallel reading for {@link ParquetArrowReader} with {@link ReadOptions#threads()} above 1: each of
 * up to {@code threads} workers owns a lane reader (a {@link ParquetArrowReader} over the same open file, one
 * thread, its own column readers, scratch and vectors), claims the next row group in the reader's order, reads
 * it batch by batch and queues each batch's buffers in that row group's lane. The calling thread takes the
 * batches lane by lane, in row-group order, and moves their buffers into its root without copying, so the
 * batches are exactly those one thread reads, and a failure surfaces at the batch where one thread would meet it
 * (same exception object, same message).
 *
 * <p>Memory: a worker claims a row group only while fewer than {@code threads} claimed row groups are not yet
 * fully taken by the caller, so at most {@code threads} row groups' batches are held at once. Columns are not
 * split across threads here: a row group's batches come from one worker, so reading scales with the number of
 * row groups rather than with how evenly the columns cost.
 */
final class RowGroupLanes implements AutoCloseable {
  /** Opens a lane reader: same file, options and schema as the caller's reader, read on one thread. */
  interface LaneReaderFactory {
    ParquetArrowReader open() throws IOException;
  }

  /** A queued batch: the lane reader's vectors, transferred out, and its row count. */
  private record LaneBatch(List<FieldVector> vectors, int rows) {
    void close() {
      vectors.forEach(FieldVector::close);
    }
  }

  private static final Object END_OF_ROW_GROUP = new Object();

  private final BufferAllocator allocator;
  private final List<LinkedBlockingQueue<Object>> lanes;
  private final Semaphore rowGroupsAhead;
  private final AtomicInteger nextClaim = new AtomicInteger();
  private final int workerCount;
  private final CountDownLatch workersDone;
  private final AtomicLong bytesRead = new AtomicLong();
  private final AtomicLong pagesIntoVectors = new AtomicLong();
  private volatile boolean cancelled;
  /** The lane (position in the reader's row-group list) the caller takes batches from. */
  private int position;
  private boolean closed;

  /**
   * Starts {@code min(threads, rowGroupCount)} workers on {@code executor}, which must have that many threads
   * free; a worker it refuses is left out, and refusing all of them is an error.
   */
  RowGroupLanes(BufferAllocator allocator, int rowGroupCount, int threads, ExecutorService executor,
      LaneReaderFactory factory) {
    this.allocator = allocator;
    this.lanes = new ArrayList<>(rowGroupCount);
    for (int i = 0; i < rowGroupCount; i++) {
      lanes.add(new LinkedBlockingQueue<>());
    }
    this.rowGroupsAhead = new Semaphore(threads);
    int workers = Math.min(threads, rowGroupCount);
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
      throw new IllegalStateException("no worker thread could be started for row-group parallel reading");
    }
    this.workerCount = workers;
  }

  /** One worker: claims row groups in order until none is left or the lanes are closed. */
  private void work(LaneReaderFactory factory) {
    ParquetArrowReader reader = null;
    try {
      while (true) {
        rowGroupsAhead.acquireUninterruptibly();
        if (cancelled) {
          return;
        }
        int claim = nextClaim.getAndIncrement();
        if (claim >= lanes.size()) {
          return;
        }
        LinkedBlockingQueue<Object> lane = lanes.get(claim);
        try {
          if (reader == null) {
            reader = factory.open();
          }
          reader.startLane(claim);
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
            lane.add(takeBatch(reader.getVectorSchemaRoot()));
          }
          lane.add(END_OF_ROW_GROUP);
        } catch (Throwable e) {
          // The lane reader refuses to go on after a failure; the caller meets this at the lane's turn.
          lane.add(e);
          return;
        }
      }
    } finally {
      if (reader != null) {
        try {
          reader.close();
        } catch (IOException | RuntimeException e) {
          // Closing releases vectors and the lane's page readers only; the file is the caller's reader's.
        }
      }
      workersDone.countDown();
    }
  }

  /** Moves the lane reader's current batch out of its root (no copy), leaving its vectors empty. */
  private LaneBatch takeBatch(VectorSchemaRoot root) {
    List<FieldVector> from = root.getFieldVectors();
    List<FieldVector> to = new ArrayList<>(from.size());
    try {
      for (FieldVector vector : from) {
        TransferPair pair = vector.getTransferPair(allocator);
        pair.transfer();
        to.add((FieldVector) pair.getTo());
      }
    } catch (RuntimeException | Error e) {
      to.forEach(FieldVector::close);
      throw e;
    }
    return new LaneBatch(to, root.getRowCount());
  }

  /**
   * Moves the next batch into {@code root}; false once every row group has been taken. Rethrows a worker's
   * failure when its lane's turn comes.
   */
  boolean next(VectorSchemaRoot root) throws IOException {
    while (position < lanes.size()) {
      Object item;
      try {
        item = lanes.get(position).take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for row group batches");
      }
      if (item == END_OF_ROW_GROUP) {
        position++;
        rowGroupsAhead.release();
        continue;
      }
      if (item instanceof LaneBatch batch) {
        List<FieldVector> target = root.getFieldVectors();
        try {
          for (int i = 0; i < target.size(); i++) {
            batch.vectors().get(i).makeTransferPair(target.get(i)).transfer();
          }
        } finally {
          batch.close();
        }
        root.setRowCount(batch.rows());
        return true;
      }
      if (item instanceof IOException e) {
        throw e;
      }
      if (item instanceof RuntimeException e) {
        throw e;
      }
      if (item instanceof Error e) {
        throw e;
      }
      throw new IllegalStateException("reading a row group failed", (Throwable) item);
    }
    return false;
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
    rowGroupsAhead.release(workerCount);
    boolean interrupted = false;
    while (true) {
      try {
        workersDone.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    for (LinkedBlockingQueue<Object> lane : lanes) {
      for (Object item = lane.poll(); item != null; item = lane.poll()) {
        if (item instanceof LaneBatch batch) {
          batch.close();
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
