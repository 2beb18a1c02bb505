package io.parquetarrow.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The primitives on their own: AAD bytes as the spec lays them out, GCM and CTR modules round trip with their
 * framing, CTR's counter starts at 1 (checked against AES applied by hand), tampering is caught by GCM, and keys
 * never appear in {@code toString}.
 */
class ModuleCipherTest {
  private static final SecretKeySpec KEY = ModuleCipher.aesKey("0123456789012345".getBytes(StandardCharsets.US_ASCII));
  private static final byte[] NONCE = HexFormat.of().parseHex("000102030405060708090a0b");

  @Test
  void aadsFollowTheSpecLayout() throws ParquetEncryptionException {
    byte[] file = Aad.file(new byte[] {'p'}, new byte[] {9, 8});
    assertThat(file).containsExactly('p', 9, 8);
    assertThat(Aad.footer(file)).containsExactly('p', 9, 8, 0);
    assertThat(Aad.module(file, ModuleType.DATA_PAGE, 3, 258, 513)).as("type, row group, column, page (LE)")
        .containsExactly('p', 9, 8, 2, 3, 0, 2, 1, 1, 2);
    assertThat(Aad.module(file, ModuleType.DICTIONARY_PAGE_HEADER, 1, 2, 7)).as("no page ordinal")
        .containsExactly('p', 9, 8, 5, 1, 0, 2, 0);
    assertThat(Aad.module(file, ModuleType.COLUMN_META_DATA, 0, 1, 0)).containsExactly('p', 9, 8, 1, 0, 0, 1, 0);
    assertThat(Aad.module(Aad.file(null, new byte[] {4}), ModuleType.BLOOM_FILTER_BITSET, 0, 0, 0))
        .containsExactly(4, 9, 0, 0, 0, 0);
    byte[] page = Aad.module(file, ModuleType.DATA_PAGE_HEADER, 0, 0, 0);
    Aad.setPageOrdinal(page, 32767);
    assertThat(Arrays.copyOfRange(page, page.length - 2, page.length)).containsExactly(0xFF, 0x7F);
    assertThatThrownBy(() -> Aad.setPageOrdinal(page, 32768)).isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("page ordinal 32768");
  }

  @Test
  void gcmModulesRoundTripAndCatchTampering() throws GeneralSecurityException {
    AesGcmModuleCipher gcm = new AesGcmModuleCipher();
    byte[] plaintext = random(1000, 1);
    byte[] aad = {1, 2, 3};
    byte[] module = gcm.encrypt(KEY, plaintext, 0, plaintext.length, aad, NONCE);
    assertThat(module).hasSize(plaintext.length + 32);
    assertThat(ModuleCipher.storedLength(module, 0)).isEqualTo(plaintext.length + 28);
    assertThat(Arrays.copyOfRange(module, 4, 16)).isEqualTo(NONCE);
    byte[] output = new byte[gcm.plaintextLength(module.length)];
    assertThat(gcm.decrypt(KEY, module, 0, module.length, aad, output, 0)).isEqualTo(plaintext.length);
    assertThat(output).isEqualTo(plaintext);

    assertThatThrownBy(() -> gcm.decrypt(KEY, module, 0, module.length, new byte[] {1, 2, 4}, output, 0))
        .as("another AAD").isInstanceOf(AEADBadTagException.class);
    byte[] altered = module.clone();
    altered[500] ^= 0x40;
    assertThatThrownBy(() -> gcm.decrypt(KEY, altered, 0, altered.length, aad, output, 0))
        .as("altered ciphertext").isInstanceOf(AEADBadTagException.class);
    assertThatThrownBy(() -> gcm.decrypt(KEY, module, 0, module.length - 1, aad, output, 0))
        .as("length prefix disagrees").isInstanceOf(GeneralSecurityException.class)
        .hasMessageContaining("length prefix");
    assertThatThrownBy(() -> gcm.plaintextLength(27)).isInstanceOf(GeneralSecurityException.class);
  }

  @Test
  void ctrModulesStartTheCounterAtOne() throws GeneralSecurityException {
    AesCtrModuleCipher ctr = new AesCtrModuleCipher();
    byte[] plaintext = random(40, 2);
    byte[] module = ctr.encrypt(KEY, plaintext, 0, plaintext.length, null, NONCE);
    assertThat(module).hasSize(plaintext.length + 16);
    // The keystream by hand: AES(nonce || counter) for counters 1, 2, 3, big-endian.
    Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
    aes.init(Cipher.ENCRYPT_MODE, KEY);
    for (int i = 0; i < plaintext.length; i++) {
      byte[] counterBlock = Arrays.copyOf(NONCE, 16);
      counterBlock[15] = (byte) (1 + i / 16);
      byte[] stream = aes.doFinal(counterBlock);
      assertThat((byte) (module[16 + i] ^ stream[i % 16])).as("byte %d", i).isEqualTo(plaintext[i]);
    }
    byte[] output = new byte[ctr.plaintextLength(module.length)];
    ctr.decrypt(KEY, module, 0, module.length, null, output, 0);
    assertThat(output).isEqualTo(plaintext);
  }

  @Test
  void propertiesNeverShowKeys() {
    byte[] key = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
    FileDecryptionProperties properties = FileDecryptionProperties.builder().footerKey(key)
        .columnKey("a.b", key).aadPrefix("secret-prefix".getBytes(StandardCharsets.US_ASCII)).build();
    String shown = properties + " " + ReadOptions.builder().decryption(properties).build();
    assertThat(shown).contains("a.b").doesNotContain("0123456789012345").doesNotContain("secret-prefix")
        .doesNotContain(HexFormat.of().formatHex(key)).doesNotContain(Arrays.toString(key));
    key[0] = 'X';
    assertThat(properties.footerKey()[0]).as("keys are copied in").isEqualTo((byte) '0');
    assertThatThrownBy(() -> FileDecryptionProperties.builder().footerKey(new byte[15]))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16, 24 or 32");
  }

  private static byte[] random(int length, long seed) {
    byte[] bytes = new byte[length];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }
}
