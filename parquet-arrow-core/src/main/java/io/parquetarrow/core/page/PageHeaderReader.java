package io.parquetarrow.core.page;

import io.parquetarrow.core.crypto.ModuleCipher;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.ThriftTruncatedException;
import java.io.EOFException;
import java.io.IOException;

/**
 * The part of {@link PageReader} that reads a page header from the chunk's bytes: a plaintext header from a prefix
 * of the bytes that remain (retried with a longer prefix when the header is longer), an encrypted one as a module
 * ({@code length nonce ciphertext tag}) decrypted by {@link EncryptedPages}. With a {@link PagePlan} the prefix
 * stops at the end of the planned range, so reading a header never fetches bytes of a page left out. Also the
 * one place the chunk's bytes are made available with a message naming the page when the file ends early.
 */
final class PageHeaderReader {
  private static final int FIRST_HEADER_PREFIX = 1024;
  /**
   * The first prefix fetched for a header that follows a page read into a {@link ValueDestination}: the next
   * body most likely goes there too, so fetching {@link ColumnChunkBytes#NEAR_FETCH} bytes would read its first
   * kilobytes twice (through the heap and into the vector). Usual headers are 20–100 bytes; a longer one is
   * fetched again with a longer prefix.
   */
  static final int HEADER_AFTER_DESTINATION_PREFIX = 256;

  private final ColumnChunkBytes bytes;
  /** Decrypts an encrypted chunk's headers; null for a plaintext chunk. */
  private final EncryptedPages encrypted;
  private final ChunkLocation location;
  /** The bytes the last header took in the chunk. */
  private int consumed;

  PageHeaderReader(ColumnChunkBytes bytes, EncryptedPages encrypted, ChunkLocation location) {
    this.bytes = bytes;
    this.encrypted = encrypted;
    this.location = location;
  }

  /** The chunk bytes the header last {@link #read} took. */
  int consumed() {
    return consumed;
  }

  /**
   * Reads the header at chunk position {@code position} ({@code headerOffset} in the file).
   *
   * @param near fetch only what the header needs ({@link ColumnChunkBytes#ensureNear}), not the rest of the chunk
   * @param small start with the short prefix: the previous page's body went into a destination
   */
  PageHeader read(long position, long headerOffset, boolean near, boolean small) throws IOException {
    if (encrypted != null) {
      return readEncrypted(position, headerOffset);
    }
    long remaining = bytes.readableEnd(position) - position;
    int prefix = (int) Math.min(remaining, small ? HEADER_AFTER_DESTINATION_PREFIX : FIRST_HEADER_PREFIX);
    while (true) {
      int offset = !near ? ensure(position, prefix, headerOffset)
          : small ? ensureNear(position, prefix, prefix, headerOffset) : ensureNear(position, prefix, headerOffset);
      CompactProtocolReader reader = new CompactProtocolReader(bytes.window(), offset, prefix);
      try {
        PageHeader header = PageHeader.read(reader);
        consumed = reader.bytesConsumed();
        return header;
      } catch (ThriftTruncatedException e) {
        if (prefix >= remaining) {
          throw new ParquetCorruptionException(
              location.describe(headerOffset) + ": page header runs past the end of the "
                  + (remaining < bytes.length() - position ? "page as the offset index gives it" : "column chunk")
                  + " ("
                  + remaining + " bytes remain): " + e.getMessage(), e);
        }
        prefix = (int) Math.min(remaining, prefix * 8L);
      } catch (ParquetCorruptionException e) {
        throw new ParquetCorruptionException(
            location.describe(headerOffset) + ": invalid page header: " + e.getMessage(), e);
      }
    }
  }

  /** Reads the framing of an encrypted page header module and decrypts it. */
  private PageHeader readEncrypted(long position, long headerOffset) throws IOException {
    long remaining = bytes.length() - position;
    check(remaining >= ModuleCipher.LENGTH_BYTES, headerOffset,
        "encrypted page header's length runs past the end of the column chunk (%d bytes remain)", remaining);
    int offset = ensure(position, ModuleCipher.LENGTH_BYTES, headerOffset);
    long stored = ModuleCipher.storedLength(bytes.window(), offset);
    check(stored <= remaining - ModuleCipher.LENGTH_BYTES, headerOffset,
        "encrypted page header of %d bytes runs past the end of the column chunk (%d bytes remain)", stored,
        remaining - ModuleCipher.LENGTH_BYTES);
    int moduleLength = (int) stored + ModuleCipher.LENGTH_BYTES;
    offset = ensure(position, moduleLength, headerOffset);
    PageHeader header = encrypted.header(bytes.window(), offset, moduleLength, headerOffset);
    consumed = moduleLength;
    return header;
  }

  /** {@link ColumnChunkBytes#ensure}, an early end of file reported for the page at {@code headerOffset}. */
  int ensure(long at, int length, long headerOffset) throws IOException {
    try {
      return bytes.ensure(at, length);
    } catch (EOFException e) {
      throw endOfFile(headerOffset, e);
    }
  }

  int ensureNear(long at, int length, long headerOffset) throws IOException {
    return ensureNear(at, length, ColumnChunkBytes.NEAR_FETCH, headerOffset);
  }

  int ensureNear(long at, int length, int least, long headerOffset) throws IOException {
    try {
      return bytes.ensureNear(at, length, least);
    } catch (EOFException e) {
      throw endOfFile(headerOffset, e);
    }
  }

  private ParquetCorruptionException endOfFile(long headerOffset, EOFException e) {
    return new ParquetCorruptionException(
        location.describe(headerOffset) + ": file ends inside the column chunk: " + e.getMessage(), e);
  }

  private void check(boolean condition, long headerOffset, String format, Object... args)
      throws ParquetCorruptionException {
    if (!condition) {
      throw new ParquetCorruptionException(location.describe(headerOffset) + ": " + String.format(format, args));
    }
  }
}
