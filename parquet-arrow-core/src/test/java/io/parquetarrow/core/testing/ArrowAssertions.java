package io.parquetarrow.core.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Value-by-value comparison of Arrow data for differential tests: first the types (field by field, with an
 * explicit list of tolerated representation differences chosen by the caller), then every value, across batch
 * boundaries by global row index. Failures name the context, the column path (e.g. {@code a.b[2].key}), the
 * row, and both values. Floating-point values are compared by bits, NaN equal to NaN (any NaN payload), and
 * {@code -0.0} different from {@code 0.0}. Field and schema metadata are ignored.
 *
 * <p>Dictionary-encoded vectors must be decoded first ({@link ArrowBatches} does so for the oracles).
 */
public final class ArrowAssertions {
  private ArrowAssertions() {}

  /** Representation differences a caller may declare acceptable; none is tolerated by default. */
  public enum Tolerance {
    /** utf8 ≡ large_utf8, binary ≡ large_binary, list ≡ large_list (offset width only). */
    LARGE_AND_SMALL_OFFSETS,
    /** utf8 ≡ utf8_view, binary ≡ binary_view (layout only). */
    VIEW_AND_PLAIN,
    /** A field's nullable flag may differ (some engines mark every field nullable). */
    NULLABILITY,
    /** Names of list elements and map entries may differ ({@code item}, {@code element}, {@code entries}...). */
    NESTED_FIELD_NAMES,
    /** Two timestamps with time zones are equal whatever the zone's name ("UTC", "+00:00", "Etc/UTC"). */
    TIMESTAMP_TIME_ZONE_NAME,
    /** Timestamp units may differ; values are compared as nanoseconds since the epoch. */
    TIMESTAMP_UNIT
  }

  /** Asserts {@code actual} equals {@code expected} in type and every value. */
  public static void assertRootsEqual(
      String context, VectorSchemaRoot expected, VectorSchemaRoot actual, Tolerance... tolerances) {
    assertBatchesEqual(context, List.of(expected), List.of(actual), tolerances);
  }

  /** Asserts two oracle or reader results are equal, comparing rows across batch boundaries. */
  public static void assertBatchesEqual(
      String context, ArrowBatches expected, ArrowBatches actual, Tolerance... tolerances) {
    assertBatchesEqual(context, expected.batches(), actual.batches(), tolerances);
  }

  /** Asserts two sequences of batches hold the same rows; batch boundaries may fall at different rows. */
  public static void assertBatchesEqual(
      String context, List<VectorSchemaRoot> expected, List<VectorSchemaRoot> actual, Tolerance... tolerances) {
    Set<Tolerance> tolerated = tolerances.length == 0 ? EnumSet.noneOf(Tolerance.class) : EnumSet.copyOf(Arrays.asList(tolerances));
    if (expected.isEmpty() || actual.isEmpty()) {
      throw new IllegalArgumentException(context + ": at least one batch on each side is required");
    }
    // The vectors' own fields, not the roots' declared schemas: a writer may have replaced a child vector.
    List<Field> expectedFields = fields(expected.get(0));
    List<Field> actualFields = fields(actual.get(0));
    List<String> typeProblems = new ArrayList<>();
    if (expectedFields.size() != actualFields.size()) {
      typeProblems.add(String.format("expected %d columns %s but found %d %s", expectedFields.size(),
          names(expectedFields), actualFields.size(), names(actualFields)));
    } else {
      for (int column = 0; column < expectedFields.size(); column++) {
        Field expectedField = expectedFields.get(column);
        Field actualField = actualFields.get(column);
        if (!expectedField.getName().equals(actualField.getName())) {
          typeProblems.add(String.format("column %d: expected name '%s' but found '%s'", column,
              expectedField.getName(), actualField.getName()));
        }
        compareFields(expectedField.getName(), expectedField, actualField, false, tolerated, typeProblems);
      }
    }
    if (!typeProblems.isEmpty()) {
      throw new AssertionError(context + ": types differ:\n  " + String.join("\n  ", typeProblems)
          + "\nexpected fields: " + expectedFields + "\nactual fields:   " + actualFields);
    }
    long expectedRows = rows(expected);
    long actualRows = rows(actual);
    if (expectedRows != actualRows) {
      throw new AssertionError(String.format("%s: expected %d rows but found %d", context, expectedRows, actualRows));
    }
    for (int column = 0; column < expectedFields.size(); column++) {
      RowCursor left = new RowCursor(expected, column);
      RowCursor right = new RowCursor(actual, column);
      for (long row = 0; row < expectedRows; row++) {
        left.advanceTo(row);
        right.advanceTo(row);
        String problem = compareValues(expectedFields.get(column).getName(), left.vector, left.index, right.vector,
            right.index, tolerated);
        if (problem != null) {
          throw new AssertionError(String.format("%s: row %d (batch %d row %d expected, batch %d row %d actual): %s",
              context, row, left.batch, left.index, right.batch, right.index, problem));
        }
      }
    }
  }

