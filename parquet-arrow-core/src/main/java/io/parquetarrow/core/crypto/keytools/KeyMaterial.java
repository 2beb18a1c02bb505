package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a reader needs to recover one data encryption key (DEK): the master key id, the wrapped DEK and, in double
 * wrapping, the key encryption key (KEK) id and the wrapped KEK; a footer key's material also names the KMS instance.
 * It is the "key material" of parquet-java's keytools ({@code KeyMaterial}) and Arrow C++'s {@code KeyMaterial},
 * stored as a flat JSON object either inside the key metadata (internal storage) or in the file's external key
 * material store (see {@link KeyMetadata}).
 *
 * <p>JSON fields, as those writers name them: {@code keyMaterialType} ("PKMT1"), {@code isFooterKey},
 * {@code kmsInstanceID} and {@code kmsInstanceURL} (footer keys only), {@code masterKeyID}, {@code wrappedDEK},
 * {@code doubleWrapping}, and {@code keyEncryptionKeyID} and {@code wrappedKEK} (double wrapping only); internal
 * material also carries the key metadata field {@code internalStorage: true}.
 *
 * @param footerKey whether this is the footer key's material
 * @param kmsInstanceId the KMS instance id; null unless {@code footerKey}
 * @param kmsInstanceUrl the KMS instance URL; null unless {@code footerKey}
 * @param masterKeyId the id of the master key in the KMS
 * @param wrappedDataKey the DEK wrapped by the KMS (single) or locally by the KEK (double), base64
 * @param doubleWrapped whether the DEK is wrapped by a KEK that the KMS wraps
 * @param keyEncryptionKeyId the KEK id, base64; null unless {@code doubleWrapped}
 * @param wrappedKeyEncryptionKey the KEK wrapped by the KMS; null unless {@code doubleWrapped}
 */
