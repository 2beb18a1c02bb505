package io.parquetarrow.core.crypto;

import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnCryptoMetaData;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.EncryptionAlgorithm;
import io.parquetarrow.format.FileCryptoMetaData;
import io.parquetarrow.format.FileMetaData;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.crypto.spec.SecretKeySpec;

/**
 * The encryption state of one file being written, made from the caller's {@link FileEncryptionProperties} and the
 * schema's leaf columns when the writer opens: the algorithm with a fresh 8-byte {@code aad_file_unique}, the file
 * AAD, one {@link SecureRandom} for every nonce of the file, and a {@link ColumnEncryptor} per encrypted column
 * (null for a plaintext one). At the end it gives each column chunk its crypto metadata ({@link #encryptChunk}) and
 * encrypts the footer ({@link #encryptFooter}) or signs a plaintext one ({@link #signFooter}).
 *
 * <p>Column metadata follows parquet-java and Arrow C++: a column with its own key has its {@code ColumnMetaData}
 * encrypted with that key into {@code encrypted_column_metadata}; with an encrypted footer the plaintext copy is
 * dropped, with a plaintext footer a copy stays without statistics, page encoding statistics, size statistics and
 * geospatial statistics. Under a plaintext footer, columns encrypted with the footer key are treated the same way
 * (their metadata encrypted with the footer key), so a plaintext footer never shows an encrypted column's values.
 */
public final class FileEncryptor {
  private static final int FILE_UNIQUE_BYTES = 8;

  private final FileEncryptionProperties properties;
  private final SecureRandom random = new SecureRandom();
  private final EncryptionAlgorithm algorithm;
  private final byte[] fileAad;
  private final SecretKeySpec footerKey;
  private final List<ColumnEncryptor> columns = new ArrayList<>();

  private FileEncryptor(FileEncryptionProperties properties, List<String> leafPaths) {
    this.properties = properties;
    byte[] fileUnique = new byte[FILE_UNIQUE_BYTES];
    random.nextBytes(fileUnique);
    byte[] prefix = properties.aadPrefix();
    byte[] storedPrefix = prefix != null && properties.storeAadPrefix() ? prefix : null;
    Boolean supplyPrefix = prefix != null && !properties.storeAadPrefix() ? Boolean.TRUE : null;
    boolean ctrPages = properties.algorithm() == ParquetCipher.AES_GCM_CTR_V1;
    this.algorithm = ctrPages ? new EncryptionAlgorithm.AesGcmCtrV1(storedPrefix, fileUnique, supplyPrefix)
        : new EncryptionAlgorithm.AesGcmV1(storedPrefix, fileUnique, supplyPrefix);
    this.fileAad = Aad.file(prefix, fileUnique);
    this.footerKey = ModuleCipher.aesKey(properties.footerKey());
    for (int ordinal = 0; ordinal < leafPaths.size(); ordinal++) {
      String path = leafPaths.get(ordinal);
      FileEncryptionProperties.ColumnKey own = properties.columnKey(path);
      if (own != null) {
        List<String> pathInSchema = List.of(path.split("\\.", -1));
        columns.add(new ColumnEncryptor(ModuleCipher.aesKey(own.key()), ctrPages, fileAad, ordinal, path,
            new ColumnCryptoMetaData.EncryptionWithColumnKey(pathInSchema, own.keyMetadata()), random));
      } else if (properties.uniformEncryption()) {
        columns.add(new ColumnEncryptor(footerKey, ctrPages, fileAad, ordinal, path,
            new ColumnCryptoMetaData.EncryptionWithFooterKey(), random));
      } else {
        columns.add(null);
      }
    }
  }

  /**
   * The encryptor of a file whose leaf columns, in schema order, are {@code leafPaths} (dotted).
   *
   * @throws IllegalArgumentException a column key names no leaf column
   */
  public static FileEncryptor create(FileEncryptionProperties properties, List<String> leafPaths) {
    Set<String> leaves = new LinkedHashSet<>(leafPaths);
    for (String path : properties.columnKeyPaths()) {
      if (!leaves.contains(path)) {
        throw new IllegalArgumentException("encryption names column '" + path
            + "', which is not a leaf column of the schema; its leaf columns are " + leaves);
      }
    }
    return new FileEncryptor(properties, leafPaths);
  }

  /** The encryptor of the leaf column at {@code columnOrdinal}, or null when it stays plaintext. */
  public ColumnEncryptor columnEncryptor(int columnOrdinal) {
    return columns.get(columnOrdinal);
  }

  /** Whether the footer stays plaintext ({@code PAR1}, signed) rather than encrypted ({@code PARE}). */
  public boolean plaintextFooter() {
    return properties.plaintextFooter();
  }

