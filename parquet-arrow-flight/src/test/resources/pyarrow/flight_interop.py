"""The pyarrow (Arrow C++) Flight client side of PyArrowFlightInteropTest.

Usage: flight_interop.py PORT DIRECTORY

Lists the server's flights, fetches every endpoint of each and compares the table with
pyarrow.parquet.read_table of the same file; asks for a projection with a filter; uploads tables
(one with a dictionary-encoded column) and reads them back through Flight and locally. Prints one
line per check and exits non-zero on the first difference.
"""
import json
import os
import sys

import pyarrow as pa
import pyarrow.flight as flight
import pyarrow.parquet as pq


def fetch(client, info):
    tables = [client.do_get(endpoint.ticket).read_all() for endpoint in info.endpoints]
    if not tables:
        return info.schema.empty_table()
    return pa.concat_tables(tables)


def check(condition, message):
    if not condition:
        print("FAILED: " + message)
        sys.exit(1)
    print("ok: " + message)


def main():
    port, directory = int(sys.argv[1]), sys.argv[2]
    client = flight.FlightClient("grpc+tcp://localhost:%d" % port)

    listed = {"/".join(p.decode() if isinstance(p, bytes) else p for p in info.descriptor.path): info
              for info in client.list_flights()}
    check(sorted(listed) == ["data.parquet", "sub/more.parquet"], "listed %s" % sorted(listed))
    for path, listed_info in listed.items():
        expected = pq.read_table(os.path.join(directory, path))
        check(listed_info.total_records == expected.num_rows, "%s: %d records listed" % (path, expected.num_rows))
        info = client.get_flight_info(flight.FlightDescriptor.for_path(*path.split("/")))
        actual = fetch(client, info)
        check(actual.equals(expected), "%s: %d endpoints read as pyarrow reads the file" % (path, len(info.endpoints)))

    command = {"path": "data.parquet", "columns": ["id", "name"], "filter": "id >= 12000 AND id < 23000",
               "batch_rows": 4096}
    info = client.get_flight_info(flight.FlightDescriptor.for_command(json.dumps(command).encode()))
    expected = pq.read_table(os.path.join(directory, "data.parquet"), columns=["id", "name"],
                             filters=[("id", ">=", 12000), ("id", "<", 23000)])
    actual = fetch(client, info)
    check(info.total_records == -1, "filtered plan: records unknown")
    check(actual.equals(expected), "projection and filter: %d rows, %d endpoints" % (actual.num_rows,
                                                                                     len(info.endpoints)))

    table = pa.table({
        "x": pa.array(range(5000), pa.int64()),
        "s": pa.array(["v%d" % (i % 13) if i % 11 else None for i in range(5000)]),
        "f": pa.array([i / 3 if i % 4 else None for i in range(5000)], pa.float64()),
        "l": pa.array([[i, i + 1] if i % 6 else None for i in range(5000)], pa.list_(pa.int32())),
    })
    upload(client, directory, "uploaded/plain.parquet", table, {})
    upload(client, directory, "uploaded/zstd.parquet", table, {"codec": "ZSTD", "page_version": 2})
    try:
        upload(client, directory, "uploaded/plain.parquet", table, {})
        check(False, "a second upload of one name is refused")
    except (flight.FlightError, pa.ArrowException) as error:
        check("exists" in str(error), "a second upload of one name is refused: %s" % type(error).__name__)

    categorical = pa.table({"c": pa.array(["a", "b", "c", None] * 500).dictionary_encode(),
                            "n": pa.array(range(2000), pa.int32())})
    # Dictionary columns are stored as such and come back through Flight as their values.
    upload(client, directory, "uploaded/dictionary.parquet", categorical, {},
           categorical.set_column(0, "c", categorical.column("c").cast(pa.string())))
    print("all checks passed")


def upload(client, directory, path, table, options, streamed=None):
    if options:
        descriptor = flight.FlightDescriptor.for_command(json.dumps(dict(options, path=path)).encode())
    else:
        descriptor = flight.FlightDescriptor.for_path(path)
    writer, _ = client.do_put(descriptor, table.schema)
    writer.write_table(table, max_chunksize=1200)
    writer.close()
    local = pq.read_table(os.path.join(directory, path))
    check(local.equals(table), "%s: uploaded, pyarrow reads the file back" % path)
    info = client.get_flight_info(flight.FlightDescriptor.for_path(path))
    check(fetch(client, info).equals(table if streamed is None else streamed), "%s: read back through Flight" % path)


if __name__ == "__main__":
    main()
