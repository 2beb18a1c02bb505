package io.parquetarrow.bench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.StringType;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * parquet-java's side of {@link FooterDecodeBenchmark}: the footer it decodes, built with parquet-java's generated
 * Thrift classes, and parquet-java's decoding of it (kept apart so that the benchmark names our classes and these
 * parquet-java classes of the same names without qualifying either).
 */
final class ParquetJavaFooters {
  private ParquetJavaFooters() {}

  /** parquet-java's Thrift decoding of {@code footer}. */
  static FileMetaData decode(byte[] footer) throws IOException {
    return Util.readFileMetaData(new ByteArrayInputStream(footer));
  }

  /** parquet-java's Thrift decoding of {@code footer} and its conversion to parquet-java's metadata model. */
  static ParquetMetadata decodeAndConvert(byte[] footer, ParquetMetadataConverter converter) throws IOException {
    return converter.fromParquetMetadata(decode(footer));
  }

  /**
   * A footer for {@code columns} flat OPTIONAL columns cycling INT64, INT32, DOUBLE and BYTE_ARRAY strings, one
   * row group of 1,000 rows whose chunks lie back to back after the leading magic, each with min/max statistics.
   */
  static byte[] footerBytes(int columns) throws IOException {
    long rows = 1000;
    List<SchemaElement> schema = new ArrayList<>(columns + 1);
    SchemaElement root = new SchemaElement("schema");
    root.setNum_children(columns);
    schema.add(root);
    List<ColumnChunk> chunks = new ArrayList<>(columns);
    for (int index = 0; index < columns; index++) {
      String name = "column_" + index;
      Type type = switch (index % 4) {
        case 0 -> Type.INT64;
        case 1 -> Type.INT32;
        case 2 -> Type.DOUBLE;
        default -> Type.BYTE_ARRAY;
      };
      SchemaElement element = new SchemaElement(name);
      element.setType(type);
      element.setRepetition_type(FieldRepetitionType.OPTIONAL);
      if (type == Type.BYTE_ARRAY) {
        element.setConverted_type(ConvertedType.UTF8);
        element.setLogicalType(LogicalType.STRING(new StringType()));
      }
      schema.add(element);
      long offset = 4 + index * FooterDecodeBenchmark.CHUNK_BYTES;
      long chunkBytes = FooterDecodeBenchmark.CHUNK_BYTES;
      ColumnMetaData metaData = new ColumnMetaData(type, List.of(Encoding.PLAIN, Encoding.RLE), List.of(name),
          CompressionCodec.SNAPPY, rows, chunkBytes * 2, chunkBytes, offset);
      byte[] minimum = type == Type.BYTE_ARRAY ? "aardvark".getBytes(StandardCharsets.UTF_8) : new byte[8];
      byte[] maximum = type == Type.BYTE_ARRAY ? "zebra".getBytes(StandardCharsets.UTF_8) : new byte[8];
      if (type == Type.INT32) {
        minimum = new byte[4];
        maximum = new byte[] {1, 0, 0, 0};
      } else if (type != Type.BYTE_ARRAY) {
        maximum[0] = 1;
      }
      metaData.setStatistics(new Statistics().setMin_value(minimum).setMax_value(maximum).setNull_count(0));
      ColumnChunk chunk = new ColumnChunk(offset);
      chunk.setMeta_data(metaData);
      chunks.add(chunk);
    }
    RowGroup rowGroup = new RowGroup(chunks, rows * columns * 8, rows);
    rowGroup.setFile_offset(4);
    rowGroup.setTotal_compressed_size(columns * FooterDecodeBenchmark.CHUNK_BYTES);
    FileMetaData metaData = new FileMetaData(2, schema, rows, List.of(rowGroup));
    metaData.setCreated_by("parquet-arrow bench footer generator");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Util.writeFileMetaData(metaData, bytes);
    return bytes.toByteArray();
  }
}
