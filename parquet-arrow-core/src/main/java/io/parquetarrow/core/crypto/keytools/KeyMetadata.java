package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The key metadata bytes the key tools put in a file (the footer's or a column's {@code key_metadata}), parsed: a
 * flat UTF-8 JSON object with {@code keyMaterialType} ("PKMT1") and {@code internalStorage}. With internal storage
 * the same object is the {@link KeyMaterial}; with external storage it holds only {@code keyReference}, the name
 * under which the file's {@link KeyMaterialStore} keeps the material ("footerKey", "columnKey0", ...). Same format as
 * parquet-java's {@code KeyMetadata} and Arrow C++'s {@code KeyMetadata}.
 *
 * @param keyReference the external store's name for the material; null with internal storage
 * @param keyMaterial the material; null with external storage
 */
public record KeyMetadata(String keyReference, KeyMaterial keyMaterial) {
  private static final String KEY_REFERENCE_FIELD = "keyReference";

  public KeyMetadata {
    if ((keyReference == null) == (keyMaterial == null)) {
      throw new IllegalArgumentException("exactly one of keyReference and keyMaterial must be given");
    }
  }

  /** True when the key material sits inside the key metadata. */
  public boolean internalStorage() {
    return keyMaterial != null;
  }

  /** Parses key metadata bytes as the key tools of any of the three implementations wrote them. */
  public static KeyMetadata parse(byte[] keyMetadata) throws ParquetEncryptionException {
    Map<String, Object> fields =
        FlatJson.parseObject(new String(keyMetadata, StandardCharsets.UTF_8), "key metadata");
    KeyMaterial.checkKeyMaterialType(fields, "key metadata");
    if (KeyMaterial.booleanField(fields, KeyMaterial.INTERNAL_STORAGE_FIELD, "key metadata")) {
      return new KeyMetadata(null, KeyMaterial.fromFields(fields));
    }
    Object reference = fields.get(KEY_REFERENCE_FIELD);
    if (!(reference instanceof String keyReference)) {
      throw new ParquetEncryptionException(
          "key metadata with external key material has no \"" + KEY_REFERENCE_FIELD + "\" string");
    }
    return new KeyMetadata(keyReference, null);
  }

  /** The key metadata bytes: the material itself (internal storage) or a reference to it (external storage). */
  public byte[] toBytes() {
    if (keyMaterial != null) {
      return keyMaterial.toJson(true).getBytes(StandardCharsets.UTF_8);
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put(KeyMaterial.KEY_MATERIAL_TYPE_FIELD, KeyMaterial.KEY_MATERIAL_TYPE);
    fields.put(KeyMaterial.INTERNAL_STORAGE_FIELD, Boolean.FALSE);
    fields.put(KEY_REFERENCE_FIELD, keyReference);
    return FlatJson.writeObject(fields).getBytes(StandardCharsets.UTF_8);
  }
}
