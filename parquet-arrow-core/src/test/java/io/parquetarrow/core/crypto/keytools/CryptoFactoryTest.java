package io.parquetarrow.core.crypto.keytools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.crypto.ParquetCipher;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Encryption plans and key retrieval through {@link CryptoFactory}: modes, caches, KMS instance resolution. */
class CryptoFactoryTest {
  private static final KmsConnectionConfig CONNECTION = KmsConnectionConfig.of("instance-7", "https://kms.test", "t1");

  @TempDir
  Path directory;

  private static EncryptionConfiguration.Builder twoColumnKeys() {
    return EncryptionConfiguration.builder("kf").columnKeys("kc1:a,b;kc2:c");
  }

  @ParameterizedTest(name = "doubleWrapping={0}, internal={1}, bits={2}")
  @CsvSource({"true,true,128", "true,false,192", "false,true,256", "false,false,128"})
  void planRoundTripsThroughRetriever(boolean doubleWrapping, boolean internal, int bits) throws Exception {
    CountingKms kms = new CountingKms();
    CryptoFactory factory = new CryptoFactory(kms.factory());
    Path file = directory.resolve("f.parquet");
    EncryptionPlan plan = factory.encryptionPlan(CONNECTION,
        twoColumnKeys().doubleWrapping(doubleWrapping).internalKeyMaterial(internal).dataKeyLengthBits(bits).build(),
        file);

    assertThat(plan.footerKey().keyBytes()).hasSize(bits / 8);
    assertThat(plan.columnKeys()).containsOnlyKeys("a", "b", "c");
    assertThat(plan.columnKeys().get("a").keyBytes()).isNotEqualTo(plan.columnKeys().get("b").keyBytes());
    assertThat(FileSystemKeyMaterialStore.storeFileFor(file).toFile().exists()).isEqualTo(!internal);

    FileKeyUnwrapper unwrapper = factory.keyRetriever(CONNECTION, DecryptionConfiguration.defaults(), file);
    assertThat(unwrapper.key(plan.footerKey().keyMetadata())).isEqualTo(plan.footerKey().keyBytes());
    for (EncryptionPlan.DataKey key : plan.columnKeys().values()) {
      assertThat(unwrapper.key(key.keyMetadata())).isEqualTo(key.keyBytes());
    }
    KeyMaterial footer = unwrapper.keyMaterial(KeyMetadata.parse(plan.footerKey().keyMetadata()));
    assertThat(footer.kmsInstanceId()).isEqualTo("instance-7");
    assertThat(footer.kmsInstanceUrl()).isEqualTo("https://kms.test");
    assertThat(footer.doubleWrapped()).isEqualTo(doubleWrapping);
  }

  @Test
  void doubleWrappingCallsTheKmsOncePerMasterKeyAcrossFiles() throws Exception {
    CountingKms kms = new CountingKms();
    CryptoFactory factory = new CryptoFactory(kms.factory());
    EncryptionConfiguration configuration = twoColumnKeys().build();
    EncryptionPlan first = factory.encryptionPlan(CONNECTION, configuration);
    EncryptionPlan second = factory.encryptionPlan(CONNECTION, configuration);
    assertThat(kms.wraps).as("one KEK per master key: kf, kc1, kc2").hasValue(3);
    assertThat(kekId(first.columnKeys().get("a"))).isEqualTo(kekId(second.columnKeys().get("b")));
    assertThat(first.footerKey().keyBytes()).isNotEqualTo(second.footerKey().keyBytes());

    FileKeyUnwrapper reader = factory.keyRetriever(CONNECTION, DecryptionConfiguration.defaults());
    for (EncryptionPlan plan : List.of(first, second)) {
      reader.key(plan.footerKey().keyMetadata());
      for (EncryptionPlan.DataKey key : plan.columnKeys().values()) {
        reader.key(key.keyMetadata());
        reader.key(key.keyMetadata());
      }
    }
    assertThat(kms.unwraps).as("one unwrap per KEK").hasValue(3);
    assertThat(kms.connections).as("one client per instance and token").hasSize(1);
  }

  @Test
  void singleWrappingCallsTheKmsPerKeyAndRemembersPerFile() throws Exception {
    CountingKms kms = new CountingKms();
    CryptoFactory factory = new CryptoFactory(kms.factory());
    EncryptionPlan plan = factory.encryptionPlan(CONNECTION, twoColumnKeys().doubleWrapping(false).build());
    assertThat(kms.wraps).hasValue(4);
    FileKeyUnwrapper reader = factory.keyRetriever(CONNECTION, DecryptionConfiguration.defaults());
    byte[] metadata = plan.columnKeys().get("c").keyMetadata();
    reader.key(metadata);
    reader.key(metadata);
    assertThat(kms.unwraps).hasValue(1);
    assertThat(KeyMetadata.parse(metadata).keyMaterial().masterKeyId()).isEqualTo("kc2");
  }

