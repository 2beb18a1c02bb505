package io.parquetarrow.core.crypto;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnCryptoMetaData;
import io.parquetarrow.format.ColumnCryptoMetaData.EncryptionWithColumnKey;
import io.parquetarrow.format.ColumnCryptoMetaData.EncryptionWithFooterKey;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.EncryptionAlgorithm;
import io.parquetarrow.format.EncryptionAlgorithm.AesGcmCtrV1;
import io.parquetarrow.format.EncryptionAlgorithm.AesGcmV1;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.AEADBadTagException;
import javax.crypto.spec.SecretKeySpec;

/**
 * The decryption state of one open encrypted file: its algorithm, file AAD and keys. The footer layer uses it to
 * decrypt an encrypted footer or verify a plaintext footer's signature and to decrypt column metadata encrypted
 * with a column key; the column chunk opener asks it for a {@link ColumnDecryptor} per chunk.
 *
 * <p>Made from the caller's {@link FileDecryptionProperties} and the file's {@code EncryptionAlgorithm}. The AAD
 * prefix is the one the caller supplies, else the one the file stores; a file that says {@code supply_aad_prefix}
 * needs the caller's. Keys are resolved once each (explicit keys first, then the {@link DecryptionKeyRetriever})
 * and kept as {@link SecretKeySpec}s. Thread-safe: the reading threads of one file share it, each decrypting with
 * its own {@link ModuleCiphers}.
 */
public final class FileDecryptor {
  private final FileDecryptionProperties properties;
  private final String source;
  private final EncryptionAlgorithm algorithm;
  private final byte[] footerKeyMetadata;
  private final boolean ctrPages;
  private final byte[] fileAad;
  /** Null when the footer key is neither given nor retrievable (possible with a plaintext footer). */
  private final SecretKeySpec footerKey;
  private final ConcurrentHashMap<String, Optional<SecretKeySpec>> columnKeys = new ConcurrentHashMap<>();

  private FileDecryptor(FileDecryptionProperties properties, String source, EncryptionAlgorithm algorithm,
      byte[] footerKeyMetadata, boolean ctrPages, byte[] fileAad, SecretKeySpec footerKey) {
    this.properties = properties;
    this.source = source;
    this.algorithm = algorithm;
    this.footerKeyMetadata = footerKeyMetadata == null ? null : footerKeyMetadata.clone();
    this.ctrPages = ctrPages;
    this.fileAad = fileAad;
    this.footerKey = footerKey;
  }

  /**
   * The decryptor of a file encrypted with {@code algorithm}.
   *
   * @param footerKeyMetadata {@code FileCryptoMetaData.key_metadata} or {@code footer_signing_key_metadata}
   * @param footerKeyRequired whether the footer key must be found (encrypted footer, or a signature to verify)
   * @param source the file's name, for messages
   * @throws ParquetEncryptionException an unknown algorithm, a missing or different AAD prefix, or a missing
   *     footer key
   */
  public static FileDecryptor create(FileDecryptionProperties properties, EncryptionAlgorithm algorithm,
      byte[] footerKeyMetadata, boolean footerKeyRequired, String source) throws ParquetEncryptionException {
    byte[] storedPrefix;
    byte[] fileUnique;
    boolean supplyPrefix;
    boolean ctrPages;
    if (algorithm instanceof AesGcmV1 gcm) {
      storedPrefix = gcm.aadPrefix();
      fileUnique = gcm.aadFileUnique();
      supplyPrefix = Boolean.TRUE.equals(gcm.supplyAadPrefix());
      ctrPages = false;
    } else if (algorithm instanceof AesGcmCtrV1 ctr) {
      storedPrefix = ctr.aadPrefix();
      fileUnique = ctr.aadFileUnique();
      supplyPrefix = Boolean.TRUE.equals(ctr.supplyAadPrefix());
      ctrPages = true;
    } else {
      throw new ParquetEncryptionException(source + ": unknown encryption algorithm (union member "
          + algorithm.unionFieldId() + "); AES_GCM_V1 and AES_GCM_CTR_V1 are supported");
    }
    byte[] suppliedPrefix = properties.aadPrefix();
    byte[] prefix;
    if (suppliedPrefix != null) {
      if (storedPrefix != null && !Arrays.equals(storedPrefix, suppliedPrefix)) {
        throw new ParquetEncryptionException(
            source + ": the AAD prefix supplied differs from the one stored in the file (file identity mismatch)");
      }
      prefix = suppliedPrefix;
    } else if (supplyPrefix) {
      throw new ParquetEncryptionException(source + ": the file was written with an AAD prefix it does not store"
          + " (supply_aad_prefix); reading it needs FileDecryptionProperties.Builder.aadPrefix");
    } else {
      prefix = storedPrefix;
    }
    SecretKeySpec footerKey = footerKey(properties, footerKeyMetadata, source);
    if (footerKey == null && footerKeyRequired) {
      throw new ParquetEncryptionException(source + ": no footer key: FileDecryptionProperties gives none and its"
          + " key retriever " + (properties.keyRetriever() == null ? "is not set" : "returned none"));
    }
    return new FileDecryptor(properties, source, algorithm, footerKeyMetadata, ctrPages, Aad.file(prefix, fileUnique),
        footerKey);
  }

