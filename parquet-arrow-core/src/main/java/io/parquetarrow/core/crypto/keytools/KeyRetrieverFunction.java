package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.core.crypto.DecryptionKeyRetriever;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.io.UncheckedIOException;

/**
 * Turns the key metadata stored in a file (the footer's, or a column's) into the key that decrypts it: what a
 * reader's file decryption properties call for each key metadata they meet. {@link FileKeyUnwrapper} is the key
 * tools' implementation; {@link #asDecryptionKeyRetriever()} plugs it into
 * {@code FileDecryptionProperties.Builder.keyRetriever}.
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

  /**
   * This function as the reader's {@link DecryptionKeyRetriever}, whose {@code key} throws no checked exception: a
   * {@link ParquetEncryptionException} travels inside an {@link UncheckedIOException}, which the reader unwraps, so
   * that a failed unwrap reaches the caller of the read as that {@link ParquetEncryptionException}, with the key
   * that was being looked for named in front of its message.
   */
  default DecryptionKeyRetriever asDecryptionKeyRetriever() {
    return keyMetadata -> {
      try {
        return key(keyMetadata);
      } catch (ParquetEncryptionException e) {
        throw new UncheckedIOException(e);
      }
    };
  }
}
