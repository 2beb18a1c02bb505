package io.parquetarrow.core.column;

import io.parquetarrow.core.nested.NodeLevels;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;

/**
 * The column layer for one leaf column of a nested field: reads whole records. It pulls level entries and values
 * from a {@link RepeatedColumnReader} in steps, keeps them in a pending batch, and hands out exactly the level
 * entries (and their values) of the next {@code n} records, cut where the repetition level returns to 0 — the
 * Dremel record boundary. Each step ends at a record boundary or a page end, found from the page's repetition
 * levels before any value is decoded ({@link RepeatedColumnReader#levelsBeforeRecordStart}), so no value of a record
 * beyond the batch is decoded. Each step is decoded straight after the pending entries
 * ({@link RepeatedColumnReader#readAppending}), and a batch that ends where the pending entries end is handed on
 * without copying (the batches trade their arrays).
 *
 * <p>It returns a {@link ColumnBatch} with the batch's definition and repetition levels and its non-null values
 * in Parquet physical form; {@link #toLeafSlots} then rewrites that batch so an ordinary flat
 * {@code ColumnAssembler} fills the leaf vector (one entry per leaf slot). Checks: the column chunk begins with a
 * record (repetition level 0) and holds at least as many records as the row group claims.
 *
 * <p>Not thread-safe: one reader per leaf column per row group.
 */
public final class NestedColumnReader implements AutoCloseable {
  /** Byte-array buffers above this capacity are released between batches rather than kept for reuse. */
  private static final long RELEASED_BINARY_BYTES = 256L << 20;

  private final RepeatedColumnReader reader;
  private final ChunkLocation location;
  private final Type physicalType;
  private final int width;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final long totalLevels;
  private final ParquetKernels kernels;
  private long levelsRead;

  // The level entries and values not yet handed out (in read order), the batch handed out last (the two trade
  // places when a whole batch moves on unchanged), and a buffer for byte arrays moved within the pending batch.
  private final ColumnBatch scratch = new ColumnBatch();
  private ColumnBatch pending = new ColumnBatch();
  private ColumnBatch output = new ColumnBatch();

  /**
   * @param reader the repeated column reader of the chunk, built with the chunk's total level entries
   *     ({@code num_values} of the column chunk)
   * @param totalLevels the level entries the chunk holds
   * @param kernels the kernels counting values and record starts
   */
  public NestedColumnReader(RepeatedColumnReader reader, ChunkLocation location, Type physicalType, int typeLength,
      int maxDefinitionLevel, int maxRepetitionLevel, long totalLevels, ParquetKernels kernels) {
    this.reader = reader;
    this.kernels = kernels;
    this.location = location;
    this.physicalType = physicalType;
    this.width = switch (physicalType) {
      case BOOLEAN -> 1;
      case INT96 -> PhysicalTypes.INT96_BYTES;
      case FIXED_LEN_BYTE_ARRAY -> typeLength;
      default -> 0;
    };
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.maxRepetitionLevel = maxRepetitionLevel;
    this.totalLevels = totalLevels;
  }

