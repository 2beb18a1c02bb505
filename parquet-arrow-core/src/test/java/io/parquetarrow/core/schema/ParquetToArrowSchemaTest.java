package io.parquetarrow.core.schema;

import static io.parquetarrow.core.schema.Elements.OPTIONAL;
import static io.parquetarrow.core.schema.Elements.REPEATED;
import static io.parquetarrow.core.schema.Elements.REQUIRED;
import static io.parquetarrow.core.schema.Elements.convert;
import static io.parquetarrow.core.schema.Elements.fixed;
import static io.parquetarrow.core.schema.Elements.group;
import static io.parquetarrow.core.schema.Elements.leaf;
import static io.parquetarrow.core.schema.Elements.legacyDecimal;
import static io.parquetarrow.core.schema.Elements.root;
import static io.parquetarrow.core.schema.Elements.withFieldId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.EdgeInterpolationAlgorithm;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.TimeUnit;
import io.parquetarrow.format.Type;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;

/**
 * Parquet → Arrow type mapping on hand-built schemas: one test per legacy rule of LogicalTypes.md and per Arrow
 * C++ mapping, the levels recorded for the readers, field ids, and projection.
 */
class ParquetToArrowSchemaTest {

  /** The single top-level Arrow field of a one-field schema, printed as Arrow Java prints it. */
  private static String only(SchemaElement... elements) throws ParquetException {
    List<Field> fields = convert(elements).arrowSchema().getFields();
    assertThat(fields).as("top-level fields").hasSize(1);
    return fields.get(0).toString();
  }

  private static String leafType(SchemaElement leaf) throws ParquetException {
    return only(root(1), leaf);
  }

