package io.parquetarrow.core.schema;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.FieldRepetitionType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Parquet schema of one file as a tree, rebuilt from the footer's flat list of {@code SchemaElement}s (a
 * depth-first pre-order walk where each group says how many children follow it), with one
 * {@link ColumnDescriptor} per leaf.
 *
 * <p>First stop after the footer is decoded; {@link ParquetToArrowSchema} maps it to Arrow, and the column
 * readers take their {@link ColumnDescriptor}s from it. Immutable.
 */
public final class SchemaDescriptor {
  /**
   * Deeper nesting than this is refused rather than risking the stack on a hostile footer; real schemas stay far
   * below (each level of an Arrow list costs two Parquet levels).
   */
  public static final int MAX_NESTING_DEPTH = 512;

  private final GroupNode root;
  private final List<ColumnDescriptor> columns;
  private final Map<String, ColumnDescriptor> columnsByPath;

  private SchemaDescriptor(GroupNode root, List<ColumnDescriptor> columns) {
    this.root = root;
    this.columns = Collections.unmodifiableList(columns);
    Map<String, ColumnDescriptor> byPath = new HashMap<>();
    for (ColumnDescriptor column : columns) {
      byPath.putIfAbsent(column.dottedPath(), column);
    }
    this.columnsByPath = byPath;
  }

  /**
   * Builds the tree from the footer's schema list.
   *
   * @param elements the {@code FileMetaData.schema} list; element 0 is the root
   * @param source names the file in error messages
   * @throws ParquetCorruptionException when the list is empty, a {@code num_children} is negative or points past
   *     the end of the list, elements are left over, a leaf has no physical type, or a FIXED_LEN_BYTE_ARRAY leaf
   *     has no positive {@code type_length}
   */
  public static SchemaDescriptor fromElements(List<SchemaElement> elements, String source)
      throws ParquetCorruptionException, UnsupportedParquetFeatureException {
    if (elements == null || elements.isEmpty()) {
      throw ParquetCorruptionException.of("%s: the footer's schema is empty (expected at least the root element)",
          source);
    }
    SchemaElement rootElement = elements.get(0);
    Integer rootChildren = rootElement.numChildren();
    if (rootChildren == null || rootChildren < 0) {
      throw ParquetCorruptionException.of(
          "%s: schema root element '%s' has num_children %s (expected a non-negative count)",
          source, rootElement.name(), rootChildren);
    }
    Builder builder = new Builder(elements, source);
    GroupNode root = new GroupNode(rootElement, List.of(), 0, 0);
    builder.position = 1;
    builder.readChildren(root, rootChildren, 1);
    if (builder.position != elements.size()) {
      throw ParquetCorruptionException.of(
          "%s: schema has %d elements but the root's num_children tree covers only %d of them",
          source, elements.size(), builder.position);
    }
    return new SchemaDescriptor(root, builder.columns);
  }

  private static final class Builder {
    final List<SchemaElement> elements;
    final String source;
    final List<ColumnDescriptor> columns = new ArrayList<>();
    int position;

    Builder(List<SchemaElement> elements, String source) {
      this.elements = elements;
      this.source = source;
    }

