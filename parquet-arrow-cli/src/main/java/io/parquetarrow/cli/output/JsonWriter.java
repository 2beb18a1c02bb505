package io.parquetarrow.cli.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A small streaming JSON writer (RFC 8259) for the command line's machine-readable output: {@code meta --json}
 * writes one indented document, {@code cat --format json} one compact object per line. Written by hand so the
 * command adds no dependency.
 *
 * <p>It checks its own use (a name only inside an object, a value only where one may stand, containers closed
 * in order) and throws {@link IllegalStateException} on misuse, so a bug cannot emit malformed JSON silently.
 * Strings escape quotes, backslashes and control characters and keep every other character as it is; a lone
 * surrogate is written as a {@code \\u} escape, so the output always encodes to valid UTF-8. Numbers are
 * written as numbers; non-finite doubles, which JSON cannot express, are written as the strings
 * {@code "NaN"}, {@code "Infinity"} and {@code "-Infinity"}.
 */
public final class JsonWriter {

  private enum Container { OBJECT, ARRAY }

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private final Appendable out;
  private final String indent;
  private final Deque<Container> stack = new ArrayDeque<>();
  /** Whether the current container already holds an element (so the next one needs a comma). */
  private final Deque<Boolean> hasElement = new ArrayDeque<>();
  private boolean nameWritten;
  private boolean topLevelDone;

  private JsonWriter(Appendable out, String indent) {
    this.out = out;
    this.indent = indent;
  }

  /** A writer that puts each member and element on its own line, indented by two spaces per level. */
  public static JsonWriter indented(Appendable out) {
    return new JsonWriter(out, "  ");
  }

  /** A writer that writes everything on one line, with no spaces. */
  public static JsonWriter compact(Appendable out) {
    return new JsonWriter(out, null);
  }

  public JsonWriter beginObject() {
    beforeValue();
    write('{');
    stack.push(Container.OBJECT);
    hasElement.push(false);
    return this;
  }

  public JsonWriter endObject() {
    return end(Container.OBJECT, '}');
  }

  public JsonWriter beginArray() {
    beforeValue();
    write('[');
    stack.push(Container.ARRAY);
    hasElement.push(false);
    return this;
  }

  public JsonWriter endArray() {
    return end(Container.ARRAY, ']');
  }

  /** Writes a member name; the next call must write its value. */
  public JsonWriter name(String name) {
    if (stack.peek() != Container.OBJECT || nameWritten) {
      throw new IllegalStateException("a member name is only allowed inside an object, before its value");
    }
    separate();
    writeString(name);
    write(':');
    if (indent != null) {
      write(' ');
    }
    nameWritten = true;
    return this;
  }

  public JsonWriter value(String value) {
    if (value == null) {
      return nullValue();
    }
    beforeValue();
    writeString(value);
    return this;
  }

  public JsonWriter value(long value) {
    beforeValue();
    write(Long.toString(value));
    return this;
  }

  public JsonWriter value(boolean value) {
    beforeValue();
    write(value ? "true" : "false");
    return this;
  }

