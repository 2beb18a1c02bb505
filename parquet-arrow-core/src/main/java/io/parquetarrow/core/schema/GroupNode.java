package io.parquetarrow.core.schema;

import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A group node of the Parquet schema: a struct, or the outer or middle level of a LIST or MAP. Its children are
 * in footer order. Built by {@link SchemaDescriptor}.
 */
public final class GroupNode extends SchemaNode {
  private final List<SchemaNode> children = new ArrayList<>();
  private final List<SchemaNode> childrenView = Collections.unmodifiableList(children);

  GroupNode(SchemaElement element, List<String> path, int definitionLevel, int repetitionLevel) {
    super(element, path, definitionLevel, repetitionLevel);
  }

  void addChild(SchemaNode child) {
    children.add(child);
  }

  /** The children in footer order (unmodifiable). */
  public List<SchemaNode> children() {
    return childrenView;
  }

  public int childCount() {
    return children.size();
  }

  public SchemaNode child(int index) {
    return children.get(index);
  }

  /** True when annotated LIST (logical type, or converted type LIST). */
  public boolean isListAnnotated() {
    return effectiveLogicalType() instanceof LogicalType.ListType;
  }

  /** True when annotated MAP (logical type, or converted type MAP or MAP_KEY_VALUE). */
  public boolean isMapAnnotated() {
    return effectiveLogicalType() instanceof LogicalType.MapType;
  }

  @Override
  public LogicalType effectiveLogicalType() {
    LogicalType logical = logicalType();
    if (logical != null) {
      return logical;
    }
    ConvertedType converted = convertedType();
    if (converted == null) {
      return null;
    }
    return switch (converted) {
      case LIST -> new LogicalType.ListType();
      // Arrow C++ and parquet-java both read MAP_KEY_VALUE on the outer group as a map.
      case MAP, MAP_KEY_VALUE -> new LogicalType.MapType();
      default -> null;
    };
  }

  @Override
  public String toString() {
    return "group " + dottedPath();
  }
}
