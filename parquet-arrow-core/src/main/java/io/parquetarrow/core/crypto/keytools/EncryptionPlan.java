package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.core.crypto.ParquetCipher;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys for one file to be written, fresh from {@link CryptoFactory#encryptionPlan}: the footer's data key and
 * key metadata, each separately keyed column's data key and key metadata, and the file-level choices the writer's
 * encryption properties need. The writer stores the key metadata bytes as they are (the footer's in
 * {@code FileCryptoMetaData.key_metadata} or, with a plaintext footer, the signing key's metadata; a column's in
 * {@code EncryptionWithColumnKey.key_metadata}).
 *
 * <p>Columns not in {@link #columnKeys()} are encrypted with the footer key when {@link #uniformEncryption()} or
 * {@link #completeColumnEncryption()} is set, and left in plaintext otherwise. Key bytes are secrets: accessors
 * return copies and {@link #toString()} never shows them.
 */
public final class EncryptionPlan {
  private final DataKey footerKey;
  private final Map<String, DataKey> columnKeys;
  private final boolean uniformEncryption;
  private final boolean completeColumnEncryption;
  private final boolean plaintextFooter;
  private final ParquetCipher algorithm;

  /**
   * A data key with the key metadata that lets a reader recover it.
   *
   * @param masterKeyId the master key id it is wrapped with
   */
  public record DataKey(byte[] keyBytes, byte[] keyMetadata, String masterKeyId) {
    public DataKey {
      keyBytes = keyBytes.clone();
      keyMetadata = keyMetadata.clone();
    }

    /** A copy of the key. */
    @Override
    public byte[] keyBytes() {
      return keyBytes.clone();
    }

    /** A copy of the key metadata (UTF-8 JSON). */
    @Override
    public byte[] keyMetadata() {
      return keyMetadata.clone();
    }

    /** Names the master key and the key length, never the key. */
    @Override
    public String toString() {
      return "DataKey[masterKeyId=" + masterKeyId + ", " + keyBytes.length * 8 + " bits]";
    }
  }

  EncryptionPlan(DataKey footerKey, Map<String, DataKey> columnKeys, EncryptionConfiguration configuration) {
    this.footerKey = footerKey;
    this.columnKeys = Collections.unmodifiableMap(new LinkedHashMap<>(columnKeys));
    this.uniformEncryption = configuration.uniformEncryption();
    this.completeColumnEncryption = configuration.completeColumnEncryption();
    this.plaintextFooter = configuration.plaintextFooter();
    this.algorithm = configuration.algorithm();
  }

  /** The footer's data key (also the key of columns without their own). */
  public DataKey footerKey() {
    return footerKey;
  }

  /** Dot-separated column path to that column's own data key, in configuration order. */
  public Map<String, DataKey> columnKeys() {
    return columnKeys;
  }

  /** Whether every column is encrypted with the footer key. */
  public boolean uniformEncryption() {
    return uniformEncryption;
  }

  /** Whether columns without their own key are encrypted with the footer key rather than left in plaintext. */
  public boolean completeColumnEncryption() {
    return completeColumnEncryption;
  }

  /** Whether the footer stays plaintext (signed with the footer key). */
  public boolean plaintextFooter() {
    return plaintextFooter;
  }

  /** The encryption algorithm. */
  public ParquetCipher algorithm() {
    return algorithm;
  }

  /**
   * The writer's encryption properties for this plan: the footer key and its key metadata, each column key with
   * its key metadata, the footer mode and algorithm. Uniform encryption and complete column encryption both give
   * the columns without their own key the footer key, so every leaf column must then be listed when the writer
   * opens (complete encryption: the plan's column keys plus the other leaves with the footer key); the
   * {@code leafPaths} argument supplies the leaves for that case.
   *
   * @param leafPaths the dotted paths of the written schema's leaf columns (used only with complete column
   *     encryption; may be empty otherwise)
   */
  public FileEncryptionProperties toProperties(List<String> leafPaths) {
    FileEncryptionProperties.Builder builder = FileEncryptionProperties.builder(footerKey.keyBytes())
        .footerKeyMetadata(footerKey.keyMetadata())
        .plaintextFooter(plaintextFooter)
        .algorithm(algorithm);
    if (uniformEncryption) {
      return builder.build();
    }
    columnKeys.forEach((path, key) -> builder.columnKey(path, key.keyBytes(), key.keyMetadata()));
    if (completeColumnEncryption) {
      byte[] footer = footerKey.keyBytes();
      for (String path : leafPaths) {
        if (!columnKeys.containsKey(path)) {
          builder.columnKey(path, footer, footerKey.keyMetadata());
        }
      }
    }
    return builder.build();
  }

  /** {@link #toProperties(List)} for a plan without complete column encryption. */
  public FileEncryptionProperties toProperties() {
    if (completeColumnEncryption && !uniformEncryption) {
      throw new IllegalStateException("a plan with complete column encryption needs the schema's leaf columns:"
          + " call toProperties(leafPaths)");
    }
    return toProperties(List.of());
  }

  @Override
  public String toString() {
    return "EncryptionPlan[footerKey=" + footerKey + ", columnKeys=" + columnKeys + ", uniformEncryption="
        + uniformEncryption + ", completeColumnEncryption=" + completeColumnEncryption + ", plaintextFooter="
        + plaintextFooter + ", algorithm=" + algorithm + "]";
  }
}
