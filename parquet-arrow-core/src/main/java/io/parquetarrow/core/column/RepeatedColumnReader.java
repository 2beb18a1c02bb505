package io.parquetarrow.core.column;

import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.DataPage;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;

/**
 * The column layer for one leaf column chunk of a nested field: level entries with their values, and the record
 * boundaries between them (a record starts at repetition level 0). {@link #levelsBeforeRecordStart} finds how
 * many entries of the current page end before a given record start, from the levels alone, so that
 * {@link NestedColumnReader} can cut a batch at a record boundary without decoding a value of the next record;
 * {@link #readAppendingOrView} then takes those entries, as a view of the page where it can. A leaf under
 * structs only (maximum repetition level 0) is read the same way, each entry a record.
 *
 * <p>Checks: levels never exceed the column's maximum; the chunk holds as many level entries as its
 * {@code num_values}; each page's value decoder holds as many values as its levels say. Every exception names
 * the file, row group, column and page offset.
 */
public final class RepeatedColumnReader implements AutoCloseable {
  private final PageSequence pages;
  private final DataPageCursor cursor;
  private final ChunkLocation location;
  private final ParquetKernels kernels;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  /** The record starts among the entries the last levelsBeforeRecordStart call counted. */
  private int startsBeforeRecordStart;
  /**
   * Record starts among the current page's entries from {@link #startsPosition} on, -1 when not known; counted
   * as the page's repetition levels were decoded, so a step that takes the rest of the page need not scan them
   * again. Belongs to page number {@link #startsPage} of the cursor.
   */
  private int startsRemaining = -1;
  private int startsPosition;
  private long startsPage;

  /** @param totalLevels the level entries the chunk holds ({@code num_values} of the column chunk) */
  public RepeatedColumnReader(PageReader pages, Type physicalType, int typeLength, int maxDefinitionLevel,
      int maxRepetitionLevel, long totalLevels, ParquetKernels kernels) {
    this.location = pages.location();
    this.kernels = kernels;
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.maxRepetitionLevel = maxRepetitionLevel;
    this.cursor = new DataPageCursor(
        location, physicalType, typeLength, maxDefinitionLevel, maxRepetitionLevel, kernels, null);
    this.pages = new PageSequence(pages, cursor, maxDefinitionLevel, maxRepetitionLevel, totalLevels);
  }

  /**
   * Decodes the next {@code levelCount} level entries (and their values) after those {@code batch} already holds,
   * keeping them: a batch gathers its records from several pages this way without copying each page's entries
   * once more.
   */
  public void readAppending(int levelCount, ColumnBatch batch) throws IOException {
    pages.readEntries(levelCount, batch, false, false);
  }

  /**
   * Like {@link #readAppending}, but when {@code batch} is empty and the entries lie in the current data page, the
   * batch's levels become a view of the page's level arrays ({@link ColumnBatch#levelOffset()}) instead of a copy,
   * and so do the values of a PLAIN INT32, INT64, FLOAT or DOUBLE page ({@link ColumnBatch#valueView()}).
   * The view holds until this reader reads on: the caller must consume the batch, or have it copy the levels and
   * values ({@link ColumnBatch#ownViews()}), before calling this reader again.
   */
  public void readAppendingOrView(int levelCount, ColumnBatch batch) throws IOException {
    if (batch.levelCount() != 0 || levelCount <= 0 || levelCount > cursor.levelsRemaining()
        || (maxDefinitionLevel == 0 && maxRepetitionLevel == 0)) {
      readAppending(levelCount, batch);
      return;
    }
    batch.reset(0, false, false);
    int[] definition = maxDefinitionLevel > 0 ? cursor.definitionLevels() : null;
    batch.viewLevels(definition, maxRepetitionLevel > 0 ? cursor.repetitionLevels() : null, cursor.levelPosition());
    int present = cursor.present(levelCount);
    boolean viewValues = cursor.plainIntsOrLongs();
    if (!viewValues) {
      cursor.ensureValueCapacity(batch, 0, levelCount);
    }
    if (present > 0) {
      if (viewValues) {
        // The decoder checks that the page holds the values; their bytes become the batch's view.
        int at = cursor.plainPosition();
        cursor.skipValues(present);
        batch.viewValues(cursor.pageData(), at, cursor.valueWidth());
      } else {
        cursor.readValues(batch, 0, present);
      }
    }
    cursor.advance(levelCount, present);
    batch.setLevelCount(levelCount);
    batch.setValueCount(present);
    batch.setValuesConverted(false);
  }