  @Test
  void removingATokenForgetsItsKeyEncryptionKeys() throws Exception {
    CountingKms kms = new CountingKms();
    CryptoFactory factory = new CryptoFactory(kms.factory());
    EncryptionConfiguration configuration = EncryptionConfiguration.builder("kf").uniformEncryption().build();
    EncryptionPlan first = factory.encryptionPlan(CONNECTION, configuration);
    factory.removeCacheEntriesForToken("t1");
    EncryptionPlan second = factory.encryptionPlan(CONNECTION, configuration);
    assertThat(kms.wraps).hasValue(2);
    assertThat(kms.connections).hasSize(2);
    assertThat(kekId(first.footerKey())).isNotEqualTo(kekId(second.footerKey()));
    factory.encryptionPlan(KmsConnectionConfig.of("instance-7", "https://kms.test", "t2"), configuration);
    assertThat(kms.connections).as("another token, another client").hasSize(3);
  }

  @Test
  void readerTakesTheKmsInstanceFromTheFooterKey() throws Exception {
    CountingKms kms = new CountingKms();
    CryptoFactory factory = new CryptoFactory(kms.factory());
    Path file = directory.resolve("g.parquet");
    EncryptionPlan plan = factory.encryptionPlan(CONNECTION, twoColumnKeys().internalKeyMaterial(false).build(),
        file);
    kms.connections.clear();

    KmsConnectionConfig unset = KmsConnectionConfig.of(null, null, "t1");
    FileKeyUnwrapper external = new CryptoFactory(kms.factory()).keyRetriever(unset, DecryptionConfiguration.defaults(), file);
    assertThat(external.key(plan.columnKeys().get("c").keyMetadata()))
        .as("column key first: the instance is read from the store's footerKey")
        .isEqualTo(plan.columnKeys().get("c").keyBytes());
    assertThat(kms.connections).containsExactly(CONNECTION);
  }

  @Test
  void columnKeyFirstWithoutInstanceAndInternalMaterialIsExplained() throws Exception {
    CryptoFactory factory = new CryptoFactory(new CountingKms().factory());
    EncryptionPlan plan = factory.encryptionPlan(CONNECTION, twoColumnKeys().build());
    FileKeyUnwrapper reader = factory.keyRetriever(KmsConnectionConfig.of(null, null, "t1"),
        DecryptionConfiguration.defaults());
    assertThatThrownBy(() -> reader.key(plan.columnKeys().get("a").keyMetadata()))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("KMS instance is not configured");
    assertThat(reader.key(plan.footerKey().keyMetadata())).isEqualTo(plan.footerKey().keyBytes());
    assertThat(reader.key(plan.columnKeys().get("a").keyMetadata())).isEqualTo(plan.columnKeys().get("a").keyBytes());
  }

  @Test
  void uniformEncryptionHasOnlyTheFooterKey() throws Exception {
    EncryptionPlan plan = new CryptoFactory(new CountingKms().factory()).encryptionPlan(CONNECTION,
        EncryptionConfiguration.builder("kf").uniformEncryption().plaintextFooter(true)
            .algorithm(ParquetCipher.AES_GCM_CTR_V1).build());
    assertThat(plan.columnKeys()).isEmpty();
    assertThat(plan.uniformEncryption()).isTrue();
    assertThat(plan.plaintextFooter()).isTrue();
    assertThat(plan.algorithm()).isEqualTo(ParquetCipher.AES_GCM_CTR_V1);
  }

  @Test
  void unknownMasterKeyFailsThePlan() {
    CryptoFactory factory = new CryptoFactory(new CountingKms().factory());
    assertThatThrownBy(() -> factory.encryptionPlan(CONNECTION,
        EncryptionConfiguration.builder("kf").columnKeys("missing:a").build()))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("missing");
  }

  @Test
  void externalMaterialNeedsAPathOrStore() {
    CryptoFactory factory = new CryptoFactory(new CountingKms().factory());
    EncryptionConfiguration external = twoColumnKeys().internalKeyMaterial(false).build();
    assertThatThrownBy(() -> factory.encryptionPlan(CONNECTION, external, (Path) null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> factory.encryptionPlan(CONNECTION, twoColumnKeys().build(),
        FileSystemKeyMaterialStore.forParquetFile(directory.resolve("x.parquet"))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void secretsStayOutOfToString() throws Exception {
    KmsConnectionConfig connection = KmsConnectionConfig.of("i", "u", "very-secret-token");
    assertThat(connection.toString()).doesNotContain("very-secret-token").contains("hidden");
    EncryptionPlan plan = new CryptoFactory(new CountingKms().factory())
        .encryptionPlan(connection, twoColumnKeys().build());
    String text = plan.toString() + new CryptoFactory(new CountingKms().factory())
        .keyRetriever(connection, DecryptionConfiguration.defaults());
    assertThat(text).doesNotContain("very-secret-token")
        .doesNotContain(Base64.getEncoder().encodeToString(plan.footerKey().keyBytes()))
        .contains("masterKeyId=kc1", "128 bits");
    assertThat(new String(plan.footerKey().keyMetadata(), StandardCharsets.UTF_8))
        .doesNotContain("very-secret-token");
  }

  private static String kekId(EncryptionPlan.DataKey key) throws ParquetEncryptionException {
    return KeyMetadata.parse(key.keyMetadata()).keyMaterial().keyEncryptionKeyId();
  }
}
