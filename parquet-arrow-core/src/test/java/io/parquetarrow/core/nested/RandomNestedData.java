package io.parquetarrow.core.nested;

import io.parquetarrow.core.nested.TestType.ListForm;
import io.parquetarrow.core.nested.TestType.ListOf;
import io.parquetarrow.core.nested.TestType.MapEntry;
import io.parquetarrow.core.nested.TestType.MapOf;
import io.parquetarrow.core.nested.TestType.Primitive;
import io.parquetarrow.core.nested.TestType.Struct;
import io.parquetarrow.core.nested.TestType.StructValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random test schemas (structs, lists in every Parquet form, maps; random nullability; nesting up to a given
 * depth) and random records for them, with empty, null and occasionally long lists. Deterministic for a seed.
 */
final class RandomNestedData {
  private final Random random;
  private final int maxDepth;
  private int names;
  private long nextValue;

  RandomNestedData(long seed, int maxDepth) {
    this.random = new Random(seed);
    this.maxDepth = maxDepth;
  }

  Random random() {
    return random;
  }

  /** One to four top-level fields. */
  List<TestType> schema() {
    int fields = 1 + random.nextInt(4);
    List<TestType> result = new ArrayList<>();
    for (int i = 0; i < fields; i++) {
      result.add(type(0, true));
    }
    return result;
  }

  /**
   * @param depth nesting nodes above this one
   * @param bareAllowed whether this position may hold a bare repeated field (a struct field or top-level field)
   */
  private TestType type(int depth, boolean bareAllowed) {
    boolean nullable = random.nextBoolean();
    String name = "f" + names++;
    int choice = depth >= maxDepth ? 0 : random.nextInt(depth == 0 ? 3 : 4) + (depth == 0 ? 1 : 0);
    switch (choice) {
      case 0:
        return new Primitive(name, nullable);
      case 1: {
        int count = 1 + random.nextInt(3);
        List<TestType> fields = new ArrayList<>();
        for (int i = 0; i < count; i++) {
          fields.add(type(depth + 1, true));
        }
        return new Struct(name, nullable, fields);
      }
      case 2:
        return list(name, nullable, depth, bareAllowed);
      default: {
        TestType value = type(depth + 1, false);
        return new MapOf(name, nullable, new Primitive("key", false), value);
      }
    }
  }

  private TestType list(String name, boolean nullable, int depth, boolean bareAllowed) {
    ListForm form = ListForm.values()[random.nextInt(ListForm.values().length)];
    if (form == ListForm.BARE_REPEATED && !bareAllowed) {
      form = ListForm.THREE_LEVEL;
    }
    switch (form) {
      case TWO_LEVEL_PRIMITIVE:
        return new ListOf(name, nullable, new Primitive(name + "_element", false), form);
      case REPEATED_GROUP_ELEMENT: {
        int count = 1 + random.nextInt(3);
        List<TestType> fields = new ArrayList<>();
        for (int i = 0; i < count; i++) {
          fields.add(type(depth + 2, true));
        }
        // One field needs a legacy name for rule 3; several fields are an element struct by rule 2 anyway.
        String elementName = count > 1 ? "item" : (random.nextBoolean() ? "array" : name + "_tuple");
        return new ListOf(name, nullable, new Struct(elementName, false, fields), form);
      }
      case BARE_REPEATED: {
        TestType element = random.nextBoolean() || depth + 1 >= maxDepth
            ? new Primitive(name, false)
            : new Struct(name, false, List.of(type(depth + 2, true), type(depth + 2, true)));
        return new ListOf(name, false, element, form);
      }
      default:
        return new ListOf(name, nullable, type(depth + 1, false), form);
    }
  }

  /** A record: one value per top-level field. */
  List<Object> record(List<TestType> schema, int maxListLength) {
    List<Object> record = new ArrayList<>();
    for (TestType field : schema) {
      record.add(value(field, maxListLength));
    }
    return record;
  }

  Object value(TestType type, int maxListLength) {
    if (type.nullable() && random.nextInt(5) == 0) {
      return null;
    }
    if (type instanceof Primitive) {
      return nextValue++;
    }
    if (type instanceof Struct struct) {
      List<Object> fields = new ArrayList<>();
      for (TestType field : struct.fields()) {
        fields.add(value(field, maxListLength));
      }
      return new StructValue(fields);
    }
    int length = length(maxListLength);
    List<Object> elements = new ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      if (type instanceof MapOf map) {
        elements.add(new MapEntry(value(map.key(), maxListLength), value(map.value(), maxListLength)));
      } else {
        elements.add(value(((ListOf) type).element(), maxListLength));
      }
    }
    return elements;
  }

  /** Mostly short (a third empty), sometimes up to {@code maxListLength}. */
  private int length(int maxListLength) {
    int kind = random.nextInt(10);
    if (kind < 3) {
      return 0;
    }
    if (kind < 9) {
      return 1 + random.nextInt(3);
    }
    return random.nextInt(maxListLength + 1);
  }
}
