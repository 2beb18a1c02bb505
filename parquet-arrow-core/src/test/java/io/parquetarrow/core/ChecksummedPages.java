package io.parquetarrow.core;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.PageHeader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the page bodies protected by a CRC lie in a small file whose column chunks follow each other from byte 4
 * to the footer (as in the parquet-testing checksum files): walks the page headers one after another. A damaged
 * byte inside such a body must be caught when checksums are verified, since CRC-32 detects every single-bit
 * error, so a test can tell damage that legitimately changes a value from damage that must be rejected.
 */
final class ChecksummedPages {
  /** The bytes {@code [start, end)} of one page body, and whether its header carries a CRC. */
  record Body(long start, long end, boolean checksummed) {
    boolean contains(long position) {
      return position >= start && position < end;
    }
  }

  private ChecksummedPages() {}

  /**
   * The page bodies of {@code file} in file order, walked from byte 4 until the bytes no longer decode as a page
   * header (a page index written before the footer ends the walk).
   */
  static List<Body> bodies(byte[] file) {
    int footerLength = ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int footerStart = file.length - 8 - footerLength;
    List<Body> bodies = new ArrayList<>();
    int position = 4;
    try {
      while (position < footerStart) {
        PageHeader.Decoded decoded = PageHeader.decodePrefix(file, position, footerStart - position);
        int start = position + decoded.headerLength();
        int end = start + decoded.header().compressedPageSize();
        if (end > footerStart || end <= start) {
          break;
        }
        bodies.add(new Body(start, end, decoded.header().crc() != null));
        position = end;
      }
    } catch (ParquetCorruptionException | RuntimeException endOfPages) {
      // Past the last column chunk: a page index (or other bytes that are no page header) before the footer.
    }
    return bodies;
  }

  /** True when every position lies in a checksummed page body (no position: false). */
  static boolean allChecksummed(List<Body> bodies, long[] positions) {
    if (positions.length == 0) {
      return false;
    }
    for (long position : positions) {
      if (bodies.stream().noneMatch(body -> body.checksummed() && body.contains(position))) {
        return false;
      }
    }
    return true;
  }
}
