package io.parquetarrow.core.crypto;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How to decrypt a file written with Parquet Modular Encryption: the footer key, keys for columns encrypted with
 * their own key (by dotted column path), a {@link DecryptionKeyRetriever} for keys not given, the AAD prefix when
 * the file does not store it, and whether to verify a plaintext footer's signature (on by default). Immutable;
 * given to the reader through {@code ReadOptions.Builder.decryption} or to {@code ParquetFile.open}.
 *
 * <p>Keys are copied in and never shown: {@link #toString()} lists column paths and which settings are present,
 * not key bytes.
 */
public final class FileDecryptionProperties {
  private final byte[] footerKey;
  private final Map<String, byte[]> columnKeys;
  private final DecryptionKeyRetriever keyRetriever;
  private final byte[] aadPrefix;
  private final boolean checkFooterSignature;

  private FileDecryptionProperties(Builder builder) {
    this.footerKey = builder.footerKey;
    this.columnKeys = Map.copyOf(builder.columnKeys);
    this.keyRetriever = builder.keyRetriever;
    this.aadPrefix = builder.aadPrefix;
    this.checkFooterSignature = builder.checkFooterSignature;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The footer key given explicitly, or null to ask the retriever. A copy. */
  public byte[] footerKey() {
    return footerKey == null ? null : footerKey.clone();
  }

  /** The explicit key of the column at {@code dottedPath}, or null. A copy. */
  public byte[] columnKey(String dottedPath) {
    byte[] key = columnKeys.get(dottedPath);
    return key == null ? null : key.clone();
  }

  /** The retriever for keys not given explicitly, or null. */
  public DecryptionKeyRetriever keyRetriever() {
    return keyRetriever;
  }

  /** The AAD prefix the caller supplies, or null. A copy. */
  public byte[] aadPrefix() {
    return aadPrefix == null ? null : aadPrefix.clone();
  }

  /** Whether a plaintext footer's signature is verified (default true). */
  public boolean checkFooterSignature() {
    return checkFooterSignature;
  }

  @Override
  public String toString() {
    return "FileDecryptionProperties{footerKey=" + (footerKey == null ? "none" : "given") + ", columnKeys="
        + columnKeys.keySet().stream().sorted().toList() + ", keyRetriever=" + (keyRetriever == null ? "none" : "given")
        + ", aadPrefix=" + (aadPrefix == null ? "none" : "given") + ", checkFooterSignature=" + checkFooterSignature
        + "}";
  }

  /** Builds {@link FileDecryptionProperties}; every setter checks its argument at once. */
  public static final class Builder {
    private byte[] footerKey;
    private final Map<String, byte[]> columnKeys = new LinkedHashMap<>();
    private DecryptionKeyRetriever keyRetriever;
    private byte[] aadPrefix;
    private boolean checkFooterSignature = true;

    private Builder() {}

    /** The key of the footer (encrypted or signed) and of columns encrypted with it: 16, 24 or 32 bytes. */
    public Builder footerKey(byte[] key) {
      this.footerKey = checkedKey(key, "footer key");
      return this;
    }

    /** The key of the column at {@code dottedPath} (as {@code a.b.c}), encrypted with a key of its own. */
    public Builder columnKey(String dottedPath, byte[] key) {
      Objects.requireNonNull(dottedPath, "dottedPath");
      if (dottedPath.isEmpty()) {
        throw new IllegalArgumentException("column path must not be empty");
      }
      columnKeys.put(dottedPath, checkedKey(key, "key of column " + dottedPath));
      return this;
    }

    /** Asked for every key not given explicitly, with the key metadata stored in the file. */
    public Builder keyRetriever(DecryptionKeyRetriever retriever) {
      this.keyRetriever = Objects.requireNonNull(retriever, "retriever");
      return this;
    }

    /**
     * The AAD prefix, for files written without storing it ({@code supply_aad_prefix}); when the file stores one,
     * it must be equal.
     */
    public Builder aadPrefix(byte[] prefix) {
      this.aadPrefix = Objects.requireNonNull(prefix, "prefix").clone();
      return this;
    }

    /** Whether to verify a plaintext footer's signature with the footer key (default true). */
    public Builder checkFooterSignature(boolean check) {
      this.checkFooterSignature = check;
      return this;
    }

    public FileDecryptionProperties build() {
      return new FileDecryptionProperties(this);
    }

    private static byte[] checkedKey(byte[] key, String what) {
      Objects.requireNonNull(key, what);
      if (key.length != 16 && key.length != 24 && key.length != 32) {
        throw new IllegalArgumentException(what + " must have 16, 24 or 32 bytes, got " + key.length);
      }
      return Arrays.copyOf(key, key.length);
    }
  }
}
