"""pyarrow's side of PyArrowFilterOracleTest: which rows of a Parquet file a filter selects.

  filter_oracle.py REQUESTS

REQUESTS is a JSON file: a list of {"path": FILE, "filters": [FILTER, ...]}. A FILTER is one of
  {"op": "and" | "or", "args": [FILTER, ...]}     {"op": "not", "arg": FILTER}
  {"op": "isnull", "col": NAME, "negated": BOOL}
  {"op": "=" | "!=" | "<" | "<=" | ">" | ">=" | "between" | "in", "col": NAME, "values": [TEXT, ...]}
where NAME is a dotted path through structs and each literal is text converted to the column's own type
(integers, floats, strings, booleans as "true"/"false", dates and timestamps as ISO text, timestamps with a time
zone read as UTC); a decimal literal, or a literal with a decimal point for an integer column, keeps its own
precision and scale. IN is sent to Arrow as an OR of equalities, so that a null stays unknown
under NOT, as in SQL (Arrow's is_in answers false for a null).

Prints one line per filter: "FILE_INDEX FILTER_INDEX COUNT ROWS", COUNT the rows pq.read_table(FILE,
filters=EXPRESSION) returns (row groups pruned by statistics, then rows filtered) and ROWS the comma-separated
row numbers the same expression selects from the whole table; or "FILE_INDEX FILTER_INDEX ERROR MESSAGE" (filter
index -1 when the file itself does not read).
"""
import datetime
import decimal
import functools
import json
import operator
import sys

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

COMPARISONS = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
               ">=": operator.ge}


def literal(text, arrow_type):
    if pa.types.is_decimal(arrow_type) or (pa.types.is_integer(arrow_type) and not text.lstrip("-").isdigit()):
        # A decimal literal keeps its own precision and scale; Arrow compares decimals of different scales exactly.
        return pa.scalar(decimal.Decimal(text))
    if pa.types.is_integer(arrow_type):
        value = int(text)
    elif pa.types.is_floating(arrow_type):
        value = float(text)
    elif pa.types.is_boolean(arrow_type):
        value = text == "true"
    elif pa.types.is_date32(arrow_type):
        value = datetime.date.fromisoformat(text)
    elif pa.types.is_timestamp(arrow_type):
        value = datetime.datetime.fromisoformat(text)
        if arrow_type.tz is not None:
            value = value.replace(tzinfo=datetime.timezone.utc)
    elif pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type):
        value = text
    else:
        raise ValueError("no literal for a column of type %s" % arrow_type)
    return pa.scalar(value, type=arrow_type)


def expression(node, schema):
    op = node["op"]
    if op in ("and", "or"):
        parts = [expression(arg, schema) for arg in node["args"]]
        return functools.reduce(operator.and_ if op == "and" else operator.or_, parts)
    if op == "not":
        return ~expression(node["arg"], schema)
    path = node["col"].split(".")
    column = pc.field(*path)
    if op == "isnull":
        return column.is_valid() if node["negated"] else column.is_null()
    arrow_type = schema.field(path[0]).type
    for name in path[1:]:
        arrow_type = arrow_type.field(name).type
    values = [literal(text, arrow_type) for text in node["values"]]
    if op == "between":
        return (column >= values[0]) & (column <= values[1])
    if op == "in":
        return functools.reduce(operator.or_, [column == value for value in values])
    return COMPARISONS[op](column, values[0])


def main():
    with open(sys.argv[1], encoding="utf-8") as requests_file:
        requests = json.load(requests_file)
    for file_index, request in enumerate(requests):
        path = request["path"]
        try:
            table = pq.read_table(path)
        except Exception as error:  # the file is reported, the others go on
            print(file_index, -1, "ERROR", repr(error).replace("\n", " "))
            continue
        numbered = table.append_column("__row", pa.array(range(table.num_rows), type=pa.int64()))
        for filter_index, node in enumerate(request["filters"]):
            try:
                condition = expression(node, table.schema)
                pushed = pq.read_table(path, filters=condition)
                rows = numbered.filter(condition).column("__row").to_pylist()
                print(file_index, filter_index, pushed.num_rows, ",".join(str(row) for row in rows))
            except Exception as error:
                print(file_index, filter_index, "ERROR", repr(error).replace("\n", " "))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
