package io.parquetarrow.core.crypto.keytools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Key material and key metadata JSON: field names, values and storage modes as parquet-java writes them. */
class KeyMaterialTest {
  private static final KeyMaterial FOOTER_DOUBLE = new KeyMaterial(true, "DEFAULT", "DEFAULT", "kf", "DEK=", true,
      "KEKID=", "KEK=");
  private static final KeyMaterial COLUMN_SINGLE = new KeyMaterial(false, null, null, "kc1", "DEK2=", false, null,
      null);

  @Test
  void externalMaterialJsonHasParquetJavaFields() {
    assertThat(FOOTER_DOUBLE.toJson(false)).isEqualTo("{\"keyMaterialType\":\"PKMT1\",\"isFooterKey\":true,"
        + "\"kmsInstanceID\":\"DEFAULT\",\"kmsInstanceURL\":\"DEFAULT\",\"masterKeyID\":\"kf\",\"wrappedDEK\":\"DEK=\","
        + "\"doubleWrapping\":true,\"keyEncryptionKeyID\":\"KEKID=\",\"wrappedKEK\":\"KEK=\"}");
    assertThat(COLUMN_SINGLE.toJson(false)).isEqualTo("{\"keyMaterialType\":\"PKMT1\",\"isFooterKey\":false,"
        + "\"masterKeyID\":\"kc1\",\"wrappedDEK\":\"DEK2=\",\"doubleWrapping\":false}");
  }

  @Test
  void internalMaterialIsKeyMetadataWithInternalStorage() throws Exception {
    byte[] metadata = new KeyMetadata(null, COLUMN_SINGLE).toBytes();
    assertThat(new String(metadata, StandardCharsets.UTF_8)).isEqualTo("{\"keyMaterialType\":\"PKMT1\","
        + "\"internalStorage\":true,\"isFooterKey\":false,\"masterKeyID\":\"kc1\",\"wrappedDEK\":\"DEK2=\","
        + "\"doubleWrapping\":false}");
    KeyMetadata parsed = KeyMetadata.parse(metadata);
    assertThat(parsed.internalStorage()).isTrue();
    assertThat(parsed.keyMaterial()).isEqualTo(COLUMN_SINGLE);
  }

  @Test
  void externalKeyMetadataIsAReference() throws Exception {
    byte[] metadata = new KeyMetadata("columnKey3", null).toBytes();
    assertThat(new String(metadata, StandardCharsets.UTF_8))
        .isEqualTo("{\"keyMaterialType\":\"PKMT1\",\"internalStorage\":false,\"keyReference\":\"columnKey3\"}");
    KeyMetadata parsed = KeyMetadata.parse(metadata);
    assertThat(parsed.internalStorage()).isFalse();
    assertThat(parsed.keyReference()).isEqualTo("columnKey3");
  }

  @Test
  void roundTripsBothShapes() throws Exception {
    assertThat(KeyMaterial.parse(FOOTER_DOUBLE.toJson(false))).isEqualTo(FOOTER_DOUBLE);
    assertThat(KeyMaterial.parse(FOOTER_DOUBLE.toJson(true))).isEqualTo(FOOTER_DOUBLE);
    assertThat(KeyMaterial.parse(COLUMN_SINGLE.toJson(false))).isEqualTo(COLUMN_SINGLE);
  }

  @Test
  void readsBooleansWrittenAsStringsByOldParquetJava() throws Exception {
    KeyMetadata parsed = KeyMetadata.parse(("{\"keyMaterialType\":\"PKMT1\",\"internalStorage\":\"true\","
        + "\"isFooterKey\":\"false\",\"masterKeyID\":\"kc1\",\"wrappedDEK\":\"DEK2=\",\"doubleWrapping\":\"false\"}")
        .getBytes(StandardCharsets.UTF_8));
    assertThat(parsed.keyMaterial()).isEqualTo(COLUMN_SINGLE);
  }

  @Test
  void ignoresKmsFieldsOfColumnMaterialAndUnknownFields() throws Exception {
    KeyMaterial parsed = KeyMaterial.parse("{\"keyMaterialType\":\"PKMT1\",\"isFooterKey\":false,"
        + "\"kmsInstanceID\":\"x\",\"masterKeyID\":\"kc1\",\"wrappedDEK\":\"DEK2=\",\"doubleWrapping\":false,"
        + "\"futureField\":\"y\"}");
    assertThat(parsed).isEqualTo(COLUMN_SINGLE);
  }

  @Test
  void rejectsOtherKeyMaterialTypes() {
    assertThatThrownBy(() -> KeyMetadata.parse("{\"keyMaterialType\":\"PKMT2\",\"internalStorage\":true}"
        .getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("\"PKMT2\"");
    assertThatThrownBy(() -> KeyMetadata.parse("kf".getBytes(StandardCharsets.UTF_8)))
        .as("a plain key id, as in files written with explicit keys")
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("key metadata is not valid key tools JSON");
  }

  @Test
  void namesMissingFields() {
    assertThatThrownBy(() -> KeyMaterial.parse("{\"keyMaterialType\":\"PKMT1\",\"isFooterKey\":false,"
        + "\"masterKeyID\":\"kc1\",\"wrappedDEK\":\"D=\",\"doubleWrapping\":true,\"keyEncryptionKeyID\":\"K=\"}"))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("\"wrappedKEK\" is missing");
    assertThatThrownBy(() -> KeyMaterial.parse("{\"keyMaterialType\":\"PKMT1\",\"isFooterKey\":1,"
        + "\"masterKeyID\":\"kc1\",\"wrappedDEK\":\"D=\",\"doubleWrapping\":false}"))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("\"isFooterKey\" is 1");
    assertThatThrownBy(() -> KeyMetadata.parse("{\"keyMaterialType\":\"PKMT1\",\"internalStorage\":false}"
        .getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("keyReference");
  }
}
