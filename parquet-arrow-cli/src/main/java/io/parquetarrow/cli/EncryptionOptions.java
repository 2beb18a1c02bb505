package io.parquetarrow.cli;

import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.core.crypto.ParquetCipher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options of {@code write} that encrypt the file with Parquet Modular Encryption, a picocli mixin:
 * {@code --encrypt-footer-key KEY}, {@code --encrypt-column COLUMN=KEY} (repeatable; with none, every column is
 * encrypted with the footer key), {@code --plaintext-footer}, {@code --encryption-algorithm}, {@code --aad-prefix},
 * {@code --no-store-aad-prefix} and {@code --keys-file}, keys in hex as {@link Keys} parses them (the command line
 * wins over the keys file). Keys stay text until {@link #properties()} parses them, so none is ever echoed back.
 */
final class EncryptionOptions {

  @Option(names = "--encrypt-footer-key", paramLabel = "KEY",
      description = "Encrypt the file: the footer key (and, without --encrypt-column, every column's), 32/48/64 hex "
          + "digits.")
  String footerKey;

  @Option(names = "--encrypt-column", paramLabel = "COLUMN=KEY",
      description = "Encrypt a column with its own key, by dotted column path; repeatable. Columns not named stay "
          + "plaintext.")
  List<String> columnKeys = new ArrayList<>();

  @Option(names = "--plaintext-footer",
      description = "Leave the footer readable (signed with the footer key), so that plaintext columns read "
          + "without keys.")
  boolean plaintextFooter;

  @Option(names = "--encryption-algorithm", paramLabel = "ALGORITHM", defaultValue = "AES_GCM_V1",
      description = "AES_GCM_V1 (default) or AES_GCM_CTR_V1 (pages with AES-CTR, not authenticated).")
  ParquetCipher algorithm;

  @Option(names = "--aad-prefix", paramLabel = "TEXT",
      description = "AAD prefix (UTF-8) binding the file to an identity, e.g. a table and partition.")
  String aadPrefix;

  @Option(names = "--no-store-aad-prefix",
      description = "Do not store the AAD prefix in the file: readers must supply it.")
  boolean noStoreAadPrefix;

  @Option(names = "--keys-file", paramLabel = "FILE",
      description = "File of keys, one a line: footer=KEY or column.PATH=KEY ('#' starts a comment line).")
  Path keysFile;

  /**
   * The encryption these options describe, or null for a plaintext file.
   *
   * @throws Keys.KeyFormatException a key or the keys file is malformed, or the options need a footer key
   * @throws IOException the keys file cannot be read
   */
  FileEncryptionProperties properties() throws IOException {
    Keys keys = Keys.of(keysFile, footerKey, "--encrypt-footer-key", columnKeys, "--encrypt-column");
    boolean otherOptions = plaintextFooter || aadPrefix != null || noStoreAadPrefix;
    if (keys.isEmpty() && !otherOptions) {
      return null;
    }
    byte[] footer = keys.footerKey();
    if (footer == null) {
      throw new Keys.KeyFormatException("an encrypted file needs a footer key: give --encrypt-footer-key or a "
          + "footer=KEY line in --keys-file");
    }
    FileEncryptionProperties.Builder builder = FileEncryptionProperties.builder(footer)
        .plaintextFooter(plaintextFooter)
        .algorithm(algorithm)
        .storeAadPrefix(!noStoreAadPrefix);
    for (Map.Entry<String, byte[]> column : keys.columnKeys().entrySet()) {
      builder.columnKey(column.getKey(), column.getValue());
    }
    if (aadPrefix != null) {
      builder.aadPrefix(aadPrefix.getBytes(StandardCharsets.UTF_8));
    } else if (noStoreAadPrefix) {
      throw new Keys.KeyFormatException("--no-store-aad-prefix needs --aad-prefix");
    }
    return builder.build();
  }
}