  @Test
  void mapsUnannotatedPhysicalTypes() throws ParquetException {
    assertThat(leafType(leaf("v", OPTIONAL, Type.BOOLEAN))).isEqualTo("v: Bool");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32))).isEqualTo("v: Int(32, true)");
    assertThat(leafType(leaf("v", REQUIRED, Type.INT64))).isEqualTo("v: Int(64, true) not null");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT96))).as("INT96 as Arrow C++ reads it")
        .isEqualTo("v: Timestamp(NANOSECOND, null)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.FLOAT))).isEqualTo("v: FloatingPoint(SINGLE)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.DOUBLE))).isEqualTo("v: FloatingPoint(DOUBLE)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.BYTE_ARRAY))).isEqualTo("v: Binary");
    assertThat(leafType(fixed("v", 5, null, null))).isEqualTo("v: FixedSizeBinary(5)");
  }

  @Test
  void mapsLegacyConvertedTypes() throws ParquetException {
    assertThat(leafType(leaf("v", OPTIONAL, Type.BYTE_ARRAY, ConvertedType.UTF8))).isEqualTo("v: Utf8");
    assertThat(leafType(leaf("v", OPTIONAL, Type.BYTE_ARRAY, ConvertedType.ENUM))).as("ENUM, as Arrow C++")
        .isEqualTo("v: Binary");
    assertThat(leafType(leaf("v", OPTIONAL, Type.BYTE_ARRAY, ConvertedType.JSON))).isEqualTo("v: Utf8");
    assertThat(leafType(leaf("v", OPTIONAL, Type.BYTE_ARRAY, ConvertedType.BSON))).isEqualTo("v: Binary");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, ConvertedType.DATE))).isEqualTo("v: Date(DAY)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, ConvertedType.TIME_MILLIS)))
        .isEqualTo("v: Time(MILLISECOND, 32)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT64, ConvertedType.TIME_MICROS)))
        .isEqualTo("v: Time(MICROSECOND, 64)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT64, ConvertedType.TIMESTAMP_MILLIS)))
        .as("legacy timestamps are UTC-normalised").isEqualTo("v: Timestamp(MILLISECOND, UTC)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT64, ConvertedType.TIMESTAMP_MICROS)))
        .isEqualTo("v: Timestamp(MICROSECOND, UTC)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, ConvertedType.UINT_8))).isEqualTo("v: Int(8, false)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, ConvertedType.UINT_16))).isEqualTo("v: Int(16, false)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, ConvertedType.UINT_32))).isEqualTo("v: Int(32, false)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT64, ConvertedType.UINT_64))).isEqualTo("v: Int(64, false)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, ConvertedType.INT_8))).isEqualTo("v: Int(8, true)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, ConvertedType.INT_16))).isEqualTo("v: Int(16, true)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, ConvertedType.INT_32))).isEqualTo("v: Int(32, true)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT64, ConvertedType.INT_64))).isEqualTo("v: Int(64, true)");
    assertThat(leafType(fixed("v", 12, ConvertedType.INTERVAL, null))).as("INTERVAL")
        .isEqualTo("v: FixedSizeBinary(12)");
  }

  @Test
  void mapsLegacyDecimalsOnEveryPhysicalType() throws ParquetException {
    assertThat(leafType(legacyDecimal("v", Type.INT32, null, 9, 2))).isEqualTo("v: Decimal(9, 2, 128)");
    assertThat(leafType(legacyDecimal("v", Type.INT64, null, 18, 0))).isEqualTo("v: Decimal(18, 0, 128)");
    assertThat(leafType(legacyDecimal("v", Type.FIXED_LEN_BYTE_ARRAY, 16, 38, 5)))
        .isEqualTo("v: Decimal(38, 5, 128)");
    assertThat(leafType(legacyDecimal("v", Type.FIXED_LEN_BYTE_ARRAY, 20, 40, 5))).as("precision above 38")
        .isEqualTo("v: Decimal(40, 5, 256)");
    assertThat(leafType(legacyDecimal("v", Type.BYTE_ARRAY, null, 4, 2))).isEqualTo("v: Decimal(4, 2, 128)");
  }

  @Test
  void rejectsDecimalsThatDoNotFitTheirPhysicalType() {
    assertThatThrownBy(() -> leafType(legacyDecimal("v", Type.INT32, null, 10, 2)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("test.parquet")
        .hasMessageContaining("precision 10");
    assertThatThrownBy(() -> leafType(legacyDecimal("v", Type.FIXED_LEN_BYTE_ARRAY, 4, 10, 2)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("FIXED_LEN_BYTE_ARRAY(4)");
    assertThatThrownBy(() -> leafType(legacyDecimal("v", Type.INT64, null, 5, 6)))
        .as("scale above precision").isInstanceOf(ParquetCorruptionException.class);
  }

  @Test
  void mapsLogicalTypes() throws ParquetException {
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT64, new LogicalType.TimestampType(false, TimeUnit.NANOS))))
        .as("local timestamp").isEqualTo("v: Timestamp(NANOSECOND, null)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT64, new LogicalType.TimestampType(true, TimeUnit.MILLIS))))
        .as("instant").isEqualTo("v: Timestamp(MILLISECOND, UTC)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT64, new LogicalType.TimeType(false, TimeUnit.NANOS))))
        .isEqualTo("v: Time(NANOSECOND, 64)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, new LogicalType.NullType()))).as("UNKNOWN")
        .isEqualTo("v: Null");
    assertThat(leafType(leaf("v", OPTIONAL, Type.INT32, new LogicalType.IntType(8, false))))
        .isEqualTo("v: Int(8, false)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.BYTE_ARRAY, new LogicalType.StringType()))).isEqualTo("v: Utf8");
    assertThat(leafType(leaf("v", OPTIONAL, Type.BYTE_ARRAY, new LogicalType.JsonType()))).isEqualTo("v: Utf8");
    assertThat(leafType(leaf("v", OPTIONAL, Type.BYTE_ARRAY, new LogicalType.EnumType()))).isEqualTo("v: Binary");
    assertThat(leafType(fixed("v", 2, null, new LogicalType.Float16Type()))).isEqualTo("v: FloatingPoint(HALF)");
    assertThat(leafType(fixed("v", 16, null, new LogicalType.UuidType()))).as("UUID without extension types")
        .isEqualTo("v: FixedSizeBinary(16)");
    assertThat(leafType(fixed("v", 32, null, new LogicalType.DecimalType(2, 70)))).isEqualTo("v: Decimal(70, 2, 256)");
    assertThat(leafType(leaf("v", OPTIONAL, Type.BYTE_ARRAY, new LogicalType.Unrecognized(99))))
        .as("an unknown logical type reads as its physical type").isEqualTo("v: Binary");
  }

  @Test
  void logicalTypeWinsOverConvertedType() throws ParquetException {
    SchemaElement both = new SchemaElement(Type.INT64, null, OPTIONAL, "v", null, ConvertedType.TIMESTAMP_MICROS,
        null, null, null, new LogicalType.TimestampType(false, TimeUnit.MICROS), null);
    assertThat(leafType(both)).isEqualTo("v: Timestamp(MICROSECOND, null)");
  }

  @Test
  void keepsGeospatialParametersAsFieldMetadata() throws ParquetException {
    Field geometry = convert(root(1), leaf("g", OPTIONAL, Type.BYTE_ARRAY, new LogicalType.GeometryType("OGC:CRS83")))
        .arrowSchema().getFields().get(0);
    assertThat(geometry.toString()).isEqualTo("g: Binary");
    assertThat(geometry.getMetadata()).as("geometry metadata")
        .containsEntry(ParquetToArrowSchema.LOGICAL_TYPE_KEY, "GEOMETRY")
        .containsEntry(ParquetToArrowSchema.CRS_KEY, "OGC:CRS83");
    Field geography = convert(root(1), leaf("g", OPTIONAL, Type.BYTE_ARRAY,
        new LogicalType.GeographyType(null, EdgeInterpolationAlgorithm.VINCENTY))).arrowSchema().getFields().get(0);
    assertThat(geography.getMetadata()).as("geography metadata")
        .containsEntry(ParquetToArrowSchema.LOGICAL_TYPE_KEY, "GEOGRAPHY")
        .containsEntry(ParquetToArrowSchema.EDGES_KEY, "VINCENTY")
        .doesNotContainKey(ParquetToArrowSchema.CRS_KEY);
  }

  @Test
  void rejectsAnnotationsThatCannotApply() {
    assertThatThrownBy(() -> leafType(leaf("v", OPTIONAL, Type.INT32, new LogicalType.StringType())))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("schema node 'v'")
        .hasMessageContaining("cannot annotate physical type INT32");
    assertThatThrownBy(() -> leafType(leaf("v", OPTIONAL, Type.INT32, new LogicalType.IntType(64, true))))
        .isInstanceOf(ParquetCorruptionException.class);
    assertThatThrownBy(() -> leafType(fixed("v", 3, null, new LogicalType.Float16Type())))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("FLOAT16");
    assertThatThrownBy(() -> leafType(fixed("v", 10, ConvertedType.INTERVAL, null)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("INTERVAL");
  }

  @Test
  void readsTheStandardThreeLevelList() throws ParquetException {
    SchemaMapping mapping = convert(
        root(1),
        group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        leaf("element", OPTIONAL, Type.INT32));
    assertThat(mapping.arrowSchema().getFields().get(0).toString()).isEqualTo("a: List<element: Int(32, true)>");
    FieldMapping list = mapping.fields().get(0);
    assertThat(list.kind()).isEqualTo(FieldMapping.Kind.LIST);
    assertThat(list.definitionLevel()).as("list entry definition level").isEqualTo(2);
    assertThat(list.repetitionLevel()).as("list repetition level").isEqualTo(1);
    assertThat(list.repeatedAncestorDefinitionLevel()).as("list's enclosing entries").isZero();
    FieldMapping element = list.child(0);
    assertThat(element.kind()).isEqualTo(FieldMapping.Kind.PRIMITIVE);
    assertThat(element.column().dottedPath()).isEqualTo("a.list.element");
    assertThat(element.definitionLevel()).as("element definition level").isEqualTo(3);
    assertThat(element.repeatedAncestorDefinitionLevel()).as("element's list entries").isEqualTo(2);
  }

  @Test
  void rule1RepeatedPrimitiveIsARequiredElement() throws ParquetException {
    assertThat(only(root(1), group("a", REQUIRED, 1, ConvertedType.LIST), leaf("array", REPEATED, Type.INT32)))
        .isEqualTo("a: List<array: Int(32, true) not null> not null");
  }

  @Test
  void rule2RepeatedGroupWithSeveralFieldsIsAStructElement() throws ParquetException {
    assertThat(only(root(1),
        group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("element", REPEATED, 2),
        leaf("x", REQUIRED, Type.INT32),
        leaf("y", OPTIONAL, Type.BYTE_ARRAY, ConvertedType.UTF8)))
        .isEqualTo("a: List<element: Struct<x: Int(32, true) not null, y: Utf8> not null>");
  }

  @Test
  void rule3ArrayAndTupleNamedGroupsAreStructElements() throws ParquetException {
    assertThat(only(root(1),
        group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("array", REPEATED, 1),
        leaf("x", OPTIONAL, Type.INT32)))
        .isEqualTo("a: List<array: Struct<x: Int(32, true)> not null>");
    assertThat(only(root(1),
        group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("a_tuple", REPEATED, 1),
        leaf("x", OPTIONAL, Type.INT32)))
        .isEqualTo("a: List<a_tuple: Struct<x: Int(32, true)> not null>");
  }

  @Test
  void readsTheTwoLevelListOfListsOfOldParquetJava() throws ParquetException {
    // old_list_structure.parquet
    assertThat(only(root(1),
        group("a", REQUIRED, 1, ConvertedType.LIST),
        group("array", REPEATED, 1, ConvertedType.LIST),
        leaf("array", REPEATED, Type.INT32)))
        .isEqualTo("a: List<array: List<array: Int(32, true) not null> not null> not null");
  }

  @Test
  void readsBareRepeatedFieldsAsRequiredLists() throws ParquetException {
    SchemaMapping mapping = convert(
        root(2),
        leaf("numbers", REPEATED, Type.INT32),
        group("points", REPEATED, 2),
        leaf("x", REQUIRED, Type.DOUBLE),
        leaf("y", OPTIONAL, Type.DOUBLE));
    assertThat(mapping.arrowSchema().getFields().get(0).toString())
        .isEqualTo("numbers: List<numbers: Int(32, true) not null> not null");
    assertThat(mapping.arrowSchema().getFields().get(1).toString())
        .isEqualTo("points: List<points: Struct<x: FloatingPoint(DOUBLE) not null, y: FloatingPoint(DOUBLE)> not null>"
            + " not null");
    FieldMapping numbers = mapping.fields().get(0);
    assertThat(numbers.definitionLevel()).as("bare list entries").isEqualTo(1);
    assertThat(numbers.child(0).definitionLevel()).as("required element").isEqualTo(1);
  }

  @Test
  void rejectsMalformedLists() {
    assertThatThrownBy(() -> convert(root(1), group("a", OPTIONAL, 2, ConvertedType.LIST),
        leaf("x", REPEATED, Type.INT32), leaf("y", REPEATED, Type.INT32)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("schema node 'a'")
        .hasMessageContaining("exactly one child, found 2");
    assertThatThrownBy(() -> convert(root(1), group("a", OPTIONAL, 1, ConvertedType.LIST),
        leaf("x", OPTIONAL, Type.INT32)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("must be repeated");
  }

  @Test
  void readsMaps() throws ParquetException {
    SchemaMapping mapping = convert(
        root(1),
        group("m", OPTIONAL, 1, ConvertedType.MAP),
        group("key_value", REPEATED, 2),
        leaf("key", REQUIRED, Type.BYTE_ARRAY, ConvertedType.UTF8),
        leaf("value", OPTIONAL, Type.INT32));
    assertThat(mapping.arrowSchema().getFields().get(0).toString())
        .as("entries named after the map, as Arrow C++ does")
        .isEqualTo("m: Map(false)<m: Struct<key: Utf8 not null, value: Int(32, true)> not null>");
    FieldMapping map = mapping.fields().get(0);
    assertThat(map.kind()).isEqualTo(FieldMapping.Kind.MAP);
    assertThat(map.child(0).children()).extracting(child -> child.column().dottedPath())
        .containsExactly("m.key_value.key", "m.key_value.value");
  }

  @Test
  void readsLegacyMapKeyValueAnnotations() throws ParquetException {
    assertThat(only(root(1),
        group("m", OPTIONAL, 1, ConvertedType.MAP_KEY_VALUE),
        group("map", REPEATED, 2),
        leaf("key", REQUIRED, Type.INT32),
        leaf("value", REQUIRED, Type.INT64)))
        .isEqualTo("m: Map(false)<m: Struct<key: Int(32, true) not null, value: Int(64, true) not null> not null>");
    assertThat(only(root(1),
        group("m", OPTIONAL, 1, ConvertedType.MAP),
        group("map", REPEATED, 2, ConvertedType.MAP_KEY_VALUE),
        leaf("key", REQUIRED, Type.INT32),
        leaf("value", OPTIONAL, Type.INT64)))
        .isEqualTo("m: Map(false)<m: Struct<key: Int(32, true) not null, value: Int(64, true)> not null>");
  }

  @Test
  void acceptsMapsWithOptionalKeysAsNonNullableKeys() throws ParquetException {
    // incorrect_map_schema.parquet (Presto/Trino before 386); Arrow C++ refuses the file.
    assertThat(only(root(1),
        group("m", OPTIONAL, 1, ConvertedType.MAP),
        group("key_value", REPEATED, 2),
        leaf("key", OPTIONAL, Type.BYTE_ARRAY, ConvertedType.UTF8),
        leaf("value", OPTIONAL, Type.BYTE_ARRAY, ConvertedType.UTF8)))
        .isEqualTo("m: Map(false)<m: Struct<key: Utf8 not null, value: Utf8> not null>");
  }

  @Test
  void readsAMapWithoutValuesAsAListOfKeys() throws ParquetException {
    // map_no_value.parquet
    assertThat(only(root(1),
        group("m", REQUIRED, 1, ConvertedType.MAP),
        group("key_value", REPEATED, 1),
        leaf("key", REQUIRED, Type.INT32)))
        .isEqualTo("m: List<key: Int(32, true) not null> not null");
  }

  @Test
  void recordsFieldIdsAsFieldMetadata() throws ParquetException {
    Field field = convert(root(1), withFieldId(leaf("v", OPTIONAL, Type.INT32), 7)).arrowSchema().getFields().get(0);
    assertThat(field.getMetadata()).containsEntry(ParquetToArrowSchema.FIELD_ID_KEY, "7");
  }

  @Test
  void readsVariantGroupsAsStructsWithTheirAnnotation() throws ParquetException {
    Field variant = convert(root(1),
        group("v", OPTIONAL, 2, new LogicalType.VariantType(1)),
        leaf("metadata", REQUIRED, Type.BYTE_ARRAY),
        leaf("value", REQUIRED, Type.BYTE_ARRAY)).arrowSchema().getFields().get(0);
    assertThat(variant.toString()).isEqualTo("v: Struct<metadata: Binary not null, value: Binary not null>");
    assertThat(variant.getMetadata())
        .containsEntry(ParquetToArrowSchema.LOGICAL_TYPE_KEY, "VARIANT")
        .containsEntry(ParquetToArrowSchema.VARIANT_VERSION_KEY, "1");
  }

  @Test
  void projectsTopLevelFieldsAndDottedPaths() throws ParquetException {
    SchemaMapping mapping = convert(
        root(3),
        leaf("id", REQUIRED, Type.INT64),
        group("a", OPTIONAL, 2),
        group("b", REQUIRED, 2),
        leaf("c", OPTIONAL, Type.INT32),
        leaf("d", OPTIONAL, Type.INT32),
        leaf("e", OPTIONAL, Type.DOUBLE),
        leaf("z.dotted", OPTIONAL, Type.BOOLEAN));
    SchemaMapping projected = mapping.project(List.of("z.dotted", "a.b.c"));
    assertThat(projected.arrowSchema().getFields()).extracting(Field::toString)
        .as("file order, a: struct<b: struct<c>>")
        .containsExactly("a: Struct<b: Struct<c: Int(32, true)> not null>", "z.dotted: Bool");
    assertThat(projected.columns()).extracting(ColumnDescriptor::dottedPath).containsExactly("a.b.c", "z.dotted");
    assertThat(mapping.project(List.of("a.b", "a.b.c", "id")).arrowSchema().getFields()).extracting(Field::toString)
        .containsExactly("id: Int(64, true) not null",
            "a: Struct<b: Struct<c: Int(32, true), d: Int(32, true)> not null>");
    assertThatThrownBy(() -> mapping.project(List.of("a.x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a.x");
  }

  @Test
  void refusesToProjectInsideALists() throws ParquetException {
    SchemaMapping mapping = convert(root(1), group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("list", REPEATED, 1), leaf("element", OPTIONAL, Type.INT32));
    assertThatThrownBy(() -> mapping.project(List.of("a.element")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is a list");
  }
}
