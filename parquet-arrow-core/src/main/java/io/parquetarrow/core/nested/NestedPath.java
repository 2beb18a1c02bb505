package io.parquetarrow.core.nested;

import java.util.ArrayList;
import java.util.List;

/**
 * The chain of Arrow nesting nodes from the schema root down to one leaf column, each with the level numbers
 * that decode it ({@link NestingNode}). It is the input model of the nested assembly engine
 * ({@link NestedLevelAssembler}): the reader builds one per leaf column, either from the Parquet schema path with
 * {@link ParquetPaths#toNestedPath} (which applies the LIST and MAP backward-compatibility rules) or directly
 * from the Arrow shape with {@link #builder()}.
 *
 * <p>The levels follow from the shape alone: a nullable node adds one definition level; a LIST or MAP adds one
 * definition level and one repetition level for its repeated Parquet node (so an empty list sits one definition
 * level below a non-empty one); a MAP's entries struct and a required node add nothing. This is why the
 * 3-level, 2-level and bare-repeated Parquet list forms all reduce to the same model.
 *
 * <p>Immutable. The last node is always the {@link NestingKind#LEAF}.
 */
public final class NestedPath {
  private final List<NestingNode> nodes;
  private final int[] elementDefinitionLevelByRepetitionLevel;

  private NestedPath(List<NestingNode> nodes) {
    this.nodes = List.copyOf(nodes);
    NestingNode leaf = leaf();
    int maxRepetition = leaf.slotRepetitionLevel();
    elementDefinitionLevelByRepetitionLevel = new int[maxRepetition + 1];
    for (NestingNode node : nodes) {
      if (node.kind().isRepeated()) {
        elementDefinitionLevelByRepetitionLevel[node.repetitionLevel()] = node.elementDefinitionLevel();
      }
    }
  }

  /** Starts a path at the schema root; add nodes from the outermost down and finish with a leaf. */
  public static Builder builder() {
    return new Builder();
  }

  /** The nodes from the outermost (a child of the schema root) to the leaf. */
  public List<NestingNode> nodes() {
    return nodes;
  }

  public int depth() {
    return nodes.size();
  }

  public NestingNode node(int index) {
    return nodes.get(index);
  }

  public NestingNode leaf() {
    return nodes.get(nodes.size() - 1);
  }

  /** The leaf column's maximum definition level (a value is present exactly at this level). */
  public int maxDefinitionLevel() {
    NestingNode leaf = leaf();
    return leaf.definitionLevel();
  }

  /** The leaf column's maximum repetition level: the number of LIST and MAP nodes on the path. */
  public int maxRepetitionLevel() {
    return leaf().slotRepetitionLevel();
  }

  /**
   * The definition level an entry with repetition level {@code repetitionLevel > 0} must reach: it adds an
   * element to the list at that repetition level, which is therefore non-empty.
   */
  int elementDefinitionLevelForRepetitionLevel(int repetitionLevel) {
    return elementDefinitionLevelByRepetitionLevel[repetitionLevel];
  }

  /** Dotted Arrow names from the outermost node to the leaf, for messages. */
  public String dottedPath() {
    StringBuilder text = new StringBuilder();
    for (NestingNode node : nodes) {
      if (text.length() > 0) {
        text.append('.');
      }
      text.append(node.name());
    }
    return text.toString();
  }

  /**
   * How many outer nodes this path shares with {@code other}: two leaves under the same struct or list have
   * equal nodes down to it, and the assembled levels of those shared nodes must agree
   * ({@link SharedLevelsCheck}).
   */
  public int sharedDepth(NestedPath other) {
    int shared = 0;
    int limit = Math.min(depth(), other.depth()) - 1;
    while (shared < limit && nodes.get(shared).equals(other.nodes.get(shared))) {
      shared++;
    }
    return shared;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof NestedPath path && path.nodes.equals(nodes);
  }

  @Override
  public int hashCode() {
    return nodes.hashCode();
  }

  @Override
  public String toString() {
    return "nested path " + nodes;
  }

  /**
   * Adds nodes from the outermost to the leaf in Arrow terms, computing the levels. Not thread-safe; one path per
   * builder.
   */
  public static final class Builder {
    private final List<NestingNode> nodes = new ArrayList<>();
    private int definitionLevel;
    private int repetitionLevel;
    private int slotDefinitionLevel;
    private int slotRepetitionLevel;
    private boolean expectEntries;
    private boolean finished;

    private Builder() {
    }

    /** A struct; nullable when its Parquet group is optional. */
    public Builder struct(String name, boolean nullable) {
      checkOpen();
      if (expectEntries && nullable) {
        throw new IllegalArgumentException("the entries struct of a map cannot be nullable: " + name);
      }
      expectEntries = false;
      if (nullable) {
        definitionLevel++;
      }
      nodes.add(new NestingNode(NestingKind.STRUCT, name, nullable, definitionLevel, -1, slotRepetitionLevel,
          slotDefinitionLevel, slotRepetitionLevel));
      return this;
    }

    /** A list; nullable when its Parquet LIST group is optional. The next node added is its element. */
    public Builder list(String name, boolean nullable) {
      return repeated(NestingKind.LIST, name, nullable);
    }

    /**
     * A map; nullable when its Parquet MAP group is optional. The next node added must be the non-nullable entries
     * struct ({@link #struct(String, boolean)} with {@code false}), followed by the key's or the value's nodes.
     */
    public Builder map(String name, boolean nullable) {
      repeated(NestingKind.MAP, name, nullable);
      expectEntries = true;
      return this;
    }

    /** The leaf column; nullable when the Parquet primitive is optional. Ends the path. */
    public NestedPath leaf(String name, boolean nullable) {
      checkOpen();
      if (expectEntries) {
        throw new IllegalArgumentException("a map must be followed by its entries struct, found leaf " + name);
      }
      if (nullable) {
        definitionLevel++;
      }
      nodes.add(new NestingNode(NestingKind.LEAF, name, nullable, definitionLevel, -1, slotRepetitionLevel,
          slotDefinitionLevel, slotRepetitionLevel));
      finished = true;
      return new NestedPath(nodes);
    }

    private Builder repeated(NestingKind kind, String name, boolean nullable) {
      checkOpen();
      if (expectEntries) {
        throw new IllegalArgumentException("a map must be followed by its entries struct, found " + kind + " "
            + name);
      }
      if (nullable) {
        definitionLevel++;
      }
      int present = definitionLevel;
      int parentSlotDefinitionLevel = slotDefinitionLevel;
      int parentSlotRepetitionLevel = slotRepetitionLevel;
      definitionLevel++;
      repetitionLevel++;
      nodes.add(new NestingNode(kind, name, nullable, present, definitionLevel, repetitionLevel,
          parentSlotDefinitionLevel, parentSlotRepetitionLevel));
      slotDefinitionLevel = definitionLevel;
      slotRepetitionLevel = repetitionLevel;
      return this;
    }

    private void checkOpen() {
      if (finished) {
        throw new IllegalStateException("the path already ends with a leaf");
      }
    }
  }
}
