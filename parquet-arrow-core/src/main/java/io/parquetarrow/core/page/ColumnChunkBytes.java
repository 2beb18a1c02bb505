package io.parquetarrow.core.page;

import io.parquetarrow.core.file.InputFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The bytes of one column chunk, fetched from the file by positional reads into one reusable heap window.
 * A chunk up to {@link #WHOLE_CHUNK_LIMIT} bytes is read in one go; a bigger one is read in pieces of at least
 * {@link #PIECE} bytes, each as large as the page being read needs, so memory stays bounded by the largest page
 * rather than the chunk.
 *
 * <p>Positions are relative to the chunk start. Callers check every range against {@link #length()} first; this
 * class then only reads what lies inside the chunk, which the footer reader has checked to lie inside the file.
 */
final class ColumnChunkBytes {
  static final int WHOLE_CHUNK_LIMIT = 16 << 20;
  static final int PIECE = 4 << 20;

  private final InputFile file;
  private final long chunkStart;
  private final long chunkLength;
  private final long wholeChunkLimit;
  private final int piece;
  private byte[] window = new byte[0];
  private long windowStart;
  private int windowLength;
  private long bytesRead;

  ColumnChunkBytes(InputFile file, long chunkStart, long chunkLength) {
    this(file, chunkStart, chunkLength, WHOLE_CHUNK_LIMIT, PIECE);
  }

  /** With other limits, for tests that exercise reading in pieces on small files. */
  ColumnChunkBytes(InputFile file, long chunkStart, long chunkLength, long wholeChunkLimit, int piece) {
    this.file = file;
    this.chunkStart = chunkStart;
    this.chunkLength = chunkLength;
    this.wholeChunkLimit = wholeChunkLimit;
    this.piece = piece;
  }

  long length() {
    return chunkLength;
  }

  /** Bytes fetched from the file so far. */
  long bytesRead() {
    return bytesRead;
  }

  /** The current window; valid after {@link #ensure} until the next {@link #ensure}. */
  byte[] window() {
    return window;
  }

  /**
   * Makes {@code [position, position + length)} (inside the chunk) available and returns its offset in
   * {@link #window()}.
   */
  int ensure(long position, int length) throws IOException {
    if (position < 0 || length < 0 || position + length > chunkLength) {
      throw new IllegalArgumentException(
          "range [" + position + ", +" + length + ") outside column chunk of " + chunkLength + " bytes");
    }
    if (position >= windowStart && position + length <= windowStart + windowLength) {
      return (int) (position - windowStart);
    }
    long remaining = chunkLength - position;
    int fetch;
    if (chunkLength <= wholeChunkLimit) {
      fetch = (int) remaining;
    } else {
      fetch = (int) Math.min(remaining, Math.max((long) length, piece));
    }
    if (window.length < fetch) {
      window = new byte[fetch];
    }
    try {
      file.readFully(chunkStart + position, ByteBuffer.wrap(window, 0, fetch));
    } catch (EOFException e) {
      windowLength = 0;
      throw e;
    }
    bytesRead += fetch;
    windowStart = position;
    windowLength = fetch;
    return 0;
  }
}
