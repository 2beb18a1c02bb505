package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnCryptoMetaData;
import io.parquetarrow.format.EncryptionAlgorithm;
import io.parquetarrow.format.FileCryptoMetaData;
import io.parquetarrow.format.FileMetaData;
import io.parquetarrow.format.RowGroup;
import io.parquetarrow.thrift.CompactProtocolReader;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Reads just enough of a file with an encrypted footer ("PARE") to check keys against it, independently of the
 * library's decryption: the plaintext {@code FileCryptoMetaData}, the footer decrypted with a given key (AES-GCM,
 * AAD = aad_prefix + aad_file_unique + module type 0), and each column's encrypted {@code ColumnMetaData} decrypted
 * with a given column key (AAD suffix: module type 1, row group ordinal, column ordinal, both 2-byte little endian).
 */
final class EncryptedFooterProbe {
  private static final byte FOOTER_MODULE = 0;
  private static final byte COLUMN_META_DATA_MODULE = 1;

  private final byte[] file;
  private final int footerStart;
  private final int footerLength;
  final FileCryptoMetaData cryptoMetaData;
  private final int encryptedFooterStart;

  /** A column chunk whose own key is referenced by key metadata. */
  record ColumnKeyReference(int rowGroup, int column, List<String> path, byte[] keyMetadata,
      byte[] encryptedColumnMetadata) {}

  EncryptedFooterProbe(byte[] file) throws ParquetException {
    this.file = file;
    String magic = new String(file, file.length - 4, 4, StandardCharsets.US_ASCII);
    if (!magic.equals("PARE")) {
      throw new IllegalArgumentException("not a file with an encrypted footer: magic " + magic);
    }
    footerLength = ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    footerStart = file.length - 8 - footerLength;
    CompactProtocolReader reader = new CompactProtocolReader(file, footerStart, footerLength);
    cryptoMetaData = FileCryptoMetaData.read(reader);
    encryptedFooterStart = footerStart + reader.bytesConsumed();
  }

  /** Decrypts the footer with {@code footerKey}; throws {@link GeneralSecurityException} when it does not fit. */
  FileMetaData decryptFooter(byte[] footerKey) throws GeneralSecurityException, ParquetException {
    int moduleLength = ByteBuffer.wrap(file, encryptedFooterStart, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    byte[] module = Arrays.copyOfRange(file, encryptedFooterStart + 4, encryptedFooterStart + 4 + moduleLength);
    byte[] plaintext = decrypt(footerKey, module, aad(FOOTER_MODULE, -1, -1));
    return FileMetaData.decode(plaintext, 0, plaintext.length);
  }

  /** Every column chunk encrypted with its own key. */
  static List<ColumnKeyReference> columnKeyReferences(FileMetaData footer) {
    List<ColumnKeyReference> references = new ArrayList<>();
    for (int rowGroup = 0; rowGroup < footer.rowGroups().size(); rowGroup++) {
      RowGroup group = footer.rowGroups().get(rowGroup);
      for (int column = 0; column < group.columns().size(); column++) {
        ColumnChunk chunk = group.columns().get(column);
        if (chunk.cryptoMetadata() instanceof ColumnCryptoMetaData.EncryptionWithColumnKey withColumnKey) {
          references.add(new ColumnKeyReference(rowGroup, column, withColumnKey.pathInSchema(),
              withColumnKey.keyMetadata(), chunk.encryptedColumnMetadata()));
        }
      }
    }
    return references;
  }

  /** Decrypts a column's encrypted ColumnMetaData with its key, returning the Thrift plaintext. */
  byte[] decryptColumnMetaData(ColumnKeyReference reference, byte[] columnKey) throws GeneralSecurityException {
    byte[] module = reference.encryptedColumnMetadata();
    int declared = ByteBuffer.wrap(module, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    if (declared == module.length - 4) {
      module = Arrays.copyOfRange(module, 4, module.length);
    }
    return decrypt(columnKey, module, aad(COLUMN_META_DATA_MODULE, reference.rowGroup(), reference.column()));
  }

  private byte[] aad(byte moduleType, int rowGroup, int column) {
    EncryptionAlgorithm algorithm = cryptoMetaData.encryptionAlgorithm();
    byte[] prefix;
    byte[] fileUnique;
    if (algorithm instanceof EncryptionAlgorithm.AesGcmV1 gcm) {
      prefix = gcm.aadPrefix();
      fileUnique = gcm.aadFileUnique();
    } else if (algorithm instanceof EncryptionAlgorithm.AesGcmCtrV1 ctr) {
      prefix = ctr.aadPrefix();
      fileUnique = ctr.aadFileUnique();
    } else {
      throw new IllegalStateException("unknown algorithm " + algorithm);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (prefix != null) {
      out.writeBytes(prefix);
    }
    out.writeBytes(fileUnique);
    out.write(moduleType);
    if (rowGroup >= 0) {
      out.write(rowGroup & 0xFF);
      out.write(rowGroup >>> 8);
      out.write(column & 0xFF);
      out.write(column >>> 8);
    }
    return out.toByteArray();
  }

  private static byte[] decrypt(byte[] key, byte[] nonceCiphertextTag, byte[] aad) throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"),
        new GCMParameterSpec(128, nonceCiphertextTag, 0, 12));
    cipher.updateAAD(aad);
    return cipher.doFinal(nonceCiphertextTag, 12, nonceCiphertextTag.length - 12);
  }
}
