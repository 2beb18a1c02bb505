package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The small JSON dialect of the key tools: one flat object whose values are strings, booleans or null. Key
 * metadata, key material and the external key material file are all such objects, so nothing more is needed
 * (parquet-java writes them with Jackson, Arrow C++ with RapidJSON; both produce this shape).
 *
 * <p>Reading is strict about structure (a nested object or array, a trailing comma or text after the object is an
 * error) and lenient about what those writers differ in: booleans may arrive as JSON booleans (current writers)
 * or as the strings {@code "true"}/{@code "false"} (parquet-java before 1.12). Numbers are kept as their text.
 */
final class FlatJson {
  private final String text;
  private final String what;
  private int position;

  private FlatJson(String text, String what) {
    this.text = text;
    this.what = what;
  }

  /**
   * Parses one flat JSON object; values are {@link String}, {@link Boolean} or null, in the order written.
   * {@code what} names the text in error messages (the text itself is not quoted: it may hold wrapped keys).
   */
  static Map<String, Object> parseObject(String text, String what) throws ParquetEncryptionException {
    FlatJson parser = new FlatJson(text, what);
    Map<String, Object> result = parser.readObject();
    parser.skipWhitespace();
    if (parser.position != text.length()) {
      throw parser.error("text after the closing brace");
    }
    return result;
  }

  /** Writes a flat JSON object of {@link String} and {@link Boolean} values (null values are left out). */
  static String writeObject(Map<String, ?> fields) {
    StringBuilder out = new StringBuilder(64 * (fields.size() + 1));
    out.append('{');
    boolean first = true;
    for (Map.Entry<String, ?> field : fields.entrySet()) {
      Object value = field.getValue();
      if (value == null) {
        continue;
      }
      if (!first) {
        out.append(',');
      }
      first = false;
      writeString(out, field.getKey());
      out.append(':');
      if (value instanceof Boolean flag) {
        out.append(flag.booleanValue());
      } else if (value instanceof String string) {
        writeString(out, string);
      } else {
        throw new IllegalArgumentException("field " + field.getKey() + " holds a " + value.getClass().getName()
            + "; only strings and booleans are written");
      }
    }
    return out.append('}').toString();
  }

  private Map<String, Object> readObject() throws ParquetEncryptionException {
    Map<String, Object> fields = new LinkedHashMap<>();
    skipWhitespace();
    expect('{');
    skipWhitespace();
    if (peek() == '}') {
      position++;
      return fields;
    }
    while (true) {
      skipWhitespace();
      String name = readString();
      skipWhitespace();
      expect(':');
      skipWhitespace();
      if (fields.containsKey(name)) {
        throw error("field \"" + name + "\" appears twice");
      }
      fields.put(name, readValue());
      skipWhitespace();
      char next = next();
      if (next == '}') {
        return fields;
      }
      if (next != ',') {
        throw error("expected ',' or '}' but found '" + next + "'");
      }
    }
  }

  private Object readValue() throws ParquetEncryptionException {
    char first = peek();
    if (first == '"') {
      return readString();
    }
    if (first == '{' || first == '[') {
      throw error("nested objects and arrays are not part of key metadata");
    }
    int start = position;
    while (position < text.length() && "{}[],: \t\r\n\"".indexOf(text.charAt(position)) < 0) {
      position++;
    }
    String word = text.substring(start, position);
    switch (word) {
      case "true":
        return Boolean.TRUE;
      case "false":
        return Boolean.FALSE;
      case "null":
        return null;
      default:
        if (!word.isEmpty() && (Character.isDigit(word.charAt(0)) || word.charAt(0) == '-')) {
          return word;
        }
        position = start;
        throw error("expected a value");
    }
  }

  private String readString() throws ParquetEncryptionException {
    expect('"');
    StringBuilder value = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return value.toString();
      }
      if (c != '\\') {
        if (c < 0x20) {
          throw error("control character inside a string");
        }
        value.append(c);
        continue;
      }
      char escaped = next();
      switch (escaped) {
        case '"', '\\', '/' -> value.append(escaped);
        case 'b' -> value.append('\b');
        case 'f' -> value.append('\f');
        case 'n' -> value.append('\n');
        case 'r' -> value.append('\r');
        case 't' -> value.append('\t');
        case 'u' -> value.append(readUnicodeEscape());
        default -> throw error("unknown escape \\" + escaped);
      }
    }
  }

  private char readUnicodeEscape() throws ParquetEncryptionException {
    if (position + 4 > text.length()) {
      throw error("truncated \\u escape");
    }
    try {
      char c = (char) Integer.parseInt(text.substring(position, position + 4), 16);
      position += 4;
      return c;
    } catch (NumberFormatException e) {
      throw error("bad \\u escape");
    }
  }

  private static void writeString(StringBuilder out, String value) {
    out.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  private void skipWhitespace() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  private char peek() throws ParquetEncryptionException {
    if (position >= text.length()) {
      throw error("unexpected end");
    }
    return text.charAt(position);
  }

  private char next() throws ParquetEncryptionException {
    char c = peek();
    position++;
    return c;
  }

  private void expect(char expected) throws ParquetEncryptionException {
    char found = next();
    if (found != expected) {
      position--;
      throw error("expected '" + expected + "' but found '" + found + "'");
    }
  }

  private ParquetEncryptionException error(String problem) {
    return new ParquetEncryptionException(
        String.format("%s is not valid key tools JSON: %s at character %d of %d", what, problem, position,
            text.length()));
  }
}
