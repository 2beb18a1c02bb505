package io.parquetarrow.flight;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.BackpressureStrategy.CallbackBackpressureStrategy;
import org.apache.arrow.flight.BackpressureStrategy.WaitResult;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Sends one reader's batches to a DoGet listener: the reader's own {@link VectorSchemaRoot} is what Flight
 * serializes, batch by batch, with no copy of ours in between (dictionary columns excepted, which
 * {@link DecodedBatches} turns into values). With {@code zeroCopy}, gRPC is handed the batch's buffers, each with a
 * reference of its own, instead of a copy (Flight's default copies every batch through a heap array into gRPC's
 * buffers). That is safe because the library's reader never writes into a buffer it has loaded into a vector:
 * every batch is decoded into fresh buffers ({@code loadFieldBuffers}, {@code allocateNew}), so the previous
 * batch's buffers stay as sent until gRPC releases them; {@link StreamMemory} waits for that before
 * the call completes. The next batch is read only when the client's
 * transport is ready for more ({@link CallbackBackpressureStrategy}, woken by gRPC's on-ready and on-cancel
 * callbacks), so a slow client holds one decoded batch in the allocator, plus what gRPC queues for the call
 * (Flight's backpressure threshold, 10 MB by default; in the allocator too with {@code zeroCopy}, as it is then the
 * batches' own memory) and the client's flow-control window. A cancelled call stops
 * the loop at once; a client that takes nothing for {@code stallMillis} is dropped with
 * {@code TIMED_OUT}. The caller closes the reader, which frees the batch, and then completes the call.
 */
final class BatchStream {
  /** How long one wait for the client lasts before the loop looks at the clock again. */
  private static final long WAIT_SLICE_MILLIS = 500;

  private final long stallMillis;
  private final boolean zeroCopy;

  BatchStream(long stallMillis, boolean zeroCopy) {
    this.stallMillis = stallMillis;
    this.zeroCopy = zeroCopy;
  }

  /**
   * Sends every batch; true when all were sent, false when the client went away first. The caller completes the
   * call after it has closed the reader, so a client that sees the end finds the server's memory freed.
   */
  boolean send(ArrowReader reader, ServerStreamListener listener, BufferAllocator allocator) throws IOException {
    BackpressureStrategy backpressure = new CallbackBackpressureStrategy();
    backpressure.register(listener);
    listener.setUseZeroCopy(zeroCopy);
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    if (!DecodedBatches.hasDictionaries(root.getSchema())) {
      listener.start(root);
      return sendAll(reader, listener, backpressure, () -> { });
    }
    try (DecodedBatches decoded = new DecodedBatches(root, reader, allocator)) {
      listener.start(decoded.root());
      return sendAll(reader, listener, backpressure, decoded::load);
    }
  }

  private boolean sendAll(ArrowReader reader, ServerStreamListener listener, BackpressureStrategy backpressure,
      Runnable afterLoad) throws IOException {
    while (reader.loadNextBatch()) {
      afterLoad.run();
      if (!awaitReady(backpressure, listener)) {
        return false;
      }
      listener.putNext();
    }
    return !listener.isCancelled();
  }

  private boolean awaitReady(BackpressureStrategy backpressure, ServerStreamListener listener) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(stallMillis);
    while (true) {
      WaitResult result = backpressure.waitForListener(WAIT_SLICE_MILLIS);
      if (listener.isCancelled() || result == WaitResult.CANCELLED) {
        return false;
      }
      if (result == WaitResult.READY) {
        return true;
      }
      if (result == WaitResult.OTHER || System.nanoTime() - deadline > 0) {
        listener.error(CallStatus.TIMED_OUT.withDescription("the client took no data for " + stallMillis + " ms")
            .toRuntimeException());
        return false;
      }
    }
  }
}
