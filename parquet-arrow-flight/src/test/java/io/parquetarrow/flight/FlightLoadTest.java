package io.parquetarrow.flight;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sixteen clients read every endpoint of one file at once: no call fails, each client sees every row once, and the
 * server's peak allocation stays bounded (printed: each stream holds about one batch, as backpressure keeps the
 * reader from running ahead of its client).
 */
class FlightLoadTest {
  private static final int CLIENTS = 16;
  private static final int ROWS = 300_000;
  private static final long PEAK_BOUND_BYTES = 256L << 20;

  @TempDir Path directory;

  /** gRPC writes the batches' own buffers: none is overwritten while gRPC still holds it, and all memory returns. */
  @Test
  void sixteenConcurrentClientsReadEveryRow() throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      FlightTestData.write(directory.resolve("load.parquet"), ROWS, 0, allocator);
      long expectedIdSum = (long) ROWS * (ROWS - 1) / 2;
      ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
      try (ParquetFlightServer server = ParquetFlightServer.builder(directory, allocator).threads(CLIENTS + 4)
          .maxStreams(CLIENTS).sliceBytes(256 << 10).build().start()) {
        long start = System.nanoTime();
        List<Future<long[]>> results = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
          results.add(clients.submit(() -> readEverything(allocator, server)));
        }
        for (Future<long[]> result : results) {
          long[] rowsAndIdSum = result.get(120, TimeUnit.SECONDS);
          assertThat(rowsAndIdSum[0]).isEqualTo(ROWS);
          assertThat(rowsAndIdSum[1]).isEqualTo(expectedIdSum);
        }
        long elapsed = System.nanoTime() - start;
        long peak = server.allocator().getPeakMemoryAllocation();
        System.out.printf("FlightLoadTest: %d clients x %d rows in %.2f s; server allocator peak %.1f MiB"
            + "%n", CLIENTS, ROWS, elapsed / 1e9, peak / (double) (1 << 20));
        assertThat(peak).as("server allocator peak").isLessThan(PEAK_BOUND_BYTES);
        assertThat(server.allocator().getAllocatedMemory()).isZero();
      } finally {
        clients.shutdownNow();
      }
    }
  }

  private static long[] readEverything(BufferAllocator allocator, ParquetFlightServer server) throws Exception {
    long rows = 0;
    long idSum = 0;
    try (BufferAllocator clientAllocator = allocator.newChildAllocator("client", 0, Long.MAX_VALUE);
         FlightClient client = FlightClient.builder(clientAllocator, server.location()).build()) {
      FlightInfo info = client.getInfo(FlightDescriptor.path("load.parquet"));
      for (FlightEndpoint endpoint : info.getEndpoints()) {
        try (FlightStream stream = client.getStream(endpoint.getTicket())) {
          while (stream.next()) {
            BigIntVector id = (BigIntVector) stream.getRoot().getVector("id");
            for (int row = 0; row < id.getValueCount(); row++) {
              idSum += id.get(row);
            }
            rows += id.getValueCount();
          }
        }
      }
    }
    return new long[] {rows, idSum};
  }
}
