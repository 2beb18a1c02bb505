package io.parquetarrow.core.dataset;

import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Unifies the Arrow schemas of a dataset's files into one: the union of their top-level fields by name, in order of
 * first appearance (files in path order). A field must have the same type in every file that has it, children
 * included (names and types; nullability and metadata may differ); the only promotion is from Arrow's
 * {@code Null} type, which a column of nothing but nulls may have, to the other files' type. A field is nullable
 * when it is nullable in some file or missing from some file, whose rows read it as null. A top-level field read
 * as an Arrow dictionary becomes its value type, since files may differ in that.
 */
final class SchemaUnion {
  private final Map<String, Field> fields = new LinkedHashMap<>();
  private final Map<String, String> firstFile = new LinkedHashMap<>();
  private final Map<String, Integer> fileCounts = new LinkedHashMap<>();
  private int files;

  /** A file's schema as the dataset reads it: top-level dictionaries as their values. */
  static Schema withoutDictionaries(Schema schema, String relativePath) throws UnsupportedParquetFeatureException {
    List<Field> fields = new ArrayList<>(schema.getFields().size());
    for (Field field : schema.getFields()) {
      checkNoNestedDictionary(field.getChildren(), field.getName(), relativePath);
      fields.add(field.getDictionary() == null ? field : new Field(field.getName(),
          new FieldType(field.isNullable(), field.getType(), null, field.getMetadata()), field.getChildren()));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  private static void checkNoNestedDictionary(List<Field> children, String path, String relativePath)
      throws UnsupportedParquetFeatureException {
    for (Field child : children) {
      String childPath = path + "." + child.getName();
      if (child.getDictionary() != null) {
        throw new UnsupportedParquetFeatureException(relativePath + ": column " + childPath
            + " is a dictionary inside a nested field; datasets read dictionaries only as top-level columns");
      }
      checkNoNestedDictionary(child.getChildren(), childPath, relativePath);
    }
  }

  /** Adds one file's schema (without dictionaries), failing on a type that differs from an earlier file's. */
  void add(Schema schema, String relativePath) {
    files++;
    for (Field field : schema.getFields()) {
      String name = field.getName();
      Field earlier = fields.get(name);
      if (earlier == null) {
        fields.put(name, field);
        firstFile.put(name, relativePath);
        fileCounts.put(name, 1);
        continue;
      }
      if (fileCounts.get(name) == files) {
        throw new IllegalArgumentException(relativePath + ": column " + name + " appears twice in the file");
      }
      Field merged = merge(earlier, field, true);
      if (merged == null) {
        throw new IllegalArgumentException("column " + name + " has type " + describe(earlier) + " in "
            + firstFile.get(name) + " but type " + describe(field) + " in " + relativePath
            + "; a dataset's files must agree on each column's type");
      }
      fields.put(name, merged);
      fileCounts.merge(name, 1, Integer::sum);
    }
  }

  /** The unified fields, nullable where some file lacks them. */
  List<Field> fields() {
    List<Field> result = new ArrayList<>(fields.size());
    for (Map.Entry<String, Field> entry : fields.entrySet()) {
      Field field = entry.getValue();
      result.add(fileCounts.get(entry.getKey()) < files ? nullable(field) : field);
    }
    return result;
  }

  private static Field nullable(Field field) {
    return field.isNullable() ? field : new Field(field.getName(),
        new FieldType(true, field.getType(), null, field.getMetadata()), field.getChildren());
  }

  /**
   * {@code a} and {@code b} as one field, or null when their types differ; {@code topLevel} lets a {@code Null}
   * type give way (a nested one would need its parent's vectors rebuilt).
   */
  private static Field merge(Field a, Field b, boolean topLevel) {
    if (topLevel && a.getType() instanceof ArrowType.Null) {
      return nullable(b);
    }
    if (topLevel && b.getType() instanceof ArrowType.Null) {
      return nullable(a);
    }
    if (!Objects.equals(a.getType(), b.getType()) || a.getChildren().size() != b.getChildren().size()) {
      return null;
    }
    List<Field> children = new ArrayList<>(a.getChildren().size());
    for (int i = 0; i < a.getChildren().size(); i++) {
      Field childA = a.getChildren().get(i);
      Field childB = b.getChildren().get(i);
      if (!childA.getName().equals(childB.getName())) {
        return null;
      }
      Field child = merge(childA, childB, false);
      if (child == null) {
        return null;
      }
      children.add(child);
    }
    return new Field(a.getName(), new FieldType(a.isNullable() || b.isNullable(), a.getType(), null,
        a.getMetadata()), children);
  }

  /** The field's type with its children's, for messages. */
  private static String describe(Field field) {
    if (field.getChildren().isEmpty()) {
      return field.getType().toString();
    }
    StringBuilder text = new StringBuilder(field.getType().toString()).append('<');
    for (int i = 0; i < field.getChildren().size(); i++) {
      Field child = field.getChildren().get(i);
      text.append(i == 0 ? "" : ", ").append(child.getName()).append(": ").append(describe(child));
    }
    return text.append('>').toString();
  }
}
