package io.parquetarrow.core.page;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.PageHeader;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Verifies a page's CRC-32 (0005) over its stored body, when the header has one and the reader verifies: in one
 * piece, or as the part read into a vector followed by the rest in the heap window.
 */
final class PageChecksum {
  private final boolean enabled;
  private final ChunkLocation location;
  private final CRC32 crc = new CRC32();

  PageChecksum(boolean enabled, ChunkLocation location) {
    this.enabled = enabled;
    this.location = location;
  }

  /** Whether {@code header}'s page is verified: it has a CRC and the reader verifies. */
  boolean applies(PageHeader header) {
    return enabled && header.crc() != null;
  }

  /** Verifies the body {@code data[offset, + length)} of the page at {@code headerOffset}, if it {@link #applies}. */
  void verify(PageHeader header, byte[] data, int offset, int length, long headerOffset)
      throws ParquetCorruptionException {
    if (applies(header)) {
      crc.reset();
      crc.update(data, offset, length);
      check(header.crc(), length, headerOffset);
    }
  }

  /** Verifies a body whose first part is {@code first} (its remaining bytes) and its rest {@code rest[offset, + length)}. */
  void verify(PageHeader header, ByteBuffer first, byte[] rest, int restOffset, int restLength, int bodyLength,
      long headerOffset) throws ParquetCorruptionException {
    if (applies(header)) {
      crc.reset();
      crc.update(first);
      crc.update(rest, restOffset, restLength);
      check(header.crc(), bodyLength, headerOffset);
    }
  }

  private void check(int expected, int bodyLength, long headerOffset) throws ParquetCorruptionException {
    int actual = (int) crc.getValue();
    if (actual != expected) {
      throw new ParquetCorruptionException(String.format(
          "%s: page checksum mismatch: header crc is 0x%08x but the %d page bytes have CRC-32 0x%08x (read with"
              + " verifyChecksums(false) to ignore)",
          location.describe(headerOffset), expected, bodyLength, actual));
    }
  }
}
