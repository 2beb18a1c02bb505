package io.parquetarrow.core.read;

import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.Literal;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Filters in the JSON form {@code filter_oracle.py} reads: a node per AND, OR, NOT and leaf, each literal as plain
 * text the script converts to the column's type (decimals as plain digits, floating point as Java prints a double,
 * which Python's {@code float()} reads back to the same value).
 */
final class PyArrowFilters {
  private PyArrowFilters() {}

  static String json(Filter filter) {
    if (filter instanceof Filter.And and) {
      return node("and", and.operands());
    }
    if (filter instanceof Filter.Or or) {
      return node("or", or.operands());
    }
    if (filter instanceof Filter.Not not) {
      return "{\"op\": \"not\", \"arg\": " + json(not.operand()) + "}";
    }
    if (filter instanceof Filter.IsNull isNull) {
      return "{\"op\": \"isnull\", \"col\": " + string(isNull.column()) + ", \"negated\": " + isNull.negated() + "}";
    }
    if (filter instanceof Filter.Comparison comparison) {
      return leaf(comparison.operator().text(), comparison.column(), List.of(comparison.value()));
    }
    if (filter instanceof Filter.Between between) {
      return leaf("between", between.column(), List.of(between.low(), between.high()));
    }
    Filter.In in = (Filter.In) filter;
    return leaf("in", in.column(), in.values());
  }

  private static String node(String op, List<Filter> operands) {
    return "{\"op\": \"" + op + "\", \"args\": ["
        + operands.stream().map(PyArrowFilters::json).collect(Collectors.joining(", ")) + "]}";
  }

  private static String leaf(String op, String column, List<Literal> values) {
    return "{\"op\": \"" + op + "\", \"col\": " + string(column) + ", \"values\": ["
        + values.stream().map(PyArrowFilters::text).map(PyArrowFilters::string).collect(Collectors.joining(", "))
        + "]}";
  }

  private static String text(Literal literal) {
    return literal.value() instanceof BigDecimal decimal ? decimal.toPlainString() : literal.value().toString();
  }

  /** A JSON string. */
  static String string(String text) {
    StringBuilder json = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      switch (c) {
        case '"' -> json.append("\\\"");
        case '\\' -> json.append("\\\\");
        default -> {
          if (c < 0x20) {
            json.append(String.format("\\u%04x", (int) c));
          } else {
            json.append(c);
          }
        }
      }
    }
    return json.append('"').toString();
  }
}
