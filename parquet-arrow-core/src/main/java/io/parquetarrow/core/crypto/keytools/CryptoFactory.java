package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentMap;

/**
 * The entry point of the key tools (envelope encryption over a KMS), interoperable with parquet-java's
 * {@code PropertiesDrivenCryptoFactory} and Arrow C++'s {@code parquet::encryption::CryptoFactory}: files written
 * with one can be read with the others given the same KMS.
 *
 * <p>Writing: {@link #encryptionPlan} draws fresh random data keys for the footer and for every configured column,
 * wraps them through the KMS (single or double wrapping) and returns them with the key metadata to store. Reading:
 * {@link #keyRetriever} returns the function that turns stored key metadata back into keys, and
 * {@link #decryptionProperties} the reader's decryption properties built on it.
 *
 * <p>One factory is meant to live as long as the application: it keeps KMS clients, key encryption keys made for
 * writing and key encryption keys unwrapped for reading, per access token, for the configured cache lifetime, so
 * that double wrapping costs one KMS call per master key per lifetime. Safe for concurrent use.
 */
public final class CryptoFactory {
  private final KmsClientFactory kmsClientFactory;
  private final SecureRandom random = new SecureRandom();
  private final TokenCache<KmsClient> kmsClients = new TokenCache<>();
  private final TokenCache<KeyEncryptionKey> keyEncryptionKeysForWriting = new TokenCache<>();
  private final TokenCache<byte[]> keyEncryptionKeysForReading = new TokenCache<>();

  /** A factory that reaches the KMS through clients made by {@code kmsClientFactory}. */
  public CryptoFactory(KmsClientFactory kmsClientFactory) {
    this.kmsClientFactory = Objects.requireNonNull(kmsClientFactory, "kmsClientFactory");
  }

  /** Fresh keys for one file whose key material stays inside its key metadata (the default configuration). */
  public EncryptionPlan encryptionPlan(KmsConnectionConfig connection, EncryptionConfiguration configuration)
      throws ParquetEncryptionException {
    return encryptionPlan(connection, configuration, (KeyMaterialStore) null);
  }

  /**
   * Fresh keys for one file. With external key material ({@link EncryptionConfiguration#internalKeyMaterial()}
   * false), the material is written now to {@code _KEY_MATERIAL_FOR_<name>.json} beside {@code parquetFile}, which
   * may otherwise be null.
   *
   * @throws ParquetEncryptionException when the KMS cannot wrap a key or the key material file cannot be written
   */
  public EncryptionPlan encryptionPlan(KmsConnectionConfig connection, EncryptionConfiguration configuration,
      Path parquetFile) throws ParquetEncryptionException {
    KeyMaterialStore store = null;
    if (!configuration.internalKeyMaterial()) {
      if (parquetFile == null) {
        throw new IllegalArgumentException("external key material needs the Parquet file's path");
      }
      store = FileSystemKeyMaterialStore.forParquetFile(parquetFile);
    }
    return encryptionPlan(connection, configuration, store);
  }