  /**
   * The chunk as the footer stores it: with its {@code crypto_metadata} and, when its metadata is encrypted
   * separately (see the class comment), {@code encrypted_column_metadata} and the plaintext copy dropped or
   * redacted. A plaintext column's chunk is returned as it is.
   */
  public ColumnChunk encryptChunk(ColumnChunk chunk, int rowGroupOrdinal, int columnOrdinal) {
    ColumnEncryptor column = columns.get(columnOrdinal);
    if (column == null) {
      return chunk;
    }
    boolean separateMetadata = column.columnKey() || properties.plaintextFooter();
    if (!separateMetadata) {
      return withCrypto(chunk, chunk.metaData(), column.cryptoMetaData(), null);
    }
    byte[] encrypted = column.encryptModule(ModuleType.COLUMN_META_DATA, chunk.metaData().encode(),
        rowGroupOrdinal);
    ColumnMetaData visible = properties.plaintextFooter() ? redacted(chunk.metaData()) : null;
    return withCrypto(chunk, visible, column.cryptoMetaData(), encrypted);
  }

  private static ColumnChunk withCrypto(ColumnChunk chunk, ColumnMetaData metaData, ColumnCryptoMetaData crypto,
      byte[] encryptedMetaData) {
    return new ColumnChunk(chunk.filePath(), chunk.fileOffset(), metaData, chunk.offsetIndexOffset(),
        chunk.offsetIndexLength(), chunk.columnIndexOffset(), chunk.columnIndexLength(), crypto, encryptedMetaData);
  }

  /** What a reader without the column's key may see: sizes, offsets and encodings, no statistics of values. */
  private static ColumnMetaData redacted(ColumnMetaData metaData) {
    return new ColumnMetaData(metaData.type(), metaData.encodings(), metaData.pathInSchema(), metaData.codec(),
        metaData.numValues(), metaData.totalUncompressedSize(), metaData.totalCompressedSize(),
        metaData.keyValueMetadata(), metaData.dataPageOffset(), metaData.indexPageOffset(),
        metaData.dictionaryPageOffset(), null, null, metaData.bloomFilterOffset(), metaData.bloomFilterLength(),
        null, null);
  }

  /**
   * The footer as a plaintext-footer file stores it: with {@code encryption_algorithm} and the signing key's
   * metadata, which readers need to check the signature.
   */
  public FileMetaData plaintextFooter(FileMetaData footer) {
    return new FileMetaData(footer.version(), footer.schema(), footer.numRows(), footer.rowGroups(),
        footer.keyValueMetadata(), footer.createdBy(), footer.columnOrders(), algorithm,
        properties.footerKeyMetadata());
  }

  /**
   * What follows the last module of an encrypted-footer file, before the footer length and {@code PARE}: the
   * {@code FileCryptoMetaData} and then the serialized {@code FileMetaData} encrypted with the footer key.
   */
  public byte[] encryptFooter(byte[] fileMetaData) {
    byte[] cryptoMetaData = new FileCryptoMetaData(algorithm, properties.footerKeyMetadata()).encode();
    byte[] encrypted;
    try {
      encrypted = ModuleCiphers.current().gcm().encrypt(footerKey, fileMetaData, 0, fileMetaData.length,
          Aad.footer(fileAad), nonce());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK cannot encrypt the footer: " + e.getMessage(), e);
    }
    byte[] tail = new byte[cryptoMetaData.length + encrypted.length];
    System.arraycopy(cryptoMetaData, 0, tail, 0, cryptoMetaData.length);
    System.arraycopy(encrypted, 0, tail, cryptoMetaData.length, encrypted.length);
    return tail;
  }

  /**
   * A plaintext footer's signature, written right after it: a fresh nonce and the GCM tag of the serialized footer
   * encrypted with that nonce, the footer key and the footer AAD (28 bytes).
   */
  public byte[] signFooter(byte[] fileMetaData) {
    byte[] nonce = nonce();
    byte[] tag;
    try {
      tag = ModuleCiphers.current().gcm().tag(footerKey, fileMetaData, 0, fileMetaData.length, Aad.footer(fileAad),
          nonce);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK cannot sign the footer: " + e.getMessage(), e);
    }
    byte[] signature = new byte[nonce.length + tag.length];
    System.arraycopy(nonce, 0, signature, 0, nonce.length);
    System.arraycopy(tag, 0, signature, nonce.length, tag.length);
    return signature;
  }

  private byte[] nonce() {
    byte[] nonce = new byte[ModuleCipher.NONCE_BYTES];
    random.nextBytes(nonce);
    return nonce;
  }

  @Override
  public String toString() {
    return "FileEncryptor[" + properties + "]";
  }
}
