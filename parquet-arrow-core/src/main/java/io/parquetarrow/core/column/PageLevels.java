package io.parquetarrow.core.column;

import io.parquetarrow.core.page.DataPage;
import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.encodings.Bitmaps;
import io.parquetarrow.encodings.Decoders;
import io.parquetarrow.encodings.RleBitPackedHybridDecoder;
import io.parquetarrow.encodings.ValueDecoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Arrays;

/**
 * The repetition and definition levels of the data page a {@link DataPageCursor} is on, decoded for the whole page
 * when it starts: only the definition levels say how many values the page holds, which its value decoder must be
 * told before it reads any. The levels are held in the cheapest form that answers the cursor's questions (how many
 * of the next entries are values, and their validity): a page without nulls as that fact alone, the one-bit levels
 * of a flat optional column as validity bits, others as levels; they are written out as levels only if a reader
 * needs them. Spec: <a href="https://github.com/apache/parquet-format/blob/master/README.md#data-pages">README.md,
 * Data Pages</a>.
 */
final class PageLevels {
  private final ParquetKernels kernels;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final RleBitPackedHybridDecoder definitionRle;
  private final RleBitPackedHybridDecoder repetitionRle;
  private int[] definitionLevels = new int[0];
  private int[] repetitionLevels = new int[0];
  // False while an all-present page's definition levels are known to be the maximum but not written out: a page
  // whose levels are one run of the maximum is not filled unless a caller needs its levels.
  private boolean definitionLevelsWritten;
  /**
   * Whether the page's definition levels are held as bits in {@link #levelBits} (a flat column with one definition
   * level, RLE/bit-packed levels): written out as levels only if a caller needs them.
   */
  private boolean levelsAsBits;
  private byte[] levelBits = new byte[0];
  /** Record starts (repetition level 0) among the page's entries, counted as they were decoded; -1 unknown. */
  private int recordStarts;
  /** Where the page's values start in its data: after the level sections {@link #decode} read. */
  private int valuesOffset;

  PageLevels(int maxDefinitionLevel, int maxRepetitionLevel, ParquetKernels kernels) {
    this.kernels = kernels;
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.maxRepetitionLevel = maxRepetitionLevel;
    this.definitionRle = new RleBitPackedHybridDecoder(kernels, Decoders.bitWidth(maxDefinitionLevel))
        .describedAs("definition levels");
    this.repetitionRle = new RleBitPackedHybridDecoder(kernels, Decoders.bitWidth(maxRepetitionLevel))
        .describedAs("repetition levels");
  }

  /**
   * Decodes and checks the levels of a page whose body is {@code data[position, end)}, as {@code header} lays them
   * out, and returns how many of its entries are values; its values start at {@link #valuesOffset}.
   */
  int decode(DataPage.Header header, byte[] data, int position, int end) throws ParquetException {
    int levelCount = header.valueCount();
    ValueDecoder<int[]> definition = null;
    ValueDecoder<int[]> repetition = null;
    if (header.version() == 1) {
      if (maxRepetitionLevel > 0) {
        repetition = LevelSections.levelDecoder(header.repetitionLevelEncoding(), repetitionRle, maxRepetitionLevel);
        position = LevelSections.initLevels(repetition, data, position, end, levelCount, maxRepetitionLevel);
      }
      if (maxDefinitionLevel > 0) {
        definition = LevelSections.levelDecoder(header.definitionLevelEncoding(), definitionRle, maxDefinitionLevel);
        position = LevelSections.initLevels(definition, data, position, end, levelCount, maxDefinitionLevel);
      }
    } else {
      int repetitionEnd = position + header.repetitionLevelsLength();
      if (maxRepetitionLevel > 0) {
        repetitionRle.init(data, position, header.repetitionLevelsLength(), levelCount);
        repetition = repetitionRle;
      }
      if (maxDefinitionLevel > 0) {
        definitionRle.init(data, repetitionEnd, header.definitionLevelsLength(), levelCount);
        definition = definitionRle;
      }
      position = repetitionEnd + header.definitionLevelsLength();
      if (maxDefinitionLevel == 0 && header.nullCount() > 0) {
        throw ParquetCorruptionException.of(
            "data page v2 of a required column says it has %d nulls", header.nullCount());
      }
    }
    valuesOffset = position;
    noLevels();
    if (repetition != null) {
      decodeRepetitionLevels(repetition, levelCount);
    }
    return definition != null ? decodeDefinitionLevels(definition, levelCount) : levelCount;
  }

  /** Where the values of the page last {@link #decode decoded} start in its data. */
  int valuesOffset() {
    return valuesOffset;
  }

