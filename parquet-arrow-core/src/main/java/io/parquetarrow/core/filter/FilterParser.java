package io.parquetarrow.core.filter;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads {@link Filter#parse}'s text by recursive descent, {@code OR} binding loosest, then {@code AND}, then
 * {@code NOT}:
 *
 * <pre>
 * or        := and ("OR" and)*
 * and       := not ("AND" not)*
 * not       := "NOT" not | "(" or ")" | predicate
 * predicate := column ( op literal | ["NOT"] "BETWEEN" literal "AND" literal | ["NOT"] "IN" "(" literal ("," literal)* ")"
 *                     | "IS" ["NOT"] "NULL" )
 *            | literal op column
 * </pre>
 *
 * Every error is an {@link IllegalArgumentException} naming the offset where the text stopped making sense.
 */
final class FilterParser {
  private static final Set<String> KEYWORDS = Set.of(
      "AND", "OR", "NOT", "BETWEEN", "IN", "IS", "NULL", "TRUE", "FALSE", "DATE", "TIMESTAMP", "CAST", "AS");
  private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .optionalStart().appendLiteral(' ').optionalEnd()
      .optionalStart().appendLiteral('T').optionalEnd()
      .appendPattern("HH:mm")
      .optionalStart().appendPattern(":ss").optionalEnd()
      .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
      .toFormatter(Locale.ROOT);

  private final String text;
  private int position;

  FilterParser(String text) {
    if (text == null) {
      throw new IllegalArgumentException("a filter's text is null");
    }
    this.text = text;
  }

  Filter parse() {
    Filter filter = or();
    skipSpace();
    if (position < text.length()) {
      throw error("expected AND, OR or the end");
    }
    return filter;
  }

  static boolean isNameStart(char c) {
    return Character.isLetter(c) || c == '_';
  }

  static boolean isNamePart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  static boolean isKeyword(String word) {
    return KEYWORDS.contains(word.toUpperCase(Locale.ROOT));
  }

  private Filter or() {
    List<Filter> operands = new ArrayList<>();
    operands.add(and());
    while (keyword("OR")) {
      operands.add(and());
    }
    return operands.size() == 1 ? operands.get(0) : new Filter.Or(operands);
  }

  private Filter and() {
    List<Filter> operands = new ArrayList<>();
    operands.add(not());
    while (keyword("AND")) {
      operands.add(not());
    }
    return operands.size() == 1 ? operands.get(0) : new Filter.And(operands);
  }

  private Filter not() {
    if (keyword("NOT")) {
      return new Filter.Not(not());
    }
    if (symbol("(")) {
      Filter inner = or();
      expect(")");
      return inner;
    }
    return predicate();
  }

  private Filter predicate() {
    skipSpace();
    int start = position;
    Literal left = literalOrNull();
    if (left != null) {
      Filter.Operator operator = operator();
      if (operator == null) {
        throw error("expected a comparison operator after the literal at offset " + start);
      }
      return new Filter.Comparison(column(), operator.swapped(), left);
    }
    String column = column();
    Filter.Operator operator = operator();
    if (operator != null) {
      return new Filter.Comparison(column, operator, literal());
    }
    if (keyword("IS")) {
      boolean negated = keyword("NOT");
      if (!keyword("NULL")) {
        throw error("expected NULL");
      }
      return new Filter.IsNull(column, negated);
    }
    boolean negated = keyword("NOT");
    Filter filter;
    if (keyword("BETWEEN")) {
      Literal low = literal();
      if (!keyword("AND")) {
        throw error("expected AND between BETWEEN's bounds");
      }
      filter = new Filter.Between(column, low, literal());
    } else if (keyword("IN")) {
      expect("(");
      List<Literal> values = new ArrayList<>();
      do {
        values.add(literal());
      } while (symbol(","));
      expect(")");
      filter = new Filter.In(column, values);
    } else {
      throw error("expected a comparison, BETWEEN, IN or IS after column " + column);
    }
    return negated ? new Filter.Not(filter) : filter;
  }

  private Filter.Operator operator() {
    skipSpace();
    for (String candidate : new String[] {"<=", ">=", "!=", "<>", "=", "<", ">"}) {
      if (text.startsWith(candidate, position)) {
        position += candidate.length();
        return switch (candidate) {
          case "<=" -> Filter.Operator.LE;
          case ">=" -> Filter.Operator.GE;
          case "!=", "<>" -> Filter.Operator.NE;
          case "=" -> Filter.Operator.EQ;
          case "<" -> Filter.Operator.LT;
          default -> Filter.Operator.GT;
        };
      }
    }
    return null;
  }

  /** A dotted path of names and "quoted" parts. */
  private String column() {
    skipSpace();
    StringBuilder path = new StringBuilder();
    do {
      if (!path.isEmpty()) {
        path.append('.');
      }
      if (position < text.length() && text.charAt(position) == '"') {
        int start = position;
        String part = quoted('"');
        if (part.isEmpty() || part.indexOf('.') >= 0) {
          // A path is its parts joined by dots: an empty part or one holding a dot could not be told apart.
          position = start;
          throw error("expected a column part, found " + (part.isEmpty() ? "an empty one" : "one holding a '.'"));
        }
        path.append(part);
      } else {
        int start = position;
        if (position >= text.length() || !isNameStart(text.charAt(position))) {
          throw error("expected a column");
        }
        while (position < text.length() && isNamePart(text.charAt(position))) {
          position++;
        }
        String name = text.substring(start, position);
        if (path.isEmpty() && isKeyword(name)) {
          position = start;
          throw error("expected a column, found keyword " + name.toUpperCase(Locale.ROOT));
        }
        path.append(name);
      }
    } while (position < text.length() && text.charAt(position) == '.' && ++position > 0);
    return path.toString();
  }

  private Literal literal() {
    skipSpace();
    Literal literal = literalOrNull();
    if (literal == null) {
      throw error("expected a literal");
    }
    return literal;
  }

  /** A literal at the position, or null (position unchanged) when what follows is not one. */
  private Literal literalOrNull() {
    skipSpace();
    if (position >= text.length()) {
      return null;
    }
    char c = text.charAt(position);
    if (c == '\'') {
      return new Literal(Literal.Kind.STRING, quoted('\''));
    }
    if (Character.isDigit(c) || ((c == '-' || c == '+' || c == '.') && position + 1 < text.length()
        && (Character.isDigit(text.charAt(position + 1)) || text.charAt(position + 1) == '.'))) {
      return number();
    }
    int start = position;
    if (keyword("TRUE")) {
      return new Literal(Literal.Kind.BOOLEAN, true);
    }
    if (keyword("FALSE")) {
      return new Literal(Literal.Kind.BOOLEAN, false);
    }
    if (keyword("DATE")) {
      skipSpace();
      int at = position;
      String value = quoted('\'');
      try {
        return new Literal(Literal.Kind.DATE, LocalDate.parse(value));
      } catch (DateTimeParseException e) {
        position = at;
        throw error("expected a date as 'yyyy-mm-dd', found '" + value + "'");
      }
    }
    if (keyword("TIMESTAMP")) {
      skipSpace();
      int at = position;
      String value = quoted('\'');
      try {
        return new Literal(Literal.Kind.TIMESTAMP, LocalDateTime.parse(value, TIMESTAMP));
      } catch (DateTimeParseException e) {
        position = at;
        throw error("expected a timestamp as 'yyyy-mm-dd hh:mm[:ss[.fraction]]', found '" + value + "'");
      }
    }
    if (keyword("CAST")) {
      // Only the form toString gives NaN and the infinities: CAST('NaN' AS DOUBLE).
      expect("(");
      skipSpace();
      String value = quoted('\'');
      if (!keyword("AS") || !keyword("DOUBLE")) {
        throw error("expected AS DOUBLE");
      }
      expect(")");
      try {
        return new Literal(Literal.Kind.FLOAT, Double.parseDouble(value));
      } catch (NumberFormatException e) {
        throw error("expected a number in CAST, found '" + value + "'");
      }
    }
    position = start;
    return null;
  }

  private Literal number() {
    int start = position;
    if (text.charAt(position) == '-' || text.charAt(position) == '+') {
      position++;
    }
    boolean point = false;
    boolean exponent = false;
    while (position < text.length()) {
      char c = text.charAt(position);
      if (Character.isDigit(c)) {
        position++;
      } else if (c == '.' && !point && !exponent) {
        point = true;
        position++;
      } else if ((c == 'e' || c == 'E') && !exponent) {
        exponent = true;
        position++;
        if (position < text.length() && (text.charAt(position) == '-' || text.charAt(position) == '+')) {
          position++;
        }
      } else {
        break;
      }
    }
    String number = text.substring(start, position);
    try {
      if (exponent) {
        return new Literal(Literal.Kind.FLOAT, Double.parseDouble(number));
      }
      BigDecimal decimal = new BigDecimal(number);
      if (!point && decimal.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0
          && decimal.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0) {
        return new Literal(Literal.Kind.INTEGER, decimal.longValueExact());
      }
      return new Literal(Literal.Kind.DECIMAL, decimal);
    } catch (NumberFormatException | ArithmeticException e) {
      position = start;
      throw error("expected a number, found '" + number + "'");
    }
  }

  /** The text between {@code quote}s, a doubled quote standing for one. */
  private String quoted(char quote) {
    if (position >= text.length() || text.charAt(position) != quote) {
      throw error("expected " + quote);
    }
    int start = position;
    StringBuilder value = new StringBuilder();
    position++;
    while (true) {
      if (position >= text.length()) {
        position = start;
        throw error("unterminated " + quote + "…" + quote);
      }
      char c = text.charAt(position++);
      if (c == quote) {
        if (position < text.length() && text.charAt(position) == quote) {
          value.append(quote);
          position++;
          continue;
        }
        return value.toString();
      }
      value.append(c);
    }
  }

  /** Consumes {@code word} (case-insensitive, as a whole word) if it comes next. */
  private boolean keyword(String word) {
    skipSpace();
    int end = position + word.length();
    if (end <= text.length() && text.regionMatches(true, position, word, 0, word.length())
        && (end == text.length() || !isNamePart(text.charAt(end)))) {
      position = end;
      return true;
    }
    return false;
  }

  private boolean symbol(String symbol) {
    skipSpace();
    if (text.startsWith(symbol, position)) {
      position += symbol.length();
      return true;
    }
    return false;
  }

  private void expect(String symbol) {
    if (!symbol(symbol)) {
      throw error("expected '" + symbol + "'");
    }
  }

  private void skipSpace() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  private IllegalArgumentException error(String message) {
    skipSpace();
    String found = position >= text.length() ? "the end" : "'" + text.substring(position,
        Math.min(text.length(), position + 20)) + "'";
    return new IllegalArgumentException("filter: " + message + " at offset " + position + " (found " + found
        + ") in: " + text);
  }
}