  private static List<Field> fields(VectorSchemaRoot root) {
    return root.getFieldVectors().stream().map(FieldVector::getField).toList();
  }

  private static long rows(List<VectorSchemaRoot> batches) {
    long rows = 0;
    for (VectorSchemaRoot batch : batches) {
      rows += batch.getRowCount();
    }
    return rows;
  }

  private static List<String> names(List<Field> fields) {
    return fields.stream().map(Field::getName).toList();
  }

  /** Maps a global row to (batch, index) for one column, moving forward only. */
  private static final class RowCursor {
    private final List<VectorSchemaRoot> batches;
    private final int column;
    int batch = -1;
    int index;
    FieldVector vector;
    private long batchStart;
    private long batchEnd;

    RowCursor(List<VectorSchemaRoot> batches, int column) {
      this.batches = batches;
      this.column = column;
    }

    void advanceTo(long row) {
      while (row >= batchEnd) {
        batch++;
        batchStart = batchEnd;
        batchEnd = batchStart + batches.get(batch).getRowCount();
        vector = batches.get(batch).getVector(column);
      }
      index = (int) (row - batchStart);
    }
  }

  // ---- types

  private static void compareFields(
      String path, Field expected, Field actual, boolean mapEntries, Set<Tolerance> tolerated, List<String> problems) {
    if (expected.isNullable() != actual.isNullable() && !tolerated.contains(Tolerance.NULLABILITY)) {
      problems.add(String.format("%s: expected nullable=%s but found nullable=%s", path, expected.isNullable(),
          actual.isNullable()));
    }
    if (expected.getDictionary() != null || actual.getDictionary() != null) {
      problems.add(path + ": dictionary-encoded fields must be decoded before comparison");
    }
    ArrowType expectedType = normalize(expected.getType(), tolerated);
    ArrowType actualType = normalize(actual.getType(), tolerated);
    if (!expectedType.equals(actualType)) {
      problems.add(String.format("%s: expected type %s but found %s", path, expected.getType(), actual.getType()));
      return;
    }
    List<Field> expectedChildren = expected.getChildren();
    List<Field> actualChildren = actual.getChildren();
    if (expectedChildren.size() != actualChildren.size()) {
      problems.add(String.format("%s: expected %d children %s but found %d %s", path, expectedChildren.size(),
          names(expectedChildren), actualChildren.size(), names(actualChildren)));
      return;
    }
    // List elements, a map's entries struct and its key/value are named by convention, not by the data.
    boolean namesMayDiffer = tolerated.contains(Tolerance.NESTED_FIELD_NAMES)
        && (isListLike(expectedType) || expectedType instanceof ArrowType.Map || mapEntries);
    for (int i = 0; i < expectedChildren.size(); i++) {
      Field expectedChild = expectedChildren.get(i);
      Field actualChild = actualChildren.get(i);
      if (!namesMayDiffer && !expectedChild.getName().equals(actualChild.getName())) {
        problems.add(String.format("%s: expected child '%s' but found '%s'", path, expectedChild.getName(),
            actualChild.getName()));
      }
      compareFields(path + childSuffix(expectedType, expectedChild), expectedChild, actualChild,
          expectedType instanceof ArrowType.Map, tolerated, problems);
    }
  }

