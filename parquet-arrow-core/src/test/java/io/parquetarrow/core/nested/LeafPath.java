package io.parquetarrow.core.nested;

import io.parquetarrow.core.nested.TestType.ListOf;
import io.parquetarrow.core.nested.TestType.MapEntry;
import io.parquetarrow.core.nested.TestType.MapOf;
import io.parquetarrow.core.nested.TestType.Primitive;
import io.parquetarrow.core.nested.TestType.Struct;
import io.parquetarrow.core.nested.TestType.StructValue;
import io.parquetarrow.format.FieldRepetitionType;
import java.util.ArrayList;
import java.util.List;

/**
 * One leaf column of a test schema: the chain of test types from a top-level field to the primitive, and at each
 * struct or map which child the path takes. Knows how to write itself as a Parquet schema path, how to project a
 * record's value onto the path (the part of the value this leaf describes), and how the Arrow-shaped
 * {@link NestedPath} should look, independently of {@link ParquetPaths}.
 *
 * <p>Projections use {@link Projected} for structs (a struct seen through one leaf has one field) and lists for
 * lists and maps (a map seen through its key or its value is a list of one-field entry structs).
 */
record LeafPath(int topLevelField, List<TestType> chain, List<Integer> childIndexes) {

  /** A struct seen through one leaf: only the field on the path. */
  record Projected(Object field) {
  }

  /** All leaves of a schema (its top-level fields), in schema order. */
  static List<LeafPath> leaves(List<TestType> topLevelFields) {
    List<LeafPath> result = new ArrayList<>();
    for (int i = 0; i < topLevelFields.size(); i++) {
      collect(i, topLevelFields.get(i), new ArrayList<>(), new ArrayList<>(), result);
    }
    return result;
  }

  private static void collect(int top, TestType type, List<TestType> chain, List<Integer> indexes,
      List<LeafPath> into) {
    chain.add(type);
    if (type instanceof Primitive) {
      indexes.add(-1);
      into.add(new LeafPath(top, List.copyOf(chain), List.copyOf(indexes)));
      indexes.remove(indexes.size() - 1);
    } else if (type instanceof Struct struct) {
      for (int i = 0; i < struct.fields().size(); i++) {
        indexes.add(i);
        collect(top, struct.fields().get(i), chain, indexes, into);
        indexes.remove(indexes.size() - 1);
      }
    } else if (type instanceof ListOf list) {
      indexes.add(0);
      collect(top, list.element(), chain, indexes, into);
      indexes.remove(indexes.size() - 1);
    } else {
      MapOf map = (MapOf) type;
      indexes.add(0);
      collect(top, map.key(), chain, indexes, into);
      indexes.set(indexes.size() - 1, 1);
      collect(top, map.value(), chain, indexes, into);
      indexes.remove(indexes.size() - 1);
    }
    chain.remove(chain.size() - 1);
  }

  String dottedPath() {
    StringBuilder text = new StringBuilder();
    for (TestType type : chain) {
      text.append(text.length() == 0 ? "" : ".").append(type.name());
    }
    return text.toString();
  }

  /** The Parquet schema nodes of this leaf, from below the root to the primitive. */
  List<ParquetPathNode> parquetPath() {
    List<ParquetPathNode> path = new ArrayList<>();
    for (int depth = 0; depth < chain.size(); depth++) {
      TestType type = chain.get(depth);
      FieldRepetitionType repetition = type.nullable() ? FieldRepetitionType.OPTIONAL : FieldRepetitionType.REQUIRED;
      if (type instanceof Primitive) {
        path.add(ParquetPathNode.primitive(type.name(), repetition));
      } else if (type instanceof Struct struct) {
        path.add(ParquetPathNode.group(type.name(), repetition, struct.fields().size()));
      } else if (type instanceof MapOf) {
        path.add(ParquetPathNode.mapGroup(type.name(), repetition));
        path.add(ParquetPathNode.group("key_value", FieldRepetitionType.REPEATED, 2));
      } else {
        ListOf list = (ListOf) type;
        TestType element = list.element();
        switch (list.form()) {
          case THREE_LEVEL -> {
            path.add(ParquetPathNode.listGroup(type.name(), repetition));
            path.add(ParquetPathNode.group("list", FieldRepetitionType.REPEATED, 1));
          }
          case TWO_LEVEL_PRIMITIVE -> {
            path.add(ParquetPathNode.listGroup(type.name(), repetition));
            path.add(ParquetPathNode.primitive(element.name(), FieldRepetitionType.REPEATED));
            depth++; // the repeated primitive is the element
          }
          case REPEATED_GROUP_ELEMENT -> {
            path.add(ParquetPathNode.listGroup(type.name(), repetition));
            Struct struct = (Struct) element;
            path.add(ParquetPathNode.group(element.name(), FieldRepetitionType.REPEATED, struct.fields().size()));
            depth++; // the repeated group is the element struct
          }
          case BARE_REPEATED -> {
            if (element instanceof Struct struct) {
              path.add(ParquetPathNode.group(type.name(), FieldRepetitionType.REPEATED, struct.fields().size()));
            } else {
              path.add(ParquetPathNode.primitive(type.name(), FieldRepetitionType.REPEATED));
            }
            depth++;
          }
        }
      }
    }
    return path;
  }

  /** The nested path as the Arrow shape dictates, built with the builder (names are not compared). */
  NestedPath expectedNestedPath() {
    NestedPath.Builder builder = NestedPath.builder();
    for (TestType type : chain) {
      if (type instanceof Primitive) {
        return builder.leaf(type.name(), type.nullable());
      } else if (type instanceof Struct) {
        builder.struct(type.name(), type.nullable());
      } else if (type instanceof ListOf) {
        builder.list(type.name(), type.nullable());
      } else {
        builder.map(type.name(), type.nullable()).struct("key_value", false);
      }
    }
    throw new IllegalStateException("a chain ends with a primitive");
  }

  /** The part of a top-level field's value this leaf describes. */
  Object project(Object value) {
    return project(0, value);
  }

  private Object project(int depth, Object value) {
    if (value == null) {
      return null;
    }
    TestType type = chain.get(depth);
    int child = childIndexes.get(depth);
    if (type instanceof Primitive) {
      return value;
    }
    if (type instanceof Struct) {
      return new Projected(project(depth + 1, ((StructValue) value).fields().get(child)));
    }
    List<Object> result = new ArrayList<>();
    for (Object element : (List<?>) value) {
      if (type instanceof MapOf) {
        MapEntry entry = (MapEntry) element;
        result.add(new Projected(project(depth + 1, child == 0 ? entry.key() : entry.value())));
      } else {
        result.add(project(depth + 1, element));
      }
    }
    return result;
  }
}
