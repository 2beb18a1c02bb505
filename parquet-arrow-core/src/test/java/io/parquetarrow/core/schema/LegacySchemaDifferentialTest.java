package io.parquetarrow.core.schema;

import static io.parquetarrow.core.schema.Elements.OPTIONAL;
import static io.parquetarrow.core.schema.Elements.REPEATED;
import static io.parquetarrow.core.schema.Elements.REQUIRED;
import static io.parquetarrow.core.schema.Elements.fixed;
import static io.parquetarrow.core.schema.Elements.group;
import static io.parquetarrow.core.schema.Elements.leaf;
import static io.parquetarrow.core.schema.Elements.legacyDecimal;
import static io.parquetarrow.core.schema.Elements.root;
import static io.parquetarrow.core.schema.Elements.withFieldId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.FileMetaData;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.TimeUnit;
import io.parquetarrow.format.Type;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every legacy and logical-type rule, checked against Arrow C++ itself: each hand-built schema is written as a
 * zero-row Parquet file (magic, footer without row groups, magic) and its Arrow schema compared with what
 * arrow-dataset's {@code inspect()} reports for it. The rule-by-rule expectations are in
 * {@link ParquetToArrowSchemaTest}; this test proves they are Arrow C++'s.
 */
class LegacySchemaDifferentialTest {
  @TempDir Path temporary;

  /**
   * One schema to compare.
   *
   * @param arrowCppRefusal when non-null, a part of the error Arrow C++ 18 raises for this schema, which we read
   *     deliberately
   */
  private record Case(String name, List<SchemaElement> elements, String arrowCppRefusal) {
    Case(String name, List<SchemaElement> elements) {
      this(name, elements, null);
    }
  }

  private static Case leafCase(String name, SchemaElement leaf) {
    return new Case(name, List.of(root(1), leaf));
  }