  public JsonWriter value(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return value(Double.toString(value));
    }
    beforeValue();
    write(Double.toString(value));
    return this;
  }

  public JsonWriter value(BigInteger value) {
    if (value == null) {
      return nullValue();
    }
    beforeValue();
    write(value.toString());
    return this;
  }

  public JsonWriter value(BigDecimal value) {
    if (value == null) {
      return nullValue();
    }
    beforeValue();
    // toPlainString never uses an exponent, so "1E+3" cannot surprise a reader expecting decimal text.
    write(value.toPlainString());
    return this;
  }

  /** Writes a long, or null when absent. */
  public JsonWriter value(Long value) {
    return value == null ? nullValue() : value((long) value);
  }

  /** Writes an int, or null when absent. */
  public JsonWriter value(Integer value) {
    return value == null ? nullValue() : value((long) value);
  }

  /** Writes a boolean, or null when absent. */
  public JsonWriter value(Boolean value) {
    return value == null ? nullValue() : value((boolean) value);
  }

  /**
   * Writes a number that the caller has already rendered as JSON number text (for example a decimal's plain
   * string). The text is checked against the JSON number grammar.
   */
  public JsonWriter numberText(String text) {
    if (!isJsonNumber(text)) {
      throw new IllegalArgumentException("not a JSON number: " + text);
    }
    beforeValue();
    write(text);
    return this;
  }

  public JsonWriter nullValue() {
    beforeValue();
    write("null");
    return this;
  }

  /** Checks that every container was closed. */
  public void finish() {
    if (!stack.isEmpty() || nameWritten) {
      throw new IllegalStateException("JSON document is not complete: " + stack.size() + " open containers");
    }
  }

  /** Whether {@code text} matches the JSON number grammar: {@code -? int frac? exp?}. */
  public static boolean isJsonNumber(String text) {
    int length = text.length();
    int i = 0;
    if (i < length && text.charAt(i) == '-') {
      i++;
    }
    if (i >= length) {
      return false;
    }
    if (text.charAt(i) == '0') {
      i++;
    } else if (isDigit(text.charAt(i))) {
      while (i < length && isDigit(text.charAt(i))) {
        i++;
      }
    } else {
      return false;
    }
    if (i < length && text.charAt(i) == '.') {
      i++;
      int start = i;
      while (i < length && isDigit(text.charAt(i))) {
        i++;
      }
      if (i == start) {
        return false;
      }
    }
    if (i < length && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
      i++;
      if (i < length && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
        i++;
      }
      int start = i;
      while (i < length && isDigit(text.charAt(i))) {
        i++;
      }
      if (i == start) {
        return false;
      }
    }
    return i == length;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private JsonWriter end(Container expected, char close) {
    if (stack.peek() != expected || nameWritten) {
      throw new IllegalStateException("cannot close " + expected + " here");
    }
    stack.pop();
    boolean hadElements = hasElement.pop();
    if (hadElements) {
      newline();
    }
    write(close);
    return this;
  }

  private void beforeValue() {
    Container container = stack.peek();
    if (container == null) {
      if (topLevelDone) {
        throw new IllegalStateException("a JSON document holds one top-level value");
      }
      topLevelDone = true;
      return;
    }
    if (container == Container.OBJECT) {
      if (!nameWritten) {
        throw new IllegalStateException("a value inside an object needs a name first");
      }
      nameWritten = false;
      return;
    }
    separate();
  }

  /** Writes the comma and line break that come before an element of the current container. */
  private void separate() {
    boolean hadElement = hasElement.pop();
    if (hadElement) {
      write(',');
    }
    hasElement.push(true);
    newline();
  }

  private void newline() {
    if (indent == null) {
      return;
    }
    write('\n');
    for (int level = 0; level < stack.size(); level++) {
      write(indent);
    }
  }

  private void writeString(String value) {
    write('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> write("\\\"");
        case '\\' -> write("\\\\");
        case '\n' -> write("\\n");
        case '\r' -> write("\\r");
        case '\t' -> write("\\t");
        case '\b' -> write("\\b");
        case '\f' -> write("\\f");
        default -> {
          if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029') {
            writeUnicodeEscape(c);
          } else if (Character.isHighSurrogate(c)) {
            if (i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
              write(c);
              write(value.charAt(++i));
            } else {
              writeUnicodeEscape(c);
            }
          } else if (Character.isLowSurrogate(c)) {
            writeUnicodeEscape(c);
          } else {
            write(c);
          }
        }
      }
    }
    write('"');
  }

  private void writeUnicodeEscape(char c) {
    write("\\u");
    write(HEX[(c >> 12) & 0xf]);
    write(HEX[(c >> 8) & 0xf]);
    write(HEX[(c >> 4) & 0xf]);
    write(HEX[c & 0xf]);
  }

  private void write(char c) {
    try {
      out.append(c);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void write(String s) {
    try {
      out.append(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
