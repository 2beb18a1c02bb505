package io.parquetarrow.core.file;

import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.crypto.FileDecryptor;
import io.parquetarrow.core.crypto.ModuleCipher;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.FileCryptoMetaData;
import io.parquetarrow.format.FileMetaData;
import io.parquetarrow.thrift.CompactProtocolReader;

/**
 * The two footers of Parquet Modular Encryption (spec "5.3"), read by {@link ParquetFile}:
 *
 * <pre>
 * encrypted footer:  ... FileCryptoMetaData  footer module (length nonce ciphertext tag)  length  PARE
 * plaintext footer:  ... FileMetaData  nonce (12)  tag (16)  length  PAR1
 * </pre>
 *
 * The first is decrypted with the footer key; the second is read as usual and its signature (the GCM tag of the
 * footer under the footer key and the stored nonce) verified unless the caller turned that off.
 */
final class EncryptedFooters {
  /** A plaintext footer's signature: nonce and GCM tag. */
  static final int SIGNATURE_BYTES = ModuleCipher.NONCE_BYTES + ModuleCipher.TAG_BYTES;

  private EncryptedFooters() {}

  /** Decrypts a {@code PARE} footer of {@code length} bytes (crypto metadata and footer module). */
  static ParquetFile.Footer decrypt(byte[] bytes, int offset, int length, long footerStart, long fileLength,
      FileDecryptionProperties decryption, String name) throws ParquetException {
    CompactProtocolReader reader = new CompactProtocolReader(bytes, offset, length);
    FileCryptoMetaData crypto;
    try {
      crypto = FileCryptoMetaData.read(reader);
    } catch (ParquetCorruptionException e) {
      throw e.withContext(name + ": FileCryptoMetaData at byte " + footerStart);
    }
    int consumed = reader.bytesConsumed();
    FileDecryptor decryptor =
        FileDecryptor.create(decryption, crypto.encryptionAlgorithm(), crypto.keyMetadata(), true, name);
    byte[] plaintext = decryptor.decryptFooter(bytes, offset + consumed, length - consumed, footerStart + consumed);
    FileMetaData fileMetaData =
        ParquetFile.decodeFileMetaData(plaintext, 0, plaintext.length, footerStart + consumed, name);
    return new ParquetFile.Footer(ParquetMetadata.of(fileMetaData, name, fileLength, footerStart, decryptor),
        decryptor);
  }

  /**
   * The decryptor of a file with a plaintext footer of {@code length} bytes (signature included) whose
   * FileMetaData declares an encryption algorithm, after verifying the signature.
   */
  static FileDecryptor verifyPlaintext(FileMetaData fileMetaData, byte[] bytes, int offset, int length,
      long footerStart, FileDecryptionProperties decryption, String name) throws ParquetException {
    if (length <= SIGNATURE_BYTES) {
      throw ParquetCorruptionException.of("%s: footer of %d bytes at byte %d has no room for its %d-byte signature",
          name, length, footerStart, SIGNATURE_BYTES);
    }
    FileDecryptor decryptor = FileDecryptor.create(decryption, fileMetaData.encryptionAlgorithm(),
        fileMetaData.footerSigningKeyMetadata(), decryption.checkFooterSignature(), name);
    decryptor.verifyFooterSignature(bytes, offset, length - SIGNATURE_BYTES, footerStart);
    return decryptor;
  }
}
