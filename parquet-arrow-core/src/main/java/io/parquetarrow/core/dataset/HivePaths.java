package io.parquetarrow.core.dataset;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Hive partition directories ({@code key=value}) from a file's path below the dataset root, as Hive, Spark,
 * pyarrow and DuckDB write them: keys and values are percent-encoded ({@code %2F} for {@code /}, {@code %3D} for
 * {@code =}; a {@code +} stays a plus, unlike form encoding) and {@code __HIVE_DEFAULT_PARTITION__} stands for null.
 */
final class HivePaths {
  /** The value Hive and Spark write for a null partition value. */
  static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

  private HivePaths() {}

  /** One {@code key=value} directory, decoded; {@code value} is null for the default partition. */
  record Segment(String key, String value) {}

  /**
   * The {@code key=value} directories of {@code relativePath} ({@code /}-separated, the last part being the file
   * name), in path order; directories of another form are passed over. A value written as {@code nullValue}
   * (before decoding) is null.
   *
   * @throws IllegalArgumentException for an empty key, a malformed escape, or a key given twice
   */
  static List<Segment> segments(String relativePath, String nullValue) {
    String[] parts = relativePath.split("/");
    List<Segment> segments = new ArrayList<>();
    for (int i = 0; i < parts.length - 1; i++) {
      int equals = parts[i].indexOf('=');
      if (equals < 0) {
        continue;
      }
      String key = decode(parts[i].substring(0, equals), relativePath);
      String raw = parts[i].substring(equals + 1);
      String value = raw.equals(nullValue) ? null : decode(raw, relativePath);
      if (key.isEmpty()) {
        throw new IllegalArgumentException(relativePath + ": partition directory " + parts[i] + " has no key");
      }
      for (Segment earlier : segments) {
        if (earlier.key().equals(key)) {
          throw new IllegalArgumentException(relativePath + ": partition key " + key + " appears twice");
        }
      }
      segments.add(new Segment(key, value));
    }
    return segments;
  }

  /** Decodes {@code %xx} escapes (UTF-8 bytes); every other character stands for itself. */
  static String decode(String text, String relativePath) {
    if (text.indexOf('%') < 0) {
      return text;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%') {
        int high = i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
        int low = high < 0 ? -1 : Character.digit(text.charAt(i + 2), 16);
        if (low < 0) {
          throw new IllegalArgumentException(relativePath + ": partition directory part " + text
              + " has a malformed escape at offset " + i + " (expected %xx with two hex digits)");
        }
        bytes.write(high << 4 | low);
        i += 2;
      } else {
        byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c) && i + 1 < text.length()) {
          encoded = text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
          i++;
        }
        bytes.write(encoded, 0, encoded.length);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
