package io.parquetarrow.flight;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.ActionType;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightProducer;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * The Flight calls of {@link ParquetFlightServer}, over the {@link FlightTarget}s of a {@link ServedDirectory}:
 * ListFlights (every target, from footers), GetFlightInfo (a plan of signed endpoints), DoGet (one slice streamed
 * from the library's reader, through {@link DoGetService}) and DoPut (one upload written by {@link UploadWriter}).
 * Actions are not offered.
 *
 * <p>A DoGet streams on a thread of {@code streamExecutor}, not on gRPC's, see
 * {@link #getStream(byte[], DoGetCall)}. DoGet and DoPut take one of a fixed number of stream permits, waiting a
 * short while for one, or fail with
 * {@code RESOURCE_EXHAUSTED}, so clients know to retry. A DoGet completes only after its reader and memory are
 * freed and its permit returned. Each DoGet reads through a child allocator of the server's ({@link StreamMemory}),
 * closed once gRPC has written or dropped the last of the batch buffers it was handed: a stream that leaks shows
 * up there, named by its stream number.
 */
final class ParquetFlightProducer implements FlightProducer {
  private static final Logger LOG = System.getLogger(ParquetFlightProducer.class.getName());

  private final ServedDirectory directory;
  private final BufferAllocator allocator;
  private final TicketCodec tickets = new TicketCodec();
  private final FlightErrors errors;
  private final Semaphore streams;
  private final int maxStreams;
  private final long sliceBytes;
  private final long streamWaitMillis;
  private final long stallMillis;
  private final BatchStream batchStream;
  private final Executor streamExecutor;
  private final AtomicLong streamNumbers = new AtomicLong();

  ParquetFlightProducer(ServedDirectory directory, BufferAllocator allocator, int maxStreams, long sliceBytes,
      long stallMillis, long streamWaitMillis, Executor streamExecutor) {
    this.directory = directory;
    this.allocator = allocator;
    this.errors = new FlightErrors(directory);
    this.maxStreams = maxStreams;
    this.streams = new Semaphore(maxStreams);
    this.sliceBytes = sliceBytes;
    this.streamWaitMillis = streamWaitMillis;
    this.stallMillis = stallMillis;
    this.batchStream = new BatchStream(stallMillis);
    this.streamExecutor = streamExecutor;
  }

  /** Lists every target whose path starts with the criteria's UTF-8 text (all for empty criteria). */
  @Override
  public void listFlights(CallContext context, Criteria criteria, StreamListener<FlightInfo> listener) {
    try {
      byte[] expression = criteria.getExpression();
      String prefix = expression == null ? "" : new String(expression, StandardCharsets.UTF_8);
      for (String path : directory.targetPaths()) {
        if (context.isCancelled()) {
          return;
        }
        if (!path.startsWith(prefix)) {
          continue;
        }
        FlightTarget target;
        try {
          target = directory.target(path, allocator);
        } catch (IOException | RuntimeException e) {
          // One unreadable file must not hide the others; GetFlightInfo on it reports why.
          LOG.log(Level.DEBUG, "not listing " + path + ": " + e.getMessage());
          continue;
        }
        listener.onNext(new FlightInfo(target.schema(), descriptor(path), List.of(), target.sizeBytes(),
            target.rowCount()));
      }
      listener.onCompleted();
    } catch (IOException | RuntimeException e) {
      listener.onError(errors.toFlight(e));
    }
  }

  @Override
  public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
    try {
      FlightCommands.Read read = FlightCommands.read(descriptor);
      FlightTarget target = directory.target(read.path(), allocator);
      TargetPlan plan = target.plan(read.request(), sliceBytes, allocator);
      List<FlightEndpoint> endpoints = new ArrayList<>();
      for (ReadSlice slice : plan.slices()) {
        byte[] ticket = tickets.sign(new TicketCodec.Contents(target.path(), slice, read.request()));
        // No location: the client fetches every endpoint from this server, through the connection it has.
        endpoints.add(new FlightEndpoint(new Ticket(ticket)));
      }
      return new FlightInfo(plan.schema(), descriptor, endpoints, plan.bytes(), plan.records());
    } catch (IOException | RuntimeException e) {
      throw errors.toFlight(e);
    }
  }

  /**
   * Never called: {@link DoGetService} answers DoGet in Flight's place and calls
   * {@link #getStream(byte[], DoGetCall)}.
   */
  @Override
  public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
    listener.error(CallStatus.UNIMPLEMENTED.withDescription("DoGet is served by this server's own handler")
        .toRuntimeException());
  }

  /**
   * Checks the ticket and hands the stream to a stream thread: gRPC calls this on the call's own serialized
   * executor, which delivers the client's ready and cancel callbacks only once this returns, so a stream that
   * waited for its client here would never be woken (only its wait's timeout would end it).
   */
  void getStream(byte[] ticket, DoGetCall call) {
    TicketCodec.Contents contents;
    try {
      contents = tickets.verify(ticket);
    } catch (RuntimeException e) {
      call.fail(errors.toFlight(e));
      return;
    }
    try {
      streamExecutor.execute(() -> stream(contents, call));
    } catch (RejectedExecutionException e) {
      call.fail(CallStatus.UNAVAILABLE.withDescription("the server is shutting down").toRuntimeException());
    }
  }

  /**
   * Sends one slice, on a stream thread, then completes the call once its memory is free. Whatever ends the stream
   * early, an {@link Error} included (a class that failed to initialize, a full heap), fails the call: a client is
   * never left waiting for a call that no thread will end.
   */
  private void stream(TicketCodec.Contents contents, DoGetCall call) {
    if (!acquireStream()) {
      call.fail(tooManyStreams());
      return;
    }
    long number = streamNumbers.incrementAndGet();
    boolean sent = false;
    try (StreamMemory memory = new StreamMemory(allocator, "get-" + number)) {
      try {
        FlightTarget target = directory.target(contents.path(), memory.allocator());
        try (ArrowReader reader = target.open(contents.slice(), contents.request(), memory.allocator())) {
          sent = batchStream.send(reader, call, memory.allocator());
        }
      } catch (IOException | RuntimeException | Error e) {
        // Failed before the wait below: gRPC lets go of the batches it still queues once the call has ended.
        call.fail(errors.toFlight(e));
      }
      if (!memory.awaitReleased(stallMillis)) {
        LOG.log(Level.WARNING, "stream " + number + " of " + contents.path() + ": gRPC still holds "
            + memory.allocator().getAllocatedMemory() + " bytes of its batches after " + stallMillis + " ms");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      call.fail(CallStatus.CANCELLED.withDescription("the server is shutting down").toRuntimeException());
    } catch (RuntimeException | Error e) {
      // The stream's allocator could not be made, or closed with memory still held.
      call.fail(errors.toFlight(e));
    } finally {
      streams.release();
    }
    if (sent) {
      call.complete();
    }
  }

  @Override
  public Runnable acceptPut(CallContext context, FlightStream stream, StreamListener<PutResult> ackStream) {
    return () -> {
      if (!acquireStream()) {
        ackStream.onError(tooManyStreams());
        return;
      }
      try {
        FlightCommands.Write write = FlightCommands.write(stream.getDescriptor());
        Path target = directory.forUpload(write.path());
        long rows = new UploadWriter(target, write).write(stream);
        LOG.log(Level.DEBUG, "wrote " + rows + " rows to " + write.path());
        ackStream.onCompleted();
      } catch (IOException | RuntimeException e) {
        ackStream.onError(errors.toFlight(e));
      } finally {
        streams.release();
      }
    };
  }

  @Override
  public void doAction(CallContext context, Action action, StreamListener<Result> listener) {
    listener.onError(CallStatus.UNIMPLEMENTED.withDescription("this server offers no actions").toRuntimeException());
  }

  @Override
  public void listActions(CallContext context, StreamListener<ActionType> listener) {
    listener.onCompleted();
  }

  /** Takes a stream permit, waiting up to the configured time for one to free up. */
  private boolean acquireStream() {
    try {
      return streams.tryAcquire(streamWaitMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private FlightRuntimeException tooManyStreams() {
    return CallStatus.RESOURCE_EXHAUSTED.withDescription("the server already runs its limit of " + maxStreams
        + " concurrent streams; retry later").toRuntimeException();
  }

  private static FlightDescriptor descriptor(String path) {
    return FlightDescriptor.path(path.split("/"));
  }
}
