package io.parquetarrow.bench;

import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightGrpcUtils;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The Arrow Java client of {@link FlightCompare} and {@link FlightLoad}: fetches every endpoint of a flight in
 * turn and counts its rows. With a flow-control window, the client is built over a gRPC channel of its own
 * ({@code NettyChannelBuilder.flowControlWindow}, passed to {@code FlightGrpcUtils.createFlightClient}), which is
 * how any Arrow Java client widens the HTTP/2 window that bounds the bytes in flight on a stream; otherwise it is
 * {@code FlightClient.builder}'s, with gRPC's 1 MiB window.
 */
final class FlightClients {
  private final int windowBytes;

  /** Clients with this flow-control window; 0 for gRPC's default. */
  FlightClients(int windowBytes) {
    this.windowBytes = windowBytes;
  }

  String describeWindow() {
    return windowBytes > 0 ? String.format("%,d bytes", windowBytes) : "gRPC's default (1 MiB)";
  }

  /** Reads every endpoint of {@code descriptor} from the server at {@code location}; returns the rows. */
  long rows(BufferAllocator allocator, Location location, FlightDescriptor descriptor) throws Exception {
    ManagedChannel channel = null;
    FlightClient client;
    if (windowBytes > 0) {
      channel = NettyChannelBuilder.forAddress(location.getUri().getHost(), location.getUri().getPort())
          .usePlaintext().flowControlWindow(windowBytes).maxInboundMessageSize(Integer.MAX_VALUE).build();
      client = FlightGrpcUtils.createFlightClient(allocator, channel);
    } else {
      client = FlightClient.builder(allocator, location).build();
    }
    try {
      long rows = 0;
      FlightInfo info = client.getInfo(descriptor);
      for (FlightEndpoint endpoint : info.getEndpoints()) {
        try (FlightStream stream = client.getStream(endpoint.getTicket())) {
          while (stream.next()) {
            rows += stream.getRoot().getRowCount();
          }
        }
      }
      return rows;
    } finally {
      client.close();
      if (channel != null) {
        channel.shutdown().awaitTermination(10, TimeUnit.SECONDS);
      }
    }
  }
}
