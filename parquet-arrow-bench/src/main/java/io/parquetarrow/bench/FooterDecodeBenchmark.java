package io.parquetarrow.bench;

import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.errors.ParquetException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Footer decoding of a wide file (10,000 columns by default, one row group, statistics on every chunk): our
 * hand-written compact-protocol decoder ({@link io.parquetarrow.format.FileMetaData#decode}) and our validated
 * model ({@link ParquetMetadata#of}) against parquet-java's generated Thrift ({@link Util#readFileMetaData}) and
 * its {@link ParquetMetadataConverter#fromParquetMetadata} on top. The footer bytes are built once with
 * parquet-java's Thrift classes, so both sides decode exactly the same bytes. Reported in milliseconds per footer.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class FooterDecodeBenchmark {
  /** Bytes per column chunk in the imaginary file the footer describes. */
  private static final long CHUNK_BYTES = 1000;

  @Param({"10000"})
  public int columns;

  private byte[] footer;
  private long footerStart;
  private long fileLength;
  private final ParquetMetadataConverter converter = new ParquetMetadataConverter();

  @Setup
  public void setUp() throws IOException {
    footer = footerBytes(columns);
    footerStart = 4 + columns * CHUNK_BYTES;
    fileLength = footerStart + footer.length + 8;
  }

  @Benchmark
  public io.parquetarrow.format.FileMetaData oursDecode() throws ParquetException {
    return io.parquetarrow.format.FileMetaData.decode(footer, 0, footer.length);
  }

  @Benchmark
  public ParquetMetadata oursDecodeAndValidate() throws ParquetException {
    return ParquetMetadata.of(io.parquetarrow.format.FileMetaData.decode(footer, 0, footer.length), "footer",
        fileLength, footerStart);
  }

  @Benchmark
  public FileMetaData parquetJavaThrift() throws IOException {
    return Util.readFileMetaData(new ByteArrayInputStream(footer));
  }

  @Benchmark
  public org.apache.parquet.hadoop.metadata.ParquetMetadata parquetJavaConverted() throws IOException {
    return converter.fromParquetMetadata(Util.readFileMetaData(new ByteArrayInputStream(footer)));
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
      long offset = 4 + index * CHUNK_BYTES;
      ColumnMetaData metaData = new ColumnMetaData(type, List.of(Encoding.PLAIN, Encoding.RLE), List.of(name),
          CompressionCodec.SNAPPY, rows, CHUNK_BYTES * 2, CHUNK_BYTES, offset);
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
    rowGroup.setTotal_compressed_size(columns * CHUNK_BYTES);
    FileMetaData metaData = new FileMetaData(2, schema, rows, List.of(rowGroup));
    metaData.setCreated_by("parquet-arrow bench footer generator");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Util.writeFileMetaData(metaData, bytes);
    return bytes.toByteArray();
  }
}
