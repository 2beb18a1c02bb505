package io.parquetarrow.core.read;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The worker threads shared by every reader of the process, and how readers wait for them. Workers are daemon
 * threads (a reader never left open keeps no JVM alive), created when no idle one is free and ended after 30
 * seconds without work. Sharing them matters beyond thread start-up: a thread keeps its JDK temporary direct buffer
 * for positional reads into heap arrays and its Netty allocation cache, which threads made per reader allocated,
 * zeroed and faulted in again on every read.
 *
 * <p>With Netty on the class path (Arrow's {@code arrow-memory-netty}) the workers are Netty
 * {@code FastThreadLocalThread}s, which Netty's pooled allocator gives a per-thread cache whatever
 * {@code io.netty.allocator.useCacheForAllThreads} says (false by default); without that cache, workers of a
 * process that allocates much elsewhere spend much of their time faulting in and clearing fresh pages under the
 * reads into the vectors. The class is found by name because Netty is an optional, runtime-only dependency of this
 * module (the allocator is the caller's choice); setting the system property instead would change every other
 * thread of the caller's process too. See docs/decisions/0029-lane-workers-netty-threads.md.
 */
final class ReaderThreads implements ThreadFactory {
  /** The shared workers. */
  static final ExecutorService SHARED = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS,
      new SynchronousQueue<>(), new ReaderThreads());

  private static final Constructor<? extends Thread> NETTY_THREAD = nettyThreadConstructor();
  private final AtomicInteger count = new AtomicInteger();

  @Override
  public Thread newThread(Runnable task) {
    String name = "parquet-arrow-reader-" + count.incrementAndGet();
    Thread thread = null;
    if (NETTY_THREAD != null) {
      try {
        thread = NETTY_THREAD.newInstance(task, name);
      } catch (ReflectiveOperationException | RuntimeException e) {
        // the plain thread below reads the same, only without Netty's cache
      }
    }
    if (thread == null) {
      thread = new Thread(task, name);
    }
    thread.setDaemon(true);
    return thread;
  }

  /** Netty's {@code FastThreadLocalThread(Runnable, String)}, or null when Netty is absent. */
  private static Constructor<? extends Thread> nettyThreadConstructor() {
    try {
      return Class.forName("io.netty.util.concurrent.FastThreadLocalThread", false,
          ReaderThreads.class.getClassLoader()).asSubclass(Thread.class)
          .getConstructor(Runnable.class, String.class);
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      return null;
    }
  }

  /**
   * Waits for workers even when interrupted: they write into the caller's vectors, so returning (or letting the
   * reader free those vectors) before they finish would be unsafe. The interrupt is kept.
   */
  static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Rethrows a worker's failure as it was thrown (same type, same message): returns an {@link IOException} for
   * the caller to throw, throws an unchecked one itself, and wraps anything else as {@code message}.
   */
  static IOException rethrow(Throwable failure, String message) {
    if (failure instanceof IOException e) {
      return e;
    }
    if (failure instanceof RuntimeException e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException(message, failure);
  }
}
