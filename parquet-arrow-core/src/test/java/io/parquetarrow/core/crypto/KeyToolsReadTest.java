package io.parquetarrow.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.crypto.keytools.CryptoFactory;
import io.parquetarrow.core.crypto.keytools.DecryptionConfiguration;
import io.parquetarrow.core.crypto.keytools.InMemoryKms;
import io.parquetarrow.core.crypto.keytools.KmsConnectionConfig;
import io.parquetarrow.core.crypto.keytools.ParquetJavaTestKms;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.crypto.keytools.KeyToolkit;
import org.apache.parquet.crypto.keytools.PropertiesDrivenCryptoFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key tools plugged into the reader: parquet-testing's {@code external_key_material_java.parquet.encrypted}
 * (parquet-java's key tools, external key material, double wrapping) read through {@code ParquetArrowReader} with
 * {@link CryptoFactory#decryptionProperties} over the in-memory KMS agrees value for value with parquet-java's own
 * key tools and reader; a KMS that cannot unwrap makes the read fail with the KMS's reason, and a file moved away
 * from its key material says where the material was looked for.
 */
class KeyToolsReadTest {
  private static final String FILE_NAME = "external_key_material_java.parquet.encrypted";

  @TempDir Path temporary;

  private static Map<String, byte[]> masterKeys() {
    Map<String, byte[]> keys = new LinkedHashMap<>();
    keys.put("kf", "0123456789012345".getBytes(StandardCharsets.US_ASCII));
    keys.put("kc1", "1234567890123450".getBytes(StandardCharsets.US_ASCII));
    keys.put("kc2", "1234567890123451".getBytes(StandardCharsets.US_ASCII));
    return keys;
  }

  private static Path corpusFile() {
    return Corpus.assumeCorpus().resolve(FILE_NAME);
  }

  private static FileDecryptionProperties keyTools(Map<String, byte[]> masterKeys, Path file) {
    return new CryptoFactory(InMemoryKms.factory(masterKeys))
        .decryptionProperties(KmsConnectionConfig.defaults(), DecryptionConfiguration.defaults(), file);
  }

  private static List<List<Object>> parquetJavaRows(Path file) throws IOException {
    Configuration configuration = new Configuration(false);
    configuration.set(KeyToolkit.KMS_CLIENT_CLASS_PROPERTY_NAME, ParquetJavaTestKms.class.getName());
    org.apache.parquet.crypto.FileDecryptionProperties keys = new PropertiesDrivenCryptoFactory()
        .getFileDecryptionProperties(configuration, new org.apache.hadoop.fs.Path(file.toUri()));
    return ParquetJavaRows.read(file, keys);
  }

  @Test
  void readsWhatParquetJavaReadsWithItsKeyTools() throws IOException {
    Path file = corpusFile();
    List<List<Object>> expected = parquetJavaRows(file);
    assertThat(expected).isNotEmpty();
    FileDecryptionProperties keys = keyTools(masterKeys(), file);
    EncryptedReads.Rows actual = EncryptedReads.read(file, ReadOptions.builder().decryption(keys).build());
    assertThat(actual.columns()).contains("integers", "strings");
    assertThat(actual.rows()).isEqualTo(expected);
    EncryptedReads.Rows parallel = EncryptedReads.read(file,
        ReadOptions.builder().decryption(keys).threads(3).batchRows(5).build());
    assertThat(parallel.rows()).as("three threads, batches of 5").isEqualTo(expected);
  }

  @Test
  void retrieverComposesWithOtherSettings() throws IOException {
    Path file = corpusFile();
    FileDecryptionProperties keys = FileDecryptionProperties.builder()
        .keyRetriever(new CryptoFactory(InMemoryKms.factory(masterKeys()))
            .keyRetriever(KmsConnectionConfig.defaults(), DecryptionConfiguration.defaults(), file)
            .asDecryptionKeyRetriever())
        .checkFooterSignature(true)
        .build();
    assertThat(EncryptedReads.read(file, ReadOptions.builder().decryption(keys).columns("strings").build()).rows())
        .isNotEmpty();
  }

  @Test
  void wrongMasterKeyFailsWithTheKmsReason() {
    Path file = corpusFile();
    Map<String, byte[]> wrong = masterKeys();
    wrong.put("kf", "0123456789012346".getBytes(StandardCharsets.US_ASCII));
    FileDecryptionProperties keys = keyTools(wrong, file);
    assertThatThrownBy(() -> EncryptedReads.read(file, ReadOptions.builder().decryption(keys).build()))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("footer key: the key retriever failed")
        .hasMessageContaining("kf")
        .hasCauseInstanceOf(ParquetEncryptionException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("0123456789012346"));
  }

  @Test
  void wrongColumnMasterKeyFailsThatColumnOnly() throws IOException {
    Path file = corpusFile();
    Map<String, byte[]> wrong = masterKeys();
    wrong.put("kc1", "1234567890123459".getBytes(StandardCharsets.US_ASCII));
    FileDecryptionProperties keys = keyTools(wrong, file);
    List<String> failing = List.of();
    int readable = 0;
    for (String column : List.of("integers", "strings")) {
      try {
        EncryptedReads.read(file, ReadOptions.builder().decryption(keys).columns(column).build());
        readable++;
      } catch (ParquetEncryptionException e) {
        assertThat(e.getMessage()).contains("column " + column).contains("kc1");
        failing = List.of(column);
      }
    }
    assertThat(failing).as("the column under kc1").hasSize(1);
    assertThat(readable).as("the column under kc2").isEqualTo(1);
  }

  @Test
  void fileWithoutItsKeyMaterialSaysSo() throws IOException {
    Path moved = temporary.resolve(FILE_NAME);
    Files.copy(corpusFile(), moved);
    FileDecryptionProperties keys = keyTools(masterKeys(), moved);
    assertThatThrownBy(() -> EncryptedReads.read(moved, ReadOptions.builder().decryption(keys).build()))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("footer key: the key retriever failed");
  }
}
