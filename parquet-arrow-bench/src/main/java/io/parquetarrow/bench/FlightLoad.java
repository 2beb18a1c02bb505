package io.parquetarrow.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The load run of {@link FlightCompare} ({@code --clients N --seconds S}): N clients, each on its own thread and
 * connection, read the whole file from our server (in its own JVM, with N + 4 handler threads and N stream
 * permits) over and over, starting no read after S seconds. Prints the complete reads, rows per second over all
 * clients, the failed reads with the first error, and the server allocator's peak, which the server reports when
 * it stops.
 */
final class FlightLoad {
  private final Path file;
  private final int batchRows;
  private final FlightClients clients;
  private final PrintStream out;

  FlightLoad(Path file, int batchRows, FlightClients clients, PrintStream out) {
    this.file = file;
    this.batchRows = batchRows;
    this.clients = clients;
    this.out = out;
  }

  /** Runs the load; returns the number of failed reads. */
  long run(int clientCount, int seconds) throws Exception {
    AtomicLong reads = new AtomicLong();
    AtomicLong rows = new AtomicLong();
    AtomicLong failures = new AtomicLong();
    AtomicReference<Throwable> firstFailure = new AtomicReference<>();
    long peak;
    double elapsed;
    try (BufferAllocator allocator = new RootAllocator();
         ServedFile served = new ServedFile(file);
         FlightServerProcess server = FlightServerProcess.ours(served.directory(), clientCount + 4, clientCount)) {
      FlightDescriptor command = served.command(batchRows);
      ExecutorService threads = Executors.newFixedThreadPool(clientCount);
      long start = System.nanoTime();
      long deadline = start + TimeUnit.SECONDS.toNanos(seconds);
      try {
        List<Future<?>> running = new ArrayList<>();
        for (int client = 0; client < clientCount; client++) {
          running.add(threads.submit(() -> {
            while (System.nanoTime() - deadline < 0) {
              try (BufferAllocator clientAllocator = allocator.newChildAllocator("client", 0, Long.MAX_VALUE)) {
                rows.addAndGet(clients.rows(clientAllocator, server.location(), command));
                reads.incrementAndGet();
              } catch (Exception | AssertionError e) {
                failures.incrementAndGet();
                firstFailure.compareAndSet(null, e);
              }
            }
            return null;
          }));
        }
        for (Future<?> client : running) {
          client.get();
        }
      } finally {
        threads.shutdownNow();
      }
      elapsed = (System.nanoTime() - start) / 1e9;
      peak = server.stop();
    }
    out.printf("%nFlight load: %d clients reading %s (batches of %,d rows) over and over for %d s, "
        + "client window %s:%n%n", clientCount, file.getFileName(), batchRows, seconds, clients.describeWindow());
    out.println("| clients | seconds | complete reads | rows/s (all clients) | failed reads | server allocator peak |");
    out.println("|---:|---:|---:|---:|---:|---:|");
    out.printf("| %d | %.1f | %d | %,.0f | %d | %.1f MiB |%n", clientCount, elapsed, reads.get(),
        rows.get() / elapsed, failures.get(), peak / (double) (1 << 20));
    if (firstFailure.get() != null) {
      out.println("first failure: " + firstFailure.get());
    }
    return failures.get();
  }
}
