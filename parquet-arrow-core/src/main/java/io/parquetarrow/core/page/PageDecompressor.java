package io.parquetarrow.core.page;

import io.parquetarrow.core.codec.Decompressor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.PageHeader;
import java.nio.ByteBuffer;

/**
 * The decompression step of the page layer for one column chunk: checks a page's claimed uncompressed size
 * before anything is allocated for it, and decompresses a body into a scratch array reused from page to page
 * (and, through {@link ScratchArrays}, from reader to reader) or into a caller's buffer. Owns the chunk's
 * {@link Decompressor}.
 */
final class PageDecompressor {
  /** The least bound {@link #limitToChunk} sets: 1 MiB. */
  static final long CHUNK_LIMIT_FLOOR = 1 << 20;

  private final Decompressor decompressor;
  private final CompressionCodec codec;
  private final ChunkLocation location;
  private final long heapPageLimit;
  /** The largest uncompressed page the chunk's own sizes allow (see {@link #limitToChunk}). */
  private long chunkPageLimit = Long.MAX_VALUE;
  private long chunkUncompressedSize = -1;
  private byte[] scratch = new byte[0];

  PageDecompressor(Decompressor decompressor, CompressionCodec codec, ChunkLocation location, long heapPageLimit) {
    this.decompressor = decompressor;
    this.codec = codec;
    this.location = location;
    this.heapPageLimit = heapPageLimit;
  }

  /**
   * Bounds every page's uncompressed_page_size by the chunk's total_uncompressed_size (which counts every page
   * and header of the chunk), but never below {@link #CHUNK_LIMIT_FLOOR}: a page cannot be larger than its chunk,
   * and the floor keeps small chunks readable from writers that miscount their headers.
   */
  void limitToChunk(long totalUncompressedSize) {
    chunkUncompressedSize = totalUncompressedSize;
    chunkPageLimit = Math.max(totalUncompressedSize, CHUNK_LIMIT_FLOOR);
  }

  /** Whether the chunk is compressed at all (else bodies are handed out in place). */
  boolean compressed() {
    return decompressor != null;
  }

  int uncompressedLength(PageHeader header, int bodyLength, long headerOffset)
      throws ParquetException {
    long length = header.uncompressedPageSize();
    checkSize(length, bodyLength, headerOffset);
    return (int) length;
  }

  /**
   * Rejects an uncompressed size that cannot be valid, before anything is allocated for it: above
   * {@link PageReader#MAXIMUM_PAGE_SIZE}, or above what {@code compressedLength} bytes can expand to where the
   * codec's format bounds that (Snappy about 21:1, LZ4 about 255:1, a DEFLATE stream about 1032:1 — each gzip
   * member repeats its header, so concatenated members do not beat it; LZO likewise). ZSTD and Brotli have no such
   * bound (zero-filled data expands far beyond 1000:1), so a size up to {@link PageReader#MAXIMUM_PAGE_SIZE} passes
   * here; the Brotli decompressor then grows its output only as decoded bytes arrive (see
   * {@link #decompressIntoScratch}), so a lying header on a tiny page fails on the stream, not on a guess.
   */
  void checkSize(long uncompressedLength, long compressedLength, long headerOffset)
      throws ParquetException {
    long bound = switch (codec) {
      case SNAPPY -> compressedLength * 32 + 1024;
      case LZ4, LZ4_RAW -> compressedLength * 300 + 1024;
      case GZIP, LZO -> compressedLength * 1100 + 1024;
      default -> PageReader.MAXIMUM_PAGE_SIZE;
    };
    if (bound >= PageReader.MAXIMUM_PAGE_SIZE) {
      check(uncompressedLength <= PageReader.MAXIMUM_PAGE_SIZE, headerOffset,
          "uncompressed_page_size %d exceeds the largest page this reader accepts (%d)", uncompressedLength,
          PageReader.MAXIMUM_PAGE_SIZE);
    } else {
      check(uncompressedLength <= bound, headerOffset,
          "uncompressed_page_size %d is impossible for %d bytes compressed with %s (at most %d)",
          uncompressedLength, compressedLength, codec, bound);
    }
    check(uncompressedLength <= chunkPageLimit, headerOffset,
        "uncompressed_page_size %d exceeds the column chunk's total_uncompressed_size %d (at most %d accepted)",
        uncompressedLength, chunkUncompressedSize, chunkPageLimit);
    if (uncompressedLength > heapPageLimit) {
      // A valid page this JVM cannot hold: say so, rather than fail later with an OutOfMemoryError that would
      // take the whole JVM's work with it.
      throw new UnsupportedParquetFeatureException(location.describe(headerOffset) + ": a page of " + uncompressedLength
          + " bytes uncompressed needs more than half of this JVM's maximum heap (" + Runtime.getRuntime().maxMemory()
          + " bytes), as the page and a copy of its values may both be on the heap; run with a larger -Xmx");
    }
  }

  /**
   * Decompresses a page body into the scratch array at {@code [outputOffset, +length)} and returns the scratch.
   * A decompressor that {@link Decompressor#growsWithStream() grows with its stream} is handed the current
   * scratch and enlarges it only as data arrives; the others get it sized up front (their size was bounded by
   * {@link #checkSize}).
   */
  byte[] decompressIntoScratch(byte[] input, int bodyOffset, int bodyLength, int outputOffset, int length,
      long headerOffset) throws ParquetCorruptionException {
    if (!decompressor.growsWithStream()) {
      scratch(outputOffset + length);
    } else if (scratch.length < (long) outputOffset + length) {
      // Let the too-small scratch be collected before the stream grows a new array: two pages above 1 GiB in a
      // row must not need both arrays at once (the previous page's bytes are no longer valid by contract).
      scratch = ScratchArrays.give(scratch);
    }
    scratch = decompressInto(input, bodyOffset, bodyLength, scratch, outputOffset, length, headerOffset);
    return scratch;
  }

