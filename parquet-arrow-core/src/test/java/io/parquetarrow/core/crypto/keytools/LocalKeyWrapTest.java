package io.parquetarrow.core.crypto.keytools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.apache.parquet.crypto.keytools.KeyToolkit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Local AES-GCM key wrapping and the in-memory KMS built on it, checked against parquet-java's KeyToolkit. */
class LocalKeyWrapTest {
  private static final byte[] KEY = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] AAD = "kc1".getBytes(StandardCharsets.UTF_8);

  @ParameterizedTest
  @ValueSource(ints = {16, 24, 32})
  void wrapsInParquetJavaFormat(int wrappingKeyLength) throws Exception {
    byte[] wrappingKey = new byte[wrappingKeyLength];
    for (int i = 0; i < wrappingKeyLength; i++) {
      wrappingKey[i] = (byte) (i * 7 + 1);
    }
    String ours = LocalKeyWrap.wrap(KEY, wrappingKey, AAD);
    assertThat(Base64.getDecoder().decode(ours)).as("nonce, ciphertext, tag").hasSize(12 + KEY.length + 16);
    assertThat(KeyToolkit.decryptKeyLocally(ours, wrappingKey, AAD)).isEqualTo(KEY);
    String theirs = KeyToolkit.encryptKeyLocally(KEY, wrappingKey, AAD);
    assertThat(LocalKeyWrap.unwrap(theirs, wrappingKey, AAD)).isEqualTo(KEY);
  }

  @Test
  void freshNonceEachTime() {
    assertThat(LocalKeyWrap.wrap(KEY, KEY, AAD)).isNotEqualTo(LocalKeyWrap.wrap(KEY, KEY, AAD));
  }

  @Test
  void wrongAadOrKeyOrDamageDoesNotAuthenticate() {
    String wrapped = LocalKeyWrap.wrap(KEY, KEY, AAD);
    assertThatThrownBy(() -> LocalKeyWrap.unwrap(wrapped, KEY, "kc2".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("does not authenticate");
    byte[] otherKey = KEY.clone();
    otherKey[0] ^= 1;
    assertThatThrownBy(() -> LocalKeyWrap.unwrap(wrapped, otherKey, AAD))
        .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("does not authenticate");
    byte[] damaged = Base64.getDecoder().decode(wrapped);
    damaged[20] ^= 1;
    assertThatThrownBy(() -> LocalKeyWrap.unwrap(Base64.getEncoder().encodeToString(damaged), KEY, AAD))
        .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("does not authenticate");
    assertThatThrownBy(() -> LocalKeyWrap.unwrap("AAAA", KEY, AAD))
        .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("at least 28");
    assertThatThrownBy(() -> LocalKeyWrap.unwrap("not base64!", KEY, AAD))
        .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("not base64");
  }

  @Test
  void inMemoryKmsWrapsWithMasterKeyIdAsAad() throws Exception {
    Map<String, byte[]> masterKeys = ExternalKeyMaterialCorpusTest.testMasterKeys();
    InMemoryKms kms = new InMemoryKms(masterKeys);
    String wrapped = kms.wrapKey(KEY, "kc1");
    assertThat(KeyToolkit.decryptKeyLocally(wrapped, masterKeys.get("kc1"), AAD)).isEqualTo(KEY);
    assertThat(kms.unwrapKey(wrapped, "kc1")).isEqualTo(KEY);
    assertThatThrownBy(() -> kms.unwrapKey(wrapped, "kc2"))
        .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("master key kc2");
    assertThatThrownBy(() -> kms.wrapKey(KEY, "nope"))
        .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("nope is not in the in-memory KMS");
    assertThat(kms.toString()).isEqualTo("InMemoryKms[kf, kc1, kc2]");
  }

  @Test
  void parsesParquetJavaKeyList() {
    Map<String, byte[]> keys = InMemoryKms.parseKeyList(" kf: AAECAwQFBgcICQoLDA0ODw== , kc1:AAECAAECAAECAAECAAECAA==");
    assertThat(keys).containsOnlyKeys("kf", "kc1");
    assertThat(keys.get("kf")).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    assertThatThrownBy(() -> InMemoryKms.parseKeyList("kf"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("id:base64Key");
    assertThatThrownBy(() -> new InMemoryKms(Map.of("short", new byte[5])))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("short is 5 bytes");
  }
}
