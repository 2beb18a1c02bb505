package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.List;
import java.util.Objects;

/**
 * What the footer says about one column chunk: type, encodings, path, codec, sizes, offsets and statistics
 * (parquet.thrift {@code struct ColumnMetaData}), inside {@link ColumnChunk#metaData()}; in encrypted files it
 * may instead be decrypted from {@link ColumnChunk#encryptedColumnMetadata()} with {@link #decode}.
 *
 * <p>Optional components are null when absent. Encodings and codecs that this library does not know decode as
 * {@code UNKNOWN}; the {@code encodings} list keeps their integers (see
 * {@link io.parquetarrow.thrift.ThriftEnumList}) so re-encoding is lossless.
 */
public record ColumnMetaData(
    Type type,
    List<Encoding> encodings,
    List<String> pathInSchema,
    CompressionCodec codec,
    long numValues,
    long totalUncompressedSize,
    long totalCompressedSize,
    List<KeyValue> keyValueMetadata,
    long dataPageOffset,
    Long indexPageOffset,
    Long dictionaryPageOffset,
    Statistics statistics,
    List<PageEncodingStats> encodingStats,
    Long bloomFilterOffset,
    Integer bloomFilterLength,
    SizeStatistics sizeStatistics,
    GeospatialStatistics geospatialStatistics) {
  public ColumnMetaData {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(codec, "codec");
    encodings = FormatSupport.immutable(Objects.requireNonNull(encodings, "encodings"));
    pathInSchema = FormatSupport.immutable(Objects.requireNonNull(pathInSchema, "pathInSchema"));
    keyValueMetadata = FormatSupport.immutable(keyValueMetadata);
    encodingStats = FormatSupport.immutable(encodingStats);
  }

  public static ColumnMetaData read(CompactProtocolReader in) throws ParquetCorruptionException {
    Type type = null;
    List<Encoding> encodings = null;
    List<String> pathInSchema = null;
    CompressionCodec codec = null;
    Long numValues = null;
    Long totalUncompressedSize = null;
    Long totalCompressedSize = null;
    List<KeyValue> keyValueMetadata = null;
    Long dataPageOffset = null;
    Long indexPageOffset = null;
    Long dictionaryPageOffset = null;
    Statistics statistics = null;
    List<PageEncodingStats> encodingStats = null;
    Long bloomFilterOffset = null;
    Integer bloomFilterLength = null;
    SizeStatistics sizeStatistics = null;
    GeospatialStatistics geospatialStatistics = null;
    in.readStructBegin("ColumnMetaData");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> type = FormatSupport.readStrictEnum(in, Type::findByValue, "Type");
        case 2 -> encodings = in.readEnumListField(Encoding::fromValue, Encoding[]::new);
        case 3 -> pathInSchema = in.readStringListField();
        case 4 -> codec = in.readEnumField(CompressionCodec::fromValue);
        case 5 -> numValues = in.readI64Field();
        case 6 -> totalUncompressedSize = in.readI64Field();
        case 7 -> totalCompressedSize = in.readI64Field();
        case 8 -> keyValueMetadata = in.readStructListField(KeyValue::read);
        case 9 -> dataPageOffset = in.readI64Field();
        case 10 -> indexPageOffset = in.readI64Field();
        case 11 -> dictionaryPageOffset = in.readI64Field();
        case 12 -> statistics = in.readStructField(Statistics::read);
        case 13 -> encodingStats = in.readStructListField(PageEncodingStats::read);
        case 14 -> bloomFilterOffset = in.readI64Field();
        case 15 -> bloomFilterLength = in.readI32Field();
        case 16 -> sizeStatistics = in.readStructField(SizeStatistics::read);
        case 17 -> geospatialStatistics = in.readStructField(GeospatialStatistics::read);
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    String struct = "ColumnMetaData";
    return new ColumnMetaData(
        in.require(type, struct, 1, "type"),
        in.require(encodings, struct, 2, "encodings"),
        in.require(pathInSchema, struct, 3, "path_in_schema"),
        in.require(codec, struct, 4, "codec"),
        in.require(numValues, struct, 5, "num_values"),
        in.require(totalUncompressedSize, struct, 6, "total_uncompressed_size"),
        in.require(totalCompressedSize, struct, 7, "total_compressed_size"),
        keyValueMetadata,
        in.require(dataPageOffset, struct, 9, "data_page_offset"),
        indexPageOffset, dictionaryPageOffset, statistics, encodingStats, bloomFilterOffset, bloomFilterLength,
        sizeStatistics, geospatialStatistics);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeEnumField(1, type);
    out.writeEnumListField(2, encodings);
    out.writeStringListField(3, pathInSchema);
    out.writeEnumField(4, codec);
    out.writeI64Field(5, numValues);
    out.writeI64Field(6, totalUncompressedSize);
    out.writeI64Field(7, totalCompressedSize);
    if (keyValueMetadata != null) {
      out.writeStructListField(8, keyValueMetadata, (writer, value) -> value.write(writer));
    }
    out.writeI64Field(9, dataPageOffset);
    if (indexPageOffset != null) {
      out.writeI64Field(10, indexPageOffset);
    }
    if (dictionaryPageOffset != null) {
      out.writeI64Field(11, dictionaryPageOffset);
    }
    if (statistics != null) {
      out.writeStructField(12, statistics, (writer, value) -> value.write(writer));
    }
    if (encodingStats != null) {
      out.writeStructListField(13, encodingStats, (writer, value) -> value.write(writer));
    }
    if (bloomFilterOffset != null) {
      out.writeI64Field(14, bloomFilterOffset);
    }
    if (bloomFilterLength != null) {
      out.writeI32Field(15, bloomFilterLength);
    }
    if (sizeStatistics != null) {
      out.writeStructField(16, sizeStatistics, (writer, value) -> value.write(writer));
    }
    if (geospatialStatistics != null) {
      out.writeStructField(17, geospatialStatistics, (writer, value) -> value.write(writer));
    }
    out.writeStructEnd();
  }

  /** Decodes a ColumnMetaData (e.g. decrypted {@code encrypted_column_metadata}) from a slice. */
  public static ColumnMetaData decode(byte[] bytes, int offset, int length) throws ParquetCorruptionException {
    return read(new CompactProtocolReader(bytes, offset, length));
  }

  /** Encodes this ColumnMetaData. */
  public byte[] encode() {
    CompactProtocolWriter out = new CompactProtocolWriter(256);
    write(out);
    return out.toByteArray();
  }
}
