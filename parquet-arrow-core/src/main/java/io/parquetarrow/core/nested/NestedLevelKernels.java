package io.parquetarrow.core.nested;

/**
 * The tight loops of nested assembly: each turns a whole batch of a leaf's definition and repetition levels into
 * the slots, validity bitmap and offsets of one {@link NestingNode}, in one pass without per-value calls. They
 * trust their input: {@link NestedLevelAssembler} checks the levels and sizes the outputs once per batch first.
 *
 * <p>Every kernel works on the same rule (see {@link NestingNode}): entry {@code i} opens a slot of a node when
 * {@code rep[i] <= slotRepetitionLevel && def[i] >= slotDefinitionLevel}; the slot is valid when
 * {@code def[i] >= definitionLevel}; for a LIST or MAP the entry opens an element when
 * {@code rep[i] <= repetitionLevel && def[i] >= elementDefinitionLevel}. A null {@code repetitionLevels} array
 * stands for all zeros (a column without repeated ancestors).
 *
 * <p>Bitmaps are LSB-first as in Arrow; bytes past the last slot's byte are left untouched, bits past the last
 * slot in its byte are cleared.
 */
public final class NestedLevelKernels {
  private NestedLevelKernels() {
  }

  /**
   * Validity of a STRUCT or LEAF node. Pass null {@code repetitionLevels} when {@code slotRepetitionLevel} is the
   * column's maximum repetition level: every entry then passes the repetition test and the loop skips it.
   *
   * @return the number of slots
   */
  public static int validity(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      int slotDefinitionLevel, int slotRepetitionLevel, int definitionLevel, byte[] validity) {
    int end = offset + count;
    int slot = 0;
    int bits = 0;
    if (repetitionLevels == null) {
      // Every entry passes the repetition test (the node's enclosing list is the innermost one): only the
      // definition levels matter.
      for (int i = offset; i < end; i++) {
        int level = definitionLevels[i];
        if (level >= slotDefinitionLevel) {
          bits |= (level >= definitionLevel ? 1 : 0) << (slot & 7);
          slot++;
          if ((slot & 7) == 0) {
            validity[(slot >>> 3) - 1] = (byte) bits;
            bits = 0;
          }
        }
      }
    } else {
      for (int i = offset; i < end; i++) {
        int level = definitionLevels[i];
        if (repetitionLevels[i] <= slotRepetitionLevel && level >= slotDefinitionLevel) {
          bits |= (level >= definitionLevel ? 1 : 0) << (slot & 7);
          slot++;
          if ((slot & 7) == 0) {
            validity[(slot >>> 3) - 1] = (byte) bits;
            bits = 0;
          }
        }
      }
    }
    if ((slot & 7) != 0) {
      validity[slot >>> 3] = (byte) bits;
    }
    return slot;
  }

  /**
   * Validity and offsets of a LIST or MAP node. {@code offsets} receives {@code slots + 1} values starting at 0.
   *
   * @return the number of slots
   */
  public static int listValidityAndOffsets(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      int slotDefinitionLevel, int slotRepetitionLevel, int definitionLevel, int elementDefinitionLevel,
      int repetitionLevel, byte[] validity, int[] offsets) {
    int end = offset + count;
    int slot = 0;
    int bits = 0;
    int elements = 0;
    for (int i = offset; i < end; i++) {
      int level = definitionLevels[i];
      int repetition = repetitionLevels[i];
      if (repetition <= slotRepetitionLevel && level >= slotDefinitionLevel) {
        offsets[slot] = elements;
        bits |= (level >= definitionLevel ? 1 : 0) << (slot & 7);
        slot++;
        if ((slot & 7) == 0) {
          validity[(slot >>> 3) - 1] = (byte) bits;
          bits = 0;
        }
      }
      // Branch-free: the element test is true for most entries of long lists.
      elements += (repetition <= repetitionLevel & level >= elementDefinitionLevel) ? 1 : 0;
    }
    if ((slot & 7) != 0) {
      validity[slot >>> 3] = (byte) bits;
    }
    offsets[slot] = elements;
    return slot;
  }

  /**
   * The LEAF's value slots: for each entry at {@code maxDefinitionLevel}, the index of its slot among the entries
   * at or above {@code slotDefinitionLevel}.
   *
   * @return the number of values
   */
  public static int valueSlots(int[] definitionLevels, int offset, int count, int slotDefinitionLevel,
      int maxDefinitionLevel, int[] valueSlots) {
    int end = offset + count;
    int slot = 0;
    int values = 0;
    for (int i = offset; i < end; i++) {
      int level = definitionLevels[i];
      if (level >= slotDefinitionLevel) {
        // Written unconditionally, kept only when it is a value: avoids an unpredictable branch on nulls.
        valueSlots[values] = slot;
        values += level == maxDefinitionLevel ? 1 : 0;
        slot++;
      }
    }
    return values;
  }

  /** Number of set bits among the first {@code bitCount} bits of an LSB-first bitmap. */
  public static int countSetBits(byte[] bitmap, int bitCount) {
    int whole = bitCount >>> 3;
    int set = 0;
    for (int i = 0; i < whole; i++) {
      set += Integer.bitCount(bitmap[i] & 0xFF);
    }
    int rest = bitCount & 7;
    if (rest != 0) {
      set += Integer.bitCount(bitmap[whole] & ((1 << rest) - 1));
    }
    return set;
  }

  /** Number of entries with repetition level 0 (record starts) in {@code [from, to)}; {@code to - from} if null. */
  public static int countRecordStarts(int[] repetitionLevels, int from, int to) {
    if (repetitionLevels == null) {
      return to - from;
    }
    int records = 0;
    for (int i = from; i < to; i++) {
      records += repetitionLevels[i] == 0 ? 1 : 0;
    }
    return records;
  }
}
