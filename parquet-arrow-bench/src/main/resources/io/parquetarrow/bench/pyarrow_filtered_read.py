# Reads Parquet files with a row filter with pyarrow on one thread (pq.read_table with a filter expression, all
# columns) and prints one line per read: "<file> <query> <round> <seconds> <rows>". Run by
# io.parquetarrow.bench.FilterCompare:
#   python pyarrow_filtered_read.py ROUNDS FILE_LABEL=PATH ... -- QUERY=SPEC ...
# SPEC is "all" (no filter) or OPERATOR:COLUMN:LITERAL[:LITERAL] with OPERATOR one of between, eq, lt, le, gt, ge;
# literals are converted to the column's type in each file (dates as YYYY-MM-DD, decimals as text).
import datetime
import decimal
import sys
import time

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq


def literal(text, arrow_type):
    if pa.types.is_date(arrow_type):
        return pa.scalar(datetime.date.fromisoformat(text), arrow_type)
    if pa.types.is_decimal(arrow_type):
        return pa.scalar(decimal.Decimal(text), arrow_type)
    if pa.types.is_integer(arrow_type):
        return pa.scalar(int(text), arrow_type)
    if pa.types.is_floating(arrow_type):
        return pa.scalar(float(text), arrow_type)
    return pa.scalar(text, arrow_type)


def expression(spec, schema):
    if spec == "all":
        return None
    parts = spec.split(":")
    operator, column = parts[0], parts[1]
    field = pc.field(column)
    values = [literal(text, schema.field(column).type) for text in parts[2:]]
    if operator == "between":
        return (field >= values[0]) & (field <= values[1])
    if operator == "eq":
        return field == values[0]
    if operator == "lt":
        return field < values[0]
    if operator == "le":
        return field <= values[0]
    if operator == "gt":
        return field > values[0]
    if operator == "ge":
        return field >= values[0]
    raise ValueError("unknown operator in " + spec)


def main():
    rounds = int(sys.argv[1])
    separator = sys.argv.index("--")
    files = [argument.split("=", 1) for argument in sys.argv[2:separator]]
    queries = [argument.split("=", 1) for argument in sys.argv[separator + 1:]]
    pa.set_cpu_count(1)
    pa.set_io_thread_count(1)
    print("pyarrow %s" % pa.__version__, flush=True)
    for label, path in files:
        schema = pq.read_schema(path)
        for name, spec in queries:
            filters = expression(spec, schema)
            for round_index in range(rounds):
                started = time.perf_counter()
                table = pq.read_table(path, filters=filters, use_threads=False)
                seconds = time.perf_counter() - started
                rows = table.num_rows
                del table
                print("%s %s %d %.6f %d" % (label, name, round_index, seconds, rows), flush=True)


if __name__ == "__main__":
    main()
