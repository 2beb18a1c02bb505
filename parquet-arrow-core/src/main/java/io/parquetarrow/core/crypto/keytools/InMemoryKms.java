package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A KMS for tests and examples only: master keys held in memory, in plain sight. Do not use it to protect data.
 *
 * <p>It wraps exactly as parquet-java's test {@code InMemoryKMS} and Arrow C++'s {@code TestOnlyInServerWrapKms}
 * do, so files written by either with the same master keys can be read here and the other way round: the wrapped
 * key is {@link LocalKeyWrap#wrap} of the key under the master key, with the master key id's UTF-8 bytes as AAD.
 */
public final class InMemoryKms implements KmsClient {
  private final Map<String, byte[]> masterKeys;

  /** A KMS holding these master keys (id to 16, 24 or 32 key bytes); the map is copied. */
  public InMemoryKms(Map<String, byte[]> masterKeys) {
    Map<String, byte[]> copy = new LinkedHashMap<>();
    masterKeys.forEach((id, key) -> {
      int length = key.length;
      if (length != 16 && length != 24 && length != 32) {
        throw new IllegalArgumentException(
            "master key " + id + " is " + length + " bytes; 16, 24 or 32 expected");
      }
      copy.put(id, key.clone());
    });
    this.masterKeys = copy;
  }

  /**
   * Parses the key list format of parquet-java's {@code parquet.encryption.key.list} property:
   * {@code id:base64Key} entries separated by commas, e.g. {@code "kf:AAECAwQFBgcICQoLDA0ODw==, kc1:..."}.
   */
  public static Map<String, byte[]> parseKeyList(String keyList) {
    Map<String, byte[]> keys = new LinkedHashMap<>();
    for (String entry : keyList.split(",")) {
      if (entry.isBlank()) {
        continue;
      }
      String[] parts = entry.split(":");
      if (parts.length != 2 || parts[0].isBlank()) {
        throw new IllegalArgumentException("key list entry is not id:base64Key (entry " + (keys.size() + 1) + ")");
      }
      String id = parts[0].trim();
      try {
        keys.put(id, Base64.getDecoder().decode(parts[1].trim()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("master key " + id + " is not base64");
      }
    }
    return keys;
  }

  /** A factory that returns a KMS with these master keys whatever instance and token it is asked for. */
  public static KmsClientFactory factory(Map<String, byte[]> masterKeys) {
    InMemoryKms kms = new InMemoryKms(masterKeys);
    return connection -> kms;
  }

  @Override
  public String wrapKey(byte[] keyBytes, String masterKeyIdentifier) throws ParquetEncryptionException {
    return LocalKeyWrap.wrap(keyBytes, masterKey(masterKeyIdentifier), aad(masterKeyIdentifier));
  }

  @Override
  public byte[] unwrapKey(String wrappedKey, String masterKeyIdentifier) throws ParquetEncryptionException {
    try {
      return LocalKeyWrap.unwrap(wrappedKey, masterKey(masterKeyIdentifier), aad(masterKeyIdentifier));
    } catch (ParquetEncryptionException e) {
      throw new ParquetEncryptionException("cannot unwrap with master key " + masterKeyIdentifier + ": "
          + e.getMessage(), e);
    }
  }

  private byte[] masterKey(String masterKeyIdentifier) throws ParquetEncryptionException {
    byte[] key = masterKeys.get(masterKeyIdentifier);
    if (key == null) {
      throw new ParquetEncryptionException("master key " + masterKeyIdentifier + " is not in the in-memory KMS (it has "
          + masterKeys.keySet() + ")");
    }
    return key;
  }

  private static byte[] aad(String masterKeyIdentifier) {
    return masterKeyIdentifier.getBytes(StandardCharsets.UTF_8);
  }

  /** Lists the master key ids, never the keys. */
  @Override
  public String toString() {
    return "InMemoryKms" + masterKeys.keySet();
  }
}
