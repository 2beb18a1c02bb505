package io.parquetarrow.cli.metadata;

import io.parquetarrow.cli.output.TextEscaper;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Prints an Arrow schema one field per line, children indented two spaces under their parent:
 *
 * <pre>
 * id: Int(64, true) not null
 * tags: List
 *   element: Utf8
 * </pre>
 *
 * Each line holds the field name, Arrow's name for its type ({@link ArrowType#toString()}), "not null" when the
 * field is not nullable, "dictionary" when dictionary-encoded, and the field's metadata in braces (for example
 * {@code PARQUET:field_id}). Schema metadata is not printed: it is usually the serialized {@code ARROW:schema},
 * which {@code meta} lists.
 */
public final class ArrowSchemaPrinter {

  private ArrowSchemaPrinter() {}

  /** The schema text, one line per field, ending with a line break (empty for a schema without fields). */
  public static String print(Schema schema) {
    StringBuilder out = new StringBuilder();
    for (Field field : schema.getFields()) {
      printField(field, "", out);
    }
    return out.toString();
  }

  private static void printField(Field field, String indent, StringBuilder out) {
    out.append(indent).append(TextEscaper.escape(field.getName() == null ? "" : field.getName(), 0)).append(": ")
        .append(field.getType());
    if (!field.isNullable()) {
      out.append(" not null");
    }
    if (field.getDictionary() != null) {
      out.append(" dictionary<").append(field.getDictionary().getIndexType()).append('>');
    }
    Map<String, String> metadata = field.getMetadata();
    if (metadata != null && !metadata.isEmpty()) {
      out.append(" {");
      boolean first = true;
      for (Map.Entry<String, String> entry : metadata.entrySet()) {
        if (!first) {
          out.append(", ");
        }
        first = false;
        out.append(TextEscaper.escape(entry.getKey(), 0)).append('=')
            .append(TextEscaper.escape(entry.getValue() == null ? "" : entry.getValue(), 64));
      }
      out.append('}');
    }
    out.append('\n');
    for (Field child : field.getChildren()) {
      printField(child, indent + "  ", out);
    }
  }
}