  /**
   * Decompresses at least the first {@code prefixLength} of a page body's {@code length} bytes into {@code into}
   * from index 0, or into a larger array from {@link ScratchArrays} when it is too short: the entries returned are
   * the array's leading bytes written, {@code prefixLength} or more ({@link Decompressor#decompressPrefix}).
   */
  DictionaryPage.Entries decompressPrefix(byte[] input, int bodyOffset, int bodyLength, byte[] into, int length,
      int prefixLength, long headerOffset) throws ParquetCorruptionException {
    if (decompressor.growsWithStream()) {
      return new DictionaryPage.Entries(
          decompressToArray(input, bodyOffset, bodyLength, into, length, headerOffset), 0, length);
    }
    byte[] target = into.length >= length ? into : ScratchArrays.replace(into, length);
    try {
      int produced = decompressor.decompressPrefix(input, bodyOffset, bodyLength, target, 0, length, prefixLength);
      return new DictionaryPage.Entries(target, 0, produced);
    } catch (ParquetCorruptionException | RuntimeException e) {
      throw decompressionFailed(headerOffset, e);
    }
  }

  /**
   * Whether the codec can stop decompressing a body after a prefix ({@link Decompressor#decompressPrefix}); a codec
   * that grows its output with the stream decompresses whole bodies only.
   */
  boolean stopsEarly() {
    return decompressor != null && !decompressor.growsWithStream();
  }

  /**
   * Decompresses at least the first {@code prefixLength} of a page body's {@code length} bytes into {@code target}
   * at {@code outputOffset}, which has room for all {@code length} ({@link #stopsEarly} must hold), and returns how
   * many leading bytes are written: {@code prefixLength} or more, up to {@code length}.
   */
  int decompressPrefixInto(byte[] input, int bodyOffset, int bodyLength, byte[] target, int outputOffset, int length,
      int prefixLength, long headerOffset) throws ParquetCorruptionException {
    try {
      return decompressor.decompressPrefix(input, bodyOffset, bodyLength, target, outputOffset, length, prefixLength);
    } catch (ParquetCorruptionException | RuntimeException e) {
      throw decompressionFailed(headerOffset, e);
    }
  }

  /**
   * Decompresses a page body of {@code length} bytes uncompressed into {@code into} from index 0, or into a larger
   * array from {@link ScratchArrays} when it is too short (a decompressor that grows with its stream enlarges it
   * only as data arrives), and returns the array written.
   */
  byte[] decompressToArray(byte[] input, int bodyOffset, int bodyLength, byte[] into, int length, long headerOffset)
      throws ParquetCorruptionException {
    byte[] target =
        decompressor.growsWithStream() || into.length >= length ? into : ScratchArrays.replace(into, length);
    return decompressInto(input, bodyOffset, bodyLength, target, 0, length, headerOffset);
  }

  /**
   * Decompresses a page body into {@code target} at {@code [outputOffset, +length)} and returns the array written:
   * {@code target} itself, which the caller sized, unless the decompressor grows its output with the stream.
   */
  private byte[] decompressInto(byte[] input, int bodyOffset, int bodyLength, byte[] target, int outputOffset,
      int length, long headerOffset) throws ParquetCorruptionException {
    if (!decompressor.growsWithStream()) {
      decompress(input, bodyOffset, bodyLength, target, outputOffset, length, headerOffset);
      return target;
    }
    try {
      return decompressor.decompressGrowing(input, bodyOffset, bodyLength, target, outputOffset, length);
    } catch (ParquetCorruptionException | RuntimeException e) {
      throw decompressionFailed(headerOffset, e);
    }
  }

  private void decompress(
      byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int outputLength,
      long headerOffset) throws ParquetCorruptionException {
    try {
      decompressor.decompress(input, inputOffset, inputLength, output, outputOffset, outputLength);
    } catch (ParquetCorruptionException | RuntimeException e) {
      throw decompressionFailed(headerOffset, e);
    }
  }

  byte[] scratch(int length) {
    if (scratch.length < length) {
      scratch = ScratchArrays.replace(scratch,
          Math.max(length, (int) Math.min(PageReader.MAXIMUM_PAGE_SIZE, scratch.length * 2L)));
    }
    return scratch;
  }

  /**
   * Decompresses {@code input[offset, +length)} into {@code target} from its position: exactly {@code needed}
   * bytes, which the caller has checked fit.
   */
  void decompressInto(byte[] input, int offset, int length, ByteBuffer target, int needed, long headerOffset)
      throws ParquetCorruptionException {
    try {
      decompressor.decompress(input, offset, length, target, needed);
    } catch (ParquetCorruptionException | RuntimeException e) {
      throw decompressionFailed(headerOffset, e);
    }
  }

  /**
   * The failure of a page's decompression, with its place: a codec's own corruption message, or the unchecked
   * exception a codec library signals bad input with.
   */
  private ParquetCorruptionException decompressionFailed(long headerOffset, Exception e) {
    String cause = e instanceof ParquetCorruptionException ? e.getMessage() : e.toString();
    return new ParquetCorruptionException(
        location.describe(headerOffset) + ": cannot decompress " + codec + " page: " + cause, e);
  }

  private void check(boolean condition, long headerOffset, String format, Object... args)
      throws ParquetCorruptionException {
    if (!condition) {
      throw new ParquetCorruptionException(location.describe(headerOffset) + ": " + String.format(format, args));
    }
  }

  /** Closes the decompressor and gives the scratch array to {@link ScratchArrays}. */
  void close() {
    if (decompressor != null) {
      decompressor.close();
    }
    scratch = ScratchArrays.give(scratch);
  }
}
