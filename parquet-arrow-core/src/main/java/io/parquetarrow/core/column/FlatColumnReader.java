package io.parquetarrow.core.column;

import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.page.ValueDestination;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The column layer for one column chunk of a flat column (maximum repetition level 0, so a level entry is a row):
 * reads the next rows of the chunk, page after page, with their definition levels and their values decoded
 * (through a {@link DataPageCursor}), or skips rows. A batch may span pages, and a page may span batches.
 *
 * <p>Checks: levels never exceed the column's maximum; the chunk holds as many rows as the row group says; each
 * page's value decoder holds as many values as its levels say. Every exception names the file, row group,
 * column and page offset.
 */
public final class FlatColumnReader implements AutoCloseable {
  private final PageSequence pages;
  private final DataPageCursor cursor;
  private final ChunkLocation location;
  private final int maxDefinitionLevel;
  /** Converts the values as they are decoded (see {@link ValueConversion}); null keeps them as stored. */
  private final ValueConversion conversion;

  /**
   * @param typeLength {@code type_length} for FIXED_LEN_BYTE_ARRAY (ignored otherwise)
   * @param rowCount the rows the chunk must hold (the row group's row count)
   * @param conversion converts the values as they are decoded, for INT32, INT64 or FIXED_LEN_BYTE_ARRAY; null
   *     keeps them as stored
   */
  public FlatColumnReader(PageReader pages, Type physicalType, int typeLength, int maxDefinitionLevel,
      long rowCount, ParquetKernels kernels, ValueConversion conversion) {
    if (conversion != null && physicalType != Type.INT32 && physicalType != Type.INT64
        && physicalType != Type.FIXED_LEN_BYTE_ARRAY) {
      throw new IllegalArgumentException(
          pages.location().describe() + ": values of " + physicalType + " are not converted while decoded");
    }
    this.location = pages.location();
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.conversion = conversion;
    this.cursor = new DataPageCursor(location, physicalType, typeLength, maxDefinitionLevel, 0, kernels, conversion);
    this.pages = new PageSequence(pages, cursor, maxDefinitionLevel, 0, rowCount);
  }

  /**
   * Reads the next {@code rows} rows into {@code target}'s vector. Rows that are all values (a required column,
   * or an optional one whose next rows lie in one page without a null) of a width the vector takes unchanged go
   * straight into its data buffer: a compressed PLAIN page whose values all belong to this batch is decompressed
   * there, an uncompressed one read from the file there (one that straddles the batch's end in two reads, one
   * into each batch's vector), other pages copied or decoded there in runs through
   * {@code scratch}. Any other batch is decoded into {@code scratch} and assembled by the target.
   */
  public void read(int rows, ColumnBatch scratch, FlatBatchTarget target) throws IOException {
    int width = target.directValueWidth();
    if (width > 0 && width == directValueWidth() && (maxDefinitionLevel == 0 || nextRowsAreAllValues(rows))) {
      target.loadDirect(rows, sink -> copyValuesInto(rows, sink, scratch));
      return;
    }
    read(rows, scratch);
    target.assemble(scratch);
  }

  /** Bytes per value this reader writes into a vector directly: the conversion's, or the PLAIN width; 0 for none. */
  private int directValueWidth() {
    return conversion != null ? conversion.width() : cursor.valueWidth();
  }

  /** Decodes the next {@code rows} rows (levels and values) into {@code batch}, replacing what it held. */
  void read(int rows, ColumnBatch batch) throws IOException {
    batch.reset(rows, maxDefinitionLevel > 0, false);
    pages.readEntries(rows, batch, true, conversion != null);
  }

  /**
   * Skips the next {@code rows} rows: whole pages they cover are skipped unread (a flat column's page holds as
   * many rows as level entries), the others through their levels and values without decoding them into a batch.
   */
  public void skip(long rows) throws IOException {
    if (rows < 0) {
      throw new IllegalArgumentException(location.describe() + ": cannot skip " + rows + " rows");
    }
    long left = rows;
    while (left > 0) {
      left -= pages.skipWholePages(left);
      if (left == 0) {
        return;
      }
      if (cursor.levelsRemaining() == 0) {
        if (!pages.nextDataPage()) {
          throw pages.chunkEnded("rows");
        }
        continue;
      }
      int count = (int) Math.min(left, cursor.levelsRemaining());
      int present = cursor.present(count);
      cursor.skipValues(present);
      cursor.advance(count, present);
      left -= count;
    }
  }

  /**
   * For an optional column: whether the next {@code rows} rows are all in the current data page (moving to the
   * next page first when this one is used up) and all of them are values, not nulls. Reads no value.
   */
  private boolean nextRowsAreAllValues(int rows) throws IOException {
    while (cursor.levelsRemaining() == 0) {
      if (!pages.nextDataPage()) {
        return false; // read() reports the missing entries
      }
    }
    return rows <= cursor.levelsRemaining() && cursor.present(rows) == rows;
  }

  /**
   * Decodes the next {@code rows} values, all of them values, straight into {@code sink}, value {@code i} at
   * byte {@code i * width}: pages are offered to the page layer's destination (see {@link #read(int, ColumnBatch,
   * FlatBatchTarget)}) only without a conversion, since their bytes are not the converted values.
   */
  private void copyValuesInto(int rows, ValueSink sink, ColumnBatch scratch) throws IOException {
    int valueWidth = cursor.valueWidth();
    // Bytes per value in the sink: the stored width, or the conversion's. Pages are offered to the sink only
    // without a conversion (their bytes are not the converted values).
    int sinkWidth = conversion != null ? conversion.width() : valueWidth;
    if (maxDefinitionLevel != 0) {
      // nextRowsAreAllValues(rows) said yes: the rows are in this page and all of them are values.
      cursor.copyValues(sink, 0, rows, sinkWidth, scratch);
      cursor.advance(rows, rows);
      return;
    }
    int done = 0;
    while (done < rows) {
      if (cursor.levelsRemaining() == 0) {
        int consumed = pages.nextDataPage(conversion != null ? null : offer(sink, done, rows - done, valueWidth));
        if (consumed < 0) {
          throw pages.chunkEnded("values");
        }
        done += consumed; // the values that went to the offered destination; the cursor holds any rest
        continue;
      }
      int count = Math.min(rows - done, cursor.levelsRemaining());
      cursor.copyValues(sink, (long) done * sinkWidth, count, sinkWidth, scratch);
      cursor.advance(count, count);
      done += count;
    }
  }

  /**
   * The destination offered to the page layer for the next page: the sink's slots from value {@code done} on,
   * room for {@code wanted} values (capped so the view stays below 2 GiB); null when the sink has no direct view.
   */
  private static ValueDestination offer(ValueSink sink, int done, int wanted, int valueWidth) {
    int values = (int) Math.min(wanted, (Integer.MAX_VALUE - 16) / valueWidth);
    ByteBuffer view = sink.directView((long) done * valueWidth, values * valueWidth);
    return view == null ? null : new ValueDestination(view, valueWidth, values);
  }

  /**
   * Gives this reader's page level, dictionary index and converted dictionary arrays to the pool for the next
   * reader, once it reads no more (the owner closes the page reader itself).
   */
  public void releaseScratch() {
    pages.releaseScratch();
  }

  @Override
  public void close() {
    pages.close();
  }
}
