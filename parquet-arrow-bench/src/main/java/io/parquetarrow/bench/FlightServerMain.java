package io.parquetarrow.bench;

import io.parquetarrow.flight.ParquetFlightServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Our Flight server in a process of its own, as {@link FlightCompare} runs it (the pyarrow server is a process of
 * its own too, so neither shares the client's heap, JIT or collector): serves a directory on an ephemeral loopback
 * port, prints {@code port N} once it listens, serves until its standard input closes, then prints
 * {@code peak BYTES}, the server allocator's peak.
 *
 * <pre>
 * FlightServerMain DIRECTORY THREADS MAX_STREAMS
 * </pre>
 *
 * THREADS and MAX_STREAMS of 0 keep the server's defaults. Arguments after those are ignored, so that an older
 * build's {@link FlightCompare}, which passed a fourth (a zero-copy switch the server no longer has), can run this
 * build's server with {@code --baseline-lib}. The system
 * property {@code parquetArrow.flight.backpressureBytes}, given to the parent JVM (whose flags the server shares),
 * sets the server's {@code backpressureBytes}.
 */
public final class FlightServerMain {
  private FlightServerMain() {
  }

  public static void main(String[] arguments) throws IOException, InterruptedException {
    if (arguments.length < 3) {
      throw new IllegalArgumentException("usage: FlightServerMain DIRECTORY THREADS MAX_STREAMS");
    }
    try (BufferAllocator allocator = new RootAllocator()) {
      ParquetFlightServer.Builder builder = ParquetFlightServer.builder(Path.of(arguments[0]), allocator)
          .host("127.0.0.1");
      Integer backpressure = Integer.getInteger("parquetArrow.flight.backpressureBytes");
      if (backpressure != null) {
        builder.backpressureBytes(backpressure);
      }
      if (Integer.parseInt(arguments[1]) > 0) {
        builder.threads(Integer.parseInt(arguments[1])).maxStreams(Integer.parseInt(arguments[2]));
      }
      long peak;
      try (ParquetFlightServer server = builder.build().start()) {
        System.out.println("port " + server.port());
        System.out.flush();
        drain(System.in);
        peak = server.allocator().getPeakMemoryAllocation();
      }
      System.out.println("peak " + peak);
      System.out.flush();
    }
  }

  private static void drain(InputStream in) throws IOException {
    byte[] buffer = new byte[256];
    while (in.read(buffer) >= 0) {
      // Serve until the parent closes our standard input (or dies).
    }
  }
}
