package io.parquetarrow.core.nested;

/**
 * What one batch of a leaf's levels says about one {@link NestingNode} of its path: how many slots the node has,
 * which are valid (an LSB-first validity bitmap, as Arrow stores it, plus the null count) and, for a LIST or MAP,
 * the offsets of each slot's elements in the child. For the {@link NestingKind#LEAF} it also lists the slots
 * that receive the decoded non-null values, in order ({@link #valueSlots()}).
 *
 * <p>Produced by {@link NestedLevelAssembler}; the arrays are owned by the assembler and reused by its next call,
 * and are larger than needed: only the first {@link #slotCount()} bits / {@code slotCount() + 1} offsets /
 * {@link #valueCount()} value slots are meaningful. A non-nullable node has unset bits only under null
 * ancestors (as Arrow C++ reads it), so {@link #nullCount()} can be non-zero for it too.
 */
public final class NodeLevels {
  private final NestingNode node;
  byte[] validity = new byte[0];
  int[] offsets;
  int[] valueSlots;
  int slotCount;
  int nullCount;
  int valueCount;
  boolean valueSlotsComputed = true;

  NodeLevels(NestingNode node) {
    this.node = node;
    if (node.kind().isRepeated()) {
      offsets = new int[1];
    }
    if (node.kind() == NestingKind.LEAF) {
      valueSlots = new int[0];
    }
  }

  public NestingNode node() {
    return node;
  }

  /** Number of slots (Arrow vector positions) of this node in the batch. */
  public int slotCount() {
    return slotCount;
  }

  /** The LSB-first validity bitmap: bit {@code i} is set when slot {@code i} is not null. */
  public byte[] validity() {
    return validity;
  }

  public int nullCount() {
    return nullCount;
  }

  public boolean isValid(int slot) {
    return (validity[slot >>> 3] & (1 << (slot & 7))) != 0;
  }

  /**
   * For LIST and MAP: offsets into the child's slots, {@code slotCount() + 1} of them starting at 0; slot {@code i}
   * holds child slots {@code [offsets[i], offsets[i + 1])}. A null or empty list has equal offsets. Null for the
   * other kinds.
   */
  public int[] offsets() {
    return offsets;
  }

  /** The number of elements (child slots) of a LIST or MAP in the batch: {@code offsets()[slotCount()]}. */
  public int elementCount() {
    return offsets[slotCount];
  }

  /**
   * The offsets widened to 64 bits for an Arrow LargeList or to append to a vector that already holds
   * {@code base} elements: {@code slotCount() + 1} values {@code base + offsets()[i]}.
   */
  public long[] offsetsAsLong(long base) {
    long[] result = new long[slotCount + 1];
    for (int i = 0; i <= slotCount; i++) {
      result[i] = base + offsets[i];
    }
    return result;
  }

  /**
   * For the LEAF: the slot receiving each decoded non-null value, in order ({@link #valueCount()} of them). The
   * reader scatters value {@code v} of the page's dense value stream to slot {@code valueSlots()[v]}; when
   * {@link #valuesAreDense()} no scatter is needed. Null for the other kinds.
   *
   * @throws IllegalStateException when the assembler was built {@link NestedLevelAssembler#withoutValueSlots
   *     without value slots}
   */
  public int[] valueSlots() {
    if (!valueSlotsComputed) {
      throw new IllegalStateException("value slots of " + node + " were not computed: the assembler was built"
          + " without them (NestedLevelAssembler#withoutValueSlots)");
    }
    return valueSlots;
  }

  /** For the LEAF: how many level entries carry a value (definition level at its maximum). */
  public int valueCount() {
    return valueCount;
  }

  /** For the LEAF: true when every slot holds a value, so the dense values are already in slot order. */
  public boolean valuesAreDense() {
    return valueCount == slotCount;
  }

  @Override
  public String toString() {
    return node + ": " + slotCount + " slots, " + nullCount + " null";
  }
}
