package io.parquetarrow.core.page;

import io.parquetarrow.core.file.InputFile;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Reads compressed column chunks from the file ahead of the column readers, on a worker thread, so that reading
 * the next chunks overlaps decoding the current ones (Arrow C++'s reader does the same on its I/O thread pool).
 * A reader {@link #schedule}s the chunks it will read in the order it will read them; a {@link ColumnChunkBytes}
 * whose chunk was scheduled {@link #take}s its bytes instead of reading them itself.
 *
 * <p>Chunks queued one after another that lie next to each other in the file (at most {@link #HOLE_LIMIT} bytes
 * apart, as a row group's chunks do) are read with one request of up to {@link #RANGE_LIMIT} bytes into one shared
 * array, as Arrow C++'s {@code ReadRangeCache} coalesces ranges: a store that charges per request (an object
 * store) then pays once per row group rather than once per column. The array goes back to {@link ScratchArrays}
 * when the last of its chunks is released.
 *
 * <p>At most {@code budget} bytes are held read ahead and not yet taken; a chunk larger than the budget is left to
 * its reader. A taker never waits for a read that has not started (it reads the chunk itself and the chunk is
 * dropped from the queue), only for one in progress, so a reader consuming chunks in another order than scheduled
 * costs at most the chunks read twice. A failed read ahead is not reported here: the chunk's reader reads it again
 * and meets the error with its file, row group and column in the message. {@link #close()} waits for the read in
 * progress (the file is closed next) and gives back every array no chunk still holds.
 */
public final class ChunkReadAhead implements AutoCloseable {
  /** The largest gap between two chunks read with one request (Arrow C++'s {@code hole_size_limit}). */
  static final int HOLE_LIMIT = 8 << 10;
  /** The most bytes one request reads (Arrow C++'s {@code range_size_limit}). */
  static final int RANGE_LIMIT = 32 << 20;

  private final InputFile file;
  private final Executor executor;
  private final long budget;
  /** Chunks scheduled and not started, in schedule order (dropped ones are skipped when they come up). */
  private final ArrayDeque<Chunk> queue = new ArrayDeque<>();
  /** Every chunk scheduled and not yet taken or dropped, by its start in the file. */
  private final Map<Long, Chunk> chunks = new HashMap<>();
  /** Bytes of chunks being read or read and not yet taken. */
  private long held;
  private boolean reading;
  private boolean closed;
  private long chunksTaken;
  private long requests;
  /** Whether the next chunk scheduled begins a new group (see {@link #start()}), read with a request of its own. */
  private boolean groupEnded = true;

  private enum State { QUEUED, READING, READY, DROPPED }

  private static final class Chunk {
    final long start;
    final int length;
    /** The first chunk of a group: no request reads it together with the chunks before it. */
    boolean firstOfGroup;
    State state = State.QUEUED;
    Window window;
    int offset;

    Chunk(long start, int length) {
      this.start = start;
      this.length = length;
    }
  }

  /** An array read by one request and the chunks in it that are not yet released. */
  static final class Window {
    private byte[] bytes;
    private int users;

    private Window(byte[] bytes, int users) {
      this.bytes = bytes;
      this.users = users;
    }
  }

  /** A chunk's bytes: {@code bytes[offset, offset + length)}, until {@link #release}d. */
  record Taken(byte[] bytes, int offset, Window window, ChunkReadAhead owner) {
    /** Ends the taker's use of the bytes; the shared array goes back to {@link ScratchArrays} after the last. */
    void release() {
      owner.release(window);
    }
  }

  /**
   * @param file the file the chunks are read from; it must allow positional reads from several threads at once
   *     (see {@link InputFile})
   * @param executor runs the reads, one request at a time
   * @param budget the most bytes read ahead and not yet taken
   */
  public ChunkReadAhead(InputFile file, Executor executor, long budget) {
    this.file = file;
    this.executor = executor;
    this.budget = budget;
  }

  /**
   * Queues the chunk at {@code [start, start + length)} of the file for reading ahead, after those queued before;
   * a chunk already queued, one larger than the budget or larger than {@link ColumnChunkBytes#WHOLE_CHUNK_LIMIT}
   * (read in pieces) is not. Reading starts with {@link #start()}, so that chunks queued together can be read
   * together.
   */
  public synchronized void schedule(long start, long length) {
    if (closed || length <= 0 || length > budget || length > ColumnChunkBytes.WHOLE_CHUNK_LIMIT
        || chunks.containsKey(start)) {
      return;
    }
    Chunk chunk = new Chunk(start, (int) length);
    chunk.firstOfGroup = groupEnded;
    groupEnded = false;
    chunks.put(start, chunk);
    queue.add(chunk);
  }

  /**
   * Ends the group of chunks scheduled since the last call and starts reading, if no read runs already (the one
   * running goes on to it). A request never spans two groups, so the reader that schedules a row group at a time
   * gets the one it is about to decode without waiting for the next one's bytes too.
   */
  public synchronized void start() {
    groupEnded = true;
    startReading();
  }

  /**
   * The bytes of the chunk at {@code [start, start + length)}, read ahead; the caller {@link #release}s them when
   * done. Null when the chunk was not scheduled with this length, its read failed or had not started (then it is
   * dropped and the caller reads it).
   */
  synchronized Taken take(long start, long length) {
    Chunk chunk = chunks.get(start);
    if (chunk == null || chunk.length != length) {
      return null;
    }
    while (chunk.state == State.READING) {
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    chunks.remove(start);
    if (chunk.state != State.READY) {
      chunk.state = State.DROPPED;
      startReading();
      return null;
    }
    chunk.state = State.DROPPED;
    held -= chunk.length;
    chunksTaken++;
    startReading();
    return new Taken(chunk.window.bytes, chunk.offset, chunk.window, this);
  }

  private synchronized void release(Window window) {
    unuse(window);
  }

  /** Gives up the chunk at {@code start} if it was scheduled and not taken: its reader is done without it. */
  synchronized void drop(long start) {
    Chunk chunk = chunks.remove(start);
    if (chunk == null) {
      return;
    }
    if (chunk.state == State.READING) {
      // No longer in the map, so finish lets go of it when the read ends.
      return;
    }
    discard(chunk);
    startReading();
  }

  /** Chunks handed over read ahead so far; for tests and benchmarks. */
  public synchronized long chunksTaken() {
    return chunksTaken;
  }

  /** Read requests made so far; for tests. */
  synchronized long requests() {
    return requests;
  }

  /** Lets go of a chunk read ahead (or queued) that nobody will take. */
  private void discard(Chunk chunk) {
    if (chunk.state == State.READY) {
      held -= chunk.length;
      unuse(chunk.window);
      chunk.window = null;
    }
    chunk.state = State.DROPPED;
  }

  private static void unuse(Window window) {
    if (--window.users == 0) {
      window.bytes = ScratchArrays.give(window.bytes);
    }
  }

  /** Starts the reading task if none runs and the next queued chunk fits the budget. */
  private void startReading() {
    if (closed || reading || nextToRead() == null) {
      return;
    }
    reading = true;
    try {
      executor.execute(this::readQueued);
    } catch (RejectedExecutionException e) {
      reading = false;
    }
  }

  /** The next queued chunk if it fits the budget now; dropped entries at the head of the queue are removed. */
  private Chunk nextToRead() {
    while (!queue.isEmpty() && queue.peekFirst().state != State.QUEUED) {
      queue.pollFirst();
    }
    Chunk next = queue.peekFirst();
    return next == null || held + next.length > budget ? null : next;
  }

  /**
   * Takes the next queued chunk and those queued right after it that follow it in the file, within the budget and
   * {@link #RANGE_LIMIT}, marking them read; empty when nothing fits.
   */
  private List<Chunk> nextRange() {
    List<Chunk> range = new ArrayList<>();
    for (Chunk next = closed ? null : nextToRead(); next != null && joins(range, next); next = nextToRead()) {
      queue.pollFirst();
      next.state = State.READING;
      held += next.length;
      range.add(next);
    }
    return range;
  }

  /** Whether one request may read {@code next} with {@code range}: it follows it in the same group, close enough. */
  private static boolean joins(List<Chunk> range, Chunk next) {
    if (range.isEmpty()) {
      return true;
    }
    Chunk last = range.get(range.size() - 1);
    long end = last.start + last.length;
    return !next.firstOfGroup && next.start >= end && next.start - end <= HOLE_LIMIT
        && next.start + next.length - range.get(0).start <= RANGE_LIMIT;
  }

  private void readQueued() {
    while (true) {
      List<Chunk> range;
      synchronized (this) {
        range = nextRange();
        if (range.isEmpty()) {
          reading = false;
          notifyAll();
          return;
        }
        requests++;
      }
      long start = range.get(0).start;
      Chunk last = range.get(range.size() - 1);
      int length = (int) (last.start + last.length - start);
      byte[] bytes = ScratchArrays.bytes(length);
      boolean read = false;
      try {
        file.readFully(start, ByteBuffer.wrap(bytes, 0, length));
        read = true;
      } catch (Throwable e) {
        // Each chunk's reader reads it again and reports what goes wrong, where.
      }
      finish(range, new Window(bytes, range.size()), read);
    }
  }

  private synchronized void finish(List<Chunk> range, Window window, boolean read) {
    long start = range.get(0).start;
    for (Chunk chunk : range) {
      if (read && !closed && chunks.get(chunk.start) == chunk) {
        chunk.window = window;
        chunk.offset = (int) (chunk.start - start);
        chunk.state = State.READY;
      } else {
        held -= chunk.length;
        chunk.state = State.DROPPED;
        chunks.remove(chunk.start, chunk);
        unuse(window);
      }
    }
    notifyAll();
  }

  /** Stops reading ahead: waits for the read in progress and lets go of every chunk not taken. */
  @Override
  public synchronized void close() {
    closed = true;
    boolean interrupted = false;
    while (reading) {
      try {
        wait();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    for (Chunk chunk : chunks.values()) {
      discard(chunk);
    }
    chunks.clear();
    queue.clear();
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