  private static SecretKeySpec footerKey(FileDecryptionProperties properties, byte[] keyMetadata, String source)
      throws ParquetEncryptionException {
    byte[] key = properties.footerKey();
    if (key == null) {
      key = retrieve(properties, keyMetadata, source + ": footer key");
    }
    return key == null ? null : checkedKey(key, source + ": footer key");
  }

  private static byte[] retrieve(FileDecryptionProperties properties, byte[] keyMetadata, String what)
      throws ParquetEncryptionException {
    DecryptionKeyRetriever retriever = properties.keyRetriever();
    if (retriever == null) {
      return null;
    }
    try {
      return retriever.key(keyMetadata == null ? new byte[0] : keyMetadata.clone());
    } catch (UncheckedIOException e) {
      // A retriever over checked key tools (KeyRetrieverFunction.asDecryptionKeyRetriever) carries their failure.
      Throwable cause = e.getCause();
      String reason = cause instanceof ParquetEncryptionException ? cause.getMessage() : e.getMessage();
      throw new ParquetEncryptionException(what + ": the key retriever failed: " + reason, cause);
    } catch (RuntimeException e) {
      throw new ParquetEncryptionException(what + ": the key retriever failed: " + e.getMessage(), e);
    }
  }

  private static SecretKeySpec checkedKey(byte[] key, String what) throws ParquetEncryptionException {
    try {
      return ModuleCipher.aesKey(key);
    } catch (IllegalArgumentException e) {
      throw new ParquetEncryptionException(what + ": " + e.getMessage(), e);
    }
  }

  /** The file's encryption algorithm, with the AAD prefix it stores (if any) and its AAD file unique. */
  public EncryptionAlgorithm algorithm() {
    return algorithm;
  }

  /**
   * The key metadata of the footer key ({@code FileCryptoMetaData.key_metadata} of an encrypted footer,
   * {@code footer_signing_key_metadata} of a plaintext one), or null when the writer stored none. A copy.
   */
  public byte[] footerKeyMetadata() {
    return footerKeyMetadata == null ? null : footerKeyMetadata.clone();
  }

  /** Whether the caller supplied the AAD prefix (rather than the file storing it, or there being none). */
  public boolean aadPrefixSupplied() {
    return properties.aadPrefix() != null;
  }

  /** Whether pages are AES-CTR (AES_GCM_CTR_V1) rather than AES-GCM. */
  public boolean ctrPages() {
    return ctrPages;
  }

  /**
   * Decrypts the encrypted footer module of {@code moduleLength} bytes at {@code offset}.
   *
   * @param fileOffset where the module starts in the file, for messages
   * @return the serialized FileMetaData
   */
  public byte[] decryptFooter(byte[] bytes, int offset, int moduleLength, long fileOffset)
      throws ParquetEncryptionException {
    AesGcmModuleCipher gcm = ModuleCiphers.current().gcm();
    try {
      byte[] plaintext = new byte[gcm.plaintextLength(moduleLength)];
      gcm.decrypt(footerKey, bytes, offset, moduleLength, Aad.footer(fileAad), plaintext, 0);
      return plaintext;
    } catch (GeneralSecurityException e) {
      throw failure(source + ": encrypted footer at offset " + fileOffset, e);
    }
  }

  /**
   * Verifies a plaintext footer's signature: the 28 bytes after it are a nonce and the GCM tag of the footer
   * encrypted with that nonce, the footer key and the footer AAD. Skipped when the properties say not to check.
   *
   * @throws ParquetEncryptionException the tag differs (the footer was altered, or the key is wrong)
   */
  public void verifyFooterSignature(byte[] bytes, int footerOffset, int footerLength, long fileOffset)
      throws ParquetEncryptionException {
    if (!properties.checkFooterSignature()) {
      return;
    }
    int signature = footerOffset + footerLength;
    byte[] nonce = Arrays.copyOfRange(bytes, signature, signature + ModuleCipher.NONCE_BYTES);
    byte[] stored = Arrays.copyOfRange(bytes, signature + ModuleCipher.NONCE_BYTES,
        signature + ModuleCipher.NONCE_BYTES + ModuleCipher.TAG_BYTES);
    byte[] computed;
    try {
      // A cipher of its own: the JDK refuses to encrypt twice with one key and nonce on one Cipher.
      computed = new AesGcmModuleCipher().tag(footerKey, bytes, footerOffset, footerLength, Aad.footer(fileAad), nonce);
    } catch (GeneralSecurityException e) {
      throw failure(source + ": plaintext footer signature at offset " + fileOffset, e);
    }
    if (!MessageDigest.isEqual(stored, computed)) {
      throw new ParquetEncryptionException(source + ": plaintext footer at offset " + fileOffset + " does not match"
          + " its signature (the footer was altered, or the footer key or AAD prefix is wrong); read with"
          + " checkFooterSignature(false) to skip the check");
    }
  }