public record KeyMaterial(
    boolean footerKey,
    String kmsInstanceId,
    String kmsInstanceUrl,
    String masterKeyId,
    String wrappedDataKey,
    boolean doubleWrapped,
    String keyEncryptionKeyId,
    String wrappedKeyEncryptionKey) {

  /** The only key material type defined: "parquet key management tools, version 1". */
  public static final String KEY_MATERIAL_TYPE = "PKMT1";

  static final String KEY_MATERIAL_TYPE_FIELD = "keyMaterialType";
  static final String INTERNAL_STORAGE_FIELD = "internalStorage";
  private static final String FOOTER_KEY_FIELD = "isFooterKey";
  private static final String KMS_INSTANCE_ID_FIELD = "kmsInstanceID";
  private static final String KMS_INSTANCE_URL_FIELD = "kmsInstanceURL";
  private static final String MASTER_KEY_ID_FIELD = "masterKeyID";
  private static final String WRAPPED_DATA_KEY_FIELD = "wrappedDEK";
  private static final String DOUBLE_WRAPPING_FIELD = "doubleWrapping";
  private static final String KEY_ENCRYPTION_KEY_ID_FIELD = "keyEncryptionKeyID";
  private static final String WRAPPED_KEY_ENCRYPTION_KEY_FIELD = "wrappedKEK";

  public KeyMaterial {
    Objects.requireNonNull(masterKeyId, "masterKeyId");
    Objects.requireNonNull(wrappedDataKey, "wrappedDataKey");
    if (footerKey) {
      Objects.requireNonNull(kmsInstanceId, "kmsInstanceId of a footer key");
      Objects.requireNonNull(kmsInstanceUrl, "kmsInstanceUrl of a footer key");
    }
    if (doubleWrapped) {
      Objects.requireNonNull(keyEncryptionKeyId, "keyEncryptionKeyId of double-wrapped material");
      Objects.requireNonNull(wrappedKeyEncryptionKey, "wrappedKeyEncryptionKey of double-wrapped material");
    }
  }

  /** Material of a DEK that the KMS wrapped directly with the master key. */
  static KeyMaterial singleWrapped(boolean footerKey, KmsConnectionConfig kms, String masterKeyId,
      String wrappedDataKey) {
    return new KeyMaterial(footerKey, footerKey ? kms.kmsInstanceId() : null,
        footerKey ? kms.kmsInstanceUrl() : null, masterKeyId, wrappedDataKey, false, null, null);
  }

  /** Material of a DEK wrapped locally with a KEK that the KMS wrapped with the master key. */
  static KeyMaterial doubleWrapped(boolean footerKey, KmsConnectionConfig kms, String masterKeyId,
      String wrappedDataKey, String keyEncryptionKeyId, String wrappedKeyEncryptionKey) {
    return new KeyMaterial(footerKey, footerKey ? kms.kmsInstanceId() : null,
        footerKey ? kms.kmsInstanceUrl() : null, masterKeyId, wrappedDataKey, true, keyEncryptionKeyId,
        wrappedKeyEncryptionKey);
  }

  /**
   * The JSON text of this material; with {@code internalStorage} it is also complete key metadata (it then
   * carries {@code "internalStorage":true}), without it it is what the external store keeps per key reference.
   */
  public String toJson(boolean internalStorage) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put(KEY_MATERIAL_TYPE_FIELD, KEY_MATERIAL_TYPE);
    if (internalStorage) {
      fields.put(INTERNAL_STORAGE_FIELD, Boolean.TRUE);
    }
    fields.put(FOOTER_KEY_FIELD, footerKey);
    if (footerKey) {
      fields.put(KMS_INSTANCE_ID_FIELD, kmsInstanceId);
      fields.put(KMS_INSTANCE_URL_FIELD, kmsInstanceUrl);
    }
    fields.put(MASTER_KEY_ID_FIELD, masterKeyId);
    fields.put(WRAPPED_DATA_KEY_FIELD, wrappedDataKey);
    fields.put(DOUBLE_WRAPPING_FIELD, doubleWrapped);
    if (doubleWrapped) {
      fields.put(KEY_ENCRYPTION_KEY_ID_FIELD, keyEncryptionKeyId);
      fields.put(WRAPPED_KEY_ENCRYPTION_KEY_FIELD, wrappedKeyEncryptionKey);
    }
    return FlatJson.writeObject(fields);
  }

  /** Parses key material JSON as the external store keeps it (or as internal key metadata holds it). */
  public static KeyMaterial parse(String json) throws ParquetEncryptionException {
    return fromFields(FlatJson.parseObject(json, "key material"));
  }

  /** Reads the material fields of an already parsed object, after checking its key material type. */
  static KeyMaterial fromFields(Map<String, Object> fields) throws ParquetEncryptionException {
    checkKeyMaterialType(fields, "key material");
    boolean footerKey = booleanField(fields, FOOTER_KEY_FIELD, "key material");
    boolean doubleWrapped = booleanField(fields, DOUBLE_WRAPPING_FIELD, "key material");
    return new KeyMaterial(
        footerKey,
        footerKey ? requiredString(fields, KMS_INSTANCE_ID_FIELD) : null,
        footerKey ? requiredString(fields, KMS_INSTANCE_URL_FIELD) : null,
        requiredString(fields, MASTER_KEY_ID_FIELD),
        requiredString(fields, WRAPPED_DATA_KEY_FIELD),
        doubleWrapped,
        doubleWrapped ? requiredString(fields, KEY_ENCRYPTION_KEY_ID_FIELD) : null,
        doubleWrapped ? requiredString(fields, WRAPPED_KEY_ENCRYPTION_KEY_FIELD) : null);
  }

  static void checkKeyMaterialType(Map<String, Object> fields, String what) throws ParquetEncryptionException {
    Object type = fields.get(KEY_MATERIAL_TYPE_FIELD);
    if (!KEY_MATERIAL_TYPE.equals(type)) {
      throw new ParquetEncryptionException(String.format("%s has %s \"%s\"; only \"%s\" is known", what,
          KEY_MATERIAL_TYPE_FIELD, type, KEY_MATERIAL_TYPE));
    }
  }

  /** A boolean field, written as a JSON boolean by current writers and as a string by old parquet-java. */
  static boolean booleanField(Map<String, Object> fields, String name, String what)
      throws ParquetEncryptionException {
    Object value = fields.get(name);
    if (value instanceof Boolean flag) {
      return flag;
    }
    if ("true".equals(value) || "false".equals(value)) {
      return Boolean.parseBoolean((String) value);
    }
    throw new ParquetEncryptionException(
        String.format("%s field \"%s\" is %s; true or false expected", what, name, value == null ? "missing" : value));
  }

  static String requiredString(Map<String, Object> fields, String name) throws ParquetEncryptionException {
    Object value = fields.get(name);
    if (value instanceof String string) {
      return string;
    }
    throw new ParquetEncryptionException(String.format("key material field \"%s\" is %s; a string expected", name,
        value == null ? "missing" : "not a string"));
  }
}