  /**
   * How many of the next level entries, all within one data page, can be read while passing at most
   * {@code starts} record starts (repetition level 0) — the count stops before the entry that would start record
   * {@code starts + 1}, or at the end of the page. Only levels are looked at: no value is decoded, so a reader can
   * cut a batch at a record boundary without decoding the next record's values (a single value may be a
   * gigabyte). Moves to the next data page first when the current one is used up.
   *
   * @return the entries to read, 0 only when {@code starts} is 0 and the next entry starts a record
   * @throws io.parquetarrow.errors.ParquetCorruptionException when the chunk has no more pages though level
   *     entries remain
   */
  public int levelsBeforeRecordStart(int starts) throws IOException {
    while (cursor.levelsRemaining() == 0) {
      if (!pages.nextDataPage()) {
        throw pages.chunkEnded("level entries (values and nulls)");
      }
    }
    if (startsPage != cursor.pagesStarted()) {
      startsPage = cursor.pagesStarted();
      startsRemaining = cursor.recordStarts();
      startsPosition = 0;
    }
    int[] levels = cursor.repetitionLevels();
    int first = cursor.levelPosition();
    int position = first;
    int end = position + cursor.levelsRemaining();
    if (startsRemaining >= 0 && startsPosition == position && startsRemaining <= starts) {
      // The rest of the page holds no more starts than wanted: all of it, without a scan.
      startsBeforeRecordStart = startsRemaining;
      startsRemaining = 0;
      startsPosition = end;
      return end - position;
    }
    int passed = 0;
    // In bulk while a block cannot hold the start that ends the count (a block of n entries holds at most n).
    while (end - position > 0 && starts - passed >= 64) {
      int span = Math.min(end - position, starts - passed);
      passed += kernels.countEqual(levels, position, span, 0);
      position += span;
    }
    for (; position < end; position++) {
      if (levels[position] == 0) {
        if (passed == starts) {
          break;
        }
        passed++;
      }
    }
    startsBeforeRecordStart = passed;
    if (startsRemaining >= 0 && startsPosition == first) {
      // Still known for the entries after this step, if the caller reads exactly this step next.
      startsRemaining -= passed;
      startsPosition = position;
    }
    return position - first;
  }

  /**
   * Whether the current page holds more entries and the next of them starts a record (repetition level 0): a
   * {@link #levelsBeforeRecordStart}{@code (0)} of no entries, known without loading the next page.
   */
  public boolean recordStartsNextInPage() {
    return cursor.levelsRemaining() > 0 && cursor.repetitionLevels()[cursor.levelPosition()] == 0;
  }

  /** The record starts among the entries the last {@link #levelsBeforeRecordStart} call counted. */
  public int startsBeforeRecordStart() {
    return startsBeforeRecordStart;
  }

  /**
   * Skips the next {@code records} records, from a record boundary: data pages v2 they cover are skipped unread
   * (such a page holds {@code num_rows} whole records), and so are the pages of a column without repetition
   * (its entries are records; with an offset index, without their headers read); the other entries and values
   * are passed over without decoding the values into a batch, up to where the next record starts.
   *
   * @return the level entries skipped
   * @throws io.parquetarrow.errors.ParquetCorruptionException when the chunk ends before them
   */
  public long skip(long records) throws IOException {
    if (records < 0) {
      throw new IllegalArgumentException(location.describe() + ": cannot skip " + records + " records");
    }
    long left = records;
    long entries = 0;
    while (true) {
      if (cursor.levelsRemaining() == 0) {
        if (left == 0 && (maxRepetitionLevel == 0 || pages.allStarted())) {
          return entries;
        }
        if (maxRepetitionLevel == 0 && left > 0) {
          // Entries are records: whole pages go as a flat column's do, by the offset index when there is one.
          long skipped = pages.skipWholePages(left);
          left -= skipped;
          entries += skipped;
          if (skipped > 0) {
            continue;
          }
        }
        DataPage.Header next = left > 0 ? pages.peekDataPage() : null;
        if (next != null && next.version() == 2 && next.rowCount() <= left) {
          // A v2 page holds whole records (the spec has every v2 page begin at a record), num_rows of them.
          pages.skipPeeked(next);
          left -= next.rowCount();
          entries += next.valueCount();
          continue;
        }
        if (!pages.nextDataPageLazily()) {
          if (left == 0) {
            return entries;
          }
          throw pages.chunkEnded("records");
        }
        continue;
      }
      int count;
      if (maxRepetitionLevel == 0) {
        if (left == 0) {
          return entries;
        }
        count = (int) Math.min(left, cursor.levelsRemaining());
        left -= count;
      } else {
        count = levelsBeforeRecordStart((int) Math.min(left, Integer.MAX_VALUE));
        if (count == 0) {
          return entries;
        }
        left -= startsBeforeRecordStart;
      }
      int present = cursor.present(count);
      cursor.skipValues(present);
      cursor.advance(count, present);
      entries += count;
    }
  }

  /** Gives this reader's page level and dictionary index arrays to the pool, once it reads no more. */
  public void releaseScratch() {
    pages.releaseScratch();
  }

  @Override
  public void close() {
    pages.close();
  }
}
