package io.parquetarrow.core.nested;

import java.util.List;

/**
 * The result of assembling one batch of a leaf column's levels ({@link NestedLevelAssembler#assemble}): one
 * {@link NodeLevels} per node of the {@link NestedPath}, from the outermost to the leaf, plus the number of
 * records and level entries the batch covered. Valid until the assembler's next call.
 */
public final class NestedLevels {
  private final NestedPath path;
  private final List<NodeLevels> nodes;
  int levelCount;
  int recordCount;

  NestedLevels(NestedPath path, List<NodeLevels> nodes) {
    this.path = path;
    this.nodes = List.copyOf(nodes);
  }

  public NestedPath path() {
    return path;
  }

  /** Per-node results, outermost first; {@code nodes().get(i)} belongs to {@code path().node(i)}. */
  public List<NodeLevels> nodes() {
    return nodes;
  }

  public NodeLevels node(int index) {
    return nodes.get(index);
  }

  public NodeLevels leaf() {
    return nodes.get(nodes.size() - 1);
  }

  /** Number of level entries consumed. */
  public int levelCount() {
    return levelCount;
  }

  /** Number of records (rows) in the batch, which is also the slot count of the outermost node. */
  public int recordCount() {
    return recordCount;
  }

  @Override
  public String toString() {
    return "nested levels of " + path.dottedPath() + ": " + recordCount + " records, " + levelCount
        + " level entries, " + nodes;
  }
}
