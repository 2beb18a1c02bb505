package io.parquetarrow.core.crypto;

/**
 * Finds a key from the {@code key_metadata} a writer stored with it (spec "4.3 Key metadata"): the footer key from
 * {@code FileCryptoMetaData.key_metadata} or {@code footer_signing_key_metadata}, a column key from
 * {@code EncryptionWithColumnKey.key_metadata}. What the metadata holds (a key id, a wrapped key) is up to the
 * application and its key management; {@link FileDecryptionProperties} asks this only for keys it was not given.
 *
 * <p>May be called from several reading threads at once.
 */
@FunctionalInterface
public interface DecryptionKeyRetriever {
  /**
   * The AES key (16, 24 or 32 bytes) that {@code keyMetadata} identifies, or null when the caller has no such key
   * (a column read without its key then fails when it is projected; the footer key cannot be missing).
   *
   * @param keyMetadata the stored metadata; empty when the writer stored none
   */
  byte[] key(byte[] keyMetadata);
}
