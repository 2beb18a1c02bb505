package io.parquetarrow.core.nested;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.Arrays;

/**
 * Verifies that two leaves under the same struct or list describe it identically: the same slot count, validity
 * and offsets for every node their paths share. The reader computes shared nodes from one leaf only
 * ({@link NestedLevelAssembler}); a file whose columns disagree (different row counts or list lengths) would
 * otherwise produce misaligned children. Costs one comparison pass over the shared nodes' outputs, so it is meant
 * for tests and a debug option, not every batch.
 */
public final class SharedLevelsCheck {
  private SharedLevelsCheck() {
  }

  /**
   * Checks the nodes {@code first} and {@code other} share ({@link NestedPath#sharedDepth}).
   *
   * @throws ParquetCorruptionException naming the first node and slot where they differ
   */
  public static void checkAgree(NestedLevels first, NestedLevels other) throws ParquetCorruptionException {
    int shared = first.path().sharedDepth(other.path());
    for (int depth = 0; depth < shared; depth++) {
      NodeLevels a = first.node(depth);
      NodeLevels b = other.node(depth);
      String where = "columns " + first.path().dottedPath() + " and " + other.path().dottedPath() + " disagree on "
          + a.node();
      if (a.slotCount() != b.slotCount()) {
        throw ParquetCorruptionException.of("%s: %d slots against %d", where, a.slotCount(), b.slotCount());
      }
      int slots = a.slotCount();
      for (int slot = 0; slot < slots; slot++) {
        if (a.isValid(slot) != b.isValid(slot)) {
          throw ParquetCorruptionException.of("%s: slot %d is %s against %s", where, slot,
              a.isValid(slot) ? "valid" : "null", b.isValid(slot) ? "valid" : "null");
        }
      }
      if (a.offsets() != null && !Arrays.equals(a.offsets(), 0, slots + 1, b.offsets(), 0, slots + 1)) {
        int slot = Arrays.mismatch(a.offsets(), 0, slots + 1, b.offsets(), 0, slots + 1);
        throw ParquetCorruptionException.of("%s: offset %d is %d against %d", where, slot, a.offsets()[slot],
            b.offsets()[slot]);
      }
    }
  }
}
