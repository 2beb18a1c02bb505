package io.parquetarrow.cli.output;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * Helpers that turn strings and bytes into one-line text for people: escaping control characters so a value
 * can never break a line or a table, cutting long values with "…", and strict UTF-8 decoding (bytes that are
 * not valid UTF-8 are shown as hex rather than replaced with U+FFFD, which would hide what the file holds).
 */
public final class TextEscaper {

  /** The mark put after a value that was cut. */
  public static final String ELLIPSIS = "…";

  private TextEscaper() {}

  /**
   * {@code text} with backslash, control and line-separator characters escaped Java-style ({@code \n},
   * {@code \t}, or a backslash-u escape with four hex digits), cut to {@code maxLength} characters plus "…"
   * when longer. A {@code maxLength} of zero or less means no limit.
   */
  public static String escape(String text, int maxLength) {
    StringBuilder out = new StringBuilder(Math.min(text.length(), maxLength > 0 ? maxLength + 8 : text.length()));
    int shown = 0;
    for (int i = 0; i < text.length(); i++) {
      if (maxLength > 0 && shown >= maxLength) {
        return out.append(ELLIPSIS).toString();
      }
      char c = text.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029') {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
            // Keep a surrogate pair together so a cut never splits a character.
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
              out.append(text.charAt(++i));
            }
          }
        }
      }
      shown++;
    }
    return out.toString();
  }

  /** {@code text} escaped as in {@link #escape}, with double quotes escaped too, inside double quotes. */
  public static String quote(String text, int maxLength) {
    String escaped = escape(text, maxLength).replace("\"", "\\\"");
    return "\"" + escaped + "\"";
  }

  /** Lowercase hex of {@code bytes}, cut after {@code maxBytes} bytes with "…" (no limit when zero or less). */
  public static String hex(byte[] bytes, int maxBytes) {
    HexFormat format = HexFormat.of();
    if (maxBytes <= 0 || bytes.length <= maxBytes) {
      return format.formatHex(bytes);
    }
    return format.formatHex(bytes, 0, maxBytes) + ELLIPSIS;
  }

  /** The string {@code bytes} encode in UTF-8, or null when they are not valid UTF-8. */
  public static String decodeUtf8OrNull(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  /** {@code text} with every line break and control character replaced, for a one-line error message. */
  public static String oneLine(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      out.append(c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029' ? ' ' : c);
    }
    return out.toString().strip().replaceAll(" {2,}", " ");
  }
}
