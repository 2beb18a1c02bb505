package io.parquetarrow.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.FieldRepetitionType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Type;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Arrow → Parquet schema mapping (Arrow C++'s FieldToNode defaults), and the round trip back through
 * {@link ParquetToArrowSchema} with and without the stored {@code ARROW:schema}.
 */
class ArrowToParquetSchemaTest {

  private static Field field(String name, ArrowType type, boolean nullable, Field... children) {
    return new Field(name, new FieldType(nullable, type, null), List.of(children));
  }

  private static Field nullable(String name, ArrowType type, Field... children) {
    return field(name, type, true, children);
  }

  private static SchemaElement single(Field field) throws ParquetException {
    List<SchemaElement> elements = ArrowToParquetSchema.convert(new Schema(List.of(field)));
    assertThat(elements).as("root and one leaf for %s", field).hasSize(2);
    return elements.get(1);
  }

  @Test
  void mapsPrimitiveTypesAsArrowCppDoes() throws ParquetException {
    SchemaElement uint8 = single(nullable("v", new ArrowType.Int(8, false)));
    assertThat(uint8.type()).isEqualTo(Type.INT32);
    assertThat(uint8.logicalType()).isEqualTo(new LogicalType.IntType(8, false));
    assertThat(uint8.convertedType()).isEqualTo(ConvertedType.UINT_8);
    assertThat(uint8.repetitionType()).isEqualTo(FieldRepetitionType.OPTIONAL);

    SchemaElement int32 = single(field("v", new ArrowType.Int(32, true), false));
    assertThat(int32.type()).isEqualTo(Type.INT32);
    assertThat(int32.logicalType()).as("plain int32 is unannotated").isNull();
    assertThat(int32.repetitionType()).isEqualTo(FieldRepetitionType.REQUIRED);

    SchemaElement uint64 = single(nullable("v", new ArrowType.Int(64, false)));
    assertThat(uint64.type()).isEqualTo(Type.INT64);
    assertThat(uint64.convertedType()).isEqualTo(ConvertedType.UINT_64);

    SchemaElement half = single(nullable("v", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)));
    assertThat(half.type()).isEqualTo(Type.FIXED_LEN_BYTE_ARRAY);
    assertThat(half.typeLength()).isEqualTo(2);
    assertThat(half.logicalType()).isEqualTo(new LogicalType.Float16Type());

    SchemaElement largeString = single(nullable("v", ArrowType.LargeUtf8.INSTANCE));
    assertThat(largeString.type()).isEqualTo(Type.BYTE_ARRAY);
    assertThat(largeString.logicalType()).isEqualTo(new LogicalType.StringType());
    assertThat(largeString.convertedType()).isEqualTo(ConvertedType.UTF8);

    assertThat(single(nullable("v", ArrowType.LargeBinary.INSTANCE)).logicalType()).isNull();
    assertThat(single(nullable("v", new ArrowType.FixedSizeBinary(7))).typeLength()).isEqualTo(7);
    assertThat(single(nullable("v", ArrowType.Null.INSTANCE)).logicalType()).isEqualTo(new LogicalType.NullType());
    assertThat(single(nullable("v", new ArrowType.Date(DateUnit.MILLISECOND))).type()).as("date64 as INT32 DATE")
        .isEqualTo(Type.INT32);
    assertThat(single(nullable("v", new ArrowType.Duration(TimeUnit.SECOND))).type()).isEqualTo(Type.INT64);
  }

  @Test
  void writesDecimalsAsFixedLengthByteArraysByDefault() throws ParquetException {
    SchemaElement small = single(nullable("v", new ArrowType.Decimal(9, 2, 128)));
    assertThat(small.type()).as("Arrow C++ default: store_decimal_as_integer is off")
        .isEqualTo(Type.FIXED_LEN_BYTE_ARRAY);
    assertThat(small.typeLength()).isEqualTo(4);
    assertThat(small.precision()).isEqualTo(9);
    assertThat(small.scale()).isEqualTo(2);
    assertThat(small.convertedType()).isEqualTo(ConvertedType.DECIMAL);
    assertThat(single(nullable("v", new ArrowType.Decimal(38, 0, 128))).typeLength()).isEqualTo(16);
    assertThat(single(nullable("v", new ArrowType.Decimal(76, 0, 256))).typeLength()).isEqualTo(32);
    assertThat(single(nullable("v", new ArrowType.Decimal(1, 0, 128))).typeLength()).isEqualTo(1);
  }

  @Test
  void mapsTemporalTypes() throws ParquetException {
    SchemaElement nanos = single(nullable("v", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)));
    assertThat(nanos.type()).isEqualTo(Type.INT64);
    assertThat(nanos.logicalType()).isEqualTo(
        new LogicalType.TimestampType(false, io.parquetarrow.format.TimeUnit.NANOS));
    assertThat(nanos.convertedType()).as("no converted type for nanoseconds").isNull();
    SchemaElement zoned = single(nullable("v", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris")));
    assertThat(zoned.logicalType()).isEqualTo(
        new LogicalType.TimestampType(true, io.parquetarrow.format.TimeUnit.MICROS));
    assertThat(zoned.convertedType()).isEqualTo(ConvertedType.TIMESTAMP_MICROS);
    SchemaElement seconds = single(nullable("v", new ArrowType.Timestamp(TimeUnit.SECOND, null)));
    assertThat(seconds.logicalType()).as("seconds are written as milliseconds").isEqualTo(
        new LogicalType.TimestampType(false, io.parquetarrow.format.TimeUnit.MILLIS));
    SchemaElement time32 = single(nullable("v", new ArrowType.Time(TimeUnit.SECOND, 32)));
    assertThat(time32.logicalType()).isEqualTo(
        new LogicalType.TimeType(true, io.parquetarrow.format.TimeUnit.MILLIS));
    SchemaElement time64 = single(nullable("v", new ArrowType.Time(TimeUnit.NANOSECOND, 64)));
    assertThat(time64.type()).isEqualTo(Type.INT64);
    assertThat(time64.logicalType()).isEqualTo(new LogicalType.TimeType(true, io.parquetarrow.format.TimeUnit.NANOS));
  }

  @Test
  void writesNestedTypesWithCompliantNames() throws ParquetException {
    Field list = nullable("l", ArrowType.List.INSTANCE, nullable("item", new ArrowType.Int(32, true)));
    Field map = field("m", new ArrowType.Map(false), true, field("entries", ArrowType.Struct.INSTANCE, false,
        field("k", ArrowType.Utf8.INSTANCE, false), nullable("v", new ArrowType.Int(64, true))));
    List<SchemaElement> elements = ArrowToParquetSchema.convert(new Schema(List.of(list, map)));
    assertThat(elements).extracting(SchemaElement::name)
        .containsExactly("schema", "l", "list", "element", "m", "key_value", "key", "value");
    assertThat(elements.get(1).logicalType()).isEqualTo(new LogicalType.ListType());
    assertThat(elements.get(1).convertedType()).isEqualTo(ConvertedType.LIST);
    assertThat(elements.get(2).repetitionType()).isEqualTo(FieldRepetitionType.REPEATED);
    assertThat(elements.get(4).convertedType()).isEqualTo(ConvertedType.MAP);
    assertThat(elements.get(6).repetitionType()).isEqualTo(FieldRepetitionType.REQUIRED);
    assertThat(elements.get(0).numChildren()).isEqualTo(2);
  }

  @Test
  void refusesTypesParquetCannotStore() {
    assertThatThrownBy(() -> single(nullable("s", ArrowType.Struct.INSTANCE)))
        .isInstanceOf(UnsupportedParquetFeatureException.class)
        .hasMessageContaining("no child fields");
    assertThatThrownBy(() -> single(field("n", ArrowType.Null.INSTANCE, false)))
        .isInstanceOf(UnsupportedParquetFeatureException.class)
        .hasMessageContaining("must be nullable");
    assertThatThrownBy(() -> single(nullable("u",
        new ArrowType.Union(org.apache.arrow.vector.types.UnionMode.Sparse, new int[0]))))
        .isInstanceOf(UnsupportedParquetFeatureException.class)
        .hasMessageContaining("no Parquet equivalent");
    assertThatThrownBy(() -> single(nullable("d", new ArrowType.Decimal(1, 2, 128))))
        .as("a decimal whose scale exceeds its precision")
        .isInstanceOf(UnsupportedParquetFeatureException.class)
        .hasMessageContaining("scale 2 outside 0..1");
    assertThatThrownBy(() -> single(nullable("d", new ArrowType.Decimal(5, -1, 128))))
        .as("a decimal with a negative scale")
        .isInstanceOf(UnsupportedParquetFeatureException.class)
        .hasMessageContaining("scale -1 outside 0..5");
  }

  @Test
  void intervalsBecomeFixedLengthTwelveWithConvertedTypeInterval() throws ParquetException {
    for (IntervalUnit unit : IntervalUnit.values()) {
      SchemaElement element = single(nullable("i", new ArrowType.Interval(unit)));
      assertThat(element.type()).as("physical type for %s", unit).isEqualTo(Type.FIXED_LEN_BYTE_ARRAY);
      assertThat(element.typeLength()).as("type length for %s", unit).isEqualTo(12);
      assertThat(element.convertedType()).as("converted type for %s", unit).isEqualTo(ConvertedType.INTERVAL);
      assertThat(element.logicalType()).as("logical type for %s (INTERVAL has none)", unit).isNull();
    }
  }

  private static SchemaMapping readBack(Schema schema, boolean storeArrowSchema) throws ParquetException {
    List<SchemaElement> elements = ArrowToParquetSchema.convert(schema);
    SchemaDescriptor descriptor = SchemaDescriptor.fromElements(elements, "roundtrip.parquet");
    Map<String, String> keyValues = new LinkedHashMap<>();
    keyValues.put("writer", "test");
    if (storeArrowSchema) {
      keyValues.put(ParquetToArrowSchema.ARROW_SCHEMA_KEY,
          Base64.getEncoder().encodeToString(schema.serializeAsMessage()));
    }
    return ParquetToArrowSchema.convert(descriptor, keyValues, "roundtrip.parquet");
  }

  @Test
  void roundTripsWithoutTheStoredSchemaAsArrowCppReadsIt() throws ParquetException {
    Schema schema = new Schema(List.of(
        nullable("big", ArrowType.LargeUtf8.INSTANCE),
        nullable("zoned", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "Europe/Paris")),
        nullable("elapsed", new ArrowType.Duration(TimeUnit.MICROSECOND)),
        nullable("l", ArrowType.List.INSTANCE, nullable("item", new ArrowType.Int(16, true)))));
    SchemaMapping mapping = readBack(schema, false);
    assertThat(mapping.arrowSchema().getFields()).extracting(Field::toString).containsExactly(
        "big: Utf8", "zoned: Timestamp(MILLISECOND, UTC)", "elapsed: Int(64, true)",
        "l: List<element: Int(16, true)>");
    assertThat(mapping.arrowSchema().getCustomMetadata()).containsEntry("writer", "test");
  }

  @Test
  void theStoredArrowSchemaRestoresWhatParquetCannotSay() throws ParquetException {
    Map<String, String> fieldMetadata = Map.of("origin", "yes");
    List<Field> fields = new ArrayList<>();
    fields.add(nullable("big", ArrowType.LargeUtf8.INSTANCE));
    fields.add(nullable("bytes", ArrowType.LargeBinary.INSTANCE));
    fields.add(nullable("zoned", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "Europe/Paris")));
    fields.add(nullable("local", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)));
    fields.add(nullable("elapsed", new ArrowType.Duration(TimeUnit.MICROSECOND)));
    fields.add(nullable("wide", new ArrowType.Decimal(7, 3, 256)));
    fields.add(new Field("category", new FieldType(true, ArrowType.Utf8.INSTANCE,
        new DictionaryEncoding(5, false, new ArrowType.Int(32, true))), null));
    fields.add(new Field("tagged", new FieldType(false, new ArrowType.Int(32, true), null, fieldMetadata), null));
    fields.add(nullable("large_list", ArrowType.LargeList.INSTANCE, nullable("item", ArrowType.LargeUtf8.INSTANCE)));
    fields.add(nullable("pair", new ArrowType.FixedSizeList(2), nullable("item", new ArrowType.Int(64, true))));
    fields.add(nullable("s", ArrowType.Struct.INSTANCE,
        nullable("when", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+02:00")),
        nullable("text", ArrowType.LargeUtf8.INSTANCE)));
    Schema schema = new Schema(fields, Map.of("pandas", "{}"));
    SchemaMapping mapping = readBack(schema, true);
    List<Field> read = mapping.arrowSchema().getFields();
    assertThat(read).extracting(Field::toString).containsExactly(
        "big: LargeUtf8",
        "bytes: LargeBinary",
        "zoned: Timestamp(MILLISECOND, Europe/Paris)",
        "local: Timestamp(NANOSECOND, null)",
        "elapsed: Duration(MICROSECOND)",
        "wide: Decimal(7, 3, 256)",
        "category: Utf8[dictionary: 0]",
        "tagged: Int(32, true) not null",
        "large_list: LargeList<element: LargeUtf8>",
        "pair: FixedSizeList(2)<element: Int(64, true)>",
        "s: Struct<when: Timestamp(MICROSECOND, +02:00), text: LargeUtf8>");
    assertThat(read.get(7).getMetadata()).as("field metadata restored").containsEntry("origin", "yes");
    assertThat(read.get(6).getDictionary().getIndexType()).isEqualTo(new ArrowType.Int(32, true));
    assertThat(mapping.arrowSchema().getCustomMetadata()).as("the stored schema's metadata replaces the file's")
        .containsEntry("pandas", "{}").doesNotContainKey("writer").doesNotContainKey("ARROW:schema");
    assertThat(mapping.fields().get(8).kind()).as("a LargeList still assembles as a list")
        .isEqualTo(FieldMapping.Kind.LIST);
  }

  @Test
  void aStoredSchemaWithADifferentFieldCountIsIgnored() throws ParquetException {
    Schema written = new Schema(List.of(nullable("a", ArrowType.LargeUtf8.INSTANCE)));
    Schema other = new Schema(List.of(nullable("a", ArrowType.LargeUtf8.INSTANCE),
        nullable("b", ArrowType.Utf8.INSTANCE)));
    SchemaDescriptor descriptor =
        SchemaDescriptor.fromElements(ArrowToParquetSchema.convert(written), "mismatch.parquet");
    Map<String, String> keyValues = Map.of(ParquetToArrowSchema.ARROW_SCHEMA_KEY,
        Base64.getEncoder().encodeToString(other.serializeAsMessage()));
    SchemaMapping mapping = ParquetToArrowSchema.convert(descriptor, keyValues, "mismatch.parquet");
    assertThat(mapping.arrowSchema().getFields()).extracting(Field::toString).containsExactly("a: Utf8");
  }

  @Test
  void aStoredSchemaThatDoesNotDecodeIsReported() throws ParquetException {
    SchemaDescriptor descriptor = SchemaDescriptor.fromElements(
        ArrowToParquetSchema.convert(new Schema(List.of(nullable("a", ArrowType.Utf8.INSTANCE)))), "bad.parquet");
    assertThatThrownBy(() -> ParquetToArrowSchema.convert(descriptor,
        Map.of(ParquetToArrowSchema.ARROW_SCHEMA_KEY, "%%% not base64 %%%"), "bad.parquet"))
        .isInstanceOf(io.parquetarrow.errors.ParquetCorruptionException.class)
        .hasMessageContaining("bad.parquet")
        .hasMessageContaining("ARROW:schema");
  }

  @Test
  void geospatialAnnotationsSurviveTheRoundTrip() throws ParquetException {
    Field geometry = new Field("g", new FieldType(true, ArrowType.Binary.INSTANCE, null,
        Map.of(ParquetToArrowSchema.LOGICAL_TYPE_KEY, "GEOMETRY", ParquetToArrowSchema.CRS_KEY, "srid:4326")), null);
    SchemaElement element = single(geometry);
    assertThat(element.logicalType()).isEqualTo(new LogicalType.GeometryType("srid:4326"));
    assertThat(readBack(new Schema(List.of(geometry)), false).arrowSchema().getFields().get(0).getMetadata())
        .containsEntry(ParquetToArrowSchema.CRS_KEY, "srid:4326");
  }
}
