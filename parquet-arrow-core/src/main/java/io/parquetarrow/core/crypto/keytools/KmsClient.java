package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;

/**
 * A Key Management Service that holds master keys and wraps (encrypts) and unwraps (decrypts) the keys the key
 * tools generate with them; the master keys themselves never leave it. The same contract as parquet-java's
 * {@code org.apache.parquet.crypto.keytools.KmsClient} and Arrow C++'s {@code parquet::encryption::KmsClient}, so a
 * client for a real KMS can be written once per service; {@link InMemoryKms} is the one for tests.
 *
 * <p>The key tools call it with data keys (single wrapping) or key encryption keys (double wrapping). Its wrapped
 * form is an opaque string that goes into the key material JSON as it is.
 */
public interface KmsClient {

  /**
   * Encrypts {@code keyBytes} with the master key {@code masterKeyIdentifier}.
   *
   * @return the wrapped key, as a string that {@link #unwrapKey} accepts (base64 for the usual services)
   * @throws ParquetEncryptionException when the master key is unknown or access to it is denied
   */
  String wrapKey(byte[] keyBytes, String masterKeyIdentifier) throws ParquetEncryptionException;

  /**
   * Decrypts a key that {@link #wrapKey} wrapped with the master key {@code masterKeyIdentifier}.
   *
   * @throws ParquetEncryptionException when the master key is unknown, access is denied or the wrapped key does not
   *     authenticate
   */
  byte[] unwrapKey(String wrappedKey, String masterKeyIdentifier) throws ParquetEncryptionException;
}
