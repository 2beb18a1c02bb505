package io.parquetarrow.format;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Populated instances of every format record and union member: {@code full} sets every optional field,
 * {@code minimal} only the required ones.
 */
final class FormatSamples {
  private FormatSamples() {}

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static Statistics fullStatistics() {
    return new Statistics(bytes("max"), bytes("min"), 3L, 7L, bytes("maxValue"), bytes("minValue"), true, false,
        2L);
  }

  static Statistics minimalStatistics() {
    return new Statistics(null, null, null, null, null, null, null, null, null);
  }

  static SizeStatistics fullSizeStatistics() {
    return new SizeStatistics(1234L, List.of(1L, 2L, 3L), List.of(0L, 5L));
  }

  static BoundingBox fullBoundingBox() {
    return new BoundingBox(-1.5, 2.5, -3.0, 4.0, 0.0, 10.0, -0.0, Double.MAX_VALUE);
  }

  static GeospatialStatistics fullGeospatialStatistics() {
    return new GeospatialStatistics(fullBoundingBox(), List.of(1, 2, 1003));
  }

  /** Every LogicalType member, with all optional fields set. */
  static List<LogicalType> allLogicalTypes() {
    List<LogicalType> types = new ArrayList<>();
    types.add(new LogicalType.StringType());
    types.add(new LogicalType.MapType());
    types.add(new LogicalType.ListType());
    types.add(new LogicalType.EnumType());
    types.add(new LogicalType.DecimalType(2, 9));
    types.add(new LogicalType.DateType());
    for (TimeUnit unit : TimeUnit.values()) {
      types.add(new LogicalType.TimeType(true, unit));
      types.add(new LogicalType.TimestampType(false, unit));
    }
    types.add(new LogicalType.IntType(8, true));
    types.add(new LogicalType.IntType(64, false));
    types.add(new LogicalType.NullType());
    types.add(new LogicalType.JsonType());
    types.add(new LogicalType.BsonType());
    types.add(new LogicalType.UuidType());
    types.add(new LogicalType.Float16Type());
    types.add(new LogicalType.VariantType(1));
    types.add(new LogicalType.VariantType(null));
    types.add(new LogicalType.GeometryType("OGC:CRS84"));
    types.add(new LogicalType.GeometryType(null));
    for (EdgeInterpolationAlgorithm algorithm : EdgeInterpolationAlgorithm.values()) {
      if (algorithm != EdgeInterpolationAlgorithm.UNKNOWN) {
        types.add(new LogicalType.GeographyType("srid:4326", algorithm));
      }
    }
    types.add(new LogicalType.GeographyType(null, null));
    types.add(new LogicalType.VectorType());
    types.add(new LogicalType.Unrecognized(42));
    return types;
  }

  static SchemaElement fullSchemaElement() {
    return new SchemaElement(Type.FIXED_LEN_BYTE_ARRAY, 16, FieldRepetitionType.OPTIONAL, "dézimal",
        2, ConvertedType.DECIMAL, 2, 9, 77, new LogicalType.DecimalType(2, 9), 4);
  }

  static SchemaElement minimalSchemaElement() {
    return new SchemaElement(null, null, null, "root", null, null, null, null, null, null);
  }

  static ColumnMetaData fullColumnMetaData() {
    return new ColumnMetaData(Type.INT64, List.of(Encoding.PLAIN, Encoding.RLE, Encoding.RLE_DICTIONARY),
        List.of("a", "b", "c"), CompressionCodec.ZSTD, 1000, 8000, 4000,
        List.of(new KeyValue("k", "v"), new KeyValue("only key", null)), 4, 100L, 4L, fullStatistics(),
        List.of(new PageEncodingStats(PageType.DICTIONARY_PAGE, Encoding.PLAIN, 1),
            new PageEncodingStats(PageType.DATA_PAGE, Encoding.RLE_DICTIONARY, 3)),
        9000L, 256, fullSizeStatistics(), fullGeospatialStatistics());
  }

  static ColumnMetaData minimalColumnMetaData() {
    return new ColumnMetaData(Type.BOOLEAN, List.of(), List.of("x"), CompressionCodec.UNCOMPRESSED, 0, 0, 0,
        null, 4, null, null, null, null, null, null, null, null);
  }

  static ColumnChunk fullColumnChunk() {
    return new ColumnChunk("other.parquet", 123, fullColumnMetaData(), 5000L, 40, 6000L, 50,
        new ColumnCryptoMetaData.EncryptionWithColumnKey(List.of("a", "b"), bytes("key")), bytes("sealed"));
  }