  /**
   * Reads the next {@code records} records and returns their level entries and values; the batch is reused by
   * the next call.
   *
   * @throws ParquetCorruptionException when the chunk starts mid-record or ends before {@code records} records
   */
  public ColumnBatch readRecords(int records) throws IOException {
    if (records < 1) {
      throw new IllegalArgumentException("records " + records + " must be at least 1");
    }
    if (physicalType == Type.BYTE_ARRAY) {
      // The batch handed out last has been consumed: do not hold a large buffer of it while this one is read.
      output.binary().releaseDataAbove(RELEASED_BINARY_BYTES);
      scratch.binary().releaseDataAbove(RELEASED_BINARY_BYTES);
    }
    int end;
    // Record starts are counted once: entries [0, scanned) hold `started` starts, all of them among the first
    // `records` (so the batch cannot end before `scanned`).
    int scanned = 0;
    int started = 0;
    while (true) {
      int pendingLevels = pending.levelCount();
      int[] repetitionLevels = pending.repetitionLevels();
      // Non-zero only while the pending levels are a view of the flat reader's page (readAppendingOrView).
      int offset = pending.levelOffset();
      if (maxRepetitionLevel > 0 && pendingLevels > 0 && repetitionLevels[offset] != 0) {
        throw new ParquetCorruptionException(location.describe() + ": a record begins with repetition level "
            + repetitionLevels[offset] + " (expected 0: a column chunk and each record start with repetition level 0)");
      }
      boolean endOfData = levelsRead == totalLevels;
      if (maxRepetitionLevel == 0) {
        if (pendingLevels >= records) {
          end = records;
          break;
        }
        started = pendingLevels;
      } else {
        while (scanned < pendingLevels && records - started >= 64) {
          int span = Math.min(pendingLevels - scanned, records - started);
          started += kernels.countEqual(repetitionLevels, offset + scanned, span, 0);
          scanned += span;
        }
        for (; scanned < pendingLevels; scanned++) {
          if (repetitionLevels[offset + scanned] == 0) {
            if (started == records) {
              break;
            }
            started++;
          }
        }
        if (scanned < pendingLevels) {
          end = scanned;
          break;
        }
        if (started == records && (endOfData || reader.recordStartsNextInPage())) {
          // The last step ended where the next record starts, at the chunk's end or inside the page: the batch is
          // complete, and its levels may stay a view of the page (the flat reader does not move on before the
          // next call, by which time this batch has been assembled).
          end = pendingLevels;
          break;
        }
      }
      if (endOfData) {
        throw new ParquetCorruptionException(location.describe() + ": column chunk ended after " + started
            + " more records, expected " + records + " (the row group's row count)");
      }
      // The flat reader may move to its next page now, where a view of the current one would go stale.
      pending.ownViews();
      long step;
      int startsInStep = -1;
      if (maxRepetitionLevel == 0) {
        step = records - started; // one entry per record
      } else {
        // Up to the start of record `records + 1` or the end of the page, whichever comes first.
        step = reader.levelsBeforeRecordStart(records - started);
        if (step == 0) {
          end = pendingLevels;
          break;
        }
        startsInStep = reader.startsBeforeRecordStart();
      }
      if (step > totalLevels - levelsRead) {
        step = totalLevels - levelsRead;
        startsInStep = -1; // cut short: the scan below counts the starts
      }
      reader.readAppendingOrView((int) step, pending);
      levelsRead += step;
      if (startsInStep >= 0) {
        // The step's starts were counted on the page's levels: no need to scan its entries again.
        started += startsInStep;
        scanned = pending.levelCount();
      }
    }
    int values = end;
    if (end == pending.levelCount()) {
      values = pending.valueCount(); // the flat reader counted them as it decoded the levels
    } else if (maxDefinitionLevel > 0) {
      values = kernels.countEqual(pending.definitionLevels(), pending.levelOffset(), end, maxDefinitionLevel);
    }
    handOut(end, values);
    return output;
  }

  /**
   * Skips the next {@code records} records. Entries this reader already holds are dropped with the records they
   * start (read as a batch and not handed on); the rest are skipped by the repeated reader without decoding
   * their values into a batch.
   *
   * @throws ParquetCorruptionException when the chunk ends before {@code records} records
   */
  public void skip(long records) throws IOException {
    long left = records;
    while (left > 0 && pending.levelCount() > 0) {
      int starts = pending.levelCount();
      if (maxRepetitionLevel > 0) {
        starts = kernels.countEqual(pending.repetitionLevels(), pending.levelOffset(), pending.levelCount(), 0);
      }
      int batch = (int) Math.min(left, Math.max(1, starts));
      readRecords(batch);
      left -= batch;
    }
    if (left > 0) {
      levelsRead += reader.skip(left);
    }
  }

  /**
   * Turns the batch returned by {@link #readRecords} into one entry per slot of the leaf node: the leaf's slot
   * validity ({@link ColumnBatch#slotValidity()}, bit set for a slot holding a value) in place of definition
   * levels, values unchanged (they are already in slot order). A flat assembler built for maximum definition
   * level 1 then fills the leaf vector (its validity taken from the bitmap, not rebuilt from levels).
   *
   * @throws ParquetCorruptionException when the leaf's value count differs from the values read
   */
  public ColumnBatch toLeafSlots(NodeLevels leaf) throws ParquetCorruptionException {
    int slots = leaf.slotCount();
    if (leaf.valueCount() != output.valueCount()) {
      throw new ParquetCorruptionException(location.describe() + ": the levels place " + leaf.valueCount()
          + " values but " + output.valueCount() + " were decoded");
    }
    output.setSlotValidity(leaf.validity());
    output.setLevelCount(slots);
    output.setValueCount(leaf.valueCount());
    return output;
  }

