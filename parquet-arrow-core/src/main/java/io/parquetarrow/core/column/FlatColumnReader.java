package io.parquetarrow.core.column;

import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.page.ValueDestination;
import io.parquetarrow.encodings.Bitmaps;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

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
  /** The batch's validity, LSB first, a bit per row, for an optional column; reused from batch to batch. */
  private byte[] validity = new byte[0];
  /** A section's BOOLEAN values, a byte per row, before they are packed into the vector's bits (scratch's). */
  private byte[] sectionBits = new byte[0];
  /** Values picked by {@link #pickSection}, relative to the section's first value; {@link #pickedCount} of them. */
  private int[] picks = new int[0];
  private int pickedCount;
  /** A section's validity, a bit per row from bit 0, before the selected rows' bits are kept. */
  private byte[] sectionValidity = new byte[0];
  /**
   * Rows {@link #skip} was asked to pass over and no read has needed yet: a skip waits for the read after it, which
   * knows how much of the page the skip ends in it needs ({@link #readSelected}).
   */
  private long skipPending;

  /**
   * @param typeLength {@code type_length} for FIXED_LEN_BYTE_ARRAY (ignored otherwise)
   * @param rowCount the rows the chunk must hold (the row group's row count)
   * @param conversion converts the values as they are decoded, for INT32, INT64, INT96 or FIXED_LEN_BYTE_ARRAY; null
   *     keeps them as stored
   */
  public FlatColumnReader(PageReader pages, Type physicalType, int typeLength, int maxDefinitionLevel,
      long rowCount, ParquetKernels kernels, ValueConversion conversion) {
    if (conversion != null && physicalType != Type.INT32 && physicalType != Type.INT64
        && physicalType != Type.INT96 && physicalType != Type.FIXED_LEN_BYTE_ARRAY) {
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
   * Reads the next {@code rows} rows into {@code target}'s vector. Fixed-width, BYTE_ARRAY and BOOLEAN values go into
   * the vector's buffers as they are decoded, section by section (a section is the batch's rows within one page): a
   * section's values are written densely at its first row, then spread over its nulls, which its definition
   * levels mark in the batch's validity. Of a required column, a compressed PLAIN page whose values all belong to
   * this batch is decompressed into the vector, an uncompressed one read from the file there (one that straddles
   * the batch's end in two reads, one into each batch's vector). A vector of another layout is assembled from
   * {@code scratch}.
   */
  public void read(int rows, ColumnBatch scratch, FlatBatchTarget target) throws IOException {
    skipNow(-1);
    Section section = inPlaceSection(rows, scratch, target, true);
    if (section != null) {
      readInPlace(rows, target, section);
    } else {
      read(rows, scratch);
      target.assemble(scratch);
    }
  }

  /**
   * Whether {@link #readSelected} can write into {@code target}: a vector whose values this reader writes in place
   * (fixed width of the decoded width, strings and binaries as they are, booleans), not one it assembles.
   */
  public boolean readsSelected(FlatBatchTarget target) {
    FlatBatchTarget.Layout layout = target.layout();
    return layout == FlatBatchTarget.Layout.FIXED_WIDTH && target.valueWidth() == directValueWidth()
        || layout == FlatBatchTarget.Layout.BINARY && cursor.binaryValues()
        || layout == FlatBatchTarget.Layout.BITS && cursor.booleanValues();
  }

  /**
   * Moves past the next {@code rows} rows and writes into {@code target}'s vector only the {@code selected} whose
   * bit is set in {@code selection} (bit {@code i % 64} of word {@code i / 64} for the {@code i}th of these rows),
   * in order: the other columns of a filtered read, decoded only for the rows the filter kept (late
   * materialization inside the page, as arrow-rs's {@code RowSelection}). Pages without a selected row are skipped
   * unread where they start after a page boundary ({@link PageSequence#skipWholePages}); in a page, unselected
   * values are skipped by the decoders (PLAIN values by position, dictionary indices without their entries'
   * gather, byte arrays by their lengths) and the selected ones written straight into the vector. Only for targets
   * {@link #readsSelected} accepts.
   */
  public void readSelected(int rows, long[] selection, int selected, ColumnBatch scratch, FlatBatchTarget target)
      throws IOException {
    Section section = inPlaceSection(selected, scratch, target, false);
    if (section == null) {
      throw new IllegalStateException(location.describe() + ": a " + target.layout()
          + " vector is assembled, not written in place: it cannot take selected rows");
    }
    // Sparse selections pick few values of a page: a dictionary waits for them, to be decoded only as far as they
    // need (ChunkDictionary.pickIndices); denser ones decode it first, as a whole read does.
    boolean sparse = (long) selected * ChunkDictionary.SPARSE_PICK_GAP < rows;
    skipNow(sparse ? SelectionBits.last(selection, 0, rows) + 1 : -1);
    boolean finished = false;
    try {
      int outputBytes = (selected >>> 3) + 1;
      if (maxDefinitionLevel > 0 && validity.length < outputBytes) {
        validity = new byte[Math.max(outputBytes, validity.length * 2)];
      }
      int nulls = 0;
      int done = 0;
      int out = 0;
      while (done < rows) {
        if (cursor.levelsRemaining() == 0) {
          int gap = SelectionBits.next(selection, done, rows) - done;
          if (gap > 0) {
            long skipped = pages.skipWholePages(gap);
            if (skipped > 0) {
              done += (int) skipped;
              continue;
            }
          }
          // A sparse selection needs the page only as far as its last selected row in this batch: a compressed
          // page is decompressed that far, the rest only if a later batch reads from it.
          int last = SelectionBits.last(selection, done, rows);
          if (!(sparse ? pages.nextDataPageLazily(last < 0 ? 0 : last - done + 1) : pages.nextDataPage())) {
            throw pages.chunkEnded(maxDefinitionLevel == 0 ? "values" : "level entries (values and nulls)");
          }
          continue;
        }
        int count = Math.min(rows - done, cursor.levelsRemaining());
        int sectionSelected = SelectionBits.count(selection, done, done + count);
        if (sectionSelected == 0) {
          int present = cursor.present(count);
          cursor.skipValues(present);
          cursor.advance(count, present);
          done += count;
          continue;
        }
        int present;
        int values;
        if (sectionSelected == count) {
          present = count - (maxDefinitionLevel > 0 ? cursor.validity(count, validity, out) : 0);
          if (present == count) {
            section.values(out, count);
          } else {
            section.valuesAmongNulls(out, count, present, validity);
          }
          values = present;
        } else {
          present = pickSection(selection, done, count, sectionSelected, out);
          values = pickedCount;
          if (present > 0) {
            section.pickedValues(out, present, picks, values);
          }
          if (values < sectionSelected) {
            section.spreadNulls(out, sectionSelected, values, validity);
          }
        }
        nulls += sectionSelected - values;
        section.sectionDone(out, sectionSelected, values);
        cursor.advance(count, present);
        done += count;
        out += sectionSelected;
      }
      if (out != selected) {
        throw new IllegalArgumentException(location.describe() + ": " + selected + " rows said selected but "
            + out + " bits are set");
      }
      target.finish(selected, nulls, validity);
      finished = true;
    } finally {
      if (!finished) {
        target.abandon();
      }
    }
  }

  /**
   * For the section of {@code count} rows from selection bit {@code from} on, {@code selected} of them selected:
   * the values of the selected rows that are not null into {@link #picks} (positions among the section's values)
   * and their count into {@link #pickedCount}, and the selected rows' validity into {@link #validity} from bit
   * {@code out} on. Returns how many of the section's rows are values.
   */
  private int pickSection(long[] selection, int from, int count, int selected, int out) {
    if (picks.length < selected) {
      picks = new int[Math.max(selected, picks.length * 2)];
    }
    int end = from + count;
    if (maxDefinitionLevel == 0 || cursor.allPresent()) {
      pickedCount = SelectionBits.picks(selection, from, end, picks);
      if (maxDefinitionLevel > 0) {
        Bitmaps.fill(validity, out, selected, true);
      }
      return count;
    }
    if (sectionValidity.length < (count >>> 3) + 1) {
      sectionValidity = new byte[Math.max((count >>> 3) + 1, sectionValidity.length * 2)];
    }
    int present = count - cursor.validity(count, sectionValidity, 0);
    int picked = 0;
    int rank = 0;
    int ranked = 0;
    int bit = out;
    for (int word = from >>> 6; word <= (end - 1) >>> 6; word++) {
      long bits = selection[word] & SelectionBits.mask(word, from, end);
      int base = (word << 6) - from;
      while (bits != 0) {
        int row = base + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        rank += Bitmaps.count(sectionValidity, ranked, row - ranked);
        ranked = row;
        boolean valid = (sectionValidity[row >>> 3] >>> (row & 7) & 1) != 0;
        if (valid) {
          picks[picked++] = rank;
        }
        Bitmaps.put(validity, bit++, valid);
      }
    }
    pickedCount = picked;
    return present;
  }

  /**
   * The section that writes {@code rows} rows of {@code target}'s vector in place, its buffers allocated; null for
   * a vector that is assembled. With {@code offerPages}, a required column's PLAIN pages may go to the vector
   * straight from the page layer.
   */
  private Section inPlaceSection(int rows, ColumnBatch scratch, FlatBatchTarget target, boolean offerPages) {
    FlatBatchTarget.Layout layout = target.layout();
    if (layout == FlatBatchTarget.Layout.FIXED_WIDTH && target.valueWidth() == directValueWidth()) {
      int width = target.valueWidth();
      ValueSink sink = target.fixedWidthValues(rows);
      return new Section() {
        @Override
        int pageOffer(int row) throws IOException {
          // Only a required column's pages, unconverted, are offered: their bytes are the vector's.
          ValueDestination destination = offerPages && maxDefinitionLevel == 0 && conversion == null
              ? offer(sink, row, rows - row, width) : null;
          return pages.nextDataPage(destination);
        }

        @Override
        void values(int row, int count) throws IOException {
          cursor.copyValues(sink, (long) row * width, count, width, scratch);
        }

        @Override
        void pickedValues(int row, int present, int[] picks, int count) throws IOException {
          PickedValues.copy(cursor, sink, (long) row * width, present, picks, count, width, scratch);
        }

        @Override
        void spreadNulls(int row, int count, int values, byte[] validity) {
          sink.spreadNulls(row, count, values, width, validity);
        }

        /** PLAIN values in memory go from the page to their slots in one pass. */
        @Override
        void valuesAmongNulls(int row, int count, int present, byte[] validity) throws IOException {
          if (present > 0 && cursor.plainInMemory()) {
            cursor.spreadPlainValues(sink, row, count, present, validity);
          } else {
            super.valuesAmongNulls(row, count, present, validity);
          }
        }
      };
    } else if (layout == FlatBatchTarget.Layout.BINARY && cursor.binaryValues()) {
      BinarySink sink = target.binaryValues(rows);
      return new Section() {
        @Override
        void values(int row, int count) throws IOException {
          ChunkedValues.appendBinary(cursor, sink, row, count, scratch);
        }

        @Override
        void pickedValues(int row, int present, int[] picks, int count) throws IOException {
          PickedValues.appendBinary(cursor, sink, row, present, picks, count, scratch);
        }

        @Override
        void spreadNulls(int row, int count, int values, byte[] validity) {
          sink.spreadNulls(row, count, values, validity);
        }
      };
    } else if (layout == FlatBatchTarget.Layout.BITS && cursor.booleanValues()) {
      BitSink sink = target.bitValues(rows);
      return new Section() {
        /** Whether the section's rows went to the sink from the page's bits already. */
        private boolean deposited;

        @Override
        void values(int row, int count) throws IOException {
          if (cursor.plainBooleans()) {
            cursor.depositBooleans(sink, row, count, count, null);
            deposited = true;
            return;
          }
          // Room for the section's rows, which lie in this page: the spread fills them.
          sectionBits = ChunkedValues.decodeBooleans(cursor, count, cursor.levelsRemaining(), scratch);
        }

        /** PLAIN values go from the page's bits to their rows in one pass. */
        @Override
        void valuesAmongNulls(int row, int count, int present, byte[] validity) throws IOException {
          if (cursor.plainBooleans()) {
            cursor.depositBooleans(sink, row, count, present, validity);
            deposited = true;
          } else {
            super.valuesAmongNulls(row, count, present, validity);
          }
        }

        @Override
        void pickedValues(int row, int present, int[] picks, int count) throws IOException {
          sectionBits =
              PickedValues.decodeBooleans(cursor, present, picks, count, cursor.levelsRemaining(), scratch);
        }

        @Override
        void spreadNulls(int row, int count, int values, byte[] validity) {
          if (values > 0) {
            spreadBytes(sectionBits, row, count, values, validity);
          } // else sectionDone clears the section's bytes
        }

        @Override
        void sectionDone(int row, int count, int values) {
          if (deposited) {
            deposited = false;
            return;
          }
          if (values == 0) {
            if (sectionBits.length < count) {
              sectionBits = new byte[count];
            }
            Arrays.fill(sectionBits, 0, count, (byte) 0);
          }
          sink.putBits(row, sectionBits, count);
        }
      };
    }
    return null;
  }

  /** One batch's values in the vector's buffers, section by section (see {@link #readInPlace}). */
  private abstract class Section {
    /**
     * Moves to the next data page, offering the page layer the vector's slots from {@code row} on when it can
     * fill them; returns how many values went there, or -1 at the chunk's end. Offers nothing unless overridden.
     */
    int pageOffer(int row) throws IOException {
      return pages.nextDataPage(null);
    }

    /** Writes the page's next {@code count} values as rows {@code row} to {@code row + count - 1}, none null. */
    abstract void values(int row, int count) throws IOException;

    /**
     * Moves past the page's next {@code present} values and writes densely from row {@code row} on only the
     * {@code count} at {@code picks[0, count)} (relative to the next value).
     */
    abstract void pickedValues(int row, int present, int[] picks, int count) throws IOException;

    /** Spreads the {@code values} values written from row {@code row} on over {@code count} rows and their nulls. */
    abstract void spreadNulls(int row, int count, int values, byte[] validity);

    /**
     * Writes the page's next {@code present} values to their rows among {@code count} rows from {@code row} on,
     * the others nulls as {@code validity} says: densely and then spread, unless overridden.
     */
    void valuesAmongNulls(int row, int count, int present, byte[] validity) throws IOException {
      if (present > 0) {
        values(row, present);
      }
      spreadNulls(row, count, present, validity);
    }

    /** After a section's values (and their spread, if it has nulls): its {@code count} rows from {@code row} on. */
    void sectionDone(int row, int count, int values) {}
  }

  /**
   * The one loop of a batch written in place: for each section, its values where its first row's slot is, its
   * validity from its definition levels, then its values spread over its nulls; the target gets the validity at
   * the end. The target's buffers are released when anything fails.
   */
  private void readInPlace(int rows, FlatBatchTarget target, Section section) throws IOException {
    boolean finished = false;
    try {
      if (maxDefinitionLevel > 0 && validity.length < (rows >>> 3) + 1) {
        validity = new byte[Math.max((rows >>> 3) + 1, validity.length * 2)];
      }
      int nulls = 0;
      int done = 0;
      while (done < rows) {
        if (cursor.levelsRemaining() == 0) {
          int consumed = section.pageOffer(done);
          if (consumed < 0) {
            throw pages.chunkEnded(maxDefinitionLevel == 0 ? "values" : "level entries (values and nulls)");
          }
          // The values that went to the offered slots (a required column's); the cursor holds any rest.
          done += consumed;
          continue;
        }
        int count = Math.min(rows - done, cursor.levelsRemaining());
        int present = count;
        if (maxDefinitionLevel > 0) {
          present = count - cursor.validity(count, validity, done);
        }
        if (present == count) {
          section.values(done, count);
        } else {
          section.valuesAmongNulls(done, count, present, validity);
          nulls += count - present;
        }
        section.sectionDone(done, count, present);
        cursor.advance(count, present);
        done += count;
      }
      target.finish(rows, nulls, validity);
      finished = true;
    } finally {
      if (!finished) {
        target.abandon();
      }
    }
  }

  /**
   * Moves {@code values[0, present)} to their rows among {@code values[0, count)} in place, as bit
   * {@code firstBit + i} of {@code validity} says, a null's byte 0: backwards and branch-free. A row whose validity
   * byte lies whole above the values left takes the value after the byte's set bits below it; rows below the first
   * such byte read the value at the clamped source whatever the bit, masked to 0 for a null (0038).
   */
  static void spreadBytes(byte[] values, int firstBit, int count, int present, byte[] validity) {
    int source = present - 1;
    int row = count - 1;
    while (row > source) {
      int bit = firstBit + row;
      if ((bit & 7) != 7 || row < 7) {
        int valid = validity[bit >>> 3] >>> (bit & 7) & 1;
        values[row] = (byte) (values[source & ~(source >> 31)] & -valid);
        source -= valid;
        row--;
        continue;
      }
      int bits = validity[bit >>> 3] & 0xFF;
      int low = source + 1 - Integer.bitCount(bits);
      for (int k = 7; k >= 0; k--) {
        values[row - 7 + k] = (byte) (values[low + Integer.bitCount(bits & ((1 << k) - 1))] & -(bits >>> k & 1));
      }
      source = low - 1;
      row -= 8;
    }
  }

  /** Bytes per value this reader writes into a vector directly: the conversion's, or the PLAIN width; 0 for none. */
  private int directValueWidth() {
    return conversion != null ? conversion.width() : cursor.valueWidth();
  }

  /** Decodes the next {@code rows} rows (levels and values) into {@code batch}, replacing what it held. */
  void read(int rows, ColumnBatch batch) throws IOException {
    skipNow(-1);
    batch.reset(rows, maxDefinitionLevel > 0, false);
    pages.readEntries(rows, batch, true, conversion != null);
  }

  /**
   * Skips the next {@code rows} rows, when the next read comes ({@link #skipPending}): whole pages they cover are
   * skipped unread (a flat column's page holds as many rows as level entries), the others through their levels and
   * values without decoding them into a batch.
   */
  public void skip(long rows) throws IOException {
    if (rows < 0) {
      throw new IllegalArgumentException(location.describe() + ": cannot skip " + rows + " rows");
    }
    skipPending += rows;
    if (skipPending > pages.entriesLeft()) {
      skipNow(-1); // past the chunk's rows: fails now, naming them
    }
  }

  /**
   * Carries out the pending skip. A page it ends inside is needed as far as {@code after} entries past the skip's
   * end, for now (-1: all of it): a compressed page may be decompressed only that far.
   */
  private void skipNow(int after) throws IOException {
    long left = skipPending;
    skipPending = 0;
    while (left > 0) {
      left -= pages.skipWholePages(left);
      if (left == 0) {
        return;
      }
      if (cursor.levelsRemaining() == 0) {
        int leading = after < 0 ? -1 : (int) Math.min(Integer.MAX_VALUE, left + after);
        if (!pages.nextDataPageLazily(leading)) {
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
