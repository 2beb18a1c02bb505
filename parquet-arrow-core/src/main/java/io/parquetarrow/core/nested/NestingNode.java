package io.parquetarrow.core.nested;

/**
 * One Arrow nesting node on the path from the schema root to a leaf column, with the level numbers that decide,
 * for every (definition level, repetition level) pair of that leaf, what the pair means for this node. Built only
 * by {@link NestedPath.Builder}, which derives the numbers from the nullability of the nodes above.
 *
 * <p>The vocabulary follows the Parquet spec and Arrow C++'s {@code LevelInfo}:
 * <ul>
 *   <li>a <em>slot</em> of a node is one position in its Arrow vector. Each element of the nearest enclosing list
 *       (or each record, when there is none) is one slot. A level entry opens a new slot when
 *       {@code repetitionLevel <= slotRepetitionLevel()} and {@code definitionLevel >= slotDefinitionLevel()};
 *   <li>the slot is valid (non-null) when {@code definitionLevel >= definitionLevel()};
 *   <li>for a LIST or MAP, the level entry also opens a new element when
 *       {@code repetitionLevel <= repetitionLevel()} and {@code definitionLevel >= elementDefinitionLevel()}.
 *       A valid list whose entry is below {@link #elementDefinitionLevel()} is empty.
 * </ul>
 *
 * @param kind the Arrow shape
 * @param name the Arrow field name (for messages)
 * @param nullable whether the Arrow field is nullable (the Parquet node was optional)
 * @param definitionLevel the definition level at and above which a slot of this node is present (not null)
 * @param elementDefinitionLevel for LIST and MAP, the definition level at and above which the list has at least
 *     one element (its repeated Parquet node is defined); -1 for the other kinds
 * @param repetitionLevel for LIST and MAP, the repetition level of its repeated Parquet node; for the other kinds,
 *     the repetition level of the nearest enclosing list (0 when there is none)
 * @param slotDefinitionLevel the element definition level of the nearest enclosing list, 0 when there is none
 *     (Arrow C++'s {@code repeated_ancestor_def_level})
 * @param slotRepetitionLevel the repetition level of the nearest enclosing list, 0 when there is none
 */
public record NestingNode(NestingKind kind, String name, boolean nullable, int definitionLevel,
    int elementDefinitionLevel, int repetitionLevel, int slotDefinitionLevel, int slotRepetitionLevel) {

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder().append(kind).append(' ').append(name)
        .append(nullable ? " (nullable" : " (required").append(", present at definition level ")
        .append(definitionLevel);
    if (kind.isRepeated()) {
      text.append(", non-empty at ").append(elementDefinitionLevel).append(", repetition level ")
          .append(repetitionLevel);
    }
    return text.append(')').toString();
  }
}
