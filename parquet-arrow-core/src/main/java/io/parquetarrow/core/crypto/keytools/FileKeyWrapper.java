package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.security.SecureRandom;
import java.util.concurrent.ConcurrentMap;

/**
 * Wraps the data keys of one file being written and returns the key metadata to store for each: the writer side of
 * envelope encryption. Single wrapping asks the KMS to wrap each data key with its master key. Double wrapping wraps
 * each data key locally with the master key's key encryption key (KEK), made and wrapped by the KMS once per master
 * key and cached, so a file costs at most one KMS call per master key.
 *
 * <p>With an external {@link KeyMaterialStore}, material goes to the store under "footerKey" and "columnKey0",
 * "columnKey1", ... (the references parquet-java and Arrow C++ use) and the key metadata only references it.
 */
final class FileKeyWrapper {
  static final String FOOTER_KEY_REFERENCE = "footerKey";
  static final String COLUMN_KEY_REFERENCE_PREFIX = "columnKey";
  static final int KEY_ENCRYPTION_KEY_LENGTH = 16;
  static final int KEY_ENCRYPTION_KEY_ID_LENGTH = 16;

  private final KmsClient kms;
  private final KmsConnectionConfig connection;
  private final boolean doubleWrapping;
  private final ConcurrentMap<String, KeyEncryptionKey> keyEncryptionKeyPerMasterKey;
  private final KeyMaterialStore externalStore;
  private final SecureRandom random;
  private int columnKeyCounter;

  /**
   * @param keyEncryptionKeyPerMasterKey the KEK cache shared by the files written with one access token; unused
   *     without double wrapping
   * @param externalStore where material goes, or null to keep it inside the key metadata
   */
  FileKeyWrapper(KmsClient kms, KmsConnectionConfig connection, boolean doubleWrapping,
      ConcurrentMap<String, KeyEncryptionKey> keyEncryptionKeyPerMasterKey, KeyMaterialStore externalStore,
      SecureRandom random) {
    this.kms = kms;
    this.connection = connection;
    this.doubleWrapping = doubleWrapping;
    this.keyEncryptionKeyPerMasterKey = keyEncryptionKeyPerMasterKey;
    this.externalStore = externalStore;
    this.random = random;
  }

  /** Wraps {@code dataKey} with the master key {@code masterKeyId} and returns the key metadata to store. */
  byte[] keyMetadata(byte[] dataKey, String masterKeyId, boolean footerKey) throws ParquetEncryptionException {
    KeyMaterial material;
    if (doubleWrapping) {
      KeyEncryptionKey keyEncryptionKey = keyEncryptionKey(masterKeyId);
      String wrappedDataKey = LocalKeyWrap.wrap(dataKey, keyEncryptionKey.keyBytes(), keyEncryptionKey.id());
      material = KeyMaterial.doubleWrapped(footerKey, connection, masterKeyId, wrappedDataKey,
          keyEncryptionKey.encodedId(), keyEncryptionKey.wrappedKey());
    } else {
      material = KeyMaterial.singleWrapped(footerKey, connection, masterKeyId, kms.wrapKey(dataKey, masterKeyId));
    }
    if (externalStore == null) {
      return new KeyMetadata(null, material).toBytes();
    }
    String reference = footerKey ? FOOTER_KEY_REFERENCE : COLUMN_KEY_REFERENCE_PREFIX + columnKeyCounter++;
    externalStore.addKeyMaterial(reference, material.toJson(false));
    return new KeyMetadata(reference, null).toBytes();
  }

  private KeyEncryptionKey keyEncryptionKey(String masterKeyId) throws ParquetEncryptionException {
    KeyEncryptionKey cached = keyEncryptionKeyPerMasterKey.get(masterKeyId);
    if (cached != null) {
      return cached;
    }
    byte[] keyBytes = new byte[KEY_ENCRYPTION_KEY_LENGTH];
    random.nextBytes(keyBytes);
    byte[] id = new byte[KEY_ENCRYPTION_KEY_ID_LENGTH];
    random.nextBytes(id);
    KeyEncryptionKey created = KeyEncryptionKey.of(keyBytes, id, kms.wrapKey(keyBytes, masterKeyId));
    KeyEncryptionKey raced = keyEncryptionKeyPerMasterKey.putIfAbsent(masterKeyId, created);
    return raced != null ? raced : created;
  }
}
