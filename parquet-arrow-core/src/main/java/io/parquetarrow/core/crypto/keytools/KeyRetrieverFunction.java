package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;

/**
 * Turns the key metadata stored in a file (the footer's, or a column's) into the key that decrypts it: what a
 * reader's file decryption properties call for each key metadata they meet. {@link FileKeyUnwrapper} is the key
 * tools' implementation.
 */
@FunctionalInterface
public interface KeyRetrieverFunction {

  /**
   * The key for this key metadata.
   *
   * @throws ParquetEncryptionException when the metadata cannot be parsed, its material cannot be found, or the KMS
   *     cannot unwrap it
   */
  byte[] key(byte[] keyMetadata) throws ParquetEncryptionException;
}
