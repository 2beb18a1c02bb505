package io.parquetarrow.core.nested;

import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Dremel record assembly engine for one leaf column: turns a batch of the column's definition and repetition
 * levels (already decoded for whole pages and concatenated) into the validity bitmaps and offsets of every Arrow
 * node on the column's {@link NestedPath}, and the slots where the leaf's decoded non-null values go
 * ({@link NestedLevels}). It sits between the column layer (levels and dense values) and the Arrow assemblers
 * (vectors), and knows nothing of either.
 *
 * <p>Work is in bulk: one checking pass over the levels, then one kernel call per node
 * ({@link ParquetKernels#nodeValidity}, {@link ParquetKernels#nodeValidityAndOffsets},
 * {@link ParquetKernels#valueSlots}: scalar or Vector API, as {@link KernelProvider} chose); nothing is called per
 * value. Outputs are held in arrays reused across calls, so a
 * steady-state batch allocates nothing.
 *
 * <p>Several leaves under one struct or list carry the same information about it; the reader computes the shared
 * nodes from any one leaf (by convention the first in schema order) and uses the other leaves only for the nodes
 * below the point where their paths part ({@link NestedPath#sharedDepth}). {@link SharedLevelsCheck} verifies that
 * the leaves agree, for tests and a debug option.
 *
 * <p>A batch must begin at a record (repetition level 0); {@link RecordBoundaries} finds where records end so the
 * reader can cut batches there. Not thread-safe: one assembler per column reader.
 */
public final class NestedLevelAssembler {
  private final NestedPath path;
  private final NestedLevels result;
  private final NodeLevels[] nodes;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final ParquetKernels kernels;
  /** Per repetition level r: the definition level an entry and its predecessor need to continue list r (0 for 0). */
  private final int[] continuationDefinitionLevels;
  private boolean valueSlotsWanted = true;

  /** An assembler running on the kernels {@link KernelProvider#get()} picks. */
  public NestedLevelAssembler(NestedPath path) {
    this(path, KernelProvider.get());
  }

  /** An assembler running its per-node loops on {@code kernels}. */
  public NestedLevelAssembler(NestedPath path, ParquetKernels kernels) {
    this.path = path;
    this.kernels = kernels;
    this.continuationDefinitionLevels = new int[path.maxRepetitionLevel() + 1];
    for (int level = 1; level <= path.maxRepetitionLevel(); level++) {
      continuationDefinitionLevels[level] = path.elementDefinitionLevelForRepetitionLevel(level);
    }
    this.maxDefinitionLevel = path.maxDefinitionLevel();
    this.maxRepetitionLevel = path.maxRepetitionLevel();
    List<NodeLevels> list = new ArrayList<>(path.depth());
    for (NestingNode node : path.nodes()) {
      list.add(new NodeLevels(node));
    }
    this.nodes = list.toArray(new NodeLevels[0]);
    this.result = new NestedLevels(path, list);
  }

  public NestedPath path() {
    return path;
  }

  /**
   * Stops computing {@link NodeLevels#valueSlots()} (a pass over the levels per batch) for a caller that places the
   * values from the leaf's validity instead, as the reader does; the value count is still computed. Returns this.
   */
  public NestedLevelAssembler withoutValueSlots() {
    valueSlotsWanted = false;
    nodes[nodes.length - 1].valueSlotsComputed = false;
    return this;
  }

  /**
   * Assembles {@code count} level entries starting at {@code offset}.
   *
   * @param definitionLevels the leaf's definition levels; may be null only when the maximum definition level is
   *     0 (all zeros)
   * @param repetitionLevels the leaf's repetition levels; may be null when the maximum repetition level is 0
   * @return the per-node results, valid until the next call
   * @throws ParquetCorruptionException when a level is out of range, the batch begins mid-record, or a repetition
   *     level continues a list that the definition levels say is null or empty
   */
  public NestedLevels assemble(int[] definitionLevels, int[] repetitionLevels, int offset, int count)
      throws ParquetCorruptionException {
    return assemble(definitionLevels, repetitionLevels, offset, count, 0);
  }

  /**
   * As {@link #assemble(int[], int[], int, int)}, but computes only the nodes from {@code firstNode} down to the
   * leaf: a leaf other than the first under a struct or list passes {@code path().sharedDepth(firstLeafPath)} to
   * skip the nodes the first leaf already produced. The skipped nodes' results are stale; the record count is
   * still right.
   */
  public NestedLevels assemble(int[] definitionLevels, int[] repetitionLevels, int offset, int count, int firstNode)
      throws ParquetCorruptionException {
    return assemble(definitionLevels, repetitionLevels, offset, count, firstNode, false, -1);
  }

  /**
   * As {@link #assemble(int[], int[], int, int, int)}, with what the column layer already knows about the levels:
   * {@code levelsInRange} says every level lies within {@code 0..max} (the column layer checks that page by page
   * as it decodes them), so the ranges are not checked again; {@code valueCount}, when not negative, is the number
   * of entries at the maximum definition level (the values decoded for them, counted from these same levels), so
   * a leaf whose slots all hold values needs no pass over the levels. The structural checks (the batch starts a
   * record, each repetition continues a non-empty list) always run.
   */
  public NestedLevels assemble(int[] definitionLevels, int[] repetitionLevels, int offset, int count, int firstNode,
      boolean levelsInRange, int valueCount) throws ParquetCorruptionException {
    if (firstNode < 0 || firstNode >= nodes.length) {
      throw new IllegalArgumentException("first node " + firstNode + " outside 0.." + (nodes.length - 1));
    }
    if (offset < 0 || count < 0) {
      throw new IllegalArgumentException("offset " + offset + " and count " + count + " must not be negative");
    }
    if (definitionLevels == null) {
      if (maxDefinitionLevel != 0) {
        throw new IllegalArgumentException("definition levels are required for " + path.dottedPath());
      }
      definitionLevels = new int[offset + count];
    }
    if (repetitionLevels == null && maxRepetitionLevel != 0) {
      throw new IllegalArgumentException("repetition levels are required for " + path.dottedPath());
    }
    if (definitionLevels.length < offset + count
        || (repetitionLevels != null && repetitionLevels.length < offset + count)) {
      throw new IllegalArgumentException("level arrays shorter than offset " + offset + " + count " + count);
    }
    int[] repetition = maxRepetitionLevel == 0 ? null : repetitionLevels;
    // With one list, computed in this call, its offsets prove the continuations after the fact (see
    // continuationsHold); otherwise one pass over the levels does, before the kernels run.
    boolean checkFromOffsets = maxRepetitionLevel == 1 && repeatedNodeIndex(1) >= firstNode;
    if (!checkFromOffsets || !levelsInRange) {
      checkLevels(definitionLevels, repetition, offset, count, levelsInRange, !checkFromOffsets);
    }

    // The innermost list computed in this call: its elements are the slots of the nodes below it.
    NodeLevels innermostList = null;
    for (int index = firstNode; index < nodes.length; index++) {
      NodeLevels levels = nodes[index];
      NestingNode node = levels.node();
      ensureCapacity(levels, count);
      if (node.kind().isRepeated()) {
        levels.slotCount = kernels.nodeValidityAndOffsets(definitionLevels, repetition, offset, count,
            node.slotDefinitionLevel(), node.slotRepetitionLevel(), node.definitionLevel(),
            node.elementDefinitionLevel(), node.repetitionLevel(), levels.validity, levels.offsets);
        if (node.repetitionLevel() == maxRepetitionLevel) {
          innermostList = levels;
        }
      } else if (node.kind() == NestingKind.LEAF && valueCount >= 0 && innermostList != null
          && innermostList.elementCount() == valueCount) {
        // The leaf's slots are the innermost list's elements (the entries at or above its element definition
        // level) and every one of them holds a value: all valid, no pass over the levels.
        levels.slotCount = valueCount;
        setAllValid(levels.validity, valueCount);
      } else {
        // Under the innermost list every entry passes the repetition test: no repetition levels needed.
        int[] repetitionForSlots = node.slotRepetitionLevel() >= maxRepetitionLevel ? null : repetition;
        levels.slotCount = kernels.nodeValidity(definitionLevels, repetitionForSlots, offset, count,
            node.slotDefinitionLevel(), node.slotRepetitionLevel(), node.definitionLevel(), levels.validity);
      }
      levels.nullCount = levels.slotCount - kernels.countSetBits(levels.validity, levels.slotCount);
      if (node.kind() == NestingKind.LEAF) {
        if (!valueSlotsWanted) {
          // The leaf is valid exactly at the maximum definition level: its valid slots are the values.
          levels.valueCount = levels.slotCount - levels.nullCount;
        } else if (levels.nullCount == 0) {
          levels.valueCount = levels.slotCount;
          for (int i = 0; i < levels.slotCount; i++) {
            levels.valueSlots[i] = i;
          }
        } else {
          levels.valueCount = kernels.valueSlots(definitionLevels, offset, count, node.slotDefinitionLevel(),
              maxDefinitionLevel, levels.valueSlots);
        }
      }
    }
    if (checkFromOffsets && !continuationsHold(nodes[repeatedNodeIndex(1)], repetition, offset, count)) {
      describeMalformed(definitionLevels, repetition, offset, count);
    }
    result.levelCount = count;
    result.recordCount = firstNode == 0 ? nodes[0].slotCount
        : repetition == null ? count : kernels.countEqual(repetition, offset, count, 0);
    return result;
  }

  /** The index of the LIST or MAP node at {@code repetitionLevel}, -1 when there is none. */
  private int repeatedNodeIndex(int repetitionLevel) {
    for (int index = 0; index < nodes.length; index++) {
      NestingNode node = nodes[index].node();
      if (node.kind().isRepeated() && node.repetitionLevel() == repetitionLevel) {
        return index;
      }
    }
    return -1;
  }

  /**
   * For a path with one list (maximum repetition level 1) whose node was just computed: whether the batch starts
   * a record and every entry with repetition level 1 and its predecessor reach the list's element definition level.
   * Counted rather than walked: the entries below that level are {@code count - elements}, and the levels are well
   * formed exactly when each of them is a record of its own, i.e. when they are as many as the empty (or null)
   * lists. (Each record with no element has at least one such entry, each record with an element none when well
   * formed: the count can only match when every empty record has exactly one entry and no other record has any.)
   */
  private static boolean continuationsHold(NodeLevels list, int[] repetitionLevels, int offset, int count) {
    if (count == 0) {
      return true;
    }
    if (repetitionLevels[offset] != 0) {
      return false;
    }
    int[] offsets = list.offsets;
    int emptyLists = 0;
    int previous = offsets[0];
    for (int slot = 1, end = list.slotCount; slot <= end; slot++) {
      int next = offsets[slot];
      emptyLists += ((previous - next) >>> 31) ^ 1; // next > previous: not empty
      previous = next;
    }
    return count - offsets[list.slotCount] == emptyLists;
  }

  /** Sets bits {@code [0, bits)} of {@code validity} and clears the rest of the last byte. */
  private static void setAllValid(byte[] validity, int bits) {
    int whole = bits >>> 3;
    Arrays.fill(validity, 0, whole, (byte) -1);
    if ((bits & 7) != 0) {
      validity[whole] = (byte) ((1 << (bits & 7)) - 1);
    }
  }

  /**
   * One pass proving the levels describe a well-formed sequence of records, so the kernels can trust them: every
   * level in range, the batch starting a record, and each entry with repetition level {@code r > 0} adding an
   * element to a list that exists and is non-empty both before and at this entry.
   */
  private void checkLevels(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      boolean levelsInRange, boolean checkContinuations) throws ParquetCorruptionException {
    int end = offset + count;
    if (repetitionLevels == null && levelsInRange) {
      return;
    }
    if (repetitionLevels == null) {
      // One bulk maximum; the loop below only runs to name the bad entry.
      if (Integer.compareUnsigned(kernels.maxUnsigned(definitionLevels, offset, count), maxDefinitionLevel) <= 0) {
        return;
      }
      for (int i = offset; i < end; i++) {
        int level = definitionLevels[i];
        if (level < 0 || level > maxDefinitionLevel) {
          throw levelError(i - offset, "definition level " + level, "0.." + maxDefinitionLevel);
        }
      }
      return;
    }
    if (wellFormed(definitionLevels, repetitionLevels, offset, count, levelsInRange, checkContinuations)) {
      return;
    }
    describeMalformed(definitionLevels, repetitionLevels, offset, count);
  }

  /** Throws naming the first entry that breaks a rule {@link #checkLevels} checks; levels known to break one. */
  private void describeMalformed(int[] definitionLevels, int[] repetitionLevels, int offset, int count)
      throws ParquetCorruptionException {
    int end = offset + count;
    // Something is wrong: find the first bad entry and name it.
    int previousDefinition = 0;
    for (int i = offset; i < end; i++) {
      int level = definitionLevels[i];
      int repetition = repetitionLevels[i];
      if (level < 0 || level > maxDefinitionLevel) {
        throw levelError(i - offset, "definition level " + level, "0.." + maxDefinitionLevel);
      }
      if (repetition < 0 || repetition > maxRepetitionLevel) {
        throw levelError(i - offset, "repetition level " + repetition, "0.." + maxRepetitionLevel);
      }
      if (repetition > 0) {
        if (i == offset) {
          throw levelError(0, "repetition level " + repetition,
              "0: a batch (and a column chunk) must begin with a new record");
        }
        int needed = path.elementDefinitionLevelForRepetitionLevel(repetition);
        if (level < needed || previousDefinition < needed) {
          throw levelError(i - offset, "repetition level " + repetition + " with definition level " + level
              + " after definition level " + previousDefinition, "both definition levels >= " + needed
              + " since the entry continues a non-empty list");
        }
      }
      previousDefinition = level;
    }
    throw ParquetCorruptionException.of("column %s: the batch's %d level entries do not describe whole records",
        path.dottedPath(), count);
  }

  /**
   * The checks of {@link #checkLevels} without naming the culprit: ranges through two bulk maxima, then one
   * branch-free pass (a negative difference marks an entry or predecessor below the level its repetition needs).
   */
  private boolean wellFormed(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      boolean levelsInRange, boolean checkContinuations) {
    if (count == 0) {
      return true;
    }
    if (!levelsInRange
        && (Integer.compareUnsigned(kernels.maxUnsigned(definitionLevels, offset, count), maxDefinitionLevel) > 0
        || Integer.compareUnsigned(kernels.maxUnsigned(repetitionLevels, offset, count), maxRepetitionLevel) > 0)) {
      return false;
    }
    if (repetitionLevels[offset] != 0) {
      return false;
    }
    if (!checkContinuations) {
      return true;
    }
    int previous = definitionLevels[offset];
    int bad = 0;
    if (maxRepetitionLevel == 1) {
      // One list: repetition level 1 needs its element definition level, 0 needs nothing (need = r * level).
      int elementLevel = continuationDefinitionLevels[1];
      for (int i = offset + 1, end = offset + count; i < end; i++) {
        int level = definitionLevels[i];
        int need = repetitionLevels[i] * elementLevel;
        bad |= (level - need) | (previous - need);
        previous = level;
      }
      return bad >= 0;
    }
    int[] needed = continuationDefinitionLevels;
    for (int i = offset + 1, end = offset + count; i < end; i++) {
      int level = definitionLevels[i];
      int need = needed[repetitionLevels[i]];
      bad |= (level - need) | (previous - need);
      previous = level;
    }
    return bad >= 0;
  }

  private ParquetCorruptionException levelError(int index, String found, String expected) {
    return ParquetCorruptionException.of("column %s: level entry %d of the batch: found %s, expected %s",
        path.dottedPath(), index, found, expected);
  }

  /**
   * Arrays from {@link ScratchArrays}, contents stale (every call writes what it reads): a batch of a list column
   * needs offsets as long as its level entries (2.4 MB for 65,536 rows of 9 elements), which a new reader would
   * otherwise allocate, and the JVM zero, again.
   */
  private void ensureCapacity(NodeLevels levels, int count) {
    int bytes = (count + 7) >>> 3;
    if (levels.validity.length < bytes) {
      levels.validity = ScratchArrays.replace(levels.validity, grow(levels.validity.length, bytes));
    }
    if (levels.offsets != null && levels.offsets.length < count + 1) {
      levels.offsets = ScratchArrays.replace(levels.offsets, grow(levels.offsets.length, count + 1));
    }
    if (valueSlotsWanted && levels.valueSlots != null && levels.valueSlots.length < count) {
      levels.valueSlots = ScratchArrays.replace(levels.valueSlots, grow(levels.valueSlots.length, count));
    }
  }

  /**
   * Gives the nodes' arrays back to {@link ScratchArrays}, for a reader done with a row group or closing; the next
   * {@link #assemble} takes arrays again. Results handed out before are no longer valid.
   */
  public void releaseScratch() {
    for (NodeLevels levels : nodes) {
      levels.validity = ScratchArrays.give(levels.validity);
      if (levels.offsets != null) {
        ScratchArrays.give(levels.offsets);
        levels.offsets = new int[1];
      }
      if (levels.valueSlots != null) {
        levels.valueSlots = ScratchArrays.give(levels.valueSlots);
      }
    }
  }

  private static int grow(int current, int needed) {
    return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, current + (long) (current >> 1)));
  }
}
