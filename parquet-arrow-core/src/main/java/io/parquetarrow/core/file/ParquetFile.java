package io.parquetarrow.core.file;

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
 * PAR1}. A trailing {@code PARE} marks an encrypted footer (Parquet Modular Encryption), which cannot be read
 * without the footer key.
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

  private ParquetFile(InputFile inputFile, ParquetMetadata metadata) {
    this.inputFile = inputFile;
    this.metadata = metadata;
  }

  /** Opens a local file and reads its footer; the caller closes the result. */
  public static ParquetFile open(Path path) throws IOException {
    LocalInputFile input = LocalInputFile.open(path);
    try {
      return new ParquetFile(input, readMetadata(input));
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
    return new ParquetFile(inputFile, readMetadata(inputFile));
  }

  /**
   * Reads, decodes and validates the footer of {@code input} without keeping the file open.
   *
   * @throws ParquetCorruptionException the file is too small, a magic is wrong, the footer length does not fit,
   *     the FileMetaData does not decode, or the metadata is inconsistent (see {@link ParquetMetadata})
   * @throws ParquetEncryptionException the footer is encrypted ({@code PARE})
   */
  public static ParquetMetadata readMetadata(InputFile input) throws IOException {
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
    if (Arrays.equals(trailingMagic, ENCRYPTED_MAGIC)) {
      throw new ParquetEncryptionException(name
          + ": encrypted footer (Parquet Modular Encryption, PARE); reading it needs the footer key");
    }
    if (!Arrays.equals(trailingMagic, MAGIC)) {
      throw ParquetCorruptionException.of("%s: trailing magic is %s (expected PAR1): not a Parquet file, or truncated",
          name, describeMagic(trailingMagic));
    }
    byte[] leadingMagic = tailStart == 0 ? slice(tail, 0, 4) : input.readFully(0, 4);
    if (!Arrays.equals(leadingMagic, MAGIC)) {
      throw ParquetCorruptionException.of("%s: leading magic is %s (expected PAR1)", name, describeMagic(leadingMagic));
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
    FileMetaData fileMetaData;
    try {
      fileMetaData = FileMetaData.decode(footerBytes, footerOffset, (int) footerLength);
    } catch (ParquetCorruptionException e) {
      throw e.withContext(name + ": FileMetaData at byte " + footerStart);
    } catch (RuntimeException e) {
      throw new ParquetCorruptionException(
          name + ": FileMetaData at byte " + footerStart + " does not decode: " + e, e);
    }
    return ParquetMetadata.of(fileMetaData, name, fileLength, footerStart);
  }

  /** The decoded footer. */
  public ParquetMetadata metadata() {
    return metadata;
  }

  /** Where the column chunks are read from. */
  public InputFile inputFile() {
    return inputFile;
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
