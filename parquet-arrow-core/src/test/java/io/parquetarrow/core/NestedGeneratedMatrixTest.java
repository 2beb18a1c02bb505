package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowAssertions.Tolerance;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.ArrowCppWriter;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.DuckDbWriter;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The nested reader ({@code read.NestedFieldReader}) on generated files: lists, structs and maps nested up to five
 * levels deep, written by DuckDB (from SQL over {@code range(N)}) and by Arrow C++ (from Arrow vectors filled by a
 * seeded {@link Random}), read by us with batches of 1, 7, 1024 rows and more rows than the file holds, so batch
 * boundaries fall inside and between records, pages and row groups. Ours must equal the writer's own reader:
 * Arrow C++ for Arrow C++ files, DuckDB for DuckDB files.
 *
 * <p>Arrow C++ files: for each nested shape, one column per combination of nullable and required at every
 * level that may be either (a map's entries and keys are always required), random sizes including empty lists,
 * null lists and null elements, and a column whose one row holds a 100,000-element list of strings (over 1 MiB,
 * so the chunk spans several pages and falls back from dictionary encoding). Arrow C++'s dataset writer has no
 * row group or page size option, so the many-row-group cases come from DuckDB ({@code ROW_GROUP_SIZE}), which
 * has no page size option either: pages come from many rows.
 *
 * <p>Tolerated: names of list elements and map entries for both writers (conventions, not data); for DuckDB also
 * large vs small offsets and nullable flags (DuckDB exports large lists and marks every field nullable).
 * Every random file prints its seed; {@code -DnestedMatrixSeed=<seed>} replays one.
 */
class NestedGeneratedMatrixTest {
  private static final int DUCKDB_ROWS = 6_000;
  private static final int ARROW_ROWS = 500;
  private static final int LONG_LIST_ELEMENTS = 100_000;

  @TempDir Path temporary;

  static List<Integer> batchSizes(long rows) {
    return List.of(1, 7, 1024, (int) rows + 5);
  }

  // ---- DuckDB

  static Stream<Arguments> duckDbFiles() {
    return Stream.of(
        Arguments.of("V1", "snappy", 2_048L),
        Arguments.of("V2", "zstd", 4_000L));
  }

  /** Deterministic nested columns over {@code range(rows)}: every one a function of the row number only. */
  static String duckDbQuery(int rows) {
    String[][] columns = {
        {"list_with_null_elements", "CASE WHEN i % 7 = 0 THEN NULL WHEN i % 7 = 1 THEN []::BIGINT[]"
            + " ELSE [i, NULL, i + 1] END"},
        {"list_value_required_elements", "list_value(i::INTEGER, (i * 3)::INTEGER)"},
        {"range_list", "range(i % 6)"},
        {"empty_or_null_list", "CASE WHEN i % 3 = 0 THEN NULL ELSE []::VARCHAR[] END"},
        {"one_long_list", "CASE WHEN i = 4321 THEN range(" + LONG_LIST_ELEMENTS + ") ELSE range(i % 3) END"},
        {"struct_of_list", "struct_pack(x := i, y := CASE WHEN i % 5 = 0 THEN NULL ELSE [i::VARCHAR, NULL] END)"},
        {"struct_of_struct", "CASE WHEN i % 4 = 0 THEN NULL ELSE struct_pack(s := CASE WHEN i % 3 = 0 THEN NULL"
            + " ELSE struct_pack(v := CASE WHEN i % 2 = 0 THEN NULL ELSE i END) END) END"},
        {"simple_map", "CASE WHEN i % 9 = 0 THEN NULL ELSE map([i % 10, 100 + i % 10],"
            + " [CASE WHEN i % 3 = 0 THEN NULL ELSE i::VARCHAR END, 'v']) END"},
        {"list_of_list_of_list", "CASE WHEN i % 13 = 0 THEN NULL ELSE [[range(i % 3), NULL], [], NULL,"
            + " [[i, NULL]]] END"},
        {"list_struct_list_map_list", "CASE WHEN i % 11 = 0 THEN NULL WHEN i % 11 = 1 THEN []"
            + " ELSE [struct_pack(k := i, l := [map([i::VARCHAR, 'k' || (i % 4)::VARCHAR],"
            + " [[i, NULL], CASE WHEN i % 2 = 0 THEN NULL ELSE range(i % 5) END]), NULL]), NULL] END"},
        {"map_of_list_of_struct", "map([i % 100], [[struct_pack(a := i % 17, b := CASE WHEN i % 6 = 0 THEN NULL"
            + " ELSE [i % 3, i % 5] END), NULL]])"},
    };
    StringBuilder select = new StringBuilder("SELECT ");
    for (int column = 0; column < columns.length; column++) {
      select.append(column == 0 ? "" : ", ").append(columns[column][1]).append(" AS ").append(columns[column][0]);
    }
    return select.append(" FROM range(").append(rows).append(") t(i)").toString();
  }

  @ParameterizedTest(name = "DuckDB {0} {1}, row groups of {2}")
  @MethodSource("duckDbFiles")
  void duckDbFilesEqualDuckDbAtEveryBatchSize(String version, String codec, long rowGroupSize) throws Exception {
    Path file = temporary.resolve("duckdb-" + version + "-" + codec + ".parquet");
    DuckDbWriter.write(duckDbQuery(DUCKDB_ROWS), file, DuckDbWriter.Options.defaults()
        .parquetVersion(version).compression(codec).rowGroupSize(rowGroupSize));
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
        assertThat(reader.metadata().fileMetaData().rowGroups().size())
            .as("row groups of %d rows in %d rows", rowGroupSize, DUCKDB_ROWS).isGreaterThan(1);
      }
      try (ArrowBatches expected = DuckDbOracle.read(allocator, file)) {
        compareAtEveryBatchSize("DuckDB " + version + " " + codec + " row groups of " + rowGroupSize, file,
            allocator, expected, Tolerance.NESTED_FIELD_NAMES, Tolerance.LARGE_AND_SMALL_OFFSETS,
            Tolerance.NULLABILITY);
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after the DuckDB matrix").isZero();
    }
  }

  // ---- Arrow C++

  /**
   * A nested shape: from a function giving each optional level's nullable flag (in pre-order), the field. Each
   * shape says how many levels may be either nullable or required.
   */
  record Shape(String name, int optionalLevels, Function<boolean[], Field> field) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Field field(String name, boolean nullable, ArrowType type, Field... children) {
    return new Field(name, new FieldType(nullable, type, null), List.of(children));
  }

  static Field list(String name, boolean nullable, Field element) {
    return field(name, nullable, ArrowType.List.INSTANCE, element);
  }

  static Field struct(String name, boolean nullable, Field... children) {
    return field(name, nullable, ArrowType.Struct.INSTANCE, children);
  }

  static Field map(String name, boolean nullable, Field key, Field value) {
    return field(name, nullable, new ArrowType.Map(false),
        field("entries", false, ArrowType.Struct.INSTANCE, key, value));
  }

  static Field int64(String name, boolean nullable) {
    return field(name, nullable, new ArrowType.Int(64, true));
  }

  static Field int32(String name, boolean nullable) {
    return field(name, nullable, new ArrowType.Int(32, true));
  }

  static Field utf8(String name, boolean nullable) {
    return field(name, nullable, ArrowType.Utf8.INSTANCE);
  }

  static List<Shape> shapes() {
    return List.of(
        new Shape("list<int64>", 2, n -> list("c", n[0], int64("element", n[1]))),
        new Shape("struct<a: int64, b: list<utf8>>", 4,
            n -> struct("c", n[0], int64("a", n[1]), list("b", n[2], utf8("element", n[3])))),
        new Shape("list<struct<x: int32, y: list<map<utf8, int64>>>>", 6,
            n -> list("c", n[0], struct("element", n[1], int32("x", n[2]),
                list("y", n[3], map("element", n[4], utf8("key", false), int64("value", n[5])))))),
        new Shape("map<int32, list<struct<s: utf8, l: list<int64>>>>", 6,
            n -> map("c", n[0], int32("key", false), list("value", n[1],
                struct("element", n[2], utf8("s", n[3]), list("l", n[4], int64("element", n[5])))))),
        new Shape("list<list<list<list<int32>>>>", 5,
            n -> list("c", n[0], list("element", n[1], list("element", n[2],
                list("element", n[3], int32("element", n[4])))))),
        new Shape("struct<s: struct<l: list<struct<v: int64>>>>", 5,
            n -> struct("c", n[0], struct("s", n[1], list("l", n[2], struct("element", n[3],
                int64("v", n[4])))))));
  }

  static Stream<Arguments> arrowShapes() {
    long base = Long.getLong("nestedMatrixSeed", new Random().nextLong());
    List<Arguments> cases = new ArrayList<>();
    List<Shape> shapes = shapes();
    for (int index = 0; index < shapes.size(); index++) {
      cases.add(Arguments.of(shapes.get(index), base + index));
    }
    return cases.stream();
  }

  /** The shape's field once for every combination of nullable and required levels, named by the combination. */
  static List<Field> combinations(Shape shape) {
    List<Field> fields = new ArrayList<>();
    for (int mask = 0; mask < 1 << shape.optionalLevels(); mask++) {
      boolean[] nullable = new boolean[shape.optionalLevels()];
      StringBuilder name = new StringBuilder("c_");
      for (int level = 0; level < nullable.length; level++) {
        nullable[level] = (mask & (1 << level)) != 0;
        name.append(nullable[level] ? 'n' : 'r');
      }
      Field template = shape.field().apply(nullable);
      fields.add(new Field(name.toString(), template.getFieldType(), template.getChildren()));
    }
    return fields;
  }

  @ParameterizedTest(name = "Arrow C++ {0}, seed {1}")
  @MethodSource("arrowShapes")
  void arrowCppFilesEqualArrowCppAtEveryBatchSize(Shape shape, long seed) throws Exception {
    String context = "Arrow C++ " + shape + ", seed " + seed + " (-DnestedMatrixSeed=" + seed + " replays it)";
    System.out.println("NestedGeneratedMatrixTest: " + context);
    Path file = temporary.resolve("arrow-cpp-" + seed + ".parquet");
    List<Field> fields = new ArrayList<>(combinations(shape));
    fields.add(list("long_list", true, utf8("element", true)));
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator)) {
        fill(root, new Random(seed));
        ArrowCppWriter.write(file, root);
      }
      assertThat(dataPages(file, allocator, "long_list"))
          .as("%s: data pages of the column holding a 100,000-element list", context).isGreaterThan(1);
      try (ArrowBatches expected = ArrowCppOracle.read(allocator, file)) {
        compareAtEveryBatchSize(context, file, allocator, expected, Tolerance.NESTED_FIELD_NAMES);
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after %s", context).isZero();
    }
  }

  private static void fill(VectorSchemaRoot root, Random random) {
    for (FieldVector vector : root.getFieldVectors()) {
      if (vector.getName().equals("long_list")) {
        fillLongList((ListVector) vector, random);
      } else {
        for (int row = 0; row < ARROW_ROWS; row++) {
          fillValue(vector, row, random, 0);
        }
      }
    }
    root.setRowCount(ARROW_ROWS);
  }

  /** Row 3 holds 100,000 strings (some null); the others are short, empty or null. */
  private static void fillLongList(ListVector list, Random random) {
    VarCharVector elements = (VarCharVector) list.getDataVector();
    for (int row = 0; row < ARROW_ROWS; row++) {
      if (row % 10 == 9) {
        list.setNull(row);
        continue;
      }
      int size = row == 3 ? LONG_LIST_ELEMENTS : random.nextInt(3);
      int start = list.startNewValue(row);
      for (int k = 0; k < size; k++) {
        if (random.nextInt(50) == 0) {
          elements.setNull(start + k);
        } else {
          elements.setSafe(start + k, randomText(random, 12 + random.nextInt(12)));
        }
      }
      list.endValue(row, size);
    }
  }

  /**
   * Writes a random value of the vector's type at {@code index}: null one time in six where the field is
   * nullable; lists of 0 to 4 elements (empty one time in five, fewer elements deeper down so the data stays
   * small); maps with distinct keys.
   */
  private static void fillValue(FieldVector vector, int index, Random random, int depth) {
    if (vector.getField().isNullable() && random.nextInt(6) == 0) {
      if (vector instanceof StructVector struct) {
        fillPlaceholder(struct, index);
      } else if (vector instanceof ListVector list) {
        list.setNull(index);
      } else {
        fillLeafNull(vector, index);
      }
      return;
    }
    if (vector instanceof MapVector map) {
      StructVector entries = (StructVector) map.getDataVector();
      int size = random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(depth < 2 ? 3 : 2);
      int start = map.startNewValue(index);
      FieldVector key = entries.getChildrenFromFields().get(0);
      FieldVector value = entries.getChildrenFromFields().get(1);
      int firstKey = random.nextInt(1000);
      for (int k = 0; k < size; k++) {
        entries.setIndexDefined(start + k);
        if (key instanceof IntVector ints) {
          ints.setSafe(start + k, firstKey + k);
        } else {
          ((VarCharVector) key).setSafe(start + k, ("key" + (firstKey + k)).getBytes(StandardCharsets.UTF_8));
        }
        fillValue(value, start + k, random, depth + 1);
      }
      map.endValue(index, size);
    } else if (vector instanceof ListVector list) {
      int size = random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(depth < 2 ? 4 : 2);
      int start = list.startNewValue(index);
      for (int k = 0; k < size; k++) {
        fillValue(list.getDataVector(), start + k, random, depth + 1);
      }
      list.endValue(index, size);
    } else if (vector instanceof StructVector struct) {
      struct.setIndexDefined(index);
      for (FieldVector child : struct.getChildrenFromFields()) {
        fillValue(child, index, random, depth + 1);
      }
    } else if (vector instanceof BigIntVector longs) {
      longs.setSafe(index, random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(100));
    } else if (vector instanceof IntVector ints) {
      ints.setSafe(index, random.nextInt(3) == 0 ? random.nextInt() : random.nextInt(100));
    } else if (vector instanceof VarCharVector strings) {
      strings.setSafe(index, randomText(random, random.nextInt(9)));
    } else {
      throw new IllegalArgumentException("no generator for " + vector.getField());
    }
  }

  /**
   * Fills a null struct's slot: its children still need one (with offsets kept in order), and Arrow C++ refuses
   * lists of non-zero length under a null, so lists below it are empty or null and leaves are null or zero.
   */
  private static void fillPlaceholder(FieldVector vector, int index) {
    boolean nullable = vector.getField().isNullable();
    if (vector instanceof StructVector struct) {
      for (FieldVector child : struct.getChildrenFromFields()) {
        fillPlaceholder(child, index);
      }
      struct.setNull(index);
    } else if (vector instanceof ListVector list) {
      if (nullable) {
        list.setNull(index);
      } else {
        list.startNewValue(index);
        list.endValue(index, 0);
      }
    } else if (nullable) {
      fillLeafNull(vector, index);
    } else if (vector instanceof BigIntVector longs) {
      longs.setSafe(index, 0);
    } else if (vector instanceof IntVector ints) {
      ints.setSafe(index, 0);
    } else if (vector instanceof VarCharVector strings) {
      strings.setSafe(index, new byte[0]);
    } else {
      throw new IllegalArgumentException("no placeholder for " + vector.getField());
    }
  }

  private static void fillLeafNull(FieldVector vector, int index) {
    if (vector instanceof BigIntVector longs) {
      longs.setNull(index);
    } else if (vector instanceof IntVector ints) {
      ints.setNull(index);
    } else if (vector instanceof VarCharVector strings) {
      strings.setNull(index);
    } else {
      throw new IllegalArgumentException("no null for " + vector.getField());
    }
  }

  private static byte[] randomText(Random random, int length) {
    byte[] text = new byte[length];
    for (int i = 0; i < length; i++) {
      text[i] = (byte) ('a' + random.nextInt(26));
    }
    return text;
  }

  /**
   * Data pages in all chunks under top-level field {@code name}, from the footer's page encoding statistics
   * (0 when the writer leaves them out, as DuckDB does; Arrow C++ writes them).
   */
  private static long dataPages(Path file, BufferAllocator allocator, String name) throws Exception {
    long pages = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
      for (io.parquetarrow.format.RowGroup rowGroup : reader.metadata().fileMetaData().rowGroups()) {
        for (io.parquetarrow.format.ColumnChunk chunk : rowGroup.columns()) {
          if (chunk.metaData() == null || chunk.metaData().encodingStats() == null
              || !chunk.metaData().pathInSchema().get(0).equals(name)) {
            continue;
          }
          for (io.parquetarrow.format.PageEncodingStats stats : chunk.metaData().encodingStats()) {
            if (stats.pageType() == io.parquetarrow.format.PageType.DATA_PAGE
                || stats.pageType() == io.parquetarrow.format.PageType.DATA_PAGE_V2) {
              pages += stats.count();
            }
          }
        }
      }
    }
    return pages;
  }

  // ---- comparison

  private static void compareAtEveryBatchSize(String context, Path file, BufferAllocator allocator,
      ArrowBatches expected, Tolerance... tolerances) throws Exception {
    for (int batchRows : batchSizes(expected.rowCount())) {
      ReadOptions options = ReadOptions.builder().batchRows(batchRows).build();
      List<VectorSchemaRoot> actual = ReaderTestSupport.readBatches(allocator, file, options);
      try {
        ArrowAssertions.assertBatchesEqual(context + " with batches of " + batchRows + " rows", expected.batches(),
            actual, tolerances);
        for (VectorSchemaRoot batch : actual) {
          assertThat(batch.getRowCount()).as("%s: batch size with batches of %d rows", context, batchRows)
              .isLessThanOrEqualTo(batchRows);
        }
      } finally {
        actual.forEach(VectorSchemaRoot::close);
      }
    }
  }
}
