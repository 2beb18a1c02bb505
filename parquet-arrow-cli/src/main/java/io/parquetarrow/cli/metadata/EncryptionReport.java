package io.parquetarrow.cli.metadata;

import io.parquetarrow.cli.output.TextEscaper;
import io.parquetarrow.core.crypto.FileDecryptor;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.format.ColumnCryptoMetaData;
import io.parquetarrow.format.ColumnCryptoMetaData.EncryptionWithColumnKey;
import io.parquetarrow.format.ColumnCryptoMetaData.EncryptionWithFooterKey;
import io.parquetarrow.format.EncryptionAlgorithm;
import io.parquetarrow.format.EncryptionAlgorithm.AesGcmCtrV1;
import io.parquetarrow.format.EncryptionAlgorithm.AesGcmV1;
import java.util.ArrayList;
import java.util.List;

/**
 * How a file written with Parquet Modular Encryption is encrypted, as {@code parquet-arrow meta} shows it: the
 * algorithm, whether the footer is encrypted or plaintext (signed), where the AAD prefix comes from, the footer
 * key's metadata, and per leaf column whether it is encrypted and with which key. Taken from the footer (and, for
 * an encrypted footer, from its {@code FileCryptoMetaData} through the file's {@link FileDecryptor}); never holds a
 * key. Key metadata and AAD prefixes are shown as text when they are printable UTF-8, else as hex.
 *
 * @param algorithm {@code AES_GCM_V1}, {@code AES_GCM_CTR_V1} or {@code UNKNOWN(n)}
 * @param footerEncrypted true for an encrypted footer ({@code PARE}), false for a plaintext, signed one
 * @param aadPrefix {@code stored}, {@code supplied} (given by the reader, not stored), {@code required} (the file
 *     needs one and none was given) or {@code none}
 * @param aadPrefixValue the stored prefix for display, or null
 * @param footerKeyMetadata the footer (or footer signing) key's metadata for display, or null
 * @param columns one per leaf column, in schema order (from the first row group; empty without row groups)
 */
public record EncryptionReport(String algorithm, boolean footerEncrypted, String aadPrefix, String aadPrefixValue,
    String footerKeyMetadata, List<ColumnEncryption> columns) {

  /**
   * How one leaf column is encrypted.
   *
   * @param path the dotted column path
   * @param key {@code footer} (encrypted with the footer key), {@code column} (its own key) or null (plaintext)
   * @param keyMetadata the column key's metadata for display, or null
   */
  public record ColumnEncryption(String path, String key, String keyMetadata) {
    /** Whether the column is encrypted. */
    public boolean encrypted() {
      return key != null;
    }
  }

  /**
   * The report of a file, or null when it is not encrypted.
   *
   * @param decryptor the file's decryptor when it was opened with keys, else null
   */
  public static EncryptionReport of(ParquetMetadata metadata, FileDecryptor decryptor) {
    EncryptionAlgorithm footerAlgorithm = metadata.fileMetaData().encryptionAlgorithm();
    EncryptionAlgorithm algorithm = decryptor != null ? decryptor.algorithm() : footerAlgorithm;
    if (algorithm == null) {
      return null;
    }
    byte[] footerKeyMetadata = decryptor != null ? decryptor.footerKeyMetadata()
        : metadata.fileMetaData().footerSigningKeyMetadata();
    byte[] storedPrefix = null;
    boolean supplyPrefix = false;
    String name;
    if (algorithm instanceof AesGcmV1 gcm) {
      name = "AES_GCM_V1";
      storedPrefix = gcm.aadPrefix();
      supplyPrefix = Boolean.TRUE.equals(gcm.supplyAadPrefix());
    } else if (algorithm instanceof AesGcmCtrV1 ctr) {
      name = "AES_GCM_CTR_V1";
      storedPrefix = ctr.aadPrefix();
      supplyPrefix = Boolean.TRUE.equals(ctr.supplyAadPrefix());
    } else {
      name = "UNKNOWN(" + algorithm.unionFieldId() + ")";
    }
    String prefix;
    if (decryptor != null && decryptor.aadPrefixSupplied()) {
      prefix = storedPrefix != null ? "stored" : "supplied";
    } else if (storedPrefix != null) {
      prefix = "stored";
    } else {
      prefix = supplyPrefix ? "required" : "none";
    }
    List<ColumnEncryption> columns = new ArrayList<>();
    if (!metadata.rowGroups().isEmpty()) {
      for (ColumnChunkMetadata chunk : metadata.rowGroup(0).columns()) {
        columns.add(column(chunk));
      }
    }
    return new EncryptionReport(name, footerAlgorithm == null, prefix,
        storedPrefix == null ? null : printable(storedPrefix), printable(footerKeyMetadata), List.copyOf(columns));
  }

  private static ColumnEncryption column(ColumnChunkMetadata chunk) {
    String path = chunk.column().dottedPath();
    ColumnCryptoMetaData crypto = chunk.columnChunk().cryptoMetadata();
    if (crypto == null) {
      return new ColumnEncryption(path, null, null);
    }
    if (crypto instanceof EncryptionWithFooterKey) {
      return new ColumnEncryption(path, "footer", null);
    }
    if (crypto instanceof EncryptionWithColumnKey columnKey) {
      return new ColumnEncryption(path, "column", printable(columnKey.keyMetadata()));
    }
    return new ColumnEncryption(path, "unknown(" + crypto.unionFieldId() + ")", null);
  }

  /**
   * {@code bytes} as escaped text when they are UTF-8 without control characters, else as {@code 0x} and hex;
   * null for null or empty.
   */
  static String printable(byte[] bytes) {
    if (bytes == null || bytes.length == 0) {
      return null;
    }
    String text = TextEscaper.decodeUtf8OrNull(bytes);
    if (text != null && text.codePoints().noneMatch(EncryptionReport::control)) {
      return text;
    }
    return "0x" + TextEscaper.hex(bytes, 0);
  }

  private static boolean control(int codePoint) {
    return Character.isISOControl(codePoint) || codePoint == '\u2028' || codePoint == '\u2029';
  }
}
