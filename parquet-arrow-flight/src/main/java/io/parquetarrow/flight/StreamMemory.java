package io.parquetarrow.flight;

import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The child allocator of one DoGet, which outlives the reader: {@link BatchStream} lets gRPC send the batches'
 * own buffers ({@link FlightDataFrames}), and gRPC keeps a reference to each until it has written it to the socket,
 * after the reader has moved on or closed. {@link #awaitReleased} waits for those last references, woken by the
 * allocator's release callback, so that closing the allocator finds nothing outstanding and a stream's memory is
 * free when its call completes.
 */
final class StreamMemory implements AllocationListener, AutoCloseable {
  /** How long one wait lasts before the allocation and the call are looked at again. */
  private static final long WAIT_SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final BufferAllocator allocator;
  private final Object released = new Object();
  private volatile boolean waiting;

  StreamMemory(BufferAllocator parent, String name) {
    this.allocator = parent.newChildAllocator(name, this, 0, Long.MAX_VALUE);
  }

  /** The allocator of the stream's reader and batches. */
  BufferAllocator allocator() {
    return allocator;
  }

  @Override
  public void onRelease(long size) {
    if (waiting) {
      synchronized (released) {
        released.notifyAll();
      }
    }
  }

  /**
   * Waits until every buffer of the stream is released, at most {@code millis}; false when memory is still held
   * then. gRPC releases what it queued once written, or at once when the call is cancelled or fails, so only a
   * client that stopped reading without cancelling makes this wait long.
   */
  boolean awaitReleased(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    waiting = true;
    try {
      synchronized (released) {
        while (allocator.getAllocatedMemory() != 0) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            return false;
          }
          TimeUnit.NANOSECONDS.timedWait(released, Math.min(left, WAIT_SLICE_NANOS));
        }
        return true;
      }
    } finally {
      waiting = false;
    }
  }

  @Override
  public void close() {
    allocator.close();
  }
}