  private static String childSuffix(ArrowType parent, Field child) {
    if (isListLike(parent)) {
      return "[]";
    }
    if (parent instanceof ArrowType.Map) {
      return "{}";
    }
    return "." + child.getName();
  }

  private static boolean isListLike(ArrowType type) {
    return type instanceof ArrowType.List || type instanceof ArrowType.LargeList
        || type instanceof ArrowType.FixedSizeList || type instanceof ArrowType.ListView
        || type instanceof ArrowType.LargeListView;
  }

  private static ArrowType normalize(ArrowType type, Set<Tolerance> tolerated) {
    if (tolerated.contains(Tolerance.LARGE_AND_SMALL_OFFSETS)) {
      if (type instanceof ArrowType.LargeUtf8) {
        type = ArrowType.Utf8.INSTANCE;
      } else if (type instanceof ArrowType.LargeBinary) {
        type = ArrowType.Binary.INSTANCE;
      } else if (type instanceof ArrowType.LargeList) {
        type = ArrowType.List.INSTANCE;
      }
    }
    if (tolerated.contains(Tolerance.VIEW_AND_PLAIN)) {
      if (type instanceof ArrowType.Utf8View) {
        type = ArrowType.Utf8.INSTANCE;
      } else if (type instanceof ArrowType.BinaryView) {
        type = ArrowType.Binary.INSTANCE;
      }
    }
    if (type instanceof ArrowType.Timestamp timestamp) {
      String zone = timestamp.getTimezone();
      if (zone != null && tolerated.contains(Tolerance.TIMESTAMP_TIME_ZONE_NAME)) {
        zone = "(any zone)";
      }
      org.apache.arrow.vector.types.TimeUnit unit = timestamp.getUnit();
      if (tolerated.contains(Tolerance.TIMESTAMP_UNIT)) {
        unit = org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
      }
      type = new ArrowType.Timestamp(unit, zone);
    }
    return type;
  }

  // ---- values

  /** Null when equal, else a description of the first difference under {@code path}. */
  private static String compareValues(
      String path, ValueVector expected, int expectedIndex, ValueVector actual, int actualIndex,
      Set<Tolerance> tolerated) {
    boolean expectedNull = expected.isNull(expectedIndex);
    boolean actualNull = actual.isNull(actualIndex);
    if (expectedNull || actualNull) {
      if (expectedNull == actualNull) {
        return null;
      }
      return String.format("%s: expected %s but found %s", path, describe(expected, expectedIndex),
          describe(actual, actualIndex));
    }
    long[] expectedRange = listRange(expected, expectedIndex);
    if (expectedRange != null) {
      long[] actualRange = listRange(actual, actualIndex);
      long length = expectedRange[1] - expectedRange[0];
      if (actualRange[1] - actualRange[0] != length) {
        return String.format("%s: expected %d elements %s but found %d %s", path, length,
            describe(expected, expectedIndex), actualRange[1] - actualRange[0], describe(actual, actualIndex));
      }
      ValueVector expectedElements = elements(expected);
      ValueVector actualElements = elements(actual);
      for (long k = 0; k < length; k++) {
        String problem = compareValues(path + "[" + k + "]", expectedElements, (int) (expectedRange[0] + k),
            actualElements, (int) (actualRange[0] + k), tolerated);
        if (problem != null) {
          return problem;
        }
      }
      return null;
    }
    if (expected instanceof StructVector expectedStruct && actual instanceof StructVector actualStruct) {
      List<FieldVector> expectedChildren = expectedStruct.getChildrenFromFields();
      List<FieldVector> actualChildren = actualStruct.getChildrenFromFields();
      for (int i = 0; i < expectedChildren.size(); i++) {
        String problem = compareValues(path + "." + expectedChildren.get(i).getName(), expectedChildren.get(i),
            expectedIndex, actualChildren.get(i), actualIndex, tolerated);
        if (problem != null) {
          return problem;
        }
      }
      return null;
    }
    if (expected instanceof Float4Vector e && actual instanceof Float4Vector a) {
      return Float.floatToIntBits(e.get(expectedIndex)) == Float.floatToIntBits(a.get(actualIndex)) ? null
          : mismatch(path, expected, expectedIndex, actual, actualIndex);
    }
    if (expected instanceof Float8Vector e && actual instanceof Float8Vector a) {
      return Double.doubleToLongBits(e.get(expectedIndex)) == Double.doubleToLongBits(a.get(actualIndex)) ? null
          : mismatch(path, expected, expectedIndex, actual, actualIndex);
    }
    if (expected instanceof Float2Vector e && actual instanceof Float2Vector a) {
      return float16Bits(e.get(expectedIndex)) == float16Bits(a.get(actualIndex)) ? null
          : mismatch(path, expected, expectedIndex, actual, actualIndex);
    }
    if (expected instanceof TimeStampVector e && actual instanceof TimeStampVector a) {
      long expectedValue = e.get(expectedIndex);
      long actualValue = a.get(actualIndex);
      if (tolerated.contains(Tolerance.TIMESTAMP_UNIT)) {
        expectedValue = toNanos(e, expectedValue);
        actualValue = toNanos(a, actualValue);
      }
      return expectedValue == actualValue ? null : mismatch(path, expected, expectedIndex, actual, actualIndex);
    }
    Object expectedValue = expected.getObject(expectedIndex);
    Object actualValue = actual.getObject(actualIndex);
    boolean equal = expectedValue instanceof byte[] expectedBytes && actualValue instanceof byte[] actualBytes
        ? Arrays.equals(expectedBytes, actualBytes)
        : Objects.equals(expectedValue, actualValue);
    return equal ? null : mismatch(path, expected, expectedIndex, actual, actualIndex);
  }

