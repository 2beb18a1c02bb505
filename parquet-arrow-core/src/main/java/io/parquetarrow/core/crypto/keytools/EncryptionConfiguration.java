package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.core.crypto.ParquetCipher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a file is to be encrypted with the key tools, by master key id: the footer's master key, and either each
 * column's master key or uniform encryption (every column with the footer key). The same choices as parquet-java's
 * {@code PropertiesDrivenCryptoFactory} properties ({@code parquet.encryption.*}) and Arrow C++'s
 * {@code EncryptionConfiguration}, with the same defaults: encrypted footer, AES_GCM_V1, double wrapping, key
 * material inside the file, 128-bit data keys, ten-minute cache lifetime.
 *
 * <p>{@link CryptoFactory#encryptionPlan} turns it into fresh keys and key metadata for one file.
 */
public final class EncryptionConfiguration {
  private final String footerKeyId;
  private final Map<String, List<String>> columnKeys;
  private final boolean uniformEncryption;
  private final boolean completeColumnEncryption;
  private final boolean plaintextFooter;
  private final ParquetCipher algorithm;
  private final boolean doubleWrapping;
  private final boolean internalKeyMaterial;
  private final int dataKeyLengthBits;
  private final Duration cacheLifetime;

  private EncryptionConfiguration(Builder builder) {
    this.footerKeyId = builder.footerKeyId;
    Map<String, List<String>> keys = new LinkedHashMap<>();
    builder.columnKeys.forEach((id, columns) -> keys.put(id, List.copyOf(columns)));
    this.columnKeys = Collections.unmodifiableMap(keys);
    this.uniformEncryption = builder.uniformEncryption;
    this.completeColumnEncryption = builder.completeColumnEncryption;
    this.plaintextFooter = builder.plaintextFooter;
    this.algorithm = builder.algorithm;
    this.doubleWrapping = builder.doubleWrapping;
    this.internalKeyMaterial = builder.internalKeyMaterial;
    this.dataKeyLengthBits = builder.dataKeyLengthBits;
    this.cacheLifetime = builder.cacheLifetime;
  }

  /** A builder for a file whose footer is encrypted (or signed) with the master key {@code footerKeyId}. */
  public static Builder builder(String footerKeyId) {
    return new Builder(footerKeyId);
  }

  /**
   * Parses parquet-java's {@code parquet.encryption.column.keys} format: {@code masterKeyId:column,column;...}, for
   * example {@code "kc1:double_field;kc2:float_field,a.b"}; column paths are dot-separated.
   */
  public static Map<String, List<String>> parseColumnKeys(String columnKeys) {
    Map<String, List<String>> result = new LinkedHashMap<>();
    for (String entry : columnKeys.split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      int colon = entry.indexOf(':');
      String masterKeyId = colon < 0 ? "" : entry.substring(0, colon).trim();
      if (masterKeyId.isEmpty()) {
        throw new IllegalArgumentException("column keys entry \"" + entry.trim() + "\" is not masterKeyId:columns");
      }
      List<String> columns = new ArrayList<>();
      for (String column : entry.substring(colon + 1).split(",")) {
        if (!column.isBlank()) {
          columns.add(column.trim());
        }
      }
      if (columns.isEmpty()) {
        throw new IllegalArgumentException("master key " + masterKeyId + " is given no columns");
      }
      result.computeIfAbsent(masterKeyId, id -> new ArrayList<>()).addAll(columns);
    }
    return result;
  }

  /** The footer's master key id. */
  public String footerKeyId() {
    return footerKeyId;
  }

  /** Master key id to the dot-separated paths of the columns it protects; empty with uniform encryption. */
  public Map<String, List<String>> columnKeys() {
    return columnKeys;
  }

  /** Whether every column is encrypted with the footer key. */
  public boolean uniformEncryption() {
    return uniformEncryption;
  }

  /** Whether columns not named in {@link #columnKeys()} are encrypted with the footer key (else left plaintext). */
  public boolean completeColumnEncryption() {
    return completeColumnEncryption;
  }

  /** Whether the footer is left readable (and signed with the footer key) rather than encrypted. */
  public boolean plaintextFooter() {
    return plaintextFooter;
  }

  /** The encryption algorithm. */
  public ParquetCipher algorithm() {
    return algorithm;
  }

  /** Whether data keys are wrapped by key encryption keys that the KMS wraps (else by the KMS directly). */
  public boolean doubleWrapping() {
    return doubleWrapping;
  }

  /** Whether key material is kept in the file's key metadata (else in the external store beside the file). */
  public boolean internalKeyMaterial() {
    return internalKeyMaterial;
  }

  /** Length of the random data keys: 128, 192 or 256 bits. */
  public int dataKeyLengthBits() {
    return dataKeyLengthBits;
  }

  /** How long KMS clients and key encryption keys are reused. */
  public Duration cacheLifetime() {
    return cacheLifetime;
  }

  @Override
  public String toString() {
    return "EncryptionConfiguration[footerKeyId=" + footerKeyId + ", columnKeys=" + columnKeys
        + ", uniformEncryption=" + uniformEncryption + ", completeColumnEncryption=" + completeColumnEncryption
        + ", plaintextFooter=" + plaintextFooter + ", algorithm=" + algorithm + ", doubleWrapping=" + doubleWrapping
        + ", internalKeyMaterial=" + internalKeyMaterial + ", dataKeyLengthBits=" + dataKeyLengthBits + "]";
  }

  /** Builds an {@link EncryptionConfiguration}; {@link #build()} checks that the choices fit together. */
  public static final class Builder {
    private final String footerKeyId;
    private final Map<String, List<String>> columnKeys = new LinkedHashMap<>();
    private boolean uniformEncryption;
    private boolean completeColumnEncryption;
    private boolean plaintextFooter;
    private ParquetCipher algorithm = ParquetCipher.AES_GCM_V1;
    private boolean doubleWrapping = true;
    private boolean internalKeyMaterial = true;
    private int dataKeyLengthBits = 128;
    private Duration cacheLifetime = Duration.ofMinutes(10);

    private Builder(String footerKeyId) {
      this.footerKeyId = Objects.requireNonNull(footerKeyId, "footerKeyId");
      if (footerKeyId.isBlank()) {
        throw new IllegalArgumentException("footer master key id is blank");
      }
    }

    /** Protects these columns (dot-separated paths) with the master key {@code masterKeyId}. */
    public Builder columnKey(String masterKeyId, List<String> columns) {
      Objects.requireNonNull(masterKeyId, "masterKeyId");
      columnKeys.computeIfAbsent(masterKeyId, id -> new ArrayList<>()).addAll(columns);
      return this;
    }

    /** Adds column keys in parquet-java's {@code masterKeyId:column,column;...} format. */
    public Builder columnKeys(String columnKeysSpec) {
      parseColumnKeys(columnKeysSpec).forEach(this::columnKey);
      return this;
    }

    /** Encrypts every column with the footer key; excludes column keys. */
    public Builder uniformEncryption() {
      this.uniformEncryption = true;
      return this;
    }

    /** Encrypts columns without their own key with the footer key (default false: they stay plaintext). */
    public Builder completeColumnEncryption(boolean completeColumnEncryption) {
      this.completeColumnEncryption = completeColumnEncryption;
      return this;
    }

    /** Leaves the footer readable and signs it with the footer key (default false: encrypted footer). */
    public Builder plaintextFooter(boolean plaintextFooter) {
      this.plaintextFooter = plaintextFooter;
      return this;
    }

    /** The encryption algorithm (default {@link ParquetCipher#AES_GCM_V1}). */
    public Builder algorithm(ParquetCipher algorithm) {
      this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
      return this;
    }

    /** Wraps data keys with cached key encryption keys rather than in the KMS (default true). */
    public Builder doubleWrapping(boolean doubleWrapping) {
      this.doubleWrapping = doubleWrapping;
      return this;
    }

    /** Keeps key material in the file (default true) rather than in the store beside it. */
    public Builder internalKeyMaterial(boolean internalKeyMaterial) {
      this.internalKeyMaterial = internalKeyMaterial;
      return this;
    }

    /** Length of the random data keys in bits: 128 (default), 192 or 256. */
    public Builder dataKeyLengthBits(int dataKeyLengthBits) {
      this.dataKeyLengthBits = dataKeyLengthBits;
      return this;
    }

    /** How long KMS clients and key encryption keys are reused (default ten minutes). */
    public Builder cacheLifetime(Duration cacheLifetime) {
      this.cacheLifetime = Objects.requireNonNull(cacheLifetime, "cacheLifetime");
      return this;
    }

    /**
     * The configuration.
     *
     * @throws IllegalArgumentException when neither or both of column keys and uniform encryption are given, a
     *     column has two master keys, or the data key length is not 128, 192 or 256
     */
    public EncryptionConfiguration build() {
      if (uniformEncryption == !columnKeys.isEmpty()) {
        throw new IllegalArgumentException(uniformEncryption
            ? "uniform encryption and column keys exclude each other"
            : "no column keys given; name them, or ask for uniform encryption");
      }
      if (dataKeyLengthBits != 128 && dataKeyLengthBits != 192 && dataKeyLengthBits != 256) {
        throw new IllegalArgumentException(
            "data key length " + dataKeyLengthBits + " bits; 128, 192 or 256 expected");
      }
      if (cacheLifetime.isNegative()) {
        throw new IllegalArgumentException("cache lifetime is negative: " + cacheLifetime);
      }
      Map<String, String> masterKeyOfColumn = new HashMap<>();
      columnKeys.forEach((masterKeyId, columns) -> {
        for (String column : columns) {
          String previous = masterKeyOfColumn.put(column, masterKeyId);
          if (previous != null) {
            throw new IllegalArgumentException("column " + column + " is given two master keys: " + previous
                + (previous.equals(masterKeyId) ? " (twice)" : " and " + masterKeyId));
          }
        }
      });
      return new EncryptionConfiguration(this);
    }
  }
}
