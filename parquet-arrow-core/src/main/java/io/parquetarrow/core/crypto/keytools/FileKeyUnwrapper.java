package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Recovers the keys of one file being read from the key metadata in its footer: the reader side of envelope
 * encryption, and the key retriever a reader's decryption properties use. It finds the key material (inside the key
 * metadata, or in the file's external store by key reference), then unwraps the data key with the KMS (single
 * wrapping) or unwraps the key encryption key with the KMS and the data key locally (double wrapping).
 *
 * <p>Made by {@link CryptoFactory#keyRetriever}. Unwrapped key encryption keys are shared through the factory's
 * cache for the access token; data keys are remembered per key metadata for the life of this object, since every row
 * group repeats a column's key metadata. Safe for concurrent use.
 */
public final class FileKeyUnwrapper implements KeyRetrieverFunction {
  private final KmsClientSource kmsClients;
  private final KmsConnectionConfig connection;
  private final ConcurrentMap<String, byte[]> keyEncryptionKeyPerId;
  private final KeyMaterialStore externalStore;
  private final Map<String, byte[]> dataKeyPerMetadata = new ConcurrentHashMap<>();
  private volatile KmsClient kms;

  /** How the unwrapper gets its KMS client once it knows the instance (from the caller or from the footer key). */
  @FunctionalInterface
  interface KmsClientSource {
    KmsClient clientFor(KmsConnectionConfig connection) throws ParquetEncryptionException;
  }

  /**
   * @param externalStore the file's external store, or null when the file's location is not known (then only
   *     internally stored material can be read)
   */
  FileKeyUnwrapper(KmsClientSource kmsClients, KmsConnectionConfig connection,
      ConcurrentMap<String, byte[]> keyEncryptionKeyPerId, KeyMaterialStore externalStore) {
    this.kmsClients = kmsClients;
    this.connection = connection;
    this.keyEncryptionKeyPerId = keyEncryptionKeyPerId;
    this.externalStore = externalStore;
  }

  /** The data key for this key metadata (a fresh copy each call). */
  @Override
  public byte[] key(byte[] keyMetadata) throws ParquetEncryptionException {
    String cacheKey = new String(keyMetadata, StandardCharsets.UTF_8);
    byte[] known = dataKeyPerMetadata.get(cacheKey);
    if (known == null) {
      known = dataKey(keyMaterial(KeyMetadata.parse(keyMetadata)));
      dataKeyPerMetadata.put(cacheKey, known);
    }
    return known.clone();
  }

  /** The key material that key metadata stands for, looked up in the external store when it is kept there. */
  public KeyMaterial keyMaterial(KeyMetadata keyMetadata) throws ParquetEncryptionException {
    if (keyMetadata.internalStorage()) {
      return keyMetadata.keyMaterial();
    }
    return KeyMaterial.parse(store().keyMaterial(keyMetadata.keyReference()));
  }

  /** Unwraps the data key of this key material. */
  public byte[] dataKey(KeyMaterial material) throws ParquetEncryptionException {
    KmsClient client = kmsFor(material);
    String masterKeyId = material.masterKeyId();
    if (!material.doubleWrapped()) {
      return client.unwrapKey(material.wrappedDataKey(), masterKeyId);
    }
    String encodedId = material.keyEncryptionKeyId();
    byte[] keyEncryptionKey = keyEncryptionKeyPerId.get(encodedId);
    if (keyEncryptionKey == null) {
      keyEncryptionKey = client.unwrapKey(material.wrappedKeyEncryptionKey(), masterKeyId);
      keyEncryptionKeyPerId.put(encodedId, keyEncryptionKey);
    }
    byte[] id;
    try {
      id = Base64.getDecoder().decode(encodedId);
    } catch (IllegalArgumentException e) {
      throw new ParquetEncryptionException("key material of master key " + masterKeyId
          + ": keyEncryptionKeyID is not base64");
    }
    try {
      return LocalKeyWrap.unwrap(material.wrappedDataKey(), keyEncryptionKey, id);
    } catch (ParquetEncryptionException e) {
      throw new ParquetEncryptionException("data key of master key " + masterKeyId + " (key encryption key "
          + encodedId + "): " + e.getMessage(), e);
    }
  }

  private KmsClient kmsFor(KeyMaterial material) throws ParquetEncryptionException {
    KmsClient client = kms;
    if (client != null) {
      return client;
    }
    synchronized (this) {
      if (kms == null) {
        kms = kmsClients.clientFor(resolveInstance(material));
      }
      return kms;
    }
  }

  /**
   * The caller's connection, with the instance id and URL it leaves open taken from the footer key's material (this
   * material if it is the footer's, else the store's "footerKey" entry).
   */
  private KmsConnectionConfig resolveInstance(KeyMaterial material) throws ParquetEncryptionException {
    if (connection.kmsInstanceId() != null && connection.kmsInstanceUrl() != null) {
      return connection;
    }
    KeyMaterial footer = material;
    if (!footer.footerKey() && externalStore != null) {
      footer = KeyMaterial.parse(externalStore.keyMaterial(FileKeyWrapper.FOOTER_KEY_REFERENCE));
    }
    if (!footer.footerKey()) {
      throw new ParquetEncryptionException("the KMS instance is not configured and a column key's material does not"
          + " name it; unwrap the footer key first or configure the KMS instance id and URL");
    }
    return connection.withInstanceIfUnset(footer.kmsInstanceId(), footer.kmsInstanceUrl());
  }

  private KeyMaterialStore store() throws ParquetEncryptionException {
    if (externalStore == null) {
      throw new ParquetEncryptionException("the file's key material is stored externally, but the Parquet file's"
          + " path (which locates the store) was not given");
    }
    return externalStore;
  }

  @Override
  public String toString() {
    return "FileKeyUnwrapper[" + connection + ", store=" + externalStore + "]";
  }
}
