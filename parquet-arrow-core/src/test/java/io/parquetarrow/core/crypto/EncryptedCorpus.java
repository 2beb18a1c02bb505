package io.parquetarrow.core.crypto;

import io.parquetarrow.core.testing.Corpus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The encrypted files of parquet-testing's {@code data/} and {@code data/aes256/} with their keys, as the corpus
 * README gives them: each key is written as a list of digits, which are ASCII characters ({@code {0,1,2,...}} is
 * {@code "012..."}); the key ids ({@code "kf"}, {@code "kc1"}, ...) are the key metadata the writer stored.
 */
final class EncryptedCorpus {
  /** Files whose AAD prefix is "tester" (stored in one, to be supplied for the other). */
  static final List<String> AAD_PREFIX_FILES = List.of(
      "encrypt_columns_and_footer_aad.parquet.encrypted",
      "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted");
  static final byte[] AAD_PREFIX = ascii("tester");
  /** Read by key tools with external key material: {@code KeyToolsReadTest}. */
  static final String EXTERNAL_KEY_MATERIAL = "external_key_material_java.parquet.encrypted";

  /** The 128-bit keys of {@code data/}, by key id. */
  private static final Map<String, byte[]> KEYS_128 = Map.of(
      "kf", ascii("0123456789012345"),
      "kc1", ascii("1234567890123450"),
      "kc2", ascii("1234567890123451"));
  /** Column path by key id, for both key sizes. */
  private static final Map<String, String> COLUMNS = columns();

  private EncryptedCorpus() {}

  private static Map<String, String> columns() {
    Map<String, String> columns = new LinkedHashMap<>();
    columns.put("kc1", "double_field");
    columns.put("kc2", "float_field");
    columns.put("kc3", "boolean_field");
    columns.put("kc4", "int32_field");
    columns.put("kc5", "ba_field");
    columns.put("kc6", "flba_field");
    columns.put("kc7", "int64_field.list.element");
    columns.put("kc8", "int96_field");
    return columns;
  }

  static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /** Every encrypted corpus file read here (all but the one with external key material). */
  static List<Path> files() {
    Path data = Corpus.assumeCorpus();
    List<Path> files = new ArrayList<>();
    for (String name : List.of("encrypt_columns_and_footer.parquet.encrypted",
        "encrypt_columns_and_footer_aad.parquet.encrypted",
        "encrypt_columns_and_footer_bloom_filter.parquet.encrypted",
        "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted",
        "encrypt_columns_plaintext_footer.parquet.encrypted", "uniform_encryption.parquet.encrypted")) {
      files.add(data.resolve(name));
    }
    for (String name : List.of("encrypt_columns_and_footer.parquet.encrypted",
        "encrypt_columns_and_footer_ctr.parquet.encrypted",
        "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted", "uniform_encryption.parquet.encrypted")) {
      files.add(data.resolve("aes256").resolve(name));
    }
    return files;
  }

  static boolean aes256(Path file) {
    return file.getParent().getFileName().toString().equals("aes256");
  }

  static boolean needsAadPrefix(Path file) {
    return AAD_PREFIX_FILES.contains(file.getFileName().toString());
  }

  /** The key with {@code id} for {@code file}'s key size, or null for an unknown id. */
  static byte[] key(Path file, String id) {
    if (!aes256(file)) {
      return KEYS_128.get(id);
    }
    if (id.equals("kf")) {
      return ascii("01234567890123456789012345678901");
    }
    if (!COLUMNS.containsKey(id)) {
      return null;
    }
    int number = Integer.parseInt(id.substring(2));
    return ascii("1234567890123456789012345678901" + (char) ('0' + number + 1));
  }

  /** Explicit keys: the footer key and every column key of the file's key size. */
  static FileDecryptionProperties.Builder explicitKeys(Path file) {
    FileDecryptionProperties.Builder builder = FileDecryptionProperties.builder().footerKey(key(file, "kf"));
    for (Map.Entry<String, String> column : COLUMNS.entrySet()) {
      byte[] key = key(file, column.getKey());
      if (key != null) {
        builder.columnKey(column.getValue(), key);
      }
    }
    if (needsAadPrefix(file)) {
      builder.aadPrefix(AAD_PREFIX);
    }
    return builder;
  }

  /** A key retriever that reads the stored key metadata as a key id. */
  static FileDecryptionProperties.Builder retrievedKeys(Path file) {
    FileDecryptionProperties.Builder builder = FileDecryptionProperties.builder()
        .keyRetriever(metadata -> key(file, new String(metadata, StandardCharsets.US_ASCII)));
    if (needsAadPrefix(file)) {
      builder.aadPrefix(AAD_PREFIX);
    }
    return builder;
  }

  /** The same keys for parquet-java's reader. */
  static org.apache.parquet.crypto.FileDecryptionProperties parquetJavaKeys(Path file) {
    org.apache.parquet.crypto.FileDecryptionProperties.Builder builder =
        org.apache.parquet.crypto.FileDecryptionProperties.builder()
            .withKeyRetriever(metadata -> key(file, new String(metadata, StandardCharsets.US_ASCII)));
    if (needsAadPrefix(file)) {
      builder.withAADPrefix(AAD_PREFIX);
    }
    return builder.build();
  }
}
