package io.parquetarrow.core.file;

import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.crypto.FileDecryptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.FileMetaData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * An open Parquet file: its {@link InputFile} and its decoded, validated footer. The entry point of the read path;
 * row group and page readers start from {@link #metadata()} and read column chunks through {@link #inputFile()}.
 *
 * <p>Opening reads the file's tail speculatively ({@value #SPECULATIVE_FOOTER_READ} bytes, or the whole file when
 * smaller) in one read, like Arrow C++, so that most footers cost a single I/O; a larger footer costs one more.
 * Layout (spec, "File Format"): {@code PAR1 <column chunks> <FileMetaData> <4-byte little-endian footer length>
 * PAR1}. A trailing {@code PARE} marks an encrypted footer (Parquet Modular Encryption), which is read with the
 * {@link FileDecryptionProperties} given to {@link #open(Path, FileDecryptionProperties)} (see
 * {@link EncryptedFooters}); so is a plaintext footer's signature verified and encrypted column metadata
 * decrypted. {@link #decryptor()} then decrypts the encrypted column chunks.
 *
 * <p>Thread-safe once open: the metadata is immutable and reads go to the {@link InputFile}, so several readers
 * may share one file when its input allows concurrent {@link InputFile#readFully} calls (both implementations
 * here do). {@link #close()} closes the input: call it once no reader reads any more.
 */
public final class ParquetFile implements AutoCloseable {
  /** How many trailing bytes the first read fetches. */
  public static final int SPECULATIVE_FOOTER_READ = 64 * 1024;

  static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  static final byte[] ENCRYPTED_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);
  /** Leading magic + footer length + trailing magic. */
  static final int MINIMUM_FILE_LENGTH = 12;

  private final InputFile inputFile;
  private final ParquetMetadata metadata;
  private final FileDecryptor decryptor;

  private ParquetFile(InputFile inputFile, Footer footer) {
    this.inputFile = inputFile;
    this.metadata = footer.metadata();
    this.decryptor = footer.decryptor();
  }

  /** A decoded footer and, for an encrypted file opened with keys, its decryptor (else null). */
  record Footer(ParquetMetadata metadata, FileDecryptor decryptor) {}

  /** Opens a local file and reads its footer; the caller closes the result. */
  public static ParquetFile open(Path path) throws IOException {
    return open(path, null);
  }

  /**
   * Opens a local file, encrypted or not, and reads its footer; the caller closes the result.
   *
   * @param decryption keys for a file written with Parquet Modular Encryption, or null
   */
  public static ParquetFile open(Path path, FileDecryptionProperties decryption) throws IOException {
    LocalInputFile input = LocalInputFile.open(path);
    try {
      return new ParquetFile(input, readFooter(input, decryption));
    } catch (IOException | RuntimeException e) {
      input.close();
      throw e;
    }
  }

  /**
   * Reads the footer of {@code inputFile}. Closing the result closes {@code inputFile} too; when opening fails,
   * {@code inputFile} is left open for the caller to close.
   */
  public static ParquetFile open(InputFile inputFile) throws IOException {
    return open(inputFile, null);
  }

  /**
   * As {@link #open(InputFile)}, with keys for a file written with Parquet Modular Encryption (or null).
   */
  public static ParquetFile open(InputFile inputFile, FileDecryptionProperties decryption) throws IOException {
    return new ParquetFile(inputFile, readFooter(inputFile, decryption));
  }

  /**
   * Reads, decodes and validates the footer of {@code input} without keeping the file open.
   *
   * @throws ParquetCorruptionException the file is too small, a magic is wrong, the footer length does not fit,
   *     the FileMetaData does not decode, or the metadata is inconsistent (see {@link ParquetMetadata})
   * @throws ParquetEncryptionException the footer is encrypted ({@code PARE})
   */
  public static ParquetMetadata readMetadata(InputFile input) throws IOException {
    return readFooter(input, null).metadata();
  }

  /**
   * As {@link #readMetadata(InputFile)}, decrypting an encrypted footer and column metadata with
   * {@code decryption} (may be null).
   *
   * @throws ParquetEncryptionException the footer is encrypted and {@code decryption} is null, a key is wrong
   *     or missing, or a plaintext footer does not match its signature
   */
  public static ParquetMetadata readMetadata(InputFile input, FileDecryptionProperties decryption)
      throws IOException {
    return readFooter(input, decryption).metadata();
  }

  private static Footer readFooter(InputFile input, FileDecryptionProperties decryption) throws IOException {
    String name = input.name();
    long fileLength = input.length();
    if (fileLength < MINIMUM_FILE_LENGTH) {
      throw ParquetCorruptionException.of(
          "%s: file is %d bytes, too small for Parquet (expected at least %d: magic, footer length, magic)",
          name, fileLength, MINIMUM_FILE_LENGTH);
    }
    int tailLength = (int) Math.min(fileLength, SPECULATIVE_FOOTER_READ);
    long tailStart = fileLength - tailLength;
    byte[] tail = input.readFully(tailStart, tailLength);

    byte[] trailingMagic = slice(tail, tailLength - 4, 4);
    boolean encryptedFooter = Arrays.equals(trailingMagic, ENCRYPTED_MAGIC);
    if (encryptedFooter && decryption == null) {
      throw new ParquetEncryptionException(name + ": encrypted footer (Parquet Modular Encryption, PARE); reading it"
          + " needs the footer key (ReadOptions.Builder.decryption)");
    }
    if (!encryptedFooter && !Arrays.equals(trailingMagic, MAGIC)) {
      throw ParquetCorruptionException.of("%s: trailing magic is %s (expected PAR1): not a Parquet file, or truncated",
          name, describeMagic(trailingMagic));
    }
    byte[] leadingMagic = tailStart == 0 ? slice(tail, 0, 4) : input.readFully(0, 4);
    if (!Arrays.equals(leadingMagic, trailingMagic)) {
      throw ParquetCorruptionException.of("%s: leading magic is %s (expected %s)", name, describeMagic(leadingMagic),
          new String(trailingMagic, StandardCharsets.US_ASCII));
    }

    long footerLength = ByteBuffer.wrap(tail, tailLength - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
    long maximumFooterLength = fileLength - MINIMUM_FILE_LENGTH;
    if (footerLength == 0 || footerLength > maximumFooterLength) {
      throw ParquetCorruptionException.of(
          "%s: footer length is %d (expected 1..%d: the file is %d bytes, of which 12 are magic and length)",
          name, footerLength, maximumFooterLength, fileLength);
    }
    long footerStart = fileLength - 8 - footerLength;
    byte[] footerBytes;
    int footerOffset;
    if (footerStart >= tailStart) {
      footerBytes = tail;
      footerOffset = (int) (footerStart - tailStart);
    } else {
      // The footer is larger than the speculative read: fetch it whole (its length is checked against the file
      // above, so this allocation is bounded by the file's size).
      footerBytes = input.readFully(footerStart, (int) footerLength);
      footerOffset = 0;
    }
    if (encryptedFooter) {
      return EncryptedFooters.decrypt(footerBytes, footerOffset, (int) footerLength, footerStart, fileLength,
          decryption, name);
    }
    FileMetaData fileMetaData = decodeFileMetaData(footerBytes, footerOffset, (int) footerLength, footerStart, name);
    FileDecryptor decryptor = null;
    if (fileMetaData.encryptionAlgorithm() != null && decryption != null) {
      decryptor = EncryptedFooters.verifyPlaintext(fileMetaData, footerBytes, footerOffset, (int) footerLength,
          footerStart, decryption, name);
    }
    return new Footer(ParquetMetadata.of(fileMetaData, name, fileLength, footerStart, decryptor), decryptor);
  }

  /** Decodes a FileMetaData, naming the file and offset when it does not decode. */
  static FileMetaData decodeFileMetaData(byte[] bytes, int offset, int length, long fileOffset, String name)
      throws ParquetCorruptionException {
    try {
      return FileMetaData.decode(bytes, offset, length);
    } catch (ParquetCorruptionException e) {
      throw e.withContext(name + ": FileMetaData at byte " + fileOffset);
    } catch (RuntimeException e) {
      throw new ParquetCorruptionException(
          name + ": FileMetaData at byte " + fileOffset + " does not decode: " + e, e);
    }
  }

  /** The decoded footer. */
  public ParquetMetadata metadata() {
    return metadata;
  }

  /** Where the column chunks are read from. */
  public InputFile inputFile() {
    return inputFile;
  }

  /**
   * The decryptor of an encrypted file opened with {@link FileDecryptionProperties}, or null (a plaintext file, or
   * an encrypted one with a plaintext footer opened without keys, whose encrypted columns then cannot be read).
   */
  public FileDecryptor decryptor() {
    return decryptor;
  }

  /** The name used in error messages. */
  public String name() {
    return inputFile.name();
  }

  @Override
  public void close() throws IOException {
    inputFile.close();
  }

  private static byte[] slice(byte[] bytes, int offset, int length) {
    return Arrays.copyOfRange(bytes, offset, offset + length);
  }

  private static String describeMagic(byte[] magic) {
    StringBuilder out = new StringBuilder("0x");
    for (byte b : magic) {
      out.append(String.format("%02x", b & 0xFF));
    }
    boolean printable = true;
    for (byte b : magic) {
      printable &= b >= 0x20 && b < 0x7F;
    }
    if (printable) {
      out.append(" (\"").append(new String(magic, StandardCharsets.US_ASCII)).append("\")");
    }
    return out.toString();
  }
}
