package io.parquetarrow.core.crypto.keytools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.crypto.ParquetCipher;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EncryptionConfigurationTest {

  @Test
  void defaultsMatchParquetJava() {
    EncryptionConfiguration configuration = EncryptionConfiguration.builder("kf").uniformEncryption().build();
    assertThat(configuration.doubleWrapping()).isTrue();
    assertThat(configuration.internalKeyMaterial()).isTrue();
    assertThat(configuration.plaintextFooter()).isFalse();
    assertThat(configuration.completeColumnEncryption()).isFalse();
    assertThat(configuration.algorithm()).isEqualTo(ParquetCipher.AES_GCM_V1);
    assertThat(configuration.dataKeyLengthBits()).isEqualTo(128);
    assertThat(configuration.cacheLifetime()).isEqualTo(Duration.ofMinutes(10));
  }

  @Test
  void parsesParquetJavaColumnKeys() {
    assertThat(EncryptionConfiguration.parseColumnKeys(" kc1 : a, b.c ;kc2:d;; kc1:e "))
        .containsExactly(
            Map.entry("kc1", List.of("a", "b.c", "e")),
            Map.entry("kc2", List.of("d")));
    assertThatThrownBy(() -> EncryptionConfiguration.parseColumnKeys("a,b"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("masterKeyId:columns");
    assertThatThrownBy(() -> EncryptionConfiguration.parseColumnKeys("kc1:"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kc1 is given no columns");
  }

  @Test
  void rejectsInconsistentChoices() {
    assertThatThrownBy(() -> EncryptionConfiguration.builder("kf").build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no column keys");
    assertThatThrownBy(() -> EncryptionConfiguration.builder("kf").uniformEncryption().columnKeys("kc1:a").build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exclude each other");
    assertThatThrownBy(() -> EncryptionConfiguration.builder("kf").columnKeys("kc1:a;kc2:a").build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("column a is given two master keys");
    assertThatThrownBy(() -> EncryptionConfiguration.builder("kf").uniformEncryption().dataKeyLengthBits(64).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("64 bits");
    assertThatThrownBy(() -> EncryptionConfiguration.builder(" "))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
