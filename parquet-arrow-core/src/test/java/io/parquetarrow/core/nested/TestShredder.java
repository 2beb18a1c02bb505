package io.parquetarrow.core.nested;

import io.parquetarrow.core.nested.TestType.ListOf;
import io.parquetarrow.core.nested.TestType.MapEntry;
import io.parquetarrow.core.nested.TestType.Primitive;
import io.parquetarrow.core.nested.TestType.Struct;
import io.parquetarrow.core.nested.TestType.StructValue;
import java.util.Arrays;
import java.util.List;

/**
 * The inverse of the engine, for tests only: a plain recursive Dremel shredder that writes one leaf column of
 * test records ({@link TestType} values) as definition levels, repetition levels and dense non-null values. It
 * follows the definitions of the levels directly (a nullable node adds a definition level when present; a list
 * adds one when non-empty and repeats at its own repetition level from its second element on), so it shares no
 * code or level tables with {@link NestedPath} or the engine.
 */
final class TestShredder {
  /** The shredded column. Arrays are trimmed to their lengths. */
  record Column(int[] definitionLevels, int[] repetitionLevels, long[] values) {
    int levelCount() {
      return definitionLevels.length;
    }
  }

  private final LeafPath leaf;
  private int[] definition = new int[16];
  private int[] repetition = new int[16];
  private long[] values = new long[16];
  private int levels;
  private int valueCount;

  private TestShredder(LeafPath leaf) {
    this.leaf = leaf;
  }

  /** Shreds the leaf's top-level field of every record ({@code records.get(r)} holds all top-level fields). */
  static Column shred(LeafPath leaf, List<List<Object>> records) {
    TestShredder shredder = new TestShredder(leaf);
    for (List<Object> record : records) {
      shredder.write(0, record.get(leaf.topLevelField()), 0, 0, 0);
    }
    return new Column(Arrays.copyOf(shredder.definition, shredder.levels),
        Arrays.copyOf(shredder.repetition, shredder.levels), Arrays.copyOf(shredder.values, shredder.valueCount));
  }

  /**
   * @param depth position in the leaf's chain
   * @param value the value of that type
   * @param repetitionLevel the repetition level the next emitted entry carries
   * @param definitionLevel the definition level reached by the ancestors
   * @param repeatedAncestors the number of lists and maps above {@code depth}
   */
  private void write(int depth, Object value, int repetitionLevel, int definitionLevel, int repeatedAncestors) {
    TestType type = leaf.chain().get(depth);
    if (value == null) {
      if (!type.nullable()) {
        throw new IllegalArgumentException("null for required " + type);
      }
      emit(repetitionLevel, definitionLevel, null);
      return;
    }
    int defined = type.nullable() ? definitionLevel + 1 : definitionLevel;
    int child = leaf.childIndexes().get(depth);
    if (type instanceof Primitive) {
      emit(repetitionLevel, defined, (Long) value);
    } else if (type instanceof Struct) {
      write(depth + 1, ((StructValue) value).fields().get(child), repetitionLevel, defined, repeatedAncestors);
    } else if (type instanceof ListOf) {
      writeElements(depth, (List<?>) value, repetitionLevel, defined, repeatedAncestors, -1);
    } else {
      writeElements(depth, (List<?>) value, repetitionLevel, defined, repeatedAncestors, child);
    }
  }

  private void writeElements(int depth, List<?> elements, int repetitionLevel, int definitionLevel,
      int repeatedAncestors, int mapChild) {
    if (elements.isEmpty()) {
      emit(repetitionLevel, definitionLevel, null);
      return;
    }
    int ownRepetitionLevel = repeatedAncestors + 1;
    for (int i = 0; i < elements.size(); i++) {
      Object element = elements.get(i);
      if (mapChild >= 0) {
        MapEntry entry = (MapEntry) element;
        element = mapChild == 0 ? entry.key() : entry.value();
      }
      write(depth + 1, element, i == 0 ? repetitionLevel : ownRepetitionLevel, definitionLevel + 1,
          ownRepetitionLevel);
    }
  }

  private void emit(int repetitionLevel, int definitionLevel, Long value) {
    if (levels == definition.length) {
      definition = Arrays.copyOf(definition, levels * 2);
      repetition = Arrays.copyOf(repetition, levels * 2);
    }
    definition[levels] = definitionLevel;
    repetition[levels] = repetitionLevel;
    levels++;
    if (value != null) {
      if (valueCount == values.length) {
        values = Arrays.copyOf(values, valueCount * 2);
      }
      values[valueCount++] = value;
    }
  }
}
