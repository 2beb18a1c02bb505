package io.parquetarrow.core.column;

import io.parquetarrow.core.nested.NodeLevels;
import io.parquetarrow.core.page.PageLocation;
import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.util.Arrays;

/**
 * The column layer for one leaf column of a nested field: reads whole records. It pulls level entries and values
 * from a {@link FlatColumnReader} in steps, keeps them in a pending buffer, and hands out exactly the level
 * entries (and their values) of the next {@code n} records, cut where the repetition level returns to 0 — the
 * Dremel record boundary. Level entries of a record that is not yet complete stay pending for the next batch.
 *
 * <p>It returns a {@link ColumnBatch} with the batch's definition and repetition levels and its non-null values
 * in Parquet physical form; {@link #toLeafSlots} then rewrites that batch so an ordinary flat
 * {@code ColumnAssembler} fills the leaf vector (one entry per leaf slot). Checks: the column chunk begins with a
 * record (repetition level 0) and holds at least as many records as the row group claims.
 *
 * <p>Not thread-safe: one reader per leaf column per row group.
 */
public final class NestedColumnReader implements AutoCloseable {
  private static final int MINIMUM_STEP = 1024;

  private final FlatColumnReader reader;
  private final PageLocation location;
  private final Type physicalType;
  private final int width;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final long totalLevels;
  private final ParquetKernels kernels;
  private long levelsRead;

  private final ColumnBatch scratch = new ColumnBatch();
  private final ColumnBatch output = new ColumnBatch();

  // Pending level entries and values, in read order, not yet handed out.
  private int pendingLevels;
  private int pendingValues;
  private int[] definitionLevels = new int[0];
  private int[] repetitionLevels = new int[0];
  private int[] ints = new int[0];
  private long[] longs = new long[0];
  private byte[] bytes = new byte[0];
  private BinaryBuffer binary = new BinaryBuffer();
  private BinaryBuffer spareBinary = new BinaryBuffer();

