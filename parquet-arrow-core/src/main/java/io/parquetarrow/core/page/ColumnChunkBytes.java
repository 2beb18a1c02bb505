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
 * <p>When the column layer reads an uncompressed chunk straight into Arrow vectors, the page layer asks only for
 * what it needs next ({@link #ensureNear}: a page header, or one body that cannot go to the vector) and reads the
 * bodies of PLAIN pages from the file straight into the vector ({@link #readInto}), so their bytes are copied
 * once, by the kernel, instead of file → heap window → vector.
 *
 * <p>With a {@link PagePlan} only the plan's ranges are read: each range up to {@link #WHOLE_CHUNK_LIMIT} bytes
 * in one go (taken from the read-ahead when it read it), a bigger one in pieces; bytes outside the ranges (a page
 * the plan left out that the column layer reads after all) are fetched as asked, a piece at a time.
 *
 * <p>Positions are relative to the chunk start. Callers check every range against {@link #length()} first; this
 * class then only reads what lies inside the chunk, which the footer reader has checked to lie inside the file.
 */
final class ColumnChunkBytes {
  static final int WHOLE_CHUNK_LIMIT = 16 << 20;
  static final int PIECE = 4 << 20;
  /** The least {@link #ensureNear} fetches: enough for any usual page header and small pages after it. */
  static final int NEAR_FETCH = 8 << 10;

  private final InputFile file;
  private final long chunkStart;
  private final long chunkLength;
  private final long wholeChunkLimit;
  private final int piece;
  /** Where the chunk may have been read ahead ({@link ChunkReadAhead}); null once asked, or without one. */
  private ChunkReadAhead readAhead;
  /** The pages a read needs, whose ranges alone are read; null reads the whole chunk. */
  private PagePlan plan;
  private byte[] window = new byte[0];
  /** Where the window's bytes start in {@link #window}: 0, or the chunk's place in an array read ahead. */
  private int windowBase;
  /** The chunk as taken from a read-ahead, whose shared array {@link #window} is; else null. */
  private ChunkReadAhead.Taken shared;
  private long windowStart;
  private int windowLength;
  private long bytesRead;

  ColumnChunkBytes(InputFile file, long chunkStart, long chunkLength) {
    this(file, chunkStart, chunkLength, WHOLE_CHUNK_LIMIT, PIECE);
  }

  /** Takes the chunk's bytes from {@code readAhead} (may be null) when it has read them ahead. */
  ColumnChunkBytes(InputFile file, long chunkStart, long chunkLength, ChunkReadAhead readAhead) {
    this(file, chunkStart, chunkLength, WHOLE_CHUNK_LIMIT, PIECE);
    this.readAhead = readAhead;
  }

  /**
   * Reads only the ranges of {@code plan} (null for the whole chunk), taking them from {@code readAhead} (may be
   * null) when it has read them ahead.
   */
  ColumnChunkBytes(InputFile file, long chunkStart, long chunkLength, ChunkReadAhead readAhead, PagePlan plan) {
    this(file, chunkStart, chunkLength, readAhead);
    this.plan = plan;
  }

  /** With other limits, for tests that exercise reading in pieces on small files. */
  ColumnChunkBytes(InputFile file, long chunkStart, long chunkLength, long wholeChunkLimit, int piece) {
    this.file = file;
    this.chunkStart = chunkStart;
    this.chunkLength = chunkLength;
    this.wholeChunkLimit = wholeChunkLimit;
    this.piece = piece;
  }

  /** Gives the window array to {@link ScratchArrays}: the chunk is read no more. */
  void releaseWindow() {
    giveWindow();
    windowLength = 0;
    if (readAhead != null) {
      if (plan == null) {
        readAhead.drop(chunkStart);
      } else {
        for (int i = 0; i < plan.rangeCount(); i++) {
          readAhead.drop(plan.rangeOffset(i));
        }
      }
      readAhead = null;
    }
  }

  long length() {
    return chunkLength;
  }

  /** Bytes fetched from the file so far. */
  long bytesRead() {
    return bytesRead;
  }

  /** Lets go of the window array: back to the pool, or, when shared, to the read-ahead that holds it. */
  private void giveWindow() {
    if (shared != null) {
      shared.release();
      shared = null;
      window = new byte[0];
      windowBase = 0;
    } else {
      window = ScratchArrays.give(window);
    }
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
    checkRange(position, length);
    if (inWindow(position, length)) {
      return windowBase + (int) (position - windowStart);
    }
    if (plan != null) {
      return ensurePlanned(position, length);
    }
    if (readAhead != null && chunkLength <= wholeChunkLimit) {
      ChunkReadAhead.Taken whole = readAhead.take(chunkStart, chunkLength);
      readAhead = null;
      if (whole != null) {
        giveWindow();
        window = whole.bytes();
        windowBase = whole.offset();
        shared = whole;
        bytesRead += chunkLength;
        windowStart = 0;
        windowLength = (int) chunkLength;
        return windowBase + (int) position;
      }
    }
    long remaining = chunkLength - position;
    int fetch;
    if (chunkLength <= wholeChunkLimit) {
      fetch = (int) remaining;
    } else {
      fetch = (int) Math.min(remaining, Math.max((long) length, piece));
    }
    return fetch(position, fetch);
  }

  /**
   * {@link #ensure} with a plan: the rest of the planned range holding the bytes (all of it when it comes from the
   * read-ahead), or a piece of it when the range is bigger than {@link #WHOLE_CHUNK_LIMIT}; bytes outside the
   * ranges are fetched as asked.
   */
  private int ensurePlanned(long position, int length) throws IOException {
    int range = plan.rangeContaining(position);
    if (range < 0 || position + length > plan.rangeEnd(range)) {
      return fetch(position, length);
    }
    long start = plan.rangeStart(range);
    long end = plan.rangeEnd(range);
    if (end - start > wholeChunkLimit) {
      return fetch(position, (int) Math.min(end - position, Math.max((long) length, piece)));
    }
    if (readAhead != null) {
      ChunkReadAhead.Taken taken = readAhead.take(plan.rangeOffset(range), end - start);
      if (taken != null) {
        giveWindow();
        window = taken.bytes();
        windowBase = taken.offset();
        shared = taken;
        bytesRead += end - start;
        windowStart = start;
        windowLength = (int) (end - start);
        return windowBase + (int) (position - start);
      }
    }
    return fetch(position, (int) (end - position));
  }

  /**
   * The end of what a header read at {@code position} may look at: the end of the planned range holding it, or
   * of the chunk (without a plan, or outside its ranges).
   */
  long readableEnd(long position) {
    int range = plan == null ? -1 : plan.rangeContaining(position);
    return range < 0 ? chunkLength : plan.rangeEnd(range);
  }

  /** Whether the bytes at {@code position} are to be read: always without a plan, else when a range holds them. */
  boolean planned(long position) {
    return plan == null || plan.rangeContaining(position) >= 0;
  }

  /**
   * Like {@link #ensure}, but when the range is not in the window fetches only it (at least {@link #NEAR_FETCH}
   * bytes, as far as the chunk goes), not the rest of the chunk: for a reader that takes most page bodies
   * through {@link #readInto}.
   */
  int ensureNear(long position, int length) throws IOException {
    return ensureNear(position, length, NEAR_FETCH);
  }

  /** Like {@link #ensureNear(long, int)}, fetching at least {@code least} bytes instead of {@link #NEAR_FETCH}. */
  int ensureNear(long position, int length, int least) throws IOException {
    checkRange(position, length);
    if (inWindow(position, length)) {
      return windowBase + (int) (position - windowStart);
    }
    long end = Math.max(readableEnd(position), position + length);
    return fetch(position, (int) Math.min(end - position, Math.max(length, least)));
  }

  /**
   * Fills {@code destination} (from its position to its limit) with the chunk bytes at {@code position}: copied
   * from the window when they are in it, otherwise read from the file straight into {@code destination}
   * without touching the window.
   */
  void readInto(long position, ByteBuffer destination) throws IOException {
    readInto(position, destination, 0);
  }

  /**
   * Like {@link #readInto(long, ByteBuffer)}, and afterwards the last {@code keep} of those bytes are also in the
   * window: the start of what follows a page body, read with it in one request.
   */
  void readInto(long position, ByteBuffer destination, int keep) throws IOException {
    int length = destination.remaining();
    checkRange(position, length);
    if (keep < 0 || keep > length) {
      throw new IllegalArgumentException("cannot keep " + keep + " of " + length + " bytes");
    }
    if (inWindow(position, length)) {
      destination.put(window, windowBase + (int) (position - windowStart), length);
      return;
    }
    int start = destination.position();
    file.readFully(chunkStart + position, destination);
    bytesRead += length;
    if (keep > 0) {
      ownWindow(keep, NEAR_FETCH);
      destination.get(start + length - keep, window, 0, keep);
      windowStart = position + length - keep;
      windowLength = keep;
    }
  }

  private void checkRange(long position, int length) {
    if (position < 0 || length < 0 || position + length > chunkLength) {
      throw new IllegalArgumentException(
          "range [" + position + ", +" + length + ") outside column chunk of " + chunkLength + " bytes");
    }
  }

  private boolean inWindow(long position, int length) {
    return position >= windowStart && position + length <= windowStart + windowLength;
  }

  /**
   * Makes {@link #window} an array of this reader's own (not a shared read-ahead one) of at least {@code length}
   * entries, taking one of at least {@code least} when it must replace it; contents stale.
   */
  private void ownWindow(int length, int least) {
    if (shared != null || window.length < length) {
      giveWindow();
      window = ScratchArrays.bytes(Math.max(length, least));
    }
    windowBase = 0;
  }

  private int fetch(long position, int fetch) throws IOException {
    ownWindow(fetch, 0);
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
