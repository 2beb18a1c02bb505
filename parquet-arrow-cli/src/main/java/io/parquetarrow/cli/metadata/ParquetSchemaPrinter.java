package io.parquetarrow.cli.metadata;

import io.parquetarrow.format.FieldRepetitionType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Type;
import java.util.List;
import java.util.Locale;

/**
 * Prints a footer's schema (the depth-first {@link SchemaElement} list) as the text parquet-java's
 * {@code MessageType.toString()} produces, so the two can be compared by eye or by diff:
 *
 * <pre>
 * message schema {
 *   required int64 id (INTEGER(64,true)) = 1;
 *   optional group tags (LIST) {
 *     repeated group list {
 *       optional binary element (STRING);
 *     }
 *   }
 *   optional fixed_len_byte_array(16) key (UUID);
 * }
 * </pre>
 *
 * Each line holds the repetition, the physical type (with its length for fixed-length byte arrays) or
 * {@code group}, the name, the logical type in parentheses (or the converted type's equivalent) and
 * {@code = id} when the element carries a field id.
 *
 * <p>The printer trusts only what it reads: a child count that runs past the end of the list ends the tree
 * there rather than throwing (the file model reports such a schema as corrupt before this is reached).
 */
public final class ParquetSchemaPrinter {

  private final List<SchemaElement> elements;
  private final StringBuilder out = new StringBuilder();
  private int next;

  private ParquetSchemaPrinter(List<SchemaElement> elements) {
    this.elements = elements;
  }

  /** The schema text, ending with a line break. */
  public static String print(List<SchemaElement> elements) {
    if (elements.isEmpty()) {
      return "message <empty schema> {\n}\n";
    }
    ParquetSchemaPrinter printer = new ParquetSchemaPrinter(elements);
    return printer.printMessage();
  }

  private String printMessage() {
    SchemaElement root = elements.get(0);
    next = 1;
    out.append("message ").append(root.name());
    TypeAnnotation annotation = TypeAnnotation.of(root);
    if (annotation != null) {
      out.append(" (").append(annotation).append(')');
    }
    out.append(" {\n");
    printChildren(childCount(root), "  ");
    out.append("}\n");
    return out.toString();
  }

  private void printChildren(int count, String indent) {
    for (int i = 0; i < count && next < elements.size(); i++) {
      SchemaElement element = elements.get(next++);
      printElement(element, indent);
    }
  }

  private void printElement(SchemaElement element, String indent) {
    out.append(indent).append(repetition(element.repetitionType())).append(' ');
    boolean group = element.type() == null;
    if (group) {
      out.append("group ");
    } else {
      // parquet-java's PrimitiveTypeName calls BYTE_ARRAY "binary"; the others keep their Thrift names.
      out.append(element.type() == Type.BYTE_ARRAY ? "binary" : element.type().name().toLowerCase(Locale.ROOT));
      if (element.type() == Type.FIXED_LEN_BYTE_ARRAY) {
        out.append('(').append(element.typeLength() == null ? "?" : element.typeLength()).append(')');
      }
      out.append(' ');
    }
    out.append(element.name());
    TypeAnnotation annotation = TypeAnnotation.of(element);
    if (annotation != null) {
      out.append(" (").append(annotation).append(')');
    }
    if (element.fieldId() != null) {
      out.append(" = ").append(element.fieldId());
    }
    if (group) {
      out.append(" {\n");
      printChildren(childCount(element), indent + "  ");
      out.append(indent).append("}\n");
    } else {
      out.append(";\n");
    }
  }

  private static int childCount(SchemaElement element) {
    return element.numChildren() == null ? 0 : Math.max(0, element.numChildren());
  }

  private static String repetition(FieldRepetitionType repetition) {
    // The root has no repetition; below it a missing one is invalid, and the writer's intent is unknown.
    return repetition == null ? "<no repetition>" : repetition.name().toLowerCase(Locale.ROOT);
  }
}
