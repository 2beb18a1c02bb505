package io.parquetarrow.core.dataset;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Schedules the files of a dataset read: the batches of every file, in file order, whatever the concurrency. With
 * one file at a time the calling thread reads each file in turn. With more, up to {@code concurrency} files are
 * read at once, each by its own worker thread (owned by this object, ended by {@link #close()}), into a queue of
 * at most {@value #QUEUED_BATCHES} batches of its own; the caller takes the first file's batches, and when that
 * file ends the next file not yet started is. So at most {@code concurrency * (QUEUED_BATCHES + 1)} batches are
 * held ahead of the caller, and the batches and their order are those of one thread.
 *
 * <p>A file's failure is rethrown by {@link #next()} when the caller reaches that file, with its original type.
 * {@link #close()} stops the workers after their current batch and releases every batch they hold.
 */
final class FileBatches implements AutoCloseable {
  /** Batches a worker holds for the caller before it waits. */
  static final int QUEUED_BATCHES = 2;

  private static final Object END = new Object();
  private static final AtomicInteger POOLS = new AtomicInteger();

  /** Opens file {@code index} of the read. */
  interface Opener {
    FileCursor open(int index) throws IOException;
  }

  private record Failure(Throwable cause) {}

  private final Opener opener;
  private final int fileCount;
  private final int concurrency;
  private final AtomicLong bytesRead = new AtomicLong();
  private final ExecutorService workers;
  private final Deque<Task> tasks = new ArrayDeque<>();
  private volatile boolean cancelled;
  private FileCursor current;
  private int position;
  private int nextToStart;

  FileBatches(Opener opener, int fileCount, int concurrency) {
    this.opener = opener;
    this.fileCount = fileCount;
    this.concurrency = Math.max(1, Math.min(concurrency, fileCount));
    this.workers = this.concurrency > 1 ? Executors.newFixedThreadPool(this.concurrency, daemons()) : null;
  }

  private static ThreadFactory daemons() {
    int pool = POOLS.incrementAndGet();
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, "parquet-dataset-" + pool + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** The next batch, or null when every file is read; the caller closes it. */
  Batch next() throws IOException {
    return workers == null ? nextInOrder() : nextFromWorkers();
  }

  /** Bytes of column data read so far by the files' readers. */
  long bytesRead() {
    return bytesRead.get();
  }

  private Batch nextInOrder() throws IOException {
    while (position < fileCount) {
      if (current == null) {
        current = opener.open(position);
      }
      Batch batch = current.next();
      bytesRead.addAndGet(current.takeBytesRead());
      if (batch != null) {
        return batch;
      }
      FileCursor finished = current;
      current = null;
      position++;
      finished.close();
    }
    return null;
  }

  private Batch nextFromWorkers() throws IOException {
    while (nextToStart < fileCount && tasks.size() < concurrency) {
      Task task = new Task(nextToStart++);
      tasks.addLast(task);
      task.future = workers.submit(task);
    }
    while (!tasks.isEmpty()) {
      Object item;
      try {
        item = tasks.peekFirst().queue.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for a dataset batch");
      }
      if (item instanceof Batch batch) {
        return batch;
      }
      if (item instanceof Failure failure) {
        throw rethrown(failure.cause());
      }
      tasks.removeFirst();
      position++;
      if (nextToStart < fileCount) {
        Task task = new Task(nextToStart++);
        tasks.addLast(task);
        task.future = workers.submit(task);
      }
    }
    return null;
  }

  private static IOException rethrown(Throwable cause) {
    if (cause instanceof IOException io) {
      return io;
    }
    if (cause instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return new IOException(cause);
  }

  @Override
  public void close() throws IOException {
    cancelled = true;
    if (workers == null) {
      if (current != null) {
        FileCursor open = current;
        current = null;
        open.close();
      }
      return;
    }
    try {
      for (Task task : tasks) {
        task.drainUntilDone();
      }
    } finally {
      tasks.clear();
      workers.shutdown();
    }
  }

  /** One file read by a worker into its queue. */
  private final class Task implements Runnable {
    private final int index;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES + 1);
    private volatile Future<?> future;

    Task(int index) {
      this.index = index;
    }

    @Override
    public void run() {
      FileCursor cursor = null;
      try {
        cursor = opener.open(index);
        Batch batch;
        while (!cancelled && (batch = cursor.next()) != null) {
          bytesRead.addAndGet(cursor.takeBytesRead());
          if (!hand(batch)) {
            batch.close();
            break;
          }
        }
        bytesRead.addAndGet(cursor.takeBytesRead());
        FileCursor finished = cursor;
        cursor = null;
        finished.close();
        hand(END);
      } catch (Throwable e) {
        if (cursor != null) {
          try {
            cursor.close();
          } catch (IOException | RuntimeException suppressed) {
            e.addSuppressed(suppressed);
          }
        }
        hand(new Failure(e));
      }
    }

    /** Queues {@code item} unless the read is closed first; false when it was not queued. */
    private boolean hand(Object item) {
      try {
        while (!cancelled) {
          if (queue.offer(item, 10, TimeUnit.MILLISECONDS)) {
            return true;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return false;
    }

    /** Waits for the worker to stop, releasing the batches it queued. */
    void drainUntilDone() throws IOException {
      while (true) {
        drain();
        Future<?> running = future;
        if (running == null) {
          return;
        }
        try {
          running.get(10, TimeUnit.MILLISECONDS);
          drain();
          return;
        } catch (TimeoutException e) {
          // Still reading its current batch; it stops at the next.
        } catch (ExecutionException e) {
          drain();
          return;
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while closing a dataset read");
        }
      }
    }

    private void drain() {
      Object item;
      while ((item = queue.poll()) != null) {
        if (item instanceof Batch batch) {
          batch.close();
        }
      }
    }
  }
}
