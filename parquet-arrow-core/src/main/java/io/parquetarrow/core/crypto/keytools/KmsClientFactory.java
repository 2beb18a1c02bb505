package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;

/**
 * Makes the {@link KmsClient} for one KMS instance and access token; {@link CryptoFactory} calls it once per
 * instance and token and keeps the client for the cache lifetime. When reading, the instance id and URL may come
 * from the footer's key material rather than from the caller (see {@link KmsConnectionConfig}).
 */
@FunctionalInterface
public interface KmsClientFactory {

  /** Connects to the KMS instance that {@code connection} names (its id and URL are never null here). */
  KmsClient create(KmsConnectionConfig connection) throws ParquetEncryptionException;
}
