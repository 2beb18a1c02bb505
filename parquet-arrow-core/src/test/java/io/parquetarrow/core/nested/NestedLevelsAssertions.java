package io.parquetarrow.core.nested;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

/** Compact assertions on one node's assembled levels, for the hand-written cases. */
final class NestedLevelsAssertions {
  private NestedLevelsAssertions() {
  }

  /** Validity as a string of '1' (valid) and '0' (null), slot by slot. */
  static String validity(NodeLevels levels) {
    StringBuilder bits = new StringBuilder();
    for (int slot = 0; slot < levels.slotCount(); slot++) {
      bits.append(levels.isValid(slot) ? '1' : '0');
    }
    return bits.toString();
  }

  static void assertStruct(NodeLevels levels, String expectedValidity) {
    assertThat(validity(levels)).as("validity of %s", levels.node()).isEqualTo(expectedValidity);
    assertThat(levels.nullCount()).as("null count of %s", levels.node())
        .isEqualTo((int) expectedValidity.chars().filter(c -> c == '0').count());
  }

  static void assertList(NodeLevels levels, String expectedValidity, int... expectedOffsets) {
    assertStruct(levels, expectedValidity);
    assertThat(Arrays.copyOf(levels.offsets(), levels.slotCount() + 1)).as("offsets of %s", levels.node())
        .containsExactly(expectedOffsets);
  }

  static void assertLeaf(NodeLevels levels, String expectedValidity, int... expectedValueSlots) {
    assertStruct(levels, expectedValidity);
    assertThat(Arrays.copyOf(levels.valueSlots(), levels.valueCount())).as("value slots of %s", levels.node())
        .containsExactly(expectedValueSlots);
  }
}