  private static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    for (ConvertedType converted : List.of(ConvertedType.UTF8, ConvertedType.ENUM, ConvertedType.JSON,
        ConvertedType.BSON)) {
      cases.add(leafCase("BYTE_ARRAY " + converted, leaf("v", OPTIONAL, Type.BYTE_ARRAY, converted)));
    }
    for (ConvertedType converted : List.of(ConvertedType.DATE, ConvertedType.TIME_MILLIS, ConvertedType.UINT_8,
        ConvertedType.UINT_16, ConvertedType.UINT_32, ConvertedType.INT_8, ConvertedType.INT_16,
        ConvertedType.INT_32)) {
      cases.add(leafCase("INT32 " + converted, leaf("v", OPTIONAL, Type.INT32, converted)));
    }
    for (ConvertedType converted : List.of(ConvertedType.TIME_MICROS, ConvertedType.TIMESTAMP_MILLIS,
        ConvertedType.TIMESTAMP_MICROS, ConvertedType.UINT_64, ConvertedType.INT_64)) {
      cases.add(leafCase("INT64 " + converted, leaf("v", REQUIRED, Type.INT64, converted)));
    }
    cases.add(leafCase("INTERVAL", fixed("v", 12, ConvertedType.INTERVAL, null)));
    cases.add(leafCase("INT96", leaf("v", OPTIONAL, Type.INT96)));
    cases.add(leafCase("FLBA", fixed("v", 7, null, null)));
    cases.add(leafCase("DECIMAL INT32", legacyDecimal("v", Type.INT32, null, 9, 3)));
    cases.add(leafCase("DECIMAL INT64", legacyDecimal("v", Type.INT64, null, 18, 3)));
    cases.add(leafCase("DECIMAL FLBA", legacyDecimal("v", Type.FIXED_LEN_BYTE_ARRAY, 16, 38, 3)));
    cases.add(leafCase("DECIMAL FLBA 256", legacyDecimal("v", Type.FIXED_LEN_BYTE_ARRAY, 30, 60, 3)));
    cases.add(leafCase("DECIMAL BYTE_ARRAY", legacyDecimal("v", Type.BYTE_ARRAY, null, 20, 3)));
    cases.add(leafCase("TIMESTAMP local nanos",
        leaf("v", OPTIONAL, Type.INT64, new LogicalType.TimestampType(false, TimeUnit.NANOS))));
    cases.add(leafCase("TIMESTAMP UTC millis",
        leaf("v", OPTIONAL, Type.INT64, new LogicalType.TimestampType(true, TimeUnit.MILLIS))));
    cases.add(leafCase("TIME local micros",
        leaf("v", OPTIONAL, Type.INT64, new LogicalType.TimeType(false, TimeUnit.MICROS))));
    cases.add(leafCase("TIME nanos", leaf("v", OPTIONAL, Type.INT64, new LogicalType.TimeType(true, TimeUnit.NANOS))));
    cases.add(leafCase("UNKNOWN", leaf("v", OPTIONAL, Type.INT32, new LogicalType.NullType())));
    cases.add(leafCase("INT(16, unsigned)", leaf("v", OPTIONAL, Type.INT32, new LogicalType.IntType(16, false))));
    cases.add(leafCase("FLOAT16", fixed("v", 2, null, new LogicalType.Float16Type())));
    cases.add(leafCase("UUID", fixed("v", 16, null, new LogicalType.UuidType())));
    cases.add(leafCase("JSON logical", leaf("v", OPTIONAL, Type.BYTE_ARRAY, new LogicalType.JsonType())));
    cases.add(leafCase("GEOMETRY", leaf("v", OPTIONAL, Type.BYTE_ARRAY, new LogicalType.GeometryType("srid:1"))));
    cases.add(leafCase("field id", withFieldId(leaf("v", OPTIONAL, Type.INT32), 42)));
    cases.add(new Case("3-level list", List.of(root(1), group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("list", REPEATED, 1), leaf("element", OPTIONAL, Type.INT32))));
    cases.add(new Case("rule 1: repeated primitive", List.of(root(1), group("a", REQUIRED, 1, ConvertedType.LIST),
        leaf("array", REPEATED, Type.INT32))));
    cases.add(new Case("rule 2: repeated group of two", List.of(root(1), group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("element", REPEATED, 2), leaf("x", REQUIRED, Type.INT32), leaf("y", OPTIONAL, Type.DOUBLE))));
    cases.add(new Case("rule 3: array", List.of(root(1), group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("array", REPEATED, 1), leaf("x", OPTIONAL, Type.INT32))));
    cases.add(new Case("rule 3: _tuple", List.of(root(1), group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("a_tuple", REPEATED, 1), leaf("x", OPTIONAL, Type.INT32))));
    cases.add(new Case("2-level list of lists", List.of(root(1), group("a", REQUIRED, 1, ConvertedType.LIST),
        group("array", REPEATED, 1, ConvertedType.LIST), leaf("array", REPEATED, Type.INT32))));
    cases.add(new Case("bare repeated fields", List.of(root(2), leaf("n", REPEATED, Type.INT32),
        group("p", REPEATED, 2), leaf("x", REQUIRED, Type.DOUBLE), leaf("y", OPTIONAL, Type.DOUBLE))));
    cases.add(new Case("map", List.of(root(1), group("m", OPTIONAL, 1, ConvertedType.MAP),
        group("key_value", REPEATED, 2), leaf("key", REQUIRED, Type.BYTE_ARRAY, ConvertedType.UTF8),
        leaf("value", OPTIONAL, Type.INT32))));
    cases.add(new Case("MAP_KEY_VALUE outer", List.of(root(1), group("m", OPTIONAL, 1, ConvertedType.MAP_KEY_VALUE),
        group("map", REPEATED, 2), leaf("key", REQUIRED, Type.INT32), leaf("value", REQUIRED, Type.INT64))));
    cases.add(new Case("MAP with MAP_KEY_VALUE", List.of(root(1), group("m", OPTIONAL, 1, ConvertedType.MAP),
        group("map", REPEATED, 2, ConvertedType.MAP_KEY_VALUE), leaf("key", REQUIRED, Type.INT32),
        leaf("value", OPTIONAL, Type.INT64))));
    cases.add(new Case("map without values", List.of(root(1), group("m", REQUIRED, 1, ConvertedType.MAP),
        group("key_value", REPEATED, 1), leaf("key", REQUIRED, Type.INT32))));
    cases.add(new Case("struct", List.of(root(1), withFieldId(group("s", OPTIONAL, 2), 3),
        leaf("a", REQUIRED, Type.INT32), leaf("b", OPTIONAL, Type.BOOLEAN))));
    // Arrow C++ 18 knows the VARIANT id but refuses it on a group (where the spec puts it); newer Arrow C++ reads
    // it as struct<metadata, value> (or its variant extension type), which is what we produce.
    cases.add(new Case("VARIANT group", List.of(root(1), group("v", OPTIONAL, 2, new LogicalType.VariantType(1)),
        leaf("metadata", REQUIRED, Type.BYTE_ARRAY), leaf("value", REQUIRED, Type.BYTE_ARRAY)),
        "Variant cannot be applied to group node"));
    return cases;
  }

  private static byte[] zeroRowFile(List<SchemaElement> elements) {
    byte[] footer = new FileMetaData(1, elements, 0, List.of(), null, "parquet-arrow test", null, null, null).encode();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(footer);
    int length = footer.length;
    out.writeBytes(new byte[] {(byte) length, (byte) (length >> 8), (byte) (length >> 16), (byte) (length >> 24)});
    out.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }

  @TestFactory
  Stream<DynamicTest> everyRuleMatchesArrowCpp() {
    List<Case> cases = cases();
    return cases.stream().map(testCase -> DynamicTest.dynamicTest(testCase.name(), () -> {
      Path file = temporary.resolve("case-" + cases.indexOf(testCase) + ".parquet");
      Files.write(file, zeroRowFile(testCase.elements()));
      SchemaMapping ours;
      try (ParquetFile parquet = ParquetFile.open(file)) {
        ours = parquet.metadata().arrowSchemaMapping();
      }
      try (RootAllocator allocator = TestAllocators.root();
          FileSystemDatasetFactory factory = new FileSystemDatasetFactory(allocator, NativeMemoryPool.getDefault(),
              FileFormat.PARQUET, "file://" + file.toAbsolutePath())) {
        if (testCase.arrowCppRefusal() != null) {
          assertThatThrownBy(factory::inspect).as("%s: Arrow C++ refuses it", testCase.name())
              .hasMessageContaining(testCase.arrowCppRefusal());
          assertThat(ours.arrowSchema().getFields()).as("%s: we read it", testCase.name()).isNotEmpty();
          return;
        }
        Schema theirs = factory.inspect();
        assertThat(describe(ours.arrowSchema().getFields()))
            .as("%s: ours vs Arrow C++", testCase.name())
            .isEqualTo(describe(theirs.getFields()));
      }
    }));
  }

  private static List<String> describe(List<Field> fields) {
    List<String> lines = new ArrayList<>();
    for (Field field : fields) {
      describe(field, "", lines);
    }
    return lines;
  }

  private static void describe(Field field, String parent, List<String> lines) {
    String path = parent.isEmpty() ? field.getName() : parent + "." + field.getName();
    java.util.Map<String, String> metadata = new java.util.TreeMap<>(field.getMetadata());
    metadata.keySet().removeIf(key -> key.equals(ParquetToArrowSchema.LOGICAL_TYPE_KEY)
        || key.equals(ParquetToArrowSchema.CRS_KEY) || key.equals(ParquetToArrowSchema.EDGES_KEY)
        || key.equals(ParquetToArrowSchema.VARIANT_VERSION_KEY));
    lines.add(path + ": " + field.getType() + (field.isNullable() ? "" : " not null")
        + (metadata.isEmpty() ? "" : " " + metadata));
    for (Field child : field.getChildren()) {
      describe(child, path, lines);
    }
  }
}
