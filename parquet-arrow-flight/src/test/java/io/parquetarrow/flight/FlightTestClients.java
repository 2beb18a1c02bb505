package io.parquetarrow.flight;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Ticket;

/** What the Flight tests do with an Arrow Java client: fetch endpoints into rows, and expect failures. */
final class FlightTestClients {
  private FlightTestClients() {}

  /** Every row of every endpoint of {@code info}, endpoint after endpoint. */
  static List<List<String>> readAll(FlightClient client, FlightInfo info, CallOption... options) throws Exception {
    List<List<String>> rows = new ArrayList<>();
    for (FlightEndpoint endpoint : info.getEndpoints()) {
      rows.addAll(read(client, endpoint.getTicket(), options));
    }
    return rows;
  }

  static List<List<String>> read(FlightClient client, Ticket ticket, CallOption... options) throws Exception {
    List<List<String>> rows = new ArrayList<>();
    try (FlightStream stream = client.getStream(ticket, options)) {
      while (stream.next()) {
        FlightTestData.addRows(stream.getRoot(), rows);
      }
    }
    return rows;
  }

  /** The status code of the Flight failure {@code call} throws; fails when it throws none. */
  static FlightStatusCode failure(ThrowingCall call) {
    try {
      call.run();
    } catch (FlightRuntimeException e) {
      return e.status().code();
    } catch (Exception e) {
      throw new AssertionError("expected a Flight failure, got " + e, e);
    }
    throw new AssertionError("expected a Flight failure, the call succeeded");
  }

  /** A client call that may throw. */
  interface ThrowingCall {
    void run() throws Exception;
  }
}
