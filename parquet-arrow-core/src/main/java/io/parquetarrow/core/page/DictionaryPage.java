package io.parquetarrow.core.page;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.Encoding;

/**
 * A column chunk's dictionary page: {@code valueCount} entries in {@code encoding} (PLAIN, or the deprecated
 * PLAIN_DICTIONARY meaning PLAIN), {@link #length()} bytes once uncompressed. Its body is decompressed only when its
 * {@link #entries} are asked for, so a reader that meets no dictionary-encoded data page in the chunk (its
 * dictionary fell back to PLAIN before the rows read, or the rows were skipped) never pays for it
 * (docs/decisions/0058-dictionary-pages-decompressed-on-first-use.md).
 *
 * <p>The body lies in the page reader's window, valid until its next {@link PageReader#nextPage()}; {@link #keep}
 * moves it into an array of the caller's for a later {@link #entries}, which must come before the page reader is
 * closed (it decompresses with the reader's codec).
 */
public final class DictionaryPage implements Page {
  private final int valueCount;
  private final Encoding encoding;
  private final long fileOffset;
  private final int length;
  /** Decompresses the body; null when the body is the entries as they are. */
  private final PageDecompressor decompression;
  private byte[] body;
  private int bodyOffset;
  private final int bodyLength;

  /** The entries' bytes {@code data[offset, offset + length)}. */
  public record Entries(byte[] data, int offset, int length) {}

  /** An uncompressed dictionary page whose entries are {@code data[offset, offset + length)}. */
  public DictionaryPage(int valueCount, Encoding encoding, byte[] data, int offset, int length, long fileOffset) {
    this(valueCount, encoding, data, offset, length, length, null, fileOffset);
  }

  DictionaryPage(int valueCount, Encoding encoding, byte[] body, int bodyOffset, int bodyLength, int length,
      PageDecompressor decompression, long fileOffset) {
    this.valueCount = valueCount;
    this.encoding = encoding;
    this.body = body;
    this.bodyOffset = bodyOffset;
    this.bodyLength = bodyLength;
    this.length = length;
    this.decompression = decompression;
    this.fileOffset = fileOffset;
  }

  public int valueCount() {
    return valueCount;
  }

  public Encoding encoding() {
    return encoding;
  }

  /** Where the page's header starts in the file. */
  public long fileOffset() {
    return fileOffset;
  }

  /** Whether the body is compressed, so that {@link #entries} decompresses it. */
  public boolean compressed() {
    return decompression != null;
  }

  /** The bytes of the entries, uncompressed. */
  public int length() {
    return length;
  }

  /**
   * Copies the body (compressed, as read) into {@code into}, or into a larger array from {@link ScratchArrays}
   * when it is too short, and returns that array, which the page then reads from.
   */
  public byte[] keep(byte[] into) {
    byte[] kept = into.length >= bodyLength ? into : ScratchArrays.replace(into, bodyLength);
    System.arraycopy(body, bodyOffset, kept, 0, bodyLength);
    body = kept;
    bodyOffset = 0;
    return kept;
  }

  /**
   * The entries: the body itself when it is not compressed, else the body decompressed into {@code scratch} or
   * into a larger array from {@link ScratchArrays} when that is too short (the caller keeps {@link Entries#data()}
   * as its scratch from then on).
   *
   * @throws ParquetCorruptionException when the body does not decompress to {@link #length()} bytes
   */
  public Entries entries(byte[] scratch) throws ParquetCorruptionException {
    if (decompression == null) {
      return new Entries(body, bodyOffset, length);
    }
    byte[] data = decompression.decompressToArray(body, bodyOffset, bodyLength, scratch, length, fileOffset);
    return new Entries(data, 0, length);
  }

  /**
   * The first {@code prefixLength} bytes of the entries at least, like {@link #entries(byte[])}: a compressed body
   * is decompressed only as far as its codec can stop early ({@code Decompressor.decompressPrefix}), so a reader
   * that needs the first entries of a large dictionary does not pay for the others. The entries returned hold
   * {@code prefixLength} bytes or more; only those are checked.
   */
  public Entries entries(byte[] scratch, int prefixLength) throws ParquetCorruptionException {
    if (decompression == null) {
      return new Entries(body, bodyOffset, length);
    }
    return decompression.decompressPrefix(body, bodyOffset, bodyLength, scratch, length,
        Math.min(prefixLength, length), fileOffset);
  }
}
