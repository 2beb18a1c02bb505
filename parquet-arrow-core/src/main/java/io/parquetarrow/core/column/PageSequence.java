package io.parquetarrow.core.column;

import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.DataPage;
import io.parquetarrow.core.page.DictionaryPage;
import io.parquetarrow.core.page.Page;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.page.ValueDestination;
import io.parquetarrow.encodings.Decoders;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.IOException;
import java.util.Arrays;

/**
 * The level entries of one column chunk in order, page after page: moves the {@link DataPageCursor} from one
 * data page to the next (decoding the dictionary page on the way), checks that the pages hold as many entries
 * as the chunk must, and copies entries with their values into a {@link ColumnBatch}. Shared by the flat and
 * the repeated reader, which decide how many entries make a batch.
 */
final class PageSequence implements AutoCloseable {
  private final PageReader pages;
  private final DataPageCursor cursor;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final long totalLevels;
  private long levelsStarted;

  /**
   * @param totalLevels the level entries the chunk must hold (the row group's row count for a flat column); a
   *     page claiming more than remain is corrupt
   */
  PageSequence(PageReader pages, DataPageCursor cursor, int maxDefinitionLevel, int maxRepetitionLevel,
      long totalLevels) {
    this.pages = pages;
    this.cursor = cursor;
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.maxRepetitionLevel = maxRepetitionLevel;
    this.totalLevels = totalLevels;
    pages.levelBits(Decoders.bitWidth(maxDefinitionLevel) + Decoders.bitWidth(maxRepetitionLevel));
  }

  DataPageCursor cursor() {
    return cursor;
  }

  /** The level entries of the chunk not read or skipped yet, as far as the chunk's entry count says. */
  long entriesLeft() {
    return totalLevels - levelsStarted + cursor.levelsRemaining() + cursor.heldBack();
  }

  /** Whether every level entry of the chunk has been started (its pages are all read or skipped). */
  boolean allStarted() {
    return levelsStarted == totalLevels;
  }

  /** Moves to the next data page with entries; false at the end of the chunk. */
  boolean nextDataPage() throws IOException {
    return nextDataPage(null) >= 0;
  }

  /**
   * Moves to the next data page with entries, offering {@code destination} (null for none) to the page reader.
   *
   * @return the page's values that went to the destination (all of them, or those that fit when an uncompressed
   *     page straddles the destination's end: the cursor then holds the rest), 0 when none did, -1 at the end of
   *     the chunk
   */
  int nextDataPage(ValueDestination destination) throws IOException {
    return advance(destination, true, -1);
  }

  /**
   * Moves to the next data page with entries for a reader that skips or picks some of its values rather than
   * reading them all: a pending dictionary is left undecoded, for the values gathered or picked to decode as far as
   * they need ({@link ChunkDictionary#pickIndices}); skipped values need none of it.
   */
  boolean nextDataPageLazily() throws IOException {
    return advance(null, false, -1) >= 0;
  }

  /**
   * {@link #nextDataPageLazily()} for a reader that needs only the next page's first {@code leadingEntries} entries
   * for now: a compressed page may be decompressed only as far as they reach, the entries after them held back
   * ({@link DataPageCursor#heldBack}) until a reader reads one ({@link #skipWholePages} passes over them unread).
   */
  boolean nextDataPageLazily(int leadingEntries) throws IOException {
    return advance(null, false, leadingEntries) >= 0;
  }

  /**
   * {@link #nextDataPage(ValueDestination)}; with {@code dictionaryFirst} a pending dictionary is decoded before a
   * dictionary-encoded page is decompressed, so that the page's bytes are still in the cache when they are decoded.
   * The entries the current page holds back are the next ones, read from the whole page.
   */
  private int advance(ValueDestination destination, boolean dictionaryFirst, int leadingEntries)
      throws IOException {
    if (cursor.heldBack() > 0) {
      cursor.resume(pages.completeDataPage());
      return 0;
    }
    while (true) {
      if (dictionaryFirst && cursor.dictionary().pending()) {
        DataPage.Header ahead = pages.peekDataPage();
        if (ahead != null) {
          cursor.dictionary().decodeBefore(ahead);
        }
      }
      Page next = pages.nextPage(destination, leadingEntries);
      if (next == null) {
        return -1;
      }
      if (next instanceof DictionaryPage dictionaryPage) {
        cursor.useDictionary(dictionaryPage);
        continue;
      }
      DataPage page = (DataPage) next;
      account(page.header());
      if (page.prefixEntries() < 0) {
        cursor.start(page);
      } else if (!cursor.startPrefix(page)) {
        cursor.start(pages.completeDataPage());
      }
      if (page.valuesInDestination() > 0) {
        return page.valuesInDestination();
      }
      if (cursor.levelsRemaining() > 0 || cursor.heldBack() > 0) {
        return 0;
      }
    }
  }

