package io.parquetarrow.core.nested;

import java.util.List;

/**
 * A tiny Arrow-shaped schema model for tests: the types a nested column can have and, for lists, which Parquet
 * list form the test writes them in. Values of these types are plain Java objects: {@code Long} for primitives,
 * {@link StructValue} for structs, {@code java.util.List} for lists, a list of {@link MapEntry} for maps, and
 * {@code null} for a null of a nullable type.
 */
sealed interface TestType {
  String name();

  boolean nullable();

  /** The Parquet forms a list can be written in (LogicalTypes.md "Lists" and its backward-compatibility rules). */
  enum ListForm {
    /** {@code <opt|req> group name (LIST) { repeated group list { <opt|req> element } }}. */
    THREE_LEVEL,
    /** {@code <opt|req> group name (LIST) { repeated int64 element }}: element is a required primitive. */
    TWO_LEVEL_PRIMITIVE,
    /**
     * {@code <opt|req> group name (LIST) { repeated group array|item|name_tuple { fields } }}: element is a
     * required struct.
     */
    REPEATED_GROUP_ELEMENT,
    /** {@code repeated int64 name} or {@code repeated group name { ... }}: required list of required elements. */
    BARE_REPEATED
  }

  record Primitive(String name, boolean nullable) implements TestType {
  }

  record Struct(String name, boolean nullable, List<TestType> fields) implements TestType {
  }

  record ListOf(String name, boolean nullable, TestType element, ListForm form) implements TestType {
  }

  /** A map; the key is a required primitive. */
  record MapOf(String name, boolean nullable, Primitive key, TestType value) implements TestType {
  }

  /** A struct value: one value per field, in field order. */
  record StructValue(List<Object> fields) {
  }

  /** One entry of a map value. */
  record MapEntry(Object key, Object value) {
  }
}