  /**
   * Decrypts {@code encrypted_column_metadata} of a chunk encrypted with a column key.
   *
   * @param place "file: row group N, column a.b", for messages
   * @return the chunk's ColumnMetaData, or null when the chunk has no encrypted metadata or its key is not
   *     available
   * @throws ParquetEncryptionException the metadata does not decrypt (wrong key, altered bytes)
   * @throws ParquetCorruptionException it decrypts but does not decode
   */
  public ColumnMetaData decryptColumnMetaData(ColumnChunk chunk, int rowGroupOrdinal, int columnOrdinal,
      String columnPath, String place) throws ParquetEncryptionException, ParquetCorruptionException {
    byte[] module = chunk.encryptedColumnMetadata();
    if (module == null || !(chunk.cryptoMetadata() instanceof EncryptionWithColumnKey)) {
      return null;
    }
    SecretKeySpec key = key(chunk, columnPath, place);
    if (key == null) {
      return null;
    }
    byte[] plaintext;
    AesGcmModuleCipher gcm = ModuleCiphers.current().gcm();
    try {
      plaintext = new byte[gcm.plaintextLength(module.length)];
      byte[] aad = Aad.module(fileAad, ModuleType.COLUMN_META_DATA, rowGroupOrdinal, columnOrdinal, 0);
      gcm.decrypt(key, module, 0, module.length, aad, plaintext, 0);
    } catch (GeneralSecurityException e) {
      throw failure(place + ": encrypted column metadata", e);
    }
    try {
      return ColumnMetaData.decode(plaintext, 0, plaintext.length);
    } catch (ParquetCorruptionException e) {
      throw e.withContext(place + ": decrypted column metadata");
    }
  }

  /** Whether the key of an encrypted chunk is available (given, or found by the retriever). */
  public boolean hasKey(ColumnChunk chunk, String columnPath) {
    try {
      return key(chunk, columnPath, source) != null;
    } catch (ParquetEncryptionException e) {
      return false;
    }
  }

  /**
   * The decryptor of an encrypted chunk's modules.
   *
   * @param startsWithDictionaryPage whether the chunk's metadata has a dictionary page offset
   * @param place "file: row group N, column a.b", for messages
   * @throws ParquetEncryptionException the chunk's key is not available
   */
  public ColumnDecryptor columnDecryptor(ColumnChunk chunk, int rowGroupOrdinal, int columnOrdinal,
      String columnPath, boolean startsWithDictionaryPage, String place)
      throws ParquetEncryptionException {
    SecretKeySpec key = key(chunk, columnPath, place);
    if (key == null) {
      throw new ParquetEncryptionException(place + ": no key for encrypted column " + columnPath
          + (chunk.cryptoMetadata() instanceof EncryptionWithFooterKey ? " (it is encrypted with the footer key)"
              : "; give it with FileDecryptionProperties.Builder.columnKey or a key retriever, or leave the column"
                  + " out of the projection"));
    }
    return new ColumnDecryptor(key, ctrPages, fileAad, rowGroupOrdinal, columnOrdinal, startsWithDictionaryPage,
        place);
  }

  private SecretKeySpec key(ColumnChunk chunk, String columnPath, String place) throws ParquetEncryptionException {
    ColumnCryptoMetaData crypto = chunk.cryptoMetadata();
    if (crypto instanceof EncryptionWithFooterKey) {
      return footerKey;
    }
    if (!(crypto instanceof EncryptionWithColumnKey columnKey)) {
      throw new ParquetEncryptionException(place + ": column chunk has "
          + (crypto == null ? "no crypto_metadata" : "an unknown crypto_metadata (union member "
              + crypto.unionFieldId() + ")"));
    }
    Optional<SecretKeySpec> known = columnKeys.get(columnPath);
    if (known != null) {
      return known.orElse(null);
    }
    byte[] key = properties.columnKey(columnPath);
    if (key == null) {
      key = retrieve(properties, columnKey.keyMetadata(), place + ": key of column " + columnPath);
    }
    SecretKeySpec spec = key == null ? null : checkedKey(key, place + ": key of column " + columnPath);
    columnKeys.putIfAbsent(columnPath, Optional.ofNullable(spec));
    return spec;
  }

  private static ParquetEncryptionException failure(String what, GeneralSecurityException e) {
    String reason = e instanceof AEADBadTagException
        ? " does not authenticate (GCM tag mismatch: wrong key, wrong AAD prefix, or altered bytes)"
        : " cannot be decrypted: " + e.getMessage();
    return new ParquetEncryptionException(what + reason, e);
  }

  @Override
  public String toString() {
    return "FileDecryptor[" + source + ", " + (ctrPages ? "AES_GCM_CTR_V1" : "AES_GCM_V1") + ", footer key "
        + (footerKey == null ? "absent" : "present") + "]";
  }
}
