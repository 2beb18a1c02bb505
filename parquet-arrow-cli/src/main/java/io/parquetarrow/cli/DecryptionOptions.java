package io.parquetarrow.cli;

import io.parquetarrow.core.crypto.FileDecryptionProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options that read a file written with Parquet Modular Encryption, shared by every reading command as a picocli
 * mixin: {@code --footer-key KEY}, {@code --column-key COLUMN=KEY} (repeatable), {@code --aad-prefix TEXT} and
 * {@code --keys-file FILE}, keys in hex as {@link Keys} parses them. Options given on the command line win over
 * the keys file. {@link #properties()} turns them into the reader's {@link FileDecryptionProperties}.
 *
 * <p>Keys are kept as the text given until {@link #properties()} parses them, so that a mistyped key is reported
 * like any other failure (one line, exit code 1) and never echoed back.
 */
final class DecryptionOptions {

  @Option(names = "--footer-key", paramLabel = "KEY",
      description = "Footer key of an encrypted file (also the key of columns encrypted with it), 32/48/64 hex digits.")
  String footerKey;

  @Option(names = "--column-key", paramLabel = "COLUMN=KEY",
      description = "Key of a column encrypted with its own key, by dotted column path; repeatable.")
  List<String> columnKeys = new ArrayList<>();

  @Option(names = "--aad-prefix", paramLabel = "TEXT",
      description = "AAD prefix (UTF-8) of an encrypted file written without storing it.")
  String aadPrefix;

  @Option(names = "--keys-file", paramLabel = "FILE",
      description = "File of keys, one a line: footer=KEY or column.PATH=KEY ('#' starts a comment line).")
  Path keysFile;

  /**
   * The decryption properties these options describe, or null when none was given (a plaintext file, or an
   * encrypted one with a plaintext footer read without its encrypted columns).
   *
   * @throws Keys.KeyFormatException a key or the keys file is malformed
   * @throws IOException the keys file cannot be read
   */
  FileDecryptionProperties properties() throws IOException {
    Keys keys = Keys.of(keysFile, footerKey, "--footer-key", columnKeys, "--column-key");
    if (keys.isEmpty() && aadPrefix == null) {
      return null;
    }
    FileDecryptionProperties.Builder builder = FileDecryptionProperties.builder();
    byte[] footer = keys.footerKey();
    if (footer != null) {
      builder.footerKey(footer);
    }
    for (Map.Entry<String, byte[]> column : keys.columnKeys().entrySet()) {
      builder.columnKey(column.getKey(), column.getValue());
    }
    if (aadPrefix != null) {
      builder.aadPrefix(aadPrefix.getBytes(StandardCharsets.UTF_8));
    }
    return builder.build();
  }
}
