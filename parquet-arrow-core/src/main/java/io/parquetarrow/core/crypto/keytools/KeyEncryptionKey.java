package io.parquetarrow.core.crypto.keytools;

import java.util.Base64;

/**
 * A key encryption key (KEK) of double wrapping: random bytes that wrap data keys locally, a random id that names it
 * in key material (and is the AAD of every data key it wraps), and its form wrapped by the KMS with a master key.
 * One is made per master key and reused, within the cache lifetime, for every file a factory writes.
 */
record KeyEncryptionKey(byte[] keyBytes, byte[] id, String encodedId, String wrappedKey) {

  static KeyEncryptionKey of(byte[] keyBytes, byte[] id, String wrappedKey) {
    return new KeyEncryptionKey(keyBytes, id, Base64.getEncoder().encodeToString(id), wrappedKey);
  }

  @Override
  public String toString() {
    return "KeyEncryptionKey[id=" + encodedId + "]";
  }
}