  /** Forgets the counts and bits of the page before: a page started without decoding levels has none. */
  void noLevels() {
    recordStarts = -1;
    levelsAsBits = false;
  }

  /** Record starts among all of the page's entries, counted as they were decoded; -1 when not counted. */
  int recordStarts() {
    return recordStarts;
  }

  int[] repetitionLevels() {
    return repetitionLevels;
  }

  /**
   * The page's definition levels, the first {@code end} of them written out first when the page only knew them to
   * be all the maximum or held them as bits.
   */
  int[] definitionLevels(int end) {
    if (!definitionLevelsWritten) {
      if (definitionLevels.length < end) {
        definitionLevels = ScratchArrays.replace(definitionLevels, end);
      }
      if (levelsAsBits) {
        kernels.validityToLevels(levelBits, 0, end, maxDefinitionLevel, definitionLevels, 0);
      } else {
        Arrays.fill(definitionLevels, 0, end, maxDefinitionLevel);
      }
      definitionLevelsWritten = true;
    }
    return definitionLevels;
  }

  /** How many of the {@code count} entries from entry {@code from} on are values, of a page with nulls. */
  int present(int from, int count) {
    if (levelsAsBits) {
      return Bitmaps.count(levelBits, from, count);
    }
    return kernels.countEqual(definitionLevels, from, count, maxDefinitionLevel);
  }

  /**
   * Writes the validity of the {@code count} entries from entry {@code from} on, of a page with nulls, to bits
   * {@code bitOffset} on of {@code bitmap} (set: a value) and returns how many are nulls.
   */
  int validity(int from, int count, byte[] bitmap, int bitOffset) {
    if (levelsAsBits) {
      return count - Bitmaps.copy(levelBits, from, bitmap, bitOffset, count);
    }
    return kernels.levelsToValidity(definitionLevels, from, count, maxDefinitionLevel, bitmap, bitOffset);
  }

  private void decodeRepetitionLevels(ValueDecoder<int[]> repetition, int levelCount) throws ParquetException {
    if (repetitionLevels.length < levelCount) {
      repetitionLevels = ScratchArrays.replace(repetitionLevels, Math.max(levelCount, repetitionLevels.length * 2));
    }
    if (repetition instanceof RleBitPackedHybridDecoder rle) {
      // Checked and their record starts counted run by run, as they are decoded.
      recordStarts = rle.readCounting(repetitionLevels, 0, levelCount, 0, maxRepetitionLevel);
    } else {
      repetition.read(repetitionLevels, 0, levelCount);
      LevelSections.checkLevels(kernels, repetitionLevels, levelCount, maxRepetitionLevel, "repetition");
    }
  }

  /** Decodes and checks the page's definition levels; returns how many of them are values. */
  private int decodeDefinitionLevels(ValueDecoder<int[]> definition, int levelCount) throws ParquetException {
    if (definitionLevels.length < levelCount) {
      definitionLevels = ScratchArrays.replace(definitionLevels, Math.max(levelCount, definitionLevels.length * 2));
    }
    definitionLevelsWritten = true;
    if (definition instanceof RleBitPackedHybridDecoder rle) {
      if (rle.skipRun(levelCount, maxDefinitionLevel)) {
        // A page without nulls, its levels one run of the maximum: written out only if a caller asks.
        definitionLevelsWritten = false;
        return levelCount;
      }
      if (maxDefinitionLevel == 1 && maxRepetitionLevel == 0) {
        // Levels of one bit are validity already: kept as bits, written out as levels only if a caller asks.
        if (levelBits.length < (levelCount >>> 3) + 1) {
          levelBits = ScratchArrays.replace(levelBits, Math.max((levelCount >>> 3) + 1, levelBits.length * 2));
        }
        levelsAsBits = true;
        definitionLevelsWritten = false;
        return rle.readBits(levelBits, levelCount);
      }
      // Checks and counts run by run: a run of the maximum costs no pass over its levels beyond the fill.
      return rle.readCountingEqual(definitionLevels, 0, levelCount, maxDefinitionLevel);
    }
    definition.read(definitionLevels, 0, levelCount);
    LevelSections.checkLevels(kernels, definitionLevels, levelCount, maxDefinitionLevel, "definition");
    return kernels.countEqual(definitionLevels, 0, levelCount, maxDefinitionLevel);
  }

  /** Gives the level arrays to {@link ScratchArrays} for the next reader. */
  void release() {
    definitionLevels = ScratchArrays.give(definitionLevels);
    levelBits = ScratchArrays.give(levelBits);
    repetitionLevels = ScratchArrays.give(repetitionLevels);
  }
}
