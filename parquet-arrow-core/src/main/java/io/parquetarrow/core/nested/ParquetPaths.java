package io.parquetarrow.core.nested;

import java.util.List;

/**
 * Builds the {@link NestedPath} of a leaf column from its Parquet schema path, mapping groups to structs and
 * LIST/MAP-annotated groups to lists and maps the way {@code io.parquetarrow.core.schema.ParquetToArrowSchema}
 * (and Arrow C++) do, including the backward-compatibility rules of
 * <a href="https://github.com/apache/parquet-format/blob/master/LogicalTypes.md#lists">LogicalTypes.md</a>:
 * <ol>
 *   <li>a repeated primitive inside a LIST group is the required element (2-level list);
 *   <li>a repeated group with several fields, or with one repeated field, is the required element struct
 *       (except a LIST-annotated repeated group around one repeated field, which Arrow C++ and the schema layer
 *       read as a list of lists);
 *   <li>a repeated group named {@code array} or {@code <list name>_tuple} is the required element struct;
 *   <li>otherwise the repeated group's only field is the element (standard 3-level list).
 * </ol>
 * A repeated field outside a LIST or MAP group is a required list of required elements; a MAP whose key-value
 * group has a single field reads as a list of its keys (Arrow has no set type).
 *
 * <p>The input is assumed to have passed the schema layer's checks; a shape it would have refused raises
 * {@link IllegalArgumentException}.
 */
public final class ParquetPaths {
  private ParquetPaths() {
  }

  /**
   * The nested path of the leaf at the end of {@code path}.
   *
   * @param path the schema nodes from the first level below the root to the primitive leaf, inclusive
   */
  public static NestedPath toNestedPath(List<ParquetPathNode> path) {
    if (path.isEmpty() || !path.get(path.size() - 1).primitive()) {
      throw new IllegalArgumentException("a column path must end with its primitive leaf: " + path);
    }
    return convert(path, 0, NestedPath.builder());
  }

  private static NestedPath convert(List<ParquetPathNode> path, int index, NestedPath.Builder builder) {
    ParquetPathNode node = path.get(index);
    if (node.primitive()) {
      if (node.isRepeated()) {
        // A bare repeated primitive: a required list of required elements.
        return builder.list(node.name(), false).leaf(node.name(), false);
      }
      return builder.leaf(node.name(), node.isOptional());
    }
    requireChild(path, index);
    switch (node.annotation()) {
      case LIST:
        return convertList(path, index, builder);
      case MAP:
        return convertMap(path, index, builder);
      default:
        if (node.isRepeated()) {
          // A bare repeated group: a required list of required structs.
          builder.list(node.name(), false).struct(node.name(), false);
        } else {
          builder.struct(node.name(), node.isOptional());
        }
        return convert(path, index + 1, builder);
    }
  }

  private static NestedPath convertList(List<ParquetPathNode> path, int index, NestedPath.Builder builder) {
    ParquetPathNode group = path.get(index);
    ParquetPathNode repeated = path.get(index + 1);
    if (group.isRepeated() || !repeated.isRepeated()) {
      throw new IllegalArgumentException("a LIST group must be optional or required and hold one repeated node: "
          + group.name());
    }
    builder.list(group.name(), group.isOptional());
    if (repeated.primitive()) {
      // Rule 1: 2-level list of a repeated primitive.
      return builder.leaf(repeated.name(), false);
    }
    requireChild(path, index + 1);
    if (repeated.childCount() > 1) {
      // Rule 2: the repeated group with several fields is the element.
      builder.struct(repeated.name(), false);
      return convert(path, index + 2, builder);
    }
    ParquetPathNode only = path.get(index + 2);
    if (only.isRepeated()) {
      if (repeated.annotation() == ParquetPathNode.Annotation.LIST) {
        // A 2-level list whose element is itself a list, e.g. old_list_structure.parquet:
        // group a (LIST) { repeated group array (LIST) { repeated int32 array } }. The inner repeated node is the
        // (bare repeated) element list, as the schema layer and Arrow C++ read it.
        return convert(path, index + 2, builder);
      }
      // LogicalTypes.md rule "a repeated group with one repeated field is the element": a struct holding a list.
      builder.struct(repeated.name(), false);
      return convert(path, index + 2, builder);
    }
    if (repeated.name().equals("array") || repeated.name().equals(group.name() + "_tuple")) {
      // Rule 3: a legacy element group.
      builder.struct(repeated.name(), false);
      return convert(path, index + 2, builder);
    }
    // Rule 4: the standard 3-level list; the repeated group only carries the repetition.
    return convert(path, index + 2, builder);
  }

  private static NestedPath convertMap(List<ParquetPathNode> path, int index, NestedPath.Builder builder) {
    ParquetPathNode group = path.get(index);
    ParquetPathNode keyValue = path.get(index + 1);
    if (group.isRepeated() || !keyValue.isRepeated() || keyValue.primitive()) {
      throw new IllegalArgumentException("a MAP group must be optional or required and hold one repeated group: "
          + group.name());
    }
    if (keyValue.childCount() == 1) {
      return convertList(path, index, builder);
    }
    if (keyValue.childCount() != 2) {
      throw new IllegalArgumentException("the key-value group of MAP " + group.name() + " must have 1 or 2 fields,"
          + " found " + keyValue.childCount());
    }
    requireChild(path, index + 1);
    builder.map(group.name(), group.isOptional()).struct(keyValue.name(), false);
    return convert(path, index + 2, builder);
  }

  private static void requireChild(List<ParquetPathNode> path, int index) {
    if (index + 1 >= path.size()) {
      throw new IllegalArgumentException("group " + path.get(index).name() + " is not followed by a child on "
          + "the path " + path);
    }
  }
}
