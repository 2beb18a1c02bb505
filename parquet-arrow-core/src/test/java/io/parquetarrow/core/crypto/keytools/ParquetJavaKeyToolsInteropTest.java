package io.parquetarrow.core.crypto.keytools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.crypto.ColumnEncryptionProperties;
import org.apache.parquet.crypto.DecryptionKeyRetriever;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.crypto.keytools.KeyToolkit;
import org.apache.parquet.crypto.keytools.PropertiesDrivenCryptoFactory;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Our key tools against parquet-java's ({@link PropertiesDrivenCryptoFactory}), in both directions, for single and
 * double wrapping with internal and external key material: keys wrapped by one are unwrapped by the other to the
 * same bytes. Both sides use KMS clients that wrap like parquet-java's test InMemoryKMS with the same master keys.
 */
class ParquetJavaKeyToolsInteropTest {
  private static final List<String> FIRST_KEY_COLUMNS = List.of("a", "b.c");
  private static final List<String> SECOND_KEY_COLUMNS = List.of("d");

  @TempDir
  Path directory;

  @AfterEach
  void forgetParquetJavaCaches() {
    KeyToolkit.removeCacheEntriesForAllTokens();
  }

  @ParameterizedTest(name = "doubleWrapping={0}, internal={1}")
  @CsvSource({"true,true", "true,false", "false,true", "false,false"})
  void parquetJavaWrapsWeUnwrap(boolean doubleWrapping, boolean internal) throws Exception {
    Path file = directory.resolve("written-by-parquet-java.parquet");
    FileEncryptionProperties properties = new PropertiesDrivenCryptoFactory()
        .getFileEncryptionProperties(configuration(doubleWrapping, internal), hadoopPath(file), null);
    if (!internal) {
      assertThat(FileSystemKeyMaterialStore.storeFileFor(file)).exists();
    }

    FileKeyUnwrapper unwrapper = new CryptoFactory(InMemoryKms.factory(ExternalKeyMaterialCorpusTest.testMasterKeys()))
        .keyRetriever(KmsConnectionConfig.of(null, null, KmsConnectionConfig.DEFAULT),
            DecryptionConfiguration.defaults(), file);

    assertThat(unwrapper.key(properties.getFooterKeyMetadata())).isEqualTo(properties.getFooterKey());
    KeyMaterial footerMaterial = unwrapper.keyMaterial(KeyMetadata.parse(properties.getFooterKeyMetadata()));
    assertThat(footerMaterial.doubleWrapped()).isEqualTo(doubleWrapping);
    assertThat(footerMaterial.masterKeyId()).isEqualTo("kf");
    Map<ColumnPath, ColumnEncryptionProperties> columns = properties.getEncryptedColumns();
    assertThat(columns).hasSize(3);
    for (ColumnEncryptionProperties column : columns.values()) {
      assertThat(unwrapper.key(column.getKeyMetaData()))
          .as("key of column %s", column.getPath())
          .isEqualTo(column.getKeyBytes());
    }
  }

  @ParameterizedTest(name = "doubleWrapping={0}, internal={1}")
  @CsvSource({"true,true", "true,false", "false,true", "false,false"})
  void weWrapParquetJavaUnwraps(boolean doubleWrapping, boolean internal) throws Exception {
    Path file = directory.resolve("written-by-us.parquet");
    EncryptionConfiguration configuration = EncryptionConfiguration.builder("kf")
        .columnKey("kc1", FIRST_KEY_COLUMNS)
        .columnKey("kc2", SECOND_KEY_COLUMNS)
        .doubleWrapping(doubleWrapping)
        .internalKeyMaterial(internal)
        .build();
    EncryptionPlan plan = new CryptoFactory(InMemoryKms.factory(ExternalKeyMaterialCorpusTest.testMasterKeys()))
        .encryptionPlan(KmsConnectionConfig.defaults(), configuration, file);

    DecryptionKeyRetriever retriever = new PropertiesDrivenCryptoFactory()
        .getFileDecryptionProperties(configuration(doubleWrapping, internal), hadoopPath(file))
        .getKeyRetriever();
    assertThat(retriever.getKey(plan.footerKey().keyMetadata())).isEqualTo(plan.footerKey().keyBytes());
    assertThat(plan.columnKeys()).containsOnlyKeys("a", "b.c", "d");
    for (Map.Entry<String, EncryptionPlan.DataKey> column : plan.columnKeys().entrySet()) {
      assertThat(retriever.getKey(column.getValue().keyMetadata()))
          .as("key of column %s", column.getKey())
          .isEqualTo(column.getValue().keyBytes());
    }
    if (!internal) {
      assertThat(Files.readString(FileSystemKeyMaterialStore.storeFileFor(file)))
          .contains("\"footerKey\"", "\"columnKey0\"", "\"columnKey2\"");
    }
  }

  private static Configuration configuration(boolean doubleWrapping, boolean internal) {
    Configuration configuration = new Configuration(false);
    configuration.set(KeyToolkit.KMS_CLIENT_CLASS_PROPERTY_NAME, ParquetJavaTestKms.class.getName());
    configuration.set(PropertiesDrivenCryptoFactory.FOOTER_KEY_PROPERTY_NAME, "kf");
    configuration.set(PropertiesDrivenCryptoFactory.COLUMN_KEYS_PROPERTY_NAME, "kc1:a,b.c;kc2:d");
    configuration.setBoolean(KeyToolkit.DOUBLE_WRAPPING_PROPERTY_NAME, doubleWrapping);
    configuration.setBoolean(KeyToolkit.KEY_MATERIAL_INTERNAL_PROPERTY_NAME, internal);
    return configuration;
  }

  private static org.apache.hadoop.fs.Path hadoopPath(Path file) {
    return new org.apache.hadoop.fs.Path(file.toUri());
  }
}
