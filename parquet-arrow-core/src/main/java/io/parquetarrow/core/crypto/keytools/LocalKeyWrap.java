package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Wraps a key with another key without a KMS, the way parquet-java's {@code KeyToolkit.encryptKeyLocally} and
 * Arrow C++'s {@code EncryptKeyLocally} do: AES-GCM with a random 12-byte nonce and the given additional
 * authenticated data, written as base64 of {@code nonce || ciphertext || 16-byte tag} (no length prefix).
 *
 * <p>Double wrapping uses it for data keys under a key encryption key (AAD = the KEK id's bytes); the in-memory
 * test KMS uses it for keys under a master key (AAD = the master key id's UTF-8 bytes).
 */
public final class LocalKeyWrap {
  static final int NONCE_LENGTH = 12;
  static final int TAG_LENGTH = 16;
  private static final SecureRandom RANDOM = new SecureRandom();

  private LocalKeyWrap() {}

  /**
   * Encrypts {@code key} with {@code wrappingKey} (16, 24 or 32 bytes) and {@code aad}.
   *
   * @return base64 of nonce, ciphertext and tag
   */
  public static String wrap(byte[] key, byte[] wrappingKey, byte[] aad) {
    byte[] nonce = new byte[NONCE_LENGTH];
    RANDOM.nextBytes(nonce);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, aesKey(wrappingKey), new GCMParameterSpec(TAG_LENGTH * 8, nonce));
      cipher.updateAAD(aad);
      byte[] sealed = cipher.doFinal(key);
      byte[] out = new byte[NONCE_LENGTH + sealed.length];
      System.arraycopy(nonce, 0, out, 0, NONCE_LENGTH);
      System.arraycopy(sealed, 0, out, NONCE_LENGTH, sealed.length);
      return Base64.getEncoder().encodeToString(out);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is not available in this JVM", e);
    }
  }

  /**
   * Decrypts what {@link #wrap} produced.
   *
   * @throws ParquetEncryptionException when the text is not base64, too short, or does not authenticate with this
   *     key and AAD (wrong key, wrong id, or damaged material)
   */
  public static byte[] unwrap(String wrappedKey, byte[] wrappingKey, byte[] aad) throws ParquetEncryptionException {
    byte[] sealed;
    try {
      sealed = Base64.getDecoder().decode(wrappedKey);
    } catch (IllegalArgumentException e) {
      throw new ParquetEncryptionException("wrapped key is not base64: " + e.getMessage());
    }
    if (sealed.length < NONCE_LENGTH + TAG_LENGTH) {
      throw new ParquetEncryptionException(String.format(
          "wrapped key is %d bytes; at least %d (nonce and tag) expected", sealed.length, NONCE_LENGTH + TAG_LENGTH));
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, aesKey(wrappingKey),
          new GCMParameterSpec(TAG_LENGTH * 8, sealed, 0, NONCE_LENGTH));
      cipher.updateAAD(aad);
      return cipher.doFinal(sealed, NONCE_LENGTH, sealed.length - NONCE_LENGTH);
    } catch (AEADBadTagException e) {
      throw new ParquetEncryptionException(
          "wrapped key does not authenticate: wrong wrapping key or key id, or damaged key material");
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is not available in this JVM", e);
    }
  }

  private static SecretKeySpec aesKey(byte[] keyBytes) {
    int length = keyBytes.length;
    if (length != 16 && length != 24 && length != 32) {
      throw new IllegalArgumentException("AES key of " + length + " bytes; 16, 24 or 32 expected");
    }
    return new SecretKeySpec(keyBytes, "AES");
  }
}
