package io.parquetarrow.core.filter;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A row filter over the columns of a Parquet file: comparisons of a column with a literal, {@code BETWEEN},
 * {@code IN}, {@code IS [NOT] NULL}, and {@code AND}, {@code OR}, {@code NOT} over them. Columns are named by dotted
 * path (a nested leaf by its path through structs). Built with the static factories
 * ({@code Filter.and(Filter.gt("l_quantity", 10), Filter.eq("l_returnflag", "R"))}) or parsed from SQL-like text
 * ({@link #parse}); {@link #toString()} gives text that parses back to an equal filter. A filter says nothing
 * about a schema until it is checked against one ({@link FilterBinding#bind}).
 *
 * <p>As in SQL, a comparison with a null is not true: a row whose column is null matches neither {@code x = 1}
 * nor {@code NOT (x = 1)}, only {@code x IS NULL}.
 */
public sealed interface Filter
    permits Filter.And, Filter.Or, Filter.Not, Filter.Comparison, Filter.Between, Filter.In, Filter.IsNull {

  /** A comparison operator, with its text. */
  enum Operator {
    EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

    private final String text;

    Operator(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }

    /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
    public Operator swapped() {
      return switch (this) {
        case LT -> GT;
        case LE -> GE;
        case GT -> LT;
        case GE -> LE;
        default -> this;
      };
    }
  }

  /** Every operand holds. */
  record And(List<Filter> operands) implements Filter {
    public And {
      operands = checkedOperands(operands, "AND");
    }

    @Override
    public String toString() {
      return operands.stream().map(Filter::grouped).collect(Collectors.joining(" AND "));
    }
  }

  /** Some operand holds. */
  record Or(List<Filter> operands) implements Filter {
    public Or {
      operands = checkedOperands(operands, "OR");
    }

    @Override
    public String toString() {
      return operands.stream().map(Filter::grouped).collect(Collectors.joining(" OR "));
    }
  }

  /** The operand does not hold (and is not unknown because of a null). */
  record Not(Filter operand) implements Filter {
    public Not {
      Objects.requireNonNull(operand, "operand");
    }

    @Override
    public String toString() {
      return "NOT " + grouped(operand);
    }
  }

  /** {@code column operator value}. */
  record Comparison(String column, Operator operator, Literal value) implements Filter {
    public Comparison {
      column = checkedColumn(column);
      Objects.requireNonNull(operator, "operator");
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String toString() {
      return quoted(column) + " " + operator.text() + " " + value;
    }
  }

  /** {@code low <= column <= high}. */
  record Between(String column, Literal low, Literal high) implements Filter {
    public Between {
      column = checkedColumn(column);
      Objects.requireNonNull(low, "low");
      Objects.requireNonNull(high, "high");
    }

    @Override
    public String toString() {
      return quoted(column) + " BETWEEN " + low + " AND " + high;
    }
  }

  /** The column equals one of the values. */
  record In(String column, List<Literal> values) implements Filter {
    public In {
      column = checkedColumn(column);
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("IN on " + column + " needs at least one value");
      }
    }

    @Override
    public String toString() {
      return quoted(column) + " IN (" + values.stream().map(Literal::toString).collect(Collectors.joining(", "))
          + ")";
    }
  }

  /** The column is null ({@code negated}: is not null). */
  record IsNull(String column, boolean negated) implements Filter {
    public IsNull {
      column = checkedColumn(column);
    }

    @Override
    public String toString() {
      return quoted(column) + (negated ? " IS NOT NULL" : " IS NULL");
    }
  }

  static Filter and(Filter... operands) {
    return operands.length == 1 ? operands[0] : new And(List.of(operands));
  }

  static Filter or(Filter... operands) {
    return operands.length == 1 ? operands[0] : new Or(List.of(operands));
  }

  static Filter not(Filter operand) {
    return new Not(operand);
  }

  /** {@code column = value}; the value is any Java value {@link Literal#of} takes. */
  static Filter eq(String column, Object value) {
    return new Comparison(column, Operator.EQ, Literal.of(value));
  }

  static Filter ne(String column, Object value) {
    return new Comparison(column, Operator.NE, Literal.of(value));
  }

  static Filter lt(String column, Object value) {
    return new Comparison(column, Operator.LT, Literal.of(value));
  }

  static Filter le(String column, Object value) {
    return new Comparison(column, Operator.LE, Literal.of(value));
  }

  static Filter gt(String column, Object value) {
    return new Comparison(column, Operator.GT, Literal.of(value));
  }

  static Filter ge(String column, Object value) {
    return new Comparison(column, Operator.GE, Literal.of(value));
  }

  static Filter between(String column, Object low, Object high) {
    return new Between(column, Literal.of(low), Literal.of(high));
  }

  static Filter in(String column, Object... values) {
    List<Literal> literals = new ArrayList<>(values.length);
    for (Object value : values) {
      literals.add(Literal.of(value));
    }
    return new In(column, literals);
  }

  static Filter isNull(String column) {
    return new IsNull(column, false);
  }

  static Filter isNotNull(String column) {
    return new IsNull(column, true);
  }

  /**
   * Parses SQL-like text: comparisons {@code = != <> < <= > >=} between a column and a literal (either side),
   * {@code [NOT] BETWEEN a AND b}, {@code [NOT] IN (a, b, …)}, {@code IS [NOT] NULL}, {@code AND}, {@code OR},
   * {@code NOT} and parentheses; literals are integers, decimals ({@code 1.5}), floating point ({@code 1.5e0}),
   * strings ({@code 'it''s'}), {@code TRUE}/{@code FALSE}, {@code DATE '2024-01-31'} and
   * {@code TIMESTAMP '2024-01-31 12:00:00'}; columns are dotted paths, a part in double quotes when it is not a
   * plain name (a quoted part may not be empty nor hold a dot). Keywords are case-insensitive.
   *
   * @throws IllegalArgumentException naming the offset of the first thing that does not parse
   */
  static Filter parse(String text) {
    return new FilterParser(text).parse();
  }

  /** The dotted paths of the columns the filter reads, in order of first appearance. */
  default Set<String> columns() {
    Set<String> columns = new LinkedHashSet<>();
    collectColumns(this, columns);
    return columns;
  }

  private static void collectColumns(Filter filter, Set<String> into) {
    if (filter instanceof And and) {
      and.operands().forEach(operand -> collectColumns(operand, into));
    } else if (filter instanceof Or or) {
      or.operands().forEach(operand -> collectColumns(operand, into));
    } else if (filter instanceof Not not) {
      collectColumns(not.operand(), into);
    } else if (filter instanceof Comparison comparison) {
      into.add(comparison.column());
    } else if (filter instanceof Between between) {
      into.add(between.column());
    } else if (filter instanceof In in) {
      into.add(in.column());
    } else {
      into.add(((IsNull) filter).column());
    }
  }

  private static List<Filter> checkedOperands(List<Filter> operands, String what) {
    List<Filter> copy = List.copyOf(operands);
    if (copy.size() < 2) {
      throw new IllegalArgumentException(what + " needs at least two operands, not " + copy.size());
    }
    return copy;
  }

  private static String checkedColumn(String column) {
    Objects.requireNonNull(column, "column");
    if (column.isEmpty()) {
      throw new IllegalArgumentException("a filter's column path is empty");
    }
    if (column.startsWith(".") || column.endsWith(".") || column.contains("..")) {
      throw new IllegalArgumentException("a filter's column path has an empty part: " + column);
    }
    return column;
  }

  /** The operand's text, in parentheses unless it is a single predicate. */
  private static String grouped(Filter operand) {
    return operand instanceof And || operand instanceof Or ? "(" + operand + ")" : operand.toString();
  }

  /** A dotted path as the parser reads it: parts that are not plain names in double quotes. */
  private static String quoted(String column) {
    StringBuilder text = new StringBuilder();
    for (String part : column.split("\\.", -1)) {
      if (!text.isEmpty()) {
        text.append('.');
      }
      boolean plain = !part.isEmpty() && FilterParser.isNameStart(part.charAt(0))
          && part.chars().allMatch(c -> FilterParser.isNamePart((char) c)) && !FilterParser.isKeyword(part);
      text.append(plain ? part : "\"" + part.replace("\"", "\"\"") + "\"");
    }
    return text.toString();
  }
}
