package io.parquetarrow.core.crypto;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How to encrypt a file with Parquet Modular Encryption: the footer key and its key metadata, keys for columns
 * encrypted with their own key (by dotted column path), the footer mode (encrypted, or plaintext and signed), the
 * algorithm, and the AAD prefix with whether the file stores it. Immutable; given to the writer through
 * {@code WriteOptions.Builder.encryption}, which makes a {@link FileEncryptor} from it per file.
 *
 * <p>With no column keys every column is encrypted with the footer key (uniform encryption); with column keys,
 * the listed columns are encrypted with their own key and the others stay plaintext. Key bytes and the AAD prefix
 * are copied in and never shown: {@link #toString()} lists column paths and settings only.
 */
public final class FileEncryptionProperties {
  /** A column's own key and the key metadata stored beside it (null when none). */
  record ColumnKey(byte[] key, byte[] keyMetadata) {}

  private final byte[] footerKey;
  private final byte[] footerKeyMetadata;
  private final Map<String, ColumnKey> columnKeys;
  private final boolean plaintextFooter;
  private final ParquetCipher algorithm;
  private final byte[] aadPrefix;
  private final boolean storeAadPrefix;

  private FileEncryptionProperties(Builder builder) {
    this.footerKey = builder.footerKey;
    this.footerKeyMetadata = builder.footerKeyMetadata;
    this.columnKeys = Collections.unmodifiableMap(new LinkedHashMap<>(builder.columnKeys));
    this.plaintextFooter = builder.plaintextFooter;
    this.algorithm = builder.algorithm;
    this.aadPrefix = builder.aadPrefix;
    this.storeAadPrefix = builder.storeAadPrefix;
  }

  /**
   * Starts properties with {@code footerKey} (16, 24 or 32 bytes), which encrypts the footer (or signs a
   * plaintext one) and every column without a key of its own.
   *
   * @throws IllegalArgumentException the key has another length
   */
  public static Builder builder(byte[] footerKey) {
    return new Builder(checkedKey(footerKey, "footer key"));
  }

  private static byte[] checkedKey(byte[] key, String what) {
    if (key == null || (key.length != 16 && key.length != 24 && key.length != 32)) {
      throw new IllegalArgumentException(what + ": an AES key has 16, 24 or 32 bytes, got "
          + (key == null ? "none" : key.length + " bytes"));
    }
    return key.clone();
  }

  /** A copy of the footer key. */
  public byte[] footerKey() {
    return footerKey.clone();
  }

  /** A copy of the footer key's metadata, or null. */
  public byte[] footerKeyMetadata() {
    return footerKeyMetadata == null ? null : footerKeyMetadata.clone();
  }

  /** Whether every column is encrypted with the footer key (no column keys given). */
  public boolean uniformEncryption() {
    return columnKeys.isEmpty();
  }

  /** The dotted paths of the columns with their own key, in the order given. */
  public Set<String> columnKeyPaths() {
    return columnKeys.keySet();
  }

  /** The column's own key and key metadata, or null when it has none. */
  ColumnKey columnKey(String dottedPath) {
    return columnKeys.get(dottedPath);
  }

  /** Whether the footer stays plaintext, signed with the footer key. */
  public boolean plaintextFooter() {
    return plaintextFooter;
  }

  public ParquetCipher algorithm() {
    return algorithm;
  }

  /** A copy of the AAD prefix, or null. */
  public byte[] aadPrefix() {
    return aadPrefix == null ? null : aadPrefix.clone();
  }

  /** Whether the AAD prefix is stored in the file (else readers must supply it). */
  public boolean storeAadPrefix() {
    return storeAadPrefix;
  }

  /** Settings and column paths; never key bytes, key metadata or the AAD prefix. */
  @Override
  public String toString() {
    return "FileEncryptionProperties[algorithm=" + algorithm + ", footer key " + footerKey.length * 8 + " bits"
        + (footerKeyMetadata == null ? "" : " with key metadata") + ", "
        + (columnKeys.isEmpty() ? "uniform encryption" : "column keys for " + columnKeys.keySet())
        + ", " + (plaintextFooter ? "plaintext footer" : "encrypted footer")
        + (aadPrefix == null ? "" : ", AAD prefix " + (storeAadPrefix ? "stored" : "not stored")) + "]";
  }

  /** Collects the properties; every key is checked and copied as it is given. */
  public static final class Builder {
    private final byte[] footerKey;
    private byte[] footerKeyMetadata;
    private final Map<String, ColumnKey> columnKeys = new LinkedHashMap<>();
    private boolean plaintextFooter;
    private ParquetCipher algorithm = ParquetCipher.AES_GCM_V1;
    private byte[] aadPrefix;
    private boolean storeAadPrefix = true;

    private Builder(byte[] footerKey) {
      this.footerKey = footerKey;
    }

    /** Stored in {@code FileCryptoMetaData.key_metadata} (or, plaintext footer, as the signing key's metadata). */
    public Builder footerKeyMetadata(byte[] keyMetadata) {
      this.footerKeyMetadata = keyMetadata == null ? null : keyMetadata.clone();
      return this;
    }

    /** Encrypts the column at {@code dottedPath} with its own {@code key}, without key metadata. */
    public Builder columnKey(String dottedPath, byte[] key) {
      return columnKey(dottedPath, key, null);
    }

    /**
     * Encrypts the column at {@code dottedPath} with its own {@code key}; {@code keyMetadata} (may be null) is
     * stored in its {@code EncryptionWithColumnKey}. The path must name a leaf column of the written schema (checked
     * when the writer opens).
     *
     * @throws IllegalArgumentException the key is not 16, 24 or 32 bytes, or the column is given twice
     */
    public Builder columnKey(String dottedPath, byte[] key, byte[] keyMetadata) {
      Objects.requireNonNull(dottedPath, "dottedPath");
      byte[] checked = checkedKey(key, "key of column " + dottedPath);
      if (columnKeys.containsKey(dottedPath)) {
        throw new IllegalArgumentException("column " + dottedPath + " is given a key twice");
      }
      columnKeys.put(dottedPath, new ColumnKey(checked, keyMetadata == null ? null : keyMetadata.clone()));
      return this;
    }

    /** Leaves the footer plaintext (readable by readers without keys) and signs it; off by default. */
    public Builder plaintextFooter(boolean plaintext) {
      this.plaintextFooter = plaintext;
      return this;
    }

    /** The algorithm; AES_GCM_V1 by default. */
    public Builder algorithm(ParquetCipher cipher) {
      this.algorithm = Objects.requireNonNull(cipher, "cipher");
      return this;
    }

    /** An AAD prefix naming the file's place (table, partition), bound into every module's AAD. */
    public Builder aadPrefix(byte[] prefix) {
      this.aadPrefix = prefix == null ? null : prefix.clone();
      return this;
    }

    /** Whether the AAD prefix is stored in the file (the default); when not, readers must supply it. */
    public Builder storeAadPrefix(boolean store) {
      this.storeAadPrefix = store;
      return this;
    }

    public FileEncryptionProperties build() {
      return new FileEncryptionProperties(this);
    }
  }
}