  /**
   * @param reader the flat column reader of the chunk, built with the chunk's total level entries
   *     ({@code num_values} of the column chunk)
   * @param totalLevels the level entries the chunk holds
   * @param kernels the kernels counting values and rewriting levels
   */
  public NestedColumnReader(FlatColumnReader reader, PageLocation location, Type physicalType, int typeLength,
      int maxDefinitionLevel, int maxRepetitionLevel, long totalLevels, ParquetKernels kernels) {
    this.reader = reader;
    this.kernels = kernels;
    this.location = location;
    this.physicalType = physicalType;
    this.width = switch (physicalType) {
      case BOOLEAN -> 1;
      case INT96 -> 12;
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
    int end;
    // Record starts are counted once: entries [0, scanned) hold `started` starts, all of them among the first
    // `records` (so the batch cannot end before `scanned`). Rescanning the pending entries after every step would
    // cost O(levels × steps) per batch when records are long (a 1 MiB-row page of lists takes many steps).
    int scanned = 0;
    int started = 0;
    while (true) {
      if (maxRepetitionLevel > 0 && pendingLevels > 0 && repetitionLevels[0] != 0) {
        throw new ParquetCorruptionException(location.describe() + ": a record begins with repetition level "
            + repetitionLevels[0] + " (expected 0: a column chunk and each record start with repetition level 0)");
      }
      boolean endOfData = levelsRead == totalLevels;
      if (maxRepetitionLevel == 0) {
        if (pendingLevels >= records) {
          end = records;
          break;
        }
        started = pendingLevels;
      } else {
        // In bulk while a span cannot hold the start of record `records + 1` (a span of n entries holds at most n
        // starts), then entry by entry.
        while (scanned < pendingLevels && records - started >= 64) {
          int span = Math.min(pendingLevels - scanned, records - started);
          started += kernels.countEqual(repetitionLevels, scanned, span, 0);
          scanned += span;
        }
        for (; scanned < pendingLevels; scanned++) {
          if (repetitionLevels[scanned] == 0) {
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
        if (endOfData && started == records) {
          end = pendingLevels;
          break;
        }
      }
      if (endOfData) {
        throw new ParquetCorruptionException(location.describe() + ": column chunk ended after " + started
            + " more records, expected " + records + " (the row group's row count)");
      }
      // Size the step from the levels per record seen so far, so long records take few steps.
      long estimate = started == 0 ? records : (long) (records - started + 1) * Math.max(1, pendingLevels) / started;
      int step = (int) Math.min(totalLevels - levelsRead, Math.min(Integer.MAX_VALUE / 2,
          Math.max(estimate, Math.max(records, MINIMUM_STEP))));
      reader.read(step, scratch);
      levelsRead += step;
      append(scratch);
    }
    int values = end;
    if (maxDefinitionLevel > 0) {
      values = kernels.countEqual(definitionLevels, 0, end, maxDefinitionLevel);
    }
    handOut(end, values);
    return output;
  }

  /**
   * Turns the batch returned by {@link #readRecords} into one entry per slot of the leaf node: definition level 1
   * for a slot holding a value, 0 for a null slot, values unchanged (they are already in slot order). A flat
   * assembler built for maximum definition level 1 then fills the leaf vector.
   *
   * @throws ParquetCorruptionException when the leaf's value count differs from the values read
   */
  public ColumnBatch toLeafSlots(NodeLevels leaf) throws ParquetCorruptionException {
    int slots = leaf.slotCount();
    if (leaf.valueCount() != output.valueCount()) {
      throw new ParquetCorruptionException(location.describe() + ": the levels place " + leaf.valueCount()
          + " values but " + output.valueCount() + " were decoded");
    }
    // handOut sized the definition levels for every level entry, and a slot never needs more than one entry.
    kernels.validityToLevels(leaf.validity(), 0, slots, 1, output.definitionLevels(), 0);
    output.setLevelCount(slots);
    output.setValueCount(leaf.valueCount());
    return output;
  }

  /** Appends all of {@code batch} to the pending entries. */
  private void append(ColumnBatch batch) throws ParquetCorruptionException {
    int levels = batch.levelCount();
    int values = batch.valueCount();
    int neededLevels = pendingLevels + levels;
    if (maxDefinitionLevel > 0) {
      definitionLevels = ensure(definitionLevels, neededLevels);
      System.arraycopy(batch.definitionLevels(), 0, definitionLevels, pendingLevels, levels);
    }
    if (maxRepetitionLevel > 0) {
      repetitionLevels = ensure(repetitionLevels, neededLevels);
      System.arraycopy(batch.repetitionLevels(), 0, repetitionLevels, pendingLevels, levels);
    }
    int neededValues = pendingValues + values;
    switch (physicalType) {
      case INT32, FLOAT -> {
        ints = ensure(ints, neededValues);
        System.arraycopy(batch.ints(), 0, ints, pendingValues, values);
      }
      case INT64, DOUBLE -> {
        longs = ensure(longs, neededValues);
        System.arraycopy(batch.longs(), 0, longs, pendingValues, values);
      }
      case BOOLEAN, INT96, FIXED_LEN_BYTE_ARRAY -> {
        bytes = ensure(bytes, (long) neededValues * width);
        System.arraycopy(batch.bytes(), 0, bytes, pendingValues * width, values * width);
      }
      case BYTE_ARRAY -> {
        BinaryBuffer source = batch.binary();
        int[] offsets = source.offsets();
        binary.ensureAdditional(values, source.dataLength());
        for (int i = 0; i < values; i++) {
          binary.append(source.data(), offsets[i], offsets[i + 1] - offsets[i]);
        }
      }
      default -> throw new IllegalStateException("unexpected physical type " + physicalType);
    }
    pendingLevels = neededLevels;
    pendingValues = neededValues;
  }

  /** Moves the first {@code levels} pending entries and their {@code values} values into {@link #output}. */
  private void handOut(int levels, int values) throws ParquetCorruptionException {
    // Definition levels are always sized: toLeafSlots rewrites them even for a required leaf.
    output.reset(levels, true, maxRepetitionLevel > 0);
    int remainingLevels = pendingLevels - levels;
    int remainingValues = pendingValues - values;
    if (maxDefinitionLevel > 0) {
      System.arraycopy(definitionLevels, 0, output.definitionLevels(), 0, levels);
      System.arraycopy(definitionLevels, levels, definitionLevels, 0, remainingLevels);
    }
    if (maxRepetitionLevel > 0) {
      System.arraycopy(repetitionLevels, 0, output.repetitionLevels(), 0, levels);
      System.arraycopy(repetitionLevels, levels, repetitionLevels, 0, remainingLevels);
    }
    switch (physicalType) {
      case INT32, FLOAT -> {
        System.arraycopy(ints, 0, output.ensureInts(Math.max(values, levels)), 0, values);
        System.arraycopy(ints, values, ints, 0, remainingValues);
      }
      case INT64, DOUBLE -> {
        System.arraycopy(longs, 0, output.ensureLongs(Math.max(values, levels)), 0, values);
        System.arraycopy(longs, values, longs, 0, remainingValues);
      }
      case BOOLEAN, INT96, FIXED_LEN_BYTE_ARRAY -> {
        System.arraycopy(bytes, 0, output.ensureBytes(Math.max(values, levels) * width), 0, values * width);
        System.arraycopy(bytes, values * width, bytes, 0, remainingValues * width);
      }
      case BYTE_ARRAY -> {
        int[] offsets = binary.offsets();
        BinaryBuffer target = output.binary();
        target.ensureAdditional(values, offsets[values]);
        for (int i = 0; i < values; i++) {
          target.append(binary.data(), offsets[i], offsets[i + 1] - offsets[i]);
        }
        spareBinary.reset();
        spareBinary.ensureAdditional(remainingValues, (long) binary.dataLength() - offsets[values]);
        for (int i = values; i < pendingValues; i++) {
          spareBinary.append(binary.data(), offsets[i], offsets[i + 1] - offsets[i]);
        }
        BinaryBuffer swap = binary;
        binary = spareBinary;
        spareBinary = swap;
      }
      default -> throw new IllegalStateException("unexpected physical type " + physicalType);
    }
    output.setLevelCount(levels);
    output.setValueCount(values);
    pendingLevels = remainingLevels;
    pendingValues = remainingValues;
  }

  private static int[] ensure(int[] array, int capacity) {
    return array.length >= capacity ? array : Arrays.copyOf(array, grow(array.length, capacity));
  }

  private static long[] ensure(long[] array, int capacity) {
    return array.length >= capacity ? array : Arrays.copyOf(array, grow(array.length, capacity));
  }

  private static byte[] ensure(byte[] array, long capacity) {
    if (capacity > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("pending values exceed " + (Integer.MAX_VALUE - 16) + " bytes");
    }
    return array.length >= capacity ? array : Arrays.copyOf(array, grow(array.length, (int) capacity));
  }

  private static int grow(int current, int needed) {
    return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, Math.max(16L, current * 2L)));
  }

  @Override
  public void close() {
    reader.close();
  }
}
