package io.parquetarrow.core.write;

import java.util.Arrays;

/**
 * The levels of one leaf column for a batch of whole rows, as {@link LevelBuilder} computes them and
 * {@link ColumnChunkWriter} takes them: {@link #levelCount} definition and repetition levels, and the positions of
 * the {@link #valueCount} non-null values in the vector that holds the leaf's values. A level array the column
 * does not need (its maximum level is 0) is never filled: a required flat column has only positions. Reused from
 * batch to batch; holds no Arrow types.
 */
final class ColumnLevels {
  private static final int INITIAL_CAPACITY = 1024;

  final int maxDefinitionLevel;
  final int maxRepetitionLevel;
  /** Definition levels {@code [0, levelCount)}; unused when {@link #maxDefinitionLevel} is 0. */
  int[] definitionLevels;
  /** Repetition levels {@code [0, levelCount)}; unused when {@link #maxRepetitionLevel} is 0. */
  int[] repetitionLevels;
  /** Positions {@code [0, valueCount)} of the non-null values, ascending except for dictionary entries. */
  int[] positions = new int[INITIAL_CAPACITY];
  int levelCount;
  int valueCount;

  ColumnLevels(int maxDefinitionLevel, int maxRepetitionLevel) {
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.maxRepetitionLevel = maxRepetitionLevel;
    this.definitionLevels = new int[maxDefinitionLevel == 0 ? 0 : INITIAL_CAPACITY];
    this.repetitionLevels = new int[maxRepetitionLevel == 0 ? 0 : INITIAL_CAPACITY];
  }

  void clear() {
    levelCount = 0;
    valueCount = 0;
  }

  /** Makes room for {@code count} levels and as many positions, for levels written by index. */
  void ensureCapacity(int count) {
    if (positions.length < count) {
      positions = new int[Math.max(count, 2 * positions.length)];
    }
    if (maxDefinitionLevel > 0 && definitionLevels.length < count) {
      definitionLevels = new int[Math.max(count, 2 * definitionLevels.length)];
    }
    if (maxRepetitionLevel > 0 && repetitionLevels.length < count) {
      repetitionLevels = new int[Math.max(count, 2 * repetitionLevels.length)];
    }
  }

  /** Appends one level entry, and the value's position when {@code position} is not negative. */
  void emit(int definition, int repetition, int position) {
    if (levelCount == definitionLevels.length) {
      definitionLevels = Arrays.copyOf(definitionLevels, Math.max(INITIAL_CAPACITY, levelCount * 2));
    }
    if (levelCount == repetitionLevels.length) {
      repetitionLevels = Arrays.copyOf(repetitionLevels, Math.max(INITIAL_CAPACITY, levelCount * 2));
    }
    definitionLevels[levelCount] = definition;
    repetitionLevels[levelCount] = repetition;
    levelCount++;
    if (position >= 0) {
      if (valueCount == positions.length) {
        positions = Arrays.copyOf(positions, valueCount * 2);
      }
      positions[valueCount++] = position;
    }
  }
}