  /** A half-float's bits with every NaN made the same NaN. */
  private static int float16Bits(short bits) {
    boolean nan = (bits & 0x7c00) == 0x7c00 && (bits & 0x03ff) != 0;
    return nan ? 0x7e00 : bits & 0xffff;
  }

  private static long toNanos(TimeStampVector vector, long value) {
    ArrowType.Timestamp type = (ArrowType.Timestamp) vector.getField().getType();
    return switch (type.getUnit()) {
      case SECOND -> TimeUnit.SECONDS.toNanos(value);
      case MILLISECOND -> TimeUnit.MILLISECONDS.toNanos(value);
      case MICROSECOND -> TimeUnit.MICROSECONDS.toNanos(value);
      case NANOSECOND -> value;
    };
  }

  private static long[] listRange(ValueVector vector, int index) {
    if (vector instanceof ListVector list) { // includes MapVector
      return new long[] {list.getElementStartIndex(index), list.getElementEndIndex(index)};
    }
    if (vector instanceof LargeListVector list) {
      return new long[] {list.getElementStartIndex(index), list.getElementEndIndex(index)};
    }
    if (vector instanceof FixedSizeListVector list) {
      long size = list.getListSize();
      return new long[] {index * size, (index + 1) * size};
    }
    return null;
  }

  private static ValueVector elements(ValueVector vector) {
    if (vector instanceof ListVector list) {
      return list.getDataVector();
    }
    if (vector instanceof LargeListVector list) {
      return list.getDataVector();
    }
    return ((FixedSizeListVector) vector).getDataVector();
  }

  private static String mismatch(String path, ValueVector expected, int expectedIndex, ValueVector actual,
      int actualIndex) {
    return String.format("%s: expected %s but found %s", path, describe(expected, expectedIndex),
        describe(actual, actualIndex));
  }

  private static String describe(ValueVector vector, int index) {
    if (vector.isNull(index)) {
      return "null";
    }
    Object value = vector.getObject(index);
    if (value instanceof byte[] bytes) {
      return "0x" + java.util.HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 64))
          + (bytes.length > 64 ? "... (" + bytes.length + " bytes)" : "");
    }
    if (value instanceof Float f) {
      return f + " (bits 0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
    }
    if (value instanceof Double d) {
      return d + " (bits 0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
    }
    String text = String.valueOf(value);
    return "'" + (text.length() > 200 ? text.substring(0, 200) + "..." : text) + "'";
  }
}
