package io.parquetarrow.core.nested;

import io.parquetarrow.core.nested.LeafPath.Projected;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the engine's output back into the projected object form of {@link LeafPath#project}, the way an Arrow
 * reader would walk the vectors: validity first, then offsets for lists and maps, one child per struct, and the
 * leaf's dense values scattered to their slots. Test-side only.
 */
final class LevelsToObjects {
  private final NestedLevels levels;
  private final Long[] leafSlots;

  /** Stands for a non-null leaf value when the structure alone is compared ({@link #structure}). */
  static final String VALUE = "V";

  private LevelsToObjects(NestedLevels levels, long[] denseValues, int valueOffset) {
    this.levels = levels;
    NodeLevels leaf = levels.leaf();
    leafSlots = new Long[leaf.slotCount()];
    for (int v = 0; v < leaf.valueCount(); v++) {
      leafSlots[leaf.valueSlots()[v]] = denseValues == null ? 0L : denseValues[valueOffset + v];
    }
  }

  /** One projected structure per record, every non-null leaf value replaced by {@link #VALUE}. */
  static List<Object> structure(NestedLevels levels) {
    List<Object> records = records(levels, null, 0);
    List<Object> result = new ArrayList<>(records.size());
    for (Object record : records) {
      result.add(markValues(record));
    }
    return result;
  }

  private static Object markValues(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof Projected projected) {
      return new Projected(markValues(projected.field()));
    }
    if (value instanceof List<?> list) {
      List<Object> result = new ArrayList<>(list.size());
      for (Object element : list) {
        result.add(markValues(element));
      }
      return result;
    }
    return VALUE;
  }

  /** One projected value per record of the batch. */
  static List<Object> records(NestedLevels levels, long[] denseValues, int valueOffset) {
    LevelsToObjects reader = new LevelsToObjects(levels, denseValues, valueOffset);
    List<Object> records = new ArrayList<>(levels.recordCount());
    for (int record = 0; record < levels.recordCount(); record++) {
      records.add(reader.read(0, record));
    }
    return records;
  }

  private Object read(int depth, int slot) {
    NodeLevels node = levels.node(depth);
    if (!node.isValid(slot)) {
      return null;
    }
    return switch (node.node().kind()) {
      case STRUCT -> new Projected(read(depth + 1, slot));
      case LIST, MAP -> {
        int[] offsets = node.offsets();
        List<Object> elements = new ArrayList<>(offsets[slot + 1] - offsets[slot]);
        for (int child = offsets[slot]; child < offsets[slot + 1]; child++) {
          elements.add(read(depth + 1, child));
        }
        yield elements;
      }
      case LEAF -> {
        Long value = leafSlots[slot];
        if (value == null) {
          throw new AssertionError("valid leaf slot " + slot + " has no value: " + Arrays.toString(leafSlots));
        }
        yield value;
      }
    };
  }
}