  /** Moves the first {@code levels} pending entries and their {@code values} values into {@link #output}. */
  private void handOut(int levels, int values) throws ParquetCorruptionException {
    int pendingLevels = pending.levelCount();
    int pendingValues = pending.valueCount();
    if (levels == pendingLevels) {
      // Everything pending goes out: the pending batch becomes the output as it is.
      ColumnBatch swap = output;
      output = pending;
      pending = swap;
      pending.reset(0, false, false);
      // Assemblers spread the values in place, up to the slot count (at most the level count).
      ensureValues(output, Math.max(values, levels));
      return;
    }
    pending.ownViews(); // what is not handed out stays pending, so it must outlive the page
    output.reset(levels, maxDefinitionLevel > 0, maxRepetitionLevel > 0);
    int remainingLevels = pendingLevels - levels;
    int remainingValues = pendingValues - values;
    if (maxDefinitionLevel > 0) {
      int[] definitionLevels = pending.definitionLevels();
      System.arraycopy(definitionLevels, 0, output.definitionLevels(), 0, levels);
      System.arraycopy(definitionLevels, levels, definitionLevels, 0, remainingLevels);
    }
    if (maxRepetitionLevel > 0) {
      int[] repetitionLevels = pending.repetitionLevels();
      System.arraycopy(repetitionLevels, 0, output.repetitionLevels(), 0, levels);
      System.arraycopy(repetitionLevels, levels, repetitionLevels, 0, remainingLevels);
    }
    switch (physicalType) {
      case INT32, FLOAT -> {
        int[] ints = pending.ints();
        System.arraycopy(ints, 0, output.ensureInts(Math.max(values, levels)), 0, values);
        System.arraycopy(ints, values, ints, 0, remainingValues);
      }
      case INT64, DOUBLE -> {
        long[] longs = pending.longs();
        System.arraycopy(longs, 0, output.ensureLongs(Math.max(values, levels)), 0, values);
        System.arraycopy(longs, values, longs, 0, remainingValues);
      }
      case BOOLEAN, INT96, FIXED_LEN_BYTE_ARRAY -> {
        byte[] bytes = pending.bytes();
        System.arraycopy(bytes, 0, output.ensureBytes(checkedBytes((long) Math.max(values, levels) * width)), 0,
            values * width);
        System.arraycopy(bytes, values * width, bytes, 0, remainingValues * width);
      }
      case BYTE_ARRAY -> {
        appendBinary(pending.binary(), 0, values, output.binary());
        // The rest moves to the front through the scratch buffer, emptied again at once.
        BinaryBuffer rest = scratch.binary();
        rest.reset();
        appendBinary(pending.binary(), values, remainingValues, rest);
        pending.binary().reset();
        appendBinary(rest, 0, remainingValues, pending.binary());
        rest.reset();
      }
      default -> throw new IllegalStateException("unexpected physical type " + physicalType);
    }
    output.setLevelCount(levels);
    output.setValueCount(values);
    pending.setLevelCount(remainingLevels);
    pending.setValueCount(remainingValues);
  }

  private void ensureValues(ColumnBatch batch, int count) throws ParquetCorruptionException {
    if (batch.valueView() != null) {
      return; // copied out, with room for every slot, only if an assembler asks for the array (ColumnBatch.ownValues)
    }
    switch (physicalType) {
      case INT32, FLOAT -> batch.ensureInts(count);
      case INT64, DOUBLE -> batch.ensureLongs(count);
      case BOOLEAN, INT96, FIXED_LEN_BYTE_ARRAY -> batch.ensureBytes(checkedBytes((long) count * width));
      default -> { }
    }
  }

  /** Appends values {@code [from, from + count)} of {@code source} to {@code target}. */
  private static void appendBinary(BinaryBuffer source, int from, int count, BinaryBuffer target)
      throws ParquetCorruptionException {
    int[] offsets = source.offsets();
    target.ensureAdditional(count, (long) offsets[from + count] - offsets[from]);
    byte[] data = source.data();
    for (int i = from, end = from + count; i < end; i++) {
      target.append(data, offsets[i], offsets[i + 1] - offsets[i]);
    }
  }

  private static int checkedBytes(long capacity) {
    if (capacity > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("pending values exceed " + (Integer.MAX_VALUE - 16) + " bytes");
    }
    return (int) capacity;
  }

  /** Gives the flat reader's and this reader's batch arrays to {@link io.parquetarrow.core.page.ScratchArrays}. */
  public void releaseScratch() {
    reader.releaseScratch();
    scratch.release();
    pending.release();
    output.release();
  }

  @Override
  public void close() {
    reader.close();
    releaseScratch();
  }
}