  /**
   * While the current page is used up, skips the entries it holds back (their values never decompressed) and whole
   * data pages of at most {@code entries} level entries without reading their bodies, and returns the entries
   * skipped. A page the offset index describes
   * ({@link PageReader#indexedPageRows()}, a column whose entries are rows) is passed over without its header read
   * either; a dictionary page on the way is decoded, so that the pages after it can be skipped too.
   */
  long skipWholePages(long entries) throws IOException {
    long skipped = 0;
    while (cursor.levelsRemaining() == 0) {
      if (cursor.heldBack() > 0) {
        // The rest of the current page, whose values are not decompressed: passed over by its levels.
        int count = (int) Math.min(cursor.heldBack(), entries - skipped);
        cursor.skipHeldBack(count);
        skipped += count;
        if (cursor.heldBack() > 0) {
          break;
        }
        continue;
      }
      long indexed = pages.indexedPageRows();
      if (indexed >= 0) {
        if (indexed > entries - skipped) {
          break;
        }
        account(indexed, -1);
        pages.skipIndexedPage();
        skipped += indexed;
        continue;
      }
      DataPage.Header header = pages.peekDataPage();
      if (header == null && pages.dictionaryPageNext()) {
        cursor.useDictionary((DictionaryPage) pages.nextPage());
        continue;
      }
      if (header == null || header.valueCount() > entries - skipped) {
        break;
      }
      skipPeeked(header);
      skipped += header.valueCount();
    }
    return skipped;
  }

  /**
   * The header of the next page when the current one is used up and the next is a data page, read without its
   * body; null otherwise (a dictionary page ahead is decoded by the next {@link #nextDataPage}).
   */
  DataPage.Header peekDataPage() throws IOException {
    return cursor.levelsRemaining() == 0 && cursor.heldBack() == 0 ? pages.peekDataPage() : null;
  }

  /** Skips the page whose header {@link #peekDataPage} returned, unread, counting its entries as started. */
  void skipPeeked(DataPage.Header header) throws IOException {
    account(header);
    pages.skipDataPage();
  }

  private void account(DataPage.Header header) throws ParquetCorruptionException {
    account(header.valueCount(), header.fileOffset());
  }

  /** Counts the {@code levelCount} entries of a page at {@code fileOffset} (-1 when not known) as started. */
  private void account(long levelCount, long fileOffset) throws ParquetCorruptionException {
    if (levelCount > totalLevels - levelsStarted) {
      ChunkLocation location = pages.location();
      throw new ParquetCorruptionException((fileOffset < 0 ? location.describe() : location.describe(fileOffset))
          + ": data page holds "
          + levelCount + " level entries but only " + (totalLevels - levelsStarted) + " of the column chunk's "
          + totalLevels + " remain");
    }
    levelsStarted += levelCount;
  }

  /**
   * Decodes the next {@code levelCount} level entries (and their values) after those {@code batch} already holds.
   * With {@code levelsForNullsOnly} (a flat column's batch, which starts empty), definition levels are written to
   * the batch only once it holds a null: a batch whose entries are all values has as many values as level
   * entries, and that is all its consumers look at.
   */
  void readEntries(int levelCount, ColumnBatch batch, boolean levelsForNullsOnly, boolean converted)
      throws IOException {
    int levels = batch.levelCount();
    int values = batch.valueCount();
    int levelEnd = Math.addExact(levels, levelCount);
    if (maxDefinitionLevel > 0) {
      batch.ensureDefinitionLevels(levelEnd);
    }
    if (maxRepetitionLevel > 0) {
      batch.ensureRepetitionLevels(levelEnd);
    }
    cursor.ensureValueCapacity(batch, values, levelCount);
    // With levelsForNullsOnly: the batch's definition levels [0, levelsWritten) are written; the others are the
    // maximum, as long as the batch has no null.
    int levelsWritten = levels;
    while (levels < levelEnd) {
      if (cursor.levelsRemaining() == 0) {
        if (!nextDataPage()) {
          throw chunkEnded("level entries (values and nulls)");
        }
        continue;
      }
      int count = Math.min(levelEnd - levels, cursor.levelsRemaining());
      int position = cursor.levelPosition();
      if (maxRepetitionLevel > 0) {
        System.arraycopy(cursor.repetitionLevels(), position, batch.repetitionLevels(), levels, count);
      }
      int present = cursor.present(count);
      if (maxDefinitionLevel > 0 && (!levelsForNullsOnly || present != count || levels != values)) {
        int[] definition = batch.definitionLevels();
        if (levelsWritten < levels) {
          Arrays.fill(definition, levelsWritten, levels, maxDefinitionLevel); // all values so far
        }
        System.arraycopy(cursor.definitionLevels(), position, definition, levels, count);
        levelsWritten = levels + count;
      }
      if (present > 0) {
        cursor.readValues(batch, values, present);
      }
      cursor.advance(count, present);
      values += present;
      levels += count;
    }
    batch.setLevelCount(levels);
    batch.setValueCount(values);
    batch.setValuesConverted(converted);
  }

  /** The failure of a chunk whose pages hold fewer {@code entries} than the row group's row count. */
  ParquetCorruptionException chunkEnded(String entries) {
    return new ParquetCorruptionException(pages.location().describe() + ": column chunk ended after "
        + levelsStarted + " of its " + totalLevels + " " + entries
        + ": its pages hold fewer than the row group's row count");
  }

  /** Gives the cursor's arrays to the pool for the next reader, once this chunk reads no more. */
  void releaseScratch() {
    cursor.release();
  }

  @Override
  public void close() {
    pages.close();
    cursor.release();
  }
}
