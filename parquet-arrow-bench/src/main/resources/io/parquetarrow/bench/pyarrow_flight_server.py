"""A pyarrow (Arrow C++) Flight server of one Parquet file, the peer of FlightCompare.

Usage: pyarrow_flight_server.py FILE [BATCH_ROWS [memory]]

Serves FILE as one flight with one endpoint, streaming pyarrow.parquet's batches as they are read (as our
server streams its reader's), on an ephemeral loopback port; prints "port N" once it listens, and serves until
its standard input closes. With "memory" it reads FILE into a table once, at start, and streams that table's
batches: no Parquet decoding per DoGet, so the time is the transport's and the client's alone.
"""
import sys
import threading

import pyarrow.flight as flight
import pyarrow.parquet as pq


class OneFileServer(flight.FlightServerBase):
    def __init__(self, path, batch_rows, in_memory):
        super().__init__("grpc://127.0.0.1:0")
        self.path = path
        self.batch_rows = batch_rows
        self.table = pq.read_table(path) if in_memory else None

    def get_flight_info(self, context, descriptor):
        metadata = pq.ParquetFile(self.path).metadata
        endpoint = flight.FlightEndpoint(b"all", [])
        return flight.FlightInfo(pq.read_schema(self.path), descriptor, [endpoint], metadata.num_rows, -1)

    def do_get(self, context, ticket):
        if self.table is not None:
            return flight.RecordBatchStream(self.table.to_reader(max_chunksize=self.batch_rows))
        parquet = pq.ParquetFile(self.path)
        return flight.GeneratorStream(parquet.schema_arrow, parquet.iter_batches(batch_size=self.batch_rows))


def main():
    batch_rows = int(sys.argv[2]) if len(sys.argv) > 2 else 65536
    server = OneFileServer(sys.argv[1], batch_rows, len(sys.argv) > 3 and sys.argv[3] == "memory")
    print("port %d" % server.port, flush=True)
    threading.Thread(target=server.serve, daemon=True).start()
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
