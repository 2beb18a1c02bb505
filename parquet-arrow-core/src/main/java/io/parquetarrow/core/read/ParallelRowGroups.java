package io.parquetarrow.core.read;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetException;
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
 * Lanes of row groups: the mode for several threads unless a field is read as an Arrow dictionary. The work is cut
 * into units: each selected row group, times each of {@code G} column groups (contiguous runs of the top-level
 * fields, balanced by size; {@code G} is 1 when there are row groups enough to keep every thread busy, see
 * {@link #columnGroups}). Workers claim units in order (row group by row group); a worker reads a unit with a lane
 * of its own for that column group (a {@link RowGroupBatches} over the same open file reading only that column
 * group, with its own assemblers, scratch, chunks and vectors) batch by batch and queues each batch's buffers in
 * the unit's queue. The calling thread takes batch after batch, one from each column group of the current row
 * group, and moves their buffers into its root without copying. So the batches are exactly those one thread reads,
 * and a failure surfaces at the batch where one thread would meet it (same exception object; with several column
 * groups failing in one batch, the one of the lowest columns).
 *
 * <p>Memory: a worker claims a unit only while fewer than the permits (see the constructor) claimed units are not
 * yet fully taken by the caller, so a bounded number of units (each at most one row group's worth of batches) is
 * held at once. There is no barrier per batch: a worker runs ahead through its unit while the others read theirs.
 * Each lane reads its unit's chunks itself, neighbours coalesced into one request when it opens the row group: the
 * other workers' decoding overlaps its reads already, and another thread per worker would only compete.
 */
final class ParallelRowGroups implements AutoCloseable {
  /** A queued batch: one column group's vectors, transferred out of its lane, and the row count. */
  private record LaneBatch(List<FieldVector> vectors, int rows) {
    void close() {
      vectors.forEach(FieldVector::close);
    }
  }

  private static final Object END_OF_UNIT = new Object();

  /** Uncompressed bytes per column group from which a row group is cut into two groups per thread, not one. */
  static final long FINE_LANE_GROUP_BYTES = 8L << 20;

  private final ReadPlan plan;
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
  ParallelRowGroups(ReadPlan plan, BufferAllocator allocator, int[][] columnGroups, int threads,
      ExecutorService executor) {
    int rowGroupCount = plan.rowGroupCount();
    if (columnGroups.length > 2 * threads) {
      throw new IllegalArgumentException(columnGroups.length + " column groups for " + threads + " threads");
    }
    this.plan = plan;
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
    // caller has drained an older one starts the next instead of waiting parked. The price: up to as many units'
    // batches as permits may wait in memory for a caller slower than the workers.
    // With several column groups, one row group's units more: the caller drains a row group's groups in lock-step
    // and gives their permits back only when all have ended, so without them a worker done with its groups of the
    // row group would wait for the slowest one instead of starting the next row group (measured in
    // docs/decisions/0028-row-group-lanes.md).
    int permits = 2 * threads + (columnGroups.length > 1 ? columnGroups.length : 0);
    this.unitsAhead = new Semaphore(permits);
    int workers = Math.min(threads, unitCount);
    this.workersDone = new CountDownLatch(workers);
    int started = 0;
    for (int w = 0; w < workers; w++) {
      try {
        executor.execute(this::work);
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
   * The column groups of the lanes: one (whole row groups per worker) when there are at least twice as many row
   * groups as threads and whole row groups keep the threads evenly busy; else several (see
   * {@link #laneGroupCount}), contiguous and balanced by the fields' uncompressed sizes in the first row group read,
   * so that one row group, or row groups of unequal size, still keep every thread busy.
   */
  static int[][] columnGroups(ReadPlan plan, int threads) throws ParquetException {
    List<FieldPlan> fields = plan.fields();
    long[] costs = new long[fields.size()];
    long firstRowGroupBytes = 0;
    RowGroupMetadata first = plan.file().metadata().rowGroup(plan.rowGroup(0));
    for (int i = 0; i < costs.length; i++) {
      for (ColumnDescriptor leaf : fields.get(i).leaves()) {
        ColumnChunkMetadata chunk = first.column(leaf.leafIndex());
        costs[i] += chunk.isMetadataAvailable() ? Math.max(0, chunk.totalUncompressedSize()) : 0;
      }
      firstRowGroupBytes += costs[i];
    }
    long[] rowGroupRows = new long[plan.rowGroupCount()];
    for (int k = 0; k < rowGroupRows.length; k++) {
      rowGroupRows[k] = plan.file().metadata().rowGroup(plan.rowGroup(k)).rowCount();
    }
    return contiguousGroups(costs, laneGroupCount(rowGroupRows, threads, fields.size(), firstRowGroupBytes));
  }

  /**
   * How many column groups each row group is cut into: 1 with at least two row groups per thread that threads
   * taking whole row groups in order would finish within a tenth of an even split ({@link #wholeRowGroupsBalance});
   * else two per thread when each would still hold {@link #FINE_LANE_GROUP_BYTES} of the first row group, one per
   * thread otherwise (never more than the fields). Two per thread let the workers even out groups whose decoding
   * costs differ more than their sizes (a large row group of long strings beside one of integers). Each group costs
   * a lane and its set-up in every row group, which small row groups do not repay; hence the size threshold
   * (docs/decisions/0028-row-group-lanes.md).
   */
  static int laneGroupCount(long[] rowGroupRows, int threads, int fields, long firstRowGroupBytes) {
    if (rowGroupRows.length >= 2 * threads && wholeRowGroupsBalance(rowGroupRows, threads)) {
      return 1;
    }
    boolean fine = firstRowGroupBytes / (2L * threads) >= FINE_LANE_GROUP_BYTES;
    return Math.max(1, Math.min(fine ? 2 * threads : threads, fields));
  }

  /**
   * Whether {@code threads} workers, each taking the next whole row group when it is free, finish within a tenth of
   * an even split of all rows. DuckDB writes row groups of 122,880 rows and a shorter last one: with three full row
   * groups and a short one, one of two threads reads two full row groups while the other reads one and the short
   * one, so column groups balance better there.
   */
  static boolean wholeRowGroupsBalance(long[] rowGroupRows, int threads) {
    long[] busyUntil = new long[threads];
    long total = 0;
    for (long rows : rowGroupRows) {
      int next = 0;
      for (int t = 1; t < threads; t++) {
        if (busyUntil[t] < busyUntil[next]) {
          next = t;
        }
      }
      busyUntil[next] += rows;
      total += rows;
    }
    long last = 0;
    for (long until : busyUntil) {
      last = Math.max(last, until);
    }
    return (double) last * threads <= 1.1 * total;
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
  private void work() {
    Lane[] lanes = new Lane[columnGroups.length];
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
          if (lanes[group] == null) {
            lanes[group] = new Lane(columnGroups[group]);
          }
          lanes[group].read(claim / columnGroups.length, unit);
          unit.add(END_OF_UNIT);
        } catch (Throwable e) {
          // A lane stops mid-page when it fails, so it reads no more; the caller meets this at the unit's turn.
          unit.add(e);
          return;
        }
      }
    } finally {
      for (Lane lane : lanes) {
        if (lane != null) {
          lane.close();
        }
      }
      workersDone.countDown();
    }
  }

  /**
   * One worker's reader of one column group, kept from unit to unit: its batches, its chunks (read ahead on the
   * worker itself) and a root whose vectors of the group's fields it fills.
   */
  private final class Lane implements AutoCloseable {
    private final int[] fields;
    private final ColumnChunks chunks;
    private final VectorSchemaRoot root;
    private final RowGroupBatches batches;

    Lane(int[] fields) throws ParquetException {
      this.fields = fields;
      this.chunks = new ColumnChunks(plan.file(), plan.options().verifyChecksums(), plan.options().readAheadBytes(),
          Runnable::run);
      this.root = VectorSchemaRoot.create(plan.schema(), allocator);
      try {
        this.batches = new RowGroupBatches(plan, fields, chunks, allocator, null, RowGroupReader::readBatch);
      } catch (ParquetException | RuntimeException e) {
        root.close();
        chunks.close();
        throw e;
      }
    }

    /** Reads the row group at {@code position} batch by batch into {@code unit}, until cancelled. */
    void read(int position, LinkedBlockingQueue<Object> unit) throws IOException {
      batches.readOnly(position);
      long bytesBefore = chunks.bytesRead();
      long pagesBefore = chunks.pagesIntoVectors();
      while (!cancelled) {
        int rows = batches.next(root);
        if (rows < 0) {
          return;
        }
        for (int field : fields) {
          root.getVector(field).setValueCount(rows);
        }
        // Counted before the batch is queued, so the caller's counts cover every batch it has taken.
        long bytes = chunks.bytesRead();
        long pages = chunks.pagesIntoVectors();
        bytesRead.addAndGet(bytes - bytesBefore);
        pagesIntoVectors.addAndGet(pages - pagesBefore);
        bytesBefore = bytes;
        pagesBefore = pages;
        unit.add(takeBatch(root, fields, rows));
      }
    }

    /** Releases the lane's vectors, chunks and scratch; the file is the reader's. */
    @Override
    public void close() {
      try {
        batches.close();
        chunks.close();
      } finally {
        root.close();
      }
    }
  }

  /** Moves the lane's vectors of {@code columns} out of its root (no copy), leaving them empty. */
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
          throw ReaderThreads.rethrow(failure, "reading a row group failed");
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
    ReaderThreads.awaitUninterruptibly(workersDone);
    for (LinkedBlockingQueue<Object> unit : units) {
      for (Object item = unit.poll(); item != null; item = unit.poll()) {
        if (item instanceof LaneBatch batch) {
          batch.close();
        }
      }
    }
  }
}
