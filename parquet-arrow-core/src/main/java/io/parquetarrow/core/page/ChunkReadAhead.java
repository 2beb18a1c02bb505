package io.parquetarrow.core.page;

import io.parquetarrow.core.file.InputFile;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Reads compressed column chunks from the file ahead of the column readers, one chunk at a time on a worker
 * thread, so that the positional read of the next chunk overlaps the decoding of the current one (Arrow C++'s
 * reader does the same on its I/O thread pool). A reader {@link #schedule}s the chunks it will read in the order
 * it will read them; a {@link ColumnChunkBytes} whose chunk was scheduled {@link #take}s the bytes instead of
 * reading them itself.
 *
 * <p>At most {@code budget} bytes are held read ahead and not yet taken; a chunk larger than the budget is left
 * to its reader. A taker never waits for a read that has not started (it reads the chunk itself and the chunk
 * is dropped from the queue), only for the one in progress, so a reader consuming chunks in another order than
 * scheduled costs at most one chunk read twice. A failed read ahead is not reported here: the chunk's reader
 * reads it again and meets the error with its file, row group and column in the message.
 *
 * <p>The arrays come from, and go back to, {@link ScratchArrays}. {@link #close()} waits for the read in
 * progress (the file is closed next) and gives every array not taken back.
 */
public final class ChunkReadAhead implements AutoCloseable {
  private final InputFile file;
  private final Executor executor;
  private final long budget;
  /** Chunks scheduled and not started, in schedule order (cancelled ones are skipped when they come up). */
  private final ArrayDeque<Chunk> queue = new ArrayDeque<>();
  /** Every chunk scheduled and not yet taken or dropped, by its start in the file. */
  private final Map<Long, Chunk> chunks = new HashMap<>();
  /** Bytes of chunks being read or read and not yet taken. */
  private long held;
  private boolean reading;
  private boolean closed;
  private long chunksTaken;

  private enum State { QUEUED, READING, READY, DROPPED }

  private static final class Chunk {
    final long start;
    final int length;
    State state = State.QUEUED;
    byte[] bytes;

    Chunk(long start, int length) {
      this.start = start;
      this.length = length;
    }
  }

  /**
   * @param file the file the chunks are read from; it must allow positional reads from several threads at once
   *     (see {@link InputFile})
   * @param executor runs the reads, one at a time
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
   * (read in pieces) is not.
   */
  public synchronized void schedule(long start, long length) {
    if (closed || length <= 0 || length > budget || length > ColumnChunkBytes.WHOLE_CHUNK_LIMIT
        || chunks.containsKey(start)) {
      return;
    }
    Chunk chunk = new Chunk(start, (int) length);
    chunks.put(start, chunk);
    queue.add(chunk);
    startNextRead();
  }

  /**
   * The bytes of the chunk at {@code [start, start + length)}, read ahead, in an array of at least {@code length}
   * entries that the caller now owns (and gives to {@link ScratchArrays} when done); null when the chunk was not
   * scheduled with this length, its read failed or had not started (then it is dropped and the caller reads it).
   */
  synchronized byte[] take(long start, long length) {
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
      startNextRead();
      return null;
    }
    byte[] bytes = chunk.bytes;
    chunk.bytes = null;
    chunk.state = State.DROPPED;
    held -= chunk.length;
    chunksTaken++;
    startNextRead();
    return bytes;
  }

  /** Gives up the chunk at {@code start} if it was scheduled and not taken: its reader is done without it. */
  synchronized void drop(long start) {
    Chunk chunk = chunks.remove(start);
    if (chunk == null) {
      return;
    }
    if (chunk.state == State.READING) {
      // No longer in the map, so finish gives its array back when the read ends.
      return;
    }
    release(chunk);
    startNextRead();
  }

  /** Chunks handed over read ahead so far; for tests and benchmarks. */
  public synchronized long chunksTaken() {
    return chunksTaken;
  }

  private void release(Chunk chunk) {
    if (chunk.state == State.READY) {
      held -= chunk.length;
      chunk.bytes = ScratchArrays.give(chunk.bytes);
    }
    chunk.state = State.DROPPED;
  }

  /**
   * Starts the reading task if none runs and the next queued chunk fits the budget. The task then reads queued
   * chunks one after another for as long as they fit, so a row group's chunks cost one hand-over to the worker, not
   * one per chunk.
   */
  private void startNextRead() {
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

  private void readQueued() {
    while (true) {
      Chunk chunk;
      synchronized (this) {
        chunk = closed ? null : nextToRead();
        if (chunk == null) {
          reading = false;
          notifyAll();
          return;
        }
        queue.pollFirst();
        chunk.state = State.READING;
        held += chunk.length;
      }
      byte[] bytes = ScratchArrays.bytes(chunk.length);
      boolean read = false;
      try {
        file.readFully(chunk.start, ByteBuffer.wrap(bytes, 0, chunk.length));
        read = true;
      } catch (Throwable e) {
        // The chunk's reader reads it again and reports what goes wrong, where.
      }
      finish(chunk, read ? bytes : ScratchArrays.give(bytes), read);
    }
  }

  private synchronized void finish(Chunk chunk, byte[] bytes, boolean read) {
    if (read && !closed && chunks.get(chunk.start) == chunk) {
      chunk.bytes = bytes;
      chunk.state = State.READY;
    } else {
      held -= chunk.length;
      chunk.state = State.DROPPED;
      chunks.remove(chunk.start, chunk);
      if (read) {
        ScratchArrays.give(bytes);
      }
    }
    notifyAll();
  }

  /** Stops reading ahead: waits for the read in progress and gives back every array not taken. */
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
      release(chunk);
    }
    chunks.clear();
    queue.clear();
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
