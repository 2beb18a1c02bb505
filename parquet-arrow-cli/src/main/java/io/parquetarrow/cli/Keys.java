package io.parquetarrow.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * AES keys as a user gives them to the command line: the footer key and keys by dotted column path, each written
 * as 32, 48 or 64 hex digits (a 128-, 192- or 256-bit key), from options or from a keys file. The one parser of
 * keys for every command, reading ({@link DecryptionOptions}) and writing alike.
 *
 * <p>A keys file holds one key a line, {@code footer=KEY} or {@code column.PATH=KEY} (the column's dotted path, as
 * {@code column.a.b=KEY}), with blank lines and lines starting with {@code #} ignored.
 *
 * <p>No message of this class, and not {@link #toString()}, shows a key: a mistyped key is described by its length
 * or by where its first non-hex character is.
 */
final class Keys {
  private static final String FOOTER = "footer";
  private static final String COLUMN_PREFIX = "column.";

  private byte[] footerKey;
  private final Map<String, byte[]> columnKeys = new LinkedHashMap<>();

  /** The footer key, or null. A copy. */
  byte[] footerKey() {
    return footerKey == null ? null : footerKey.clone();
  }

  /** The column keys by dotted path, in the order given (copies). */
  Map<String, byte[]> columnKeys() {
    Map<String, byte[]> copy = new LinkedHashMap<>();
    columnKeys.forEach((path, key) -> copy.put(path, key.clone()));
    return copy;
  }

  boolean isEmpty() {
    return footerKey == null && columnKeys.isEmpty();
  }

  /** Sets the footer key (replacing one given before). */
  void footerKey(byte[] key) {
    this.footerKey = key.clone();
  }

  /** Sets the key of the column at {@code dottedPath} (replacing one given before). */
  void columnKey(String dottedPath, byte[] key) {
    columnKeys.put(dottedPath, key.clone());
  }

  /**
   * Parses {@code COLUMN=KEY}, as given to an option such as {@code --column-key}, into this set.
   *
   * @param option the option's name, for messages
   */
  void addColumnKey(String columnAndKey, String option) {
    int equals = columnAndKey.lastIndexOf('=');
    if (equals <= 0) {
      throw new KeyFormatException(option + " expects COLUMN=KEY (a dotted column path, '=', the key in hex)");
    }
    String column = columnAndKey.substring(0, equals);
    columnKey(column, parseHex(columnAndKey.substring(equals + 1), option + " " + column));
  }

  /**
   * The keys of a command: those of {@code keysFile} (null for none), then the footer key given as
   * {@code footerHex} (null for none) and each {@code COLUMN=KEY} of {@code columnKeys}, which replace the file's.
   *
   * @param footerOption and {@code columnOption}: the options' names, for messages
   */
  static Keys of(Path keysFile, String footerHex, String footerOption, List<String> columnKeys, String columnOption)
      throws IOException {
    Keys keys = new Keys();
    if (keysFile != null) {
      keys.addFile(keysFile);
    }
    if (footerHex != null) {
      keys.footerKey(parseHex(footerHex, footerOption));
    }
    for (String columnKey : columnKeys) {
      keys.addColumnKey(columnKey, columnOption);
    }
    return keys;
  }

  /**
   * Adds the keys of a keys file; its keys replace keys given before.
   *
   * @throws KeyFormatException a line is neither a comment nor {@code footer=KEY} / {@code column.PATH=KEY}, or a
   *     key is not 32, 48 or 64 hex digits (the message names the file and line)
   * @throws IOException the file cannot be read
   */
  void addFile(Path file) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new KeyFormatException("keys file " + file + ": no such file");
    }
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String where = "keys file " + file + ", line " + (i + 1);
      int equals = line.lastIndexOf('=');
      String name = equals < 0 ? line : line.substring(0, equals).strip();
      if (equals < 0 || !(name.equals(FOOTER) || name.startsWith(COLUMN_PREFIX)
          && name.length() > COLUMN_PREFIX.length())) {
        throw new KeyFormatException(where + ": expected footer=KEY or column.PATH=KEY");
      }
      byte[] key = parseHex(line.substring(equals + 1).strip(), where);
      if (name.equals(FOOTER)) {
        footerKey(key);
      } else {
        columnKey(name.substring(COLUMN_PREFIX.length()), key);
      }
    }
  }

  /**
   * The key that {@code hex} spells: 32, 48 or 64 hex digits, either case.
   *
   * @param what what the key is, for the message ("--footer-key", "keys file f, line 3")
   * @throws KeyFormatException with a message that does not repeat {@code hex}
   */
  static byte[] parseHex(String hex, String what) {
    int length = hex.length();
    if (length != 32 && length != 48 && length != 64) {
      throw new KeyFormatException(what + ": a key is 32, 48 or 64 hex digits (128, 192 or 256 bits), got "
          + length + " characters");
    }
    byte[] key = new byte[length / 2];
    for (int i = 0; i < length; i++) {
      int digit = Character.digit(hex.charAt(i), 16);
      if (digit < 0) {
        Arrays.fill(key, (byte) 0);
        throw new KeyFormatException(what + ": a key is hex digits, character " + (i + 1) + " is not one");
      }
      key[i / 2] = (byte) (key[i / 2] << 4 | digit);
    }
    return key;
  }

  @Override
  public String toString() {
    return "Keys{footer=" + (footerKey == null ? "none" : "given") + ", columns=" + columnKeys.keySet() + "}";
  }

  /** A key, or a keys file, is not written as expected. Its message never contains a key. */
  static final class KeyFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    KeyFormatException(String message) {
      super(message);
    }
  }
}