  /**
   * Fresh keys for one file, with external material going to {@code externalStore} (which is saved before this
   * returns), or inside the key metadata when it is null. The configuration's internal key material flag must agree.
   */
  public EncryptionPlan encryptionPlan(KmsConnectionConfig connection, EncryptionConfiguration configuration,
      KeyMaterialStore externalStore) throws ParquetEncryptionException {
    if (configuration.internalKeyMaterial() != (externalStore == null)) {
      throw new IllegalArgumentException(configuration.internalKeyMaterial()
          ? "an external key material store was given, but the configuration keeps key material internally"
          : "the configuration keeps key material externally, but no store was given");
    }
    KmsConnectionConfig writing = connection.withInstanceIfUnset(KmsConnectionConfig.DEFAULT,
        KmsConnectionConfig.DEFAULT);
    long lifetime = configuration.cacheLifetime().toNanos();
    ConcurrentMap<String, KeyEncryptionKey> keyEncryptionKeys = configuration.doubleWrapping()
        ? keyEncryptionKeysForWriting.forToken(writing.keyAccessToken(), lifetime)
        : null;
    FileKeyWrapper wrapper = new FileKeyWrapper(kmsClient(writing, lifetime), writing,
        configuration.doubleWrapping(), keyEncryptionKeys, externalStore, random);

    int keyLength = configuration.dataKeyLengthBits() / 8;
    EncryptionPlan.DataKey footerKey = newDataKey(wrapper, keyLength, configuration.footerKeyId(), true);
    Map<String, EncryptionPlan.DataKey> columnKeys = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> entry : configuration.columnKeys().entrySet()) {
      for (String column : entry.getValue()) {
        columnKeys.put(column, newDataKey(wrapper, keyLength, entry.getKey(), false));
      }
    }
    if (externalStore != null) {
      externalStore.save();
    }
    return new EncryptionPlan(footerKey, columnKeys, configuration);
  }

  /**
   * The key retriever for files whose key material is inside their key metadata (no external store is looked for).
   */
  public FileKeyUnwrapper keyRetriever(KmsConnectionConfig connection, DecryptionConfiguration configuration) {
    return keyRetriever(connection, configuration, (KeyMaterialStore) null);
  }

  /**
   * The key retriever for one file. {@code parquetFile} locates external key material and may be null when the
   * file's material is known to be internal. The connection's instance id and URL may be null: they are then taken
   * from the footer key's material.
   */
  public FileKeyUnwrapper keyRetriever(KmsConnectionConfig connection, DecryptionConfiguration configuration,
      Path parquetFile) {
    return keyRetriever(connection, configuration,
        parquetFile == null ? null : FileSystemKeyMaterialStore.forParquetFile(parquetFile));
  }

  /**
   * Decryption properties that read one file with this factory's KMS: every key comes from the file's key metadata
   * through {@link #keyRetriever(KmsConnectionConfig, DecryptionConfiguration, Path)}. For an AAD prefix or explicit
   * keys as well, build the properties with {@code FileDecryptionProperties.builder().keyRetriever(
   * keyRetriever(...).asDecryptionKeyRetriever())}.
   *
   * @param parquetFile the file to read, which locates external key material; null when its material is internal
   */
  public FileDecryptionProperties decryptionProperties(KmsConnectionConfig connection,
      DecryptionConfiguration configuration, Path parquetFile) {
    return FileDecryptionProperties.builder()
        .keyRetriever(keyRetriever(connection, configuration, parquetFile).asDecryptionKeyRetriever())
        .build();
  }

  /** The key retriever for one file whose external key material (if any) is in {@code externalStore}. */
  public FileKeyUnwrapper keyRetriever(KmsConnectionConfig connection, DecryptionConfiguration configuration,
      KeyMaterialStore externalStore) {
    long lifetime = configuration.cacheLifetime().toNanos();
    return new FileKeyUnwrapper(resolved -> kmsClient(resolved, lifetime), connection,
        keyEncryptionKeysForReading.forToken(connection.keyAccessToken(), lifetime), externalStore);
  }

  /** Forgets every KMS client and key encryption key kept for this access token (e.g. once it is revoked). */
  public void removeCacheEntriesForToken(String keyAccessToken) {
    kmsClients.removeToken(keyAccessToken);
    keyEncryptionKeysForWriting.removeToken(keyAccessToken);
    keyEncryptionKeysForReading.removeToken(keyAccessToken);
  }

  /** Forgets every cached KMS client and key encryption key. */
  public void removeCacheEntriesForAllTokens() {
    kmsClients.clear();
    keyEncryptionKeysForWriting.clear();
    keyEncryptionKeysForReading.clear();
  }

  private EncryptionPlan.DataKey newDataKey(FileKeyWrapper wrapper, int keyLength, String masterKeyId,
      boolean footerKey) throws ParquetEncryptionException {
    byte[] key = new byte[keyLength];
    random.nextBytes(key);
    return new EncryptionPlan.DataKey(key, wrapper.keyMetadata(key, masterKeyId, footerKey), masterKeyId);
  }

  private KmsClient kmsClient(KmsConnectionConfig connection, long lifetimeNanos) throws ParquetEncryptionException {
    ConcurrentMap<String, KmsClient> clients = kmsClients.forToken(connection.keyAccessToken(), lifetimeNanos);
    KmsClient client = clients.get(connection.kmsInstanceId());
    if (client == null) {
      client = Objects.requireNonNull(kmsClientFactory.create(connection), "KMS client factory returned null");
      KmsClient raced = clients.putIfAbsent(connection.kmsInstanceId(), client);
      client = raced != null ? raced : client;
    }
    return client;
  }
}
