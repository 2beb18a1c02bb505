package io.parquetarrow.flight;

import java.io.IOException;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Sends one reader's batches over a DoGet call: the schema, then each batch the reader's own
 * {@link VectorSchemaRoot} holds, framed by {@link FlightDataFrames} around the batch's own buffers, so neither
 * this thread nor Netty's copies them (dictionary columns excepted, which {@link DecodedBatches} turns into
 * values). That is safe because the library's reader never writes into a buffer it has loaded into a vector:
 * every batch is decoded into fresh buffers ({@code loadFieldBuffers}, {@code allocateNew}), so the batches gRPC
 * still queues stay as sent until it releases them; {@link StreamMemory} waits for that before the call completes.
 *
 * <p>The next batch is read only when gRPC reports the call ready (its queue for the call under the backpressure
 * threshold, Flight's 10 MB by default; those queued batches stay in the stream's allocator until written), so a
 * slow client holds one decoded batch, the queue and its flow-control window. A cancelled call stops the loop at
 * once; a client that takes nothing for {@code stallMillis} is dropped with {@code TIMED_OUT}. The caller closes
 * the reader, which frees the batch, and then completes the call.
 */
final class BatchStream {
  private final long stallMillis;

  BatchStream(long stallMillis) {
    this.stallMillis = stallMillis;
  }

  /**
   * Sends every batch; true when all were sent, false when the client went away first (or was dropped). The
   * caller completes the call after it has closed the reader, so a client that sees the end finds the server's
   * memory freed.
   */
  boolean send(ArrowReader reader, DoGetCall call, BufferAllocator allocator)
      throws IOException, InterruptedException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    if (!DecodedBatches.hasDictionaries(root.getSchema())) {
      return sendAll(reader, root, call, allocator, () -> { });
    }
    try (DecodedBatches decoded = new DecodedBatches(root, reader, allocator)) {
      return sendAll(reader, decoded.root(), call, allocator, decoded::load);
    }
  }

  private boolean sendAll(ArrowReader reader, VectorSchemaRoot sent, DoGetCall call, BufferAllocator allocator,
      Runnable afterLoad) throws IOException, InterruptedException {
    if (!call.send(FlightDataFrames.schema(sent.getSchema(), allocator))) {
      return false;
    }
    while (reader.loadNextBatch()) {
      afterLoad.run();
      if (!awaitReady(call)) {
        return false;
      }
      if (!call.send(FlightDataFrames.batch(sent, allocator))) {
        return false;
      }
    }
    return !call.isCancelled();
  }

  private boolean awaitReady(DoGetCall call) throws InterruptedException {
    if (call.awaitReady(stallMillis)) {
      return true;
    }
    call.fail(CallStatus.TIMED_OUT.withDescription("the client took no data for " + stallMillis + " ms")
        .toRuntimeException());
    return false;
  }
}
