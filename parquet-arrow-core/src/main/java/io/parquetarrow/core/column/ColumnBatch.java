package io.parquetarrow.core.column;

import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One batch of one leaf column as the column layer decodes it and the Arrow layer consumes it: the
 * definition and repetition levels of {@link #levelCount()} level entries, decoded in bulk, and the
 * {@link #valueCount()} non-null values in their Parquet physical form, back to back (nulls take no slot).
 *
 * <p>For a flat column (maximum repetition level 0) each level entry is one row. Nested readers will use the
 * same levels to build offsets and struct validity, which is why levels are kept as plain arrays rather than
 * turned into a bitmap here.
 *
 * <p>Values live in the one array that fits the physical type, as the decoders produce them:
 * {@link #ints()} for INT32 and FLOAT (raw bits), {@link #longs()} for INT64 and DOUBLE (raw bits),
 * {@link #bytes()} for BOOLEAN (one byte 0/1 per value) and for FIXED_LEN_BYTE_ARRAY and INT96 (values back to
 * back, {@code typeLength} bytes each), and {@link #binary()} for BYTE_ARRAY. A column read with a
 * {@link ValueConversion} instead holds its values converted, in {@link #bytes()} ({@link #valuesConverted()}).
 * Arrays are reused from batch to batch and only grow, so a steady-state read allocates nothing per batch.
 */
public final class ColumnBatch {
  private static final int[] NO_INTS = new int[0];
  private static final long[] NO_LONGS = new long[0];
  private static final byte[] NO_BYTES = new byte[0];
  /** {@link BinaryBuffer}s grow into {@link ScratchArrays} and give the outgrown arrays back there. */
  private static final BinaryBuffer.ArrayPool SCRATCH_ARRAYS = new BinaryBuffer.ArrayPool() {
    @Override
    public byte[] bytes(int length) {
      return ScratchArrays.bytes(length);
    }

    @Override
    public int[] ints(int length) {
      return ScratchArrays.ints(length);
    }

    @Override
    public void give(byte[] array) {
      ScratchArrays.give(array);
    }

    @Override
    public void give(int[] array) {
      ScratchArrays.give(array);
    }
  };

  private int levelCount;
  private int valueCount;
  private int[] definitionLevels = NO_INTS;
  private int[] repetitionLevels = NO_INTS;
  private int[] ints = NO_INTS;
  private long[] longs = NO_LONGS;
  private byte[] bytes = NO_BYTES;
  private final BinaryBuffer binary = new BinaryBuffer(SCRATCH_ARRAYS);
  /**
   * Levels viewed in place rather than held: the column reader's page arrays, from {@link #levelOffset} on (see
   * {@link RepeatedColumnReader#readAppendingOrView}); null when the batch holds its own levels.
   */
  private int[] viewedDefinitionLevels;
  private int[] viewedRepetitionLevels;
  private boolean levelsViewed;
  private int levelOffset;
  /**
   * INT32/FLOAT or INT64/DOUBLE values viewed in place: little-endian in the column reader's page bytes from
   * {@link #valueViewOffset}, {@link #valueViewWidth} bytes each; null when the values are in {@link #ints()} or
   * {@link #longs()}.
   */
  private byte[] valueView;
  private int valueViewOffset;
  private int valueViewWidth;
  /** Set by {@link NestedColumnReader#toLeafSlots}: the leaf slots' validity, standing for definition levels. */
  private byte[] slotValidity;
  private boolean valuesConverted;

  /** Level entries in this batch (rows, for a flat column). */
  public int levelCount() {
    return levelCount;
  }

  /** Non-null values in this batch. */
  public int valueCount() {
    return valueCount;
  }

  /**
   * Definition levels {@code [levelOffset(), levelOffset() + levelCount)}; meaningless when the column's maximum
   * definition level is 0.
   */
  public int[] definitionLevels() {
    return levelsViewed ? viewedDefinitionLevels : definitionLevels;
  }

  /**
   * Repetition levels {@code [levelOffset(), levelOffset() + levelCount)}; meaningless when the column's maximum
   * repetition level is 0.
   */
  public int[] repetitionLevels() {
    return levelsViewed ? viewedRepetitionLevels : repetitionLevels;
  }

  /**
   * Where this batch's entries start in {@link #definitionLevels()} and {@link #repetitionLevels()}: 0, except in
   * a nested column's batch whose levels are a view of the column reader's page arrays. Such a view holds only
   * until that reader reads on.
   */
  public int levelOffset() {
    return levelOffset;
  }

  /**
   * After {@link NestedColumnReader#toLeafSlots}: the LSB-first validity of the {@link #levelCount()} leaf slots
   * (bit set = a value), which then stands for the definition levels (not written); null otherwise. The array
   * belongs to the nested level assembler and holds until its next batch.
   */
  public byte[] slotValidity() {
    return slotValidity;
  }

  public int[] ints() {
    ownValues();
    return ints;
  }

  public long[] longs() {
    ownValues();
    return longs;
  }

  /**
   * The page bytes that hold this batch's {@link #valueCount()} values little-endian from
   * {@link #valueViewOffset()}, in a nested column's batch read from a PLAIN INT32, INT64, FLOAT or DOUBLE page
   * (see {@link RepeatedColumnReader#readAppendingOrView}); null otherwise. Calling {@link #ints()} or {@link #longs()}
   * copies them there and ends the view, which holds only until the column reader reads on.
   */
  public byte[] valueView() {
    return valueView;
  }

  public int valueViewOffset() {
    return valueViewOffset;
  }

  public byte[] bytes() {
    return bytes;
  }

  /**
   * Whether the values were converted as they were decoded ({@link ValueConversion}): then {@link #bytes()} holds
   * them in the conversion's layout, {@code width()} bytes each, whatever the physical type.
   */
  public boolean valuesConverted() {
    return valuesConverted;
  }

  /** BYTE_ARRAY values, {@link #valueCount()} of them. */
  public BinaryBuffer binary() {
    return binary;
  }

  // ---- filling, by the column layer ----------------------------------------------------------------------

  /** Empties the batch and makes sure level arrays hold {@code levels} entries. */
  void reset(int levels, boolean definition, boolean repetition) {
    endView();
    valueView = null;
    levelCount = 0;
    valueCount = 0;
    slotValidity = null;
    valuesConverted = false;
    binary.reset();
    if (definition && definitionLevels.length < levels) {
      definitionLevels = ScratchArrays.replace(definitionLevels, levels);
    }
    if (repetition && repetitionLevels.length < levels) {
      repetitionLevels = ScratchArrays.replace(repetitionLevels, levels);
    }
  }

  void setLevelCount(int levelCount) {
    this.levelCount = levelCount;
  }

  void setValueCount(int valueCount) {
    this.valueCount = valueCount;
  }

  void setValuesConverted(boolean valuesConverted) {
    this.valuesConverted = valuesConverted;
  }

  void setSlotValidity(byte[] slotValidity) {
    this.slotValidity = slotValidity;
  }

  /**
   * Makes the batch's levels a view of {@code definition} and {@code repetition} (either may be null) from
   * {@code offset} on, in place of arrays of its own; the batch must be empty. The caller sets the level count.
   */
  void viewLevels(int[] definition, int[] repetition, int offset) {
    if (levelCount != 0) {
      throw new IllegalStateException("levels viewed in a batch holding " + levelCount + " entries");
    }
    viewedDefinitionLevels = definition;
    viewedRepetitionLevels = repetition;
    levelOffset = offset;
    levelsViewed = true;
  }

  /**
   * Makes the batch's values a view of {@code width}-byte little-endian values in {@code data} from {@code offset}
   * on (4: ints, 8: longs); the batch must hold no values. The caller sets the value count.
   */
  void viewValues(byte[] data, int offset, int width) {
    if (valueCount != 0 || (width != Integer.BYTES && width != Long.BYTES)) {
      throw new IllegalStateException("values of " + width + " bytes viewed in a batch holding " + valueCount);
    }
    valueView = data;
    valueViewOffset = offset;
    valueViewWidth = width;
  }

  /**
   * Copies viewed values into {@link #ints()} or {@link #longs()}, with room for a value per level entry (the
   * assemblers spread them to their slots in place), ending the view.
   */
  void ownValues() {
    byte[] data = valueView;
    if (data == null) {
      return;
    }
    valueView = null;
    int capacity = Math.max(valueCount, levelCount);
    ByteBuffer bytes = ByteBuffer.wrap(data, valueViewOffset, valueCount * valueViewWidth)
        .slice().order(ByteOrder.LITTLE_ENDIAN);
    if (valueViewWidth == Long.BYTES) {
      bytes.asLongBuffer().get(ensureLongs(capacity), 0, valueCount);
    } else {
      bytes.asIntBuffer().get(ensureInts(capacity), 0, valueCount);
    }
  }

  /** {@link #ownLevels} and {@link #ownValues}: the batch no longer shows anything of the column reader's page. */
  void ownViews() {
    ownLevels();
    ownValues();
  }

  /** Copies viewed levels into the batch's own arrays (at offset 0), so they outlive the arrays viewed. */
  void ownLevels() {
    if (!levelsViewed) {
      return;
    }
    int[] definition = viewedDefinitionLevels;
    int[] repetition = viewedRepetitionLevels;
    int offset = levelOffset;
    endView();
    if (definition != null) {
      definitionLevels = ensure(definitionLevels, levelCount);
      System.arraycopy(definition, offset, definitionLevels, 0, levelCount);
    }
    if (repetition != null) {
      repetitionLevels = ensure(repetitionLevels, levelCount);
      System.arraycopy(repetition, offset, repetitionLevels, 0, levelCount);
    }
  }

  private void endView() {
    levelsViewed = false;
    viewedDefinitionLevels = null;
    viewedRepetitionLevels = null;
    levelOffset = 0;
  }

  /** Makes room for {@code capacity} definition levels, keeping those already held (copied, if viewed). */
  int[] ensureDefinitionLevels(int capacity) {
    ownLevels();
    definitionLevels = ensure(definitionLevels, capacity);
    return definitionLevels;
  }

  /** Makes room for {@code capacity} repetition levels, keeping those already held (copied, if viewed). */
  int[] ensureRepetitionLevels(int capacity) {
    ownLevels();
    repetitionLevels = ensure(repetitionLevels, capacity);
    return repetitionLevels;
  }

  int[] ensureInts(int capacity) {
    ownValues();
    ints = ensure(ints, capacity);
    return ints;
  }

  long[] ensureLongs(int capacity) {
    ownValues();
    if (longs.length < capacity) {
      longs = ScratchArrays.copyOf(longs, grow(longs.length, capacity));
    }
    return longs;
  }

  byte[] ensureBytes(int capacity) {
    if (bytes.length < capacity) {
      bytes = ScratchArrays.copyOf(bytes, grow(bytes.length, capacity));
    }
    return bytes;
  }

  /**
   * Room for {@code count} more values after the first {@code values}, keeping those, in the array that holds
   * values of {@code array}'s kind ({@code width} bytes each for FIXED).
   */
  void ensureValueCapacity(ValueDecoders.ValueArray array, int width, int values, int count, ChunkLocation location)
      throws ParquetException {
    int capacity = Math.addExact(values, count);
    switch (array) {
      case BOOLEANS -> ensureBytes(capacity);
      case INTS -> ensureInts(capacity);
      case LONGS -> ensureLongs(capacity);
      case FIXED -> {
        long bytes = (long) capacity * width;
        if (bytes > Integer.MAX_VALUE - 16) {
          throw new UnsupportedParquetFeatureException(location.describe() + ": a batch of " + capacity
              + " values of " + width + " bytes is too large; read fewer rows per batch");
        }
        ensureBytes((int) bytes);
      }
      // Room for the batch's offsets at once; BinaryBuffer then sizes its bytes from the first values.
      case BINARY -> binary.ensureAdditional(count, 0);
    }
  }

  /** {@code array}, or a copy grown to hold {@code capacity} entries when it is shorter (the old one given up). */
  private static int[] ensure(int[] array, int capacity) {
    return array.length >= capacity ? array : ScratchArrays.copyOf(array, grow(array.length, capacity));
  }

  /**
   * Gives the level and value arrays to {@link ScratchArrays} for the next reader and empties the batch; the
   * owner calls this once it reads no more (the batch may be filled again afterwards, with new arrays).
   */
  public void release() {
    reset(0, false, false);
    definitionLevels = ScratchArrays.give(definitionLevels);
    repetitionLevels = ScratchArrays.give(repetitionLevels);
    ints = ScratchArrays.give(ints);
    longs = ScratchArrays.give(longs);
    bytes = ScratchArrays.give(bytes);
    binary.release();
  }

  private static int grow(int current, int needed) {
    long doubled = Math.max(16L, (long) current * 2);
    return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(doubled, needed));
  }
}