    void readChildren(GroupNode parent, int count, int depth)
        throws ParquetCorruptionException, UnsupportedParquetFeatureException {
      if (depth > MAX_NESTING_DEPTH) {
        throw new UnsupportedParquetFeatureException(String.format(
            "%s: schema nesting deeper than %d levels at '%s'", source, MAX_NESTING_DEPTH, parent.dottedPath()));
      }
      for (int i = 0; i < count; i++) {
        if (position >= elements.size()) {
          throw ParquetCorruptionException.of(
              "%s: schema group '%s' declares %d children but the schema list ends after %d elements",
              source, parent.path().isEmpty() ? parent.name() : parent.dottedPath(), count, elements.size());
        }
        int index = position++;
        SchemaElement element = elements.get(index);
        if (element.name() == null) {
          throw ParquetCorruptionException.of("%s: schema element %d has no name", source, index);
        }
        List<String> path = new ArrayList<>(parent.path());
        path.add(element.name());
        // An unset repetition reads as REQUIRED, as in Arrow C++ (the Thrift enum's zero value).
        FieldRepetitionType repetition =
            element.repetitionType() == null ? FieldRepetitionType.REQUIRED : element.repetitionType();
        int definitionLevel = parent.definitionLevel() + (repetition == FieldRepetitionType.REQUIRED ? 0 : 1);
        int repetitionLevel = parent.repetitionLevel() + (repetition == FieldRepetitionType.REPEATED ? 1 : 0);
        Integer numChildren = element.numChildren();
        // Arrow C++ and parquet-java treat an element with a physical type and no children as a leaf; an element
        // without a type is a group even when it has zero children.
        boolean leaf = element.type() != null && (numChildren == null || numChildren == 0);
        if (leaf) {
          PrimitiveNode node = new PrimitiveNode(element, path, definitionLevel, repetitionLevel, columns.size());
          if (element.type() == Type.FIXED_LEN_BYTE_ARRAY
              && (element.typeLength() == null || element.typeLength() <= 0)) {
            throw ParquetCorruptionException.of(
                "%s: FIXED_LEN_BYTE_ARRAY column '%s' has type_length %s (expected a positive length)",
                source, node.dottedPath(), element.typeLength());
          }
          ColumnDescriptor column = new ColumnDescriptor(node, columns.size());
          node.setColumn(column);
          columns.add(column);
          parent.addChild(node);
        } else {
          if (numChildren == null && element.type() == null) {
            throw ParquetCorruptionException.of(
                "%s: schema element %d ('%s') has neither a physical type nor num_children",
                source, index, String.join(".", path));
          }
          if (numChildren < 0 || numChildren > elements.size() - position) {
            throw ParquetCorruptionException.of(
                "%s: schema group '%s' has num_children %d but only %d elements follow it",
                source, String.join(".", path), numChildren, elements.size() - position);
          }
          GroupNode group = new GroupNode(element, path, definitionLevel, repetitionLevel);
          parent.addChild(group);
          readChildren(group, numChildren, depth + 1);
        }
      }
    }
  }

  /** The root group (the "message"); its children are the top-level fields. */
  public GroupNode root() {
    return root;
  }

  /** All leaf columns in footer order; index {@code i} is column chunk {@code i} of every row group. */
  public List<ColumnDescriptor> columns() {
    return columns;
  }

  public int columnCount() {
    return columns.size();
  }

  public ColumnDescriptor column(int leafIndex) {
    return columns.get(leafIndex);
  }

  /** The leaf with this dotted path (e.g. {@code a.list.element}), or null. */
  public ColumnDescriptor columnByPath(String dottedPath) {
    return columnsByPath.get(dottedPath);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("message ").append(root.name()).append(" {\n");
    for (SchemaNode child : root.children()) {
      print(child, "  ", out);
    }
    return out.append("}").toString();
  }

  private static void print(SchemaNode node, String indent, StringBuilder out) {
    out.append(indent).append(node.repetition().name().toLowerCase(Locale.ROOT)).append(' ');
    if (node instanceof PrimitiveNode primitive) {
      out.append(primitive.physicalType());
      if (primitive.typeLength() > 0) {
        out.append('(').append(primitive.typeLength()).append(')');
      }
      out.append(' ').append(node.name());
      appendAnnotation(node, out);
      out.append(";\n");
    } else {
      out.append("group ").append(node.name());
      appendAnnotation(node, out);
      out.append(" {\n");
      for (SchemaNode child : node.asGroup().children()) {
        print(child, indent + "  ", out);
      }
      out.append(indent).append("}\n");
    }
  }

  private static void appendAnnotation(SchemaNode node, StringBuilder out) {
    if (node.logicalType() != null) {
      out.append(" (").append(node.logicalType()).append(')');
    } else if (node.convertedType() != null) {
      out.append(" (").append(node.convertedType()).append(')');
    }
  }
}
