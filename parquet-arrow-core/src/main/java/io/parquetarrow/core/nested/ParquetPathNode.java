package io.parquetarrow.core.nested;

import io.parquetarrow.format.FieldRepetitionType;
import java.util.Objects;

/**
 * One Parquet schema node on the path from the root (excluded) to a leaf column, reduced to what the LIST and MAP
 * backward-compatibility rules of LogicalTypes.md need: name, repetition, LIST/MAP annotation and, for groups,
 * the number of children. The reader makes one from each schema node on a column's path
 * ({@code SchemaNode.name()}, {@code repetition()}, {@code GroupNode.isListAnnotated()/isMapAnnotated()},
 * {@code childCount()}) and passes the list to {@link ParquetPaths#toNestedPath}.
 *
 * @param name the schema element's name
 * @param repetition REQUIRED, OPTIONAL or REPEATED (VECTOR is not supported)
 * @param annotation LIST or MAP when the group is so annotated (a legacy MAP_KEY_VALUE counts as MAP), else NONE
 * @param childCount the number of children of a group; 0 for the primitive leaf
 * @param primitive true for the leaf column itself
 */
public record ParquetPathNode(String name, FieldRepetitionType repetition, Annotation annotation, int childCount,
    boolean primitive) {

  /** The nesting annotation of a group. */
  public enum Annotation {
    NONE,
    LIST,
    MAP
  }

  public ParquetPathNode {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(repetition, "repetition");
    Objects.requireNonNull(annotation, "annotation");
    if (repetition == FieldRepetitionType.VECTOR) {
      throw new IllegalArgumentException("VECTOR repetition is not supported by nested assembly: " + name);
    }
    if (primitive && (annotation != Annotation.NONE || childCount != 0)) {
      throw new IllegalArgumentException("a primitive node has no annotation and no children: " + name);
    }
  }

  /** A group with {@code childCount} children and no LIST/MAP annotation. */
  public static ParquetPathNode group(String name, FieldRepetitionType repetition, int childCount) {
    return new ParquetPathNode(name, repetition, Annotation.NONE, childCount, false);
  }

  /** A LIST-annotated group (it always has one child). */
  public static ParquetPathNode listGroup(String name, FieldRepetitionType repetition) {
    return new ParquetPathNode(name, repetition, Annotation.LIST, 1, false);
  }

  /** A MAP-annotated group (it always has one child, the repeated key-value group). */
  public static ParquetPathNode mapGroup(String name, FieldRepetitionType repetition) {
    return new ParquetPathNode(name, repetition, Annotation.MAP, 1, false);
  }

  /** The leaf column. */
  public static ParquetPathNode primitive(String name, FieldRepetitionType repetition) {
    return new ParquetPathNode(name, repetition, Annotation.NONE, 0, true);
  }

  boolean isRepeated() {
    return repetition == FieldRepetitionType.REPEATED;
  }

  boolean isOptional() {
    return repetition == FieldRepetitionType.OPTIONAL;
  }
}
