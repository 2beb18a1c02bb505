package io.parquetarrow.flight;

import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.grpc.StatusUtils;

/**
 * The server's side of one DoGet call, as {@link BatchStream} sees it: messages framed by {@link FlightDataFrames}
 * go out one at a time; the stream waits until gRPC reports the call ready for more (its queue under the
 * backpressure threshold) or cancelled; it ends with {@link #complete()} or {@link #fail}, whichever comes first
 * (later endings, and endings of a cancelled call, are ignored). Built on gRPC's handler thread, where the ready and
 * cancel callbacks must be registered, then used by one thread at a time: that handler thread, or the stream thread.
 */
final class DoGetCall {
  private final ServerCallStreamObserver<ByteBuf> observer;
  private final Object signal = new Object();
  private volatile boolean ended;

  DoGetCall(ServerCallStreamObserver<ByteBuf> observer) {
    this.observer = observer;
    // gRPC calls these on the call's serialized executor; they only wake a stream thread waiting for its client.
    observer.setOnReadyHandler(this::wake);
    observer.setOnCancelHandler(this::wake);
  }

  /** Whether the client went away or cancelled. */
  boolean isCancelled() {
    return observer.isCancelled();
  }

  /**
   * Waits until gRPC can take another message without exceeding the call's backpressure threshold; false when
   * the call was cancelled first or {@code millis} passed.
   */
  boolean awaitReady(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    synchronized (signal) {
      while (!observer.isCancelled()) {
        if (observer.isReady()) {
          return true;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(signal, left);
      }
      return false;
    }
  }

  /**
   * Hands one message to gRPC, which keeps its own reference until Netty has written it; the caller's reference
   * is released here in every case. False when the call was cancelled, so the message was dropped.
   */
  boolean send(ByteBuf message) {
    try {
      if (observer.isCancelled()) {
        return false;
      }
      observer.onNext(message);
      return true;
    } catch (StatusRuntimeException e) {
      if (observer.isCancelled()) {
        return false;
      }
      throw e;
    } finally {
      message.release();
    }
  }

  /** Ends the call with this status (code and message only: clients never see a stack trace). */
  void fail(FlightRuntimeException error) {
    if (end()) {
      observer.onError(StatusUtils.toGrpcException(error));
    }
  }

  /** Ends the call successfully. */
  void complete() {
    if (end()) {
      observer.onCompleted();
    }
  }

  /** Whether the call is still open (neither ended nor cancelled); marks it ended. */
  private boolean end() {
    if (ended || observer.isCancelled()) {
      return false;
    }
    ended = true;
    return true;
  }

  private void wake() {
    synchronized (signal) {
      signal.notifyAll();
    }
  }
}