  static ColumnChunk minimalColumnChunk() {
    return new ColumnChunk(null, 0, null, null, null, null, null, null, null);
  }

  static RowGroup fullRowGroup() {
    return new RowGroup(List.of(fullColumnChunk(), minimalColumnChunk()), 10_000, 1000,
        List.of(new SortingColumn(0, true, false), new SortingColumn(1, false, true)), 4L, 9000L, (short) 3);
  }

  static RowGroup minimalRowGroup() {
    return new RowGroup(List.of(), 0, 0, null, null, null, null);
  }

  static FileMetaData fullFileMetaData() {
    return new FileMetaData(2, List.of(minimalSchemaElement(), fullSchemaElement()), 1000,
        List.of(fullRowGroup(), minimalRowGroup()), List.of(new KeyValue("ARROW:schema", "...")),
        "parquet-arrow version 0.1.0",
        List.of(new ColumnOrder.TypeDefinedOrder(), new ColumnOrder.Ieee754TotalOrder(),
            new ColumnOrder.Int96TimestampOrder(), new ColumnOrder.Unrecognized(9)),
        new EncryptionAlgorithm.AesGcmV1(bytes("prefix"), bytes("unique"), true), bytes("signing key"));
  }

  static FileMetaData minimalFileMetaData() {
    return new FileMetaData(1, List.of(minimalSchemaElement()), 0, List.of(), null, null, null, null, null);
  }

  static PageHeader fullDataPageHeader() {
    return new PageHeader(PageType.DATA_PAGE, 100, 80, 0xCAFEBABE,
        new DataPageHeader(10, Encoding.PLAIN, Encoding.RLE, Encoding.BIT_PACKED, fullStatistics()),
        new IndexPageHeader(),
        new DictionaryPageHeader(5, Encoding.PLAIN_DICTIONARY, true),
        new DataPageHeaderV2(10, 2, 4, Encoding.DELTA_BINARY_PACKED, 3, 1, false, fullStatistics()));
  }

  static PageHeader minimalPageHeader() {
    return new PageHeader(PageType.DICTIONARY_PAGE, 0, 0, null, null, null, null, null);
  }

  static ColumnIndex fullColumnIndex() {
    return new ColumnIndex(List.of(false, true, false), List.of(bytes("a"), new byte[0], bytes("c")),
        List.of(bytes("b"), new byte[0], bytes("d")), BoundaryOrder.ASCENDING, List.of(0L, 5L, 1L),
        List.of(1L, 2L), List.of(3L, 4L), List.of(0L, 0L, 1L));
  }

  static ColumnIndex minimalColumnIndex() {
    return new ColumnIndex(List.of(), List.of(), List.of(), BoundaryOrder.UNORDERED, null, null, null, null);
  }

  static OffsetIndex fullOffsetIndex() {
    return new OffsetIndex(List.of(new PageLocation(4, 100, 0), new PageLocation(104, 1 << 30, 1L << 40)),
        List.of(10L, 20L));
  }

  static OffsetIndex minimalOffsetIndex() {
    return new OffsetIndex(List.of(), null);
  }

  static BloomFilterHeader fullBloomFilterHeader() {
    return new BloomFilterHeader(1024, new BloomFilterAlgorithm.SplitBlockAlgorithm(),
        new BloomFilterHash.XxHash(), new BloomFilterCompression.Uncompressed());
  }

  static List<EncryptionAlgorithm> allEncryptionAlgorithms() {
    return List.of(
        new EncryptionAlgorithm.AesGcmV1(bytes("p"), bytes("u"), false),
        new EncryptionAlgorithm.AesGcmV1(null, null, null),
        new EncryptionAlgorithm.AesGcmCtrV1(bytes("p"), bytes("u"), true),
        new EncryptionAlgorithm.AesGcmCtrV1(null, null, null),
        new EncryptionAlgorithm.Unrecognized(7));
  }

  static List<ColumnCryptoMetaData> allColumnCryptoMetaData() {
    return List.of(
        new ColumnCryptoMetaData.EncryptionWithFooterKey(),
        new ColumnCryptoMetaData.EncryptionWithColumnKey(List.of("x"), bytes("k")),
        new ColumnCryptoMetaData.EncryptionWithColumnKey(List.of(), null),
        new ColumnCryptoMetaData.Unrecognized(3));
  }
}
