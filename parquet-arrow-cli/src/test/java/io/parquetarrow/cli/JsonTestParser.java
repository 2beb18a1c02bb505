package io.parquetarrow.cli;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict RFC 8259 parser for checking the command's JSON in tests, independent of the writer it checks:
 * objects become {@code LinkedHashMap} (a repeated key is an error), arrays {@code ArrayList}, numbers
 * {@link BigDecimal}, strings {@code String}, and {@code true}/{@code false}/{@code null} themselves. Anything
 * the grammar does not allow — a trailing comma, a raw control character in a string, a leading zero, text after
 * the value — throws {@link IllegalArgumentException} naming the offset.
 */
final class JsonTestParser {

  private final String text;
  private int position;

  private JsonTestParser(String text) {
    this.text = text;
  }

  static Object parse(String text) {
    JsonTestParser parser = new JsonTestParser(text);
    parser.skipWhitespace();
    Object value = parser.value();
    parser.skipWhitespace();
    if (parser.position != text.length()) {
      throw parser.error("text after the JSON value");
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> parseObject(String text) {
    Object value = parse(text);
    if (!(value instanceof Map)) {
      throw new IllegalArgumentException("expected a JSON object, got " + value);
    }
    return (Map<String, Object>) value;
  }

  private Object value() {
    if (position >= text.length()) {
      throw error("unexpected end of input");
    }
    char c = text.charAt(position);
    return switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> literal("true", Boolean.TRUE);
      case 'f' -> literal("false", Boolean.FALSE);
      case 'n' -> literal("null", null);
      default -> number();
    };
  }

  private Map<String, Object> object() {
    Map<String, Object> result = new LinkedHashMap<>();
    position++;
    skipWhitespace();
    if (peek() == '}') {
      position++;
      return result;
    }
    while (true) {
      skipWhitespace();
      if (peek() != '"') {
        throw error("expected a member name");
      }
      String name = string();
      skipWhitespace();
      expect(':');
      skipWhitespace();
      if (result.containsKey(name)) {
        throw error("repeated member name " + name);
      }
      result.put(name, value());
      skipWhitespace();
      char next = peek();
      position++;
      if (next == '}') {
        return result;
      }
      if (next != ',') {
        throw error("expected , or }");
      }
    }
  }

  private List<Object> array() {
    List<Object> result = new ArrayList<>();
    position++;
    skipWhitespace();
    if (peek() == ']') {
      position++;
      return result;
    }
    while (true) {
      skipWhitespace();
      result.add(value());
      skipWhitespace();
      char next = peek();
      position++;
      if (next == ']') {
        return result;
      }
      if (next != ',') {
        throw error("expected , or ]");
      }
    }
  }

  private String string() {
    expect('"');
    StringBuilder out = new StringBuilder();
    while (true) {
      if (position >= text.length()) {
        throw error("unterminated string");
      }
      char c = text.charAt(position++);
      if (c == '"') {
        return out.toString();
      }
      if (c < 0x20) {
        throw error("raw control character in a string");
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char escape = text.charAt(position++);
      switch (escape) {
        case '"' -> out.append('"');
        case '\\' -> out.append('\\');
        case '/' -> out.append('/');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          out.append((char) Integer.parseInt(text.substring(position, position + 4), 16));
          position += 4;
        }
        default -> throw error("bad escape \\" + escape);
      }
    }
  }

  private BigDecimal number() {
    int start = position;
    if (peek() == '-') {
      position++;
    }
    if (peek() == '0') {
      position++;
    } else if (Character.isDigit(peek())) {
      while (Character.isDigit(peek())) {
        position++;
      }
    } else {
      throw error("expected a value");
    }
    if (peek() == '.') {
      position++;
      requireDigits();
    }
    if (peek() == 'e' || peek() == 'E') {
      position++;
      if (peek() == '+' || peek() == '-') {
        position++;
      }
      requireDigits();
    }
    return new BigDecimal(text.substring(start, position));
  }

  private void requireDigits() {
    if (!Character.isDigit(peek())) {
      throw error("expected a digit");
    }
    while (Character.isDigit(peek())) {
      position++;
    }
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, position)) {
      throw error("expected " + word);
    }
    position += word.length();
    return value;
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("expected " + c);
    }
    position++;
  }

  private char peek() {
    return position < text.length() ? text.charAt(position) : '\0';
  }

  private void skipWhitespace() {
    while (position < text.length() && " \t\r\n".indexOf(text.charAt(position)) >= 0) {
      position++;
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException(what + " at offset " + position + " near \""
        + text.substring(Math.max(0, position - 20), Math.min(text.length(), position + 20)) + "\"");
  }
}
