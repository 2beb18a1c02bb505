package io.parquetarrow.core.crypto.keytools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.FileMetaData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The parquet-testing file written by parquet-java's key tools with external key material and double wrapping
 * ({@code external_key_material_java.parquet.encrypted} and its {@code _KEY_MATERIAL_FOR_...json}): with the test
 * KMS holding the master keys of Arrow C++'s key management tests (which read this file unchanged), our unwrapper
 * must recover keys that decrypt the footer and each column's metadata.
 */
class ExternalKeyMaterialCorpusTest {
  private static final String FILE_NAME = "external_key_material_java.parquet.encrypted";

  /** Arrow C++ test_encryption_util.h: kFooterMasterKey and kColumnMasterKeys, ids kf, kc1, kc2. */
  static Map<String, byte[]> testMasterKeys() {
    Map<String, byte[]> keys = new LinkedHashMap<>();
    keys.put("kf", "0123456789012345".getBytes(StandardCharsets.US_ASCII));
    keys.put("kc1", "1234567890123450".getBytes(StandardCharsets.US_ASCII));
    keys.put("kc2", "1234567890123451".getBytes(StandardCharsets.US_ASCII));
    return keys;
  }

  private Path parquetFile;
  private EncryptedFooterProbe probe;

  @BeforeEach
  void openFile() throws Exception {
    parquetFile = CorpusFiles.dataDirectory().resolve(FILE_NAME);
    probe = new EncryptedFooterProbe(Files.readAllBytes(parquetFile));
  }

  @Test
  void footerKeyMetadataReferencesExternalMaterial() throws Exception {
    KeyMetadata metadata = KeyMetadata.parse(probe.cryptoMetaData.keyMetadata());
    assertThat(metadata.internalStorage()).as("parquet-java wrote external material").isFalse();
    assertThat(metadata.keyReference()).isEqualTo("footerKey");
  }

  @Test
  void unwrappedKeysDecryptFooterAndColumnMetadata() throws Exception {
    FileKeyUnwrapper unwrapper = new CryptoFactory(InMemoryKms.factory(testMasterKeys()))
        .keyRetriever(KmsConnectionConfig.defaults(), DecryptionConfiguration.defaults(), parquetFile);

    byte[] footerKey = unwrapper.key(probe.cryptoMetaData.keyMetadata());
    assertThat(footerKey).hasSize(16);
    FileMetaData footer = probe.decryptFooter(footerKey);
    assertThat(footer.numRows()).isPositive();

    List<EncryptedFooterProbe.ColumnKeyReference> references = EncryptedFooterProbe.columnKeyReferences(footer);
    Set<String> columns = new TreeSet<>();
    for (EncryptedFooterProbe.ColumnKeyReference reference : references) {
      byte[] columnKey = unwrapper.key(reference.keyMetadata());
      assertThat(probe.decryptColumnMetaData(reference, columnKey))
          .as("ColumnMetaData of %s in row group %d", reference.path(), reference.rowGroup())
          .isNotEmpty();
      columns.add(String.join(".", reference.path()));
      assertThat(unwrapper.keyMaterial(KeyMetadata.parse(reference.keyMetadata())).masterKeyId())
          .isIn("kc1", "kc2");
    }
    assertThat(columns).containsExactly("integers", "strings");
  }

  @Test
  void columnKeyDoesNotDecryptFooter() throws Exception {
    FileKeyUnwrapper unwrapper = new CryptoFactory(InMemoryKms.factory(testMasterKeys()))
        .keyRetriever(KmsConnectionConfig.defaults(), DecryptionConfiguration.defaults(), parquetFile);
    byte[] columnKey = unwrapper.key("{\"keyMaterialType\":\"PKMT1\",\"internalStorage\":false,\"keyReference\":\"columnKey0\"}"
        .getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> probe.decryptFooter(columnKey)).isInstanceOf(AEADBadTagException.class);
  }

  @Test
  void wrongMasterKeyFailsToUnwrap() {
    Map<String, byte[]> wrong = testMasterKeys();
    wrong.put("kf", "0123456789012346".getBytes(StandardCharsets.US_ASCII));
    FileKeyUnwrapper unwrapper = new CryptoFactory(InMemoryKms.factory(wrong))
        .keyRetriever(KmsConnectionConfig.defaults(), DecryptionConfiguration.defaults(), parquetFile);
    assertThatThrownBy(() -> unwrapper.key(probe.cryptoMetaData.keyMetadata()))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("kf")
        .hasMessageContaining("does not authenticate");
  }

  @Test
  void externalMaterialWithoutFilePathIsExplained() {
    FileKeyUnwrapper unwrapper = new CryptoFactory(InMemoryKms.factory(testMasterKeys()))
        .keyRetriever(KmsConnectionConfig.defaults(), DecryptionConfiguration.defaults(), (Path) null);
    assertThatThrownBy(() -> unwrapper.key(probe.cryptoMetaData.keyMetadata()))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("stored externally");
  }

  @Test
  void storeFileOfCorpusParsesToThreeMaterials() throws Exception {
    FileSystemKeyMaterialStore store = FileSystemKeyMaterialStore.forParquetFile(parquetFile);
    assertThat(store.storeFile().getFileName().toString())
        .isEqualTo("_KEY_MATERIAL_FOR_external_key_material_java.parquet.encrypted.json");
    assertThat(store.keyReferences()).containsExactlyInAnyOrder("footerKey", "columnKey0", "columnKey1");
    KeyMaterial footer = KeyMaterial.parse(store.keyMaterial("footerKey"));
    assertThat(footer.footerKey()).isTrue();
    assertThat(footer.doubleWrapped()).isTrue();
    assertThat(footer.masterKeyId()).isEqualTo("kf");
    assertThat(footer.kmsInstanceId()).isEqualTo("DEFAULT");
    assertThat(footer.kmsInstanceUrl()).isEqualTo("DEFAULT");
    KeyMaterial column = KeyMaterial.parse(store.keyMaterial("columnKey0"));
    assertThat(column.footerKey()).isFalse();
    assertThat(column.kmsInstanceId()).isNull();
    assertThat(column.masterKeyId()).isEqualTo("kc1");
  }
}
