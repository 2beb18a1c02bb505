package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.KeyValue;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageLocation;
import io.parquetarrow.format.PageType;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * How the writer lays out a file: page and row-group limits, dictionary encoding and its fallback, per-column
 * encodings, checksums and the footer's key-value metadata — checked in the footer and page headers, and by
 * reading the files with Arrow C++ and DuckDB.
 */
class WriterLayoutTest {
  @TempDir Path directory;
  private BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  private static final Schema SCHEMA = new Schema(List.of(
      FlatTables.nullable("int32", new ArrowType.Int(32, true)),
      FlatTables.nullable("int64", new ArrowType.Int(64, true)),
      FlatTables.nullable("float64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      FlatTables.nullable("float32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      FlatTables.nullable("utf8", ArrowType.Utf8.INSTANCE),
      FlatTables.nullable("binary", ArrowType.Binary.INSTANCE),
      FlatTables.nullable("fixed5", new ArrowType.FixedSizeBinary(5)),
      FlatTables.nullable("bool", ArrowType.Bool.INSTANCE)));

  private Path write(String name, WriteOptions options, VectorSchemaRoot... batches) throws Exception {
    Path file = directory.resolve(name);
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, batches[0].getSchema(), options)) {
      for (VectorSchemaRoot batch : batches) {
        writer.write(batch);
      }
    }
    return file;
  }

  /**
   * Arrow C++ must read every column back; DuckDB all but {@code fixed5}, which it returns as a blob and whose
   * BYTE_STREAM_SPLIT encoding it does not read (it supports that encoding for FLOAT and DOUBLE only).
   */
  private void assertOraclesReadBack(String context, Path file, VectorSchemaRoot expected) throws Exception {
    try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file)) {
      ArrowAssertions.assertBatchesEqual(context + " (Arrow C++)", List.of(expected), arrowCpp.batches());
    }
    Schema duckDbSchema = new Schema(expected.getSchema().getFields().stream()
        .filter(field -> !field.getName().equals("fixed5")).toList());
    try (ArrowBatches duckDb = DuckDbOracle.query(allocator, "SELECT " + FlatWriteInteropTest.selectList(duckDbSchema)
        + " FROM read_parquet(?)", file.toString(), DuckDbOracle.DEFAULT_BATCH_SIZE)) {
      // The view shares expected's vectors and is not closed.
      ArrowAssertions.assertBatchesEqual(context + " (DuckDB)",
          List.of(FlatWriteInteropTest.view(expected, duckDbSchema)), duckDb.batches(),
          ArrowAssertions.Tolerance.LARGE_AND_SMALL_OFFSETS, ArrowAssertions.Tolerance.NULLABILITY);
    }
  }

  @Test
  void pagesAndRowGroupsFollowTheirLimits() throws Exception {
    long seed = 7;
    System.out.println("seed " + seed);
    try (VectorSchemaRoot root = FlatTables.fill(allocator, SCHEMA, 10_000, seed, 0.1)) {
      Path path = write("limits.parquet", WriteOptions.builder().pageRowLimit(1000).rowGroupRowLimit(4000)
          .dictionaryEnabled(false).build(), root);
      WrittenFile file = new WrittenFile(path);
      assertThat(file.footer.rowGroups()).as("row groups of 4000, 4000, 2000 rows")
          .extracting(group -> group.numRows()).containsExactly(4000L, 4000L, 2000L);
      assertThat(file.footer.numRows()).as("file rows").isEqualTo(10_000L);
      OffsetIndex offsets = file.offsetIndex(0, 0);
      assertThat(offsets.pageLocations()).as("pages of at most 1000 rows").extracting(PageLocation::firstRowIndex)
          .containsExactly(0L, 1000L, 2000L, 3000L);
      assertOraclesReadBack("limits", path, root);
    }
    try (VectorSchemaRoot root = FlatTables.fill(allocator, SCHEMA, 5000, seed, 0.0)) {
      Path path = write("bytes.parquet", WriteOptions.builder().pageSizeBytes(4096).dictionaryEnabled(false)
          .build(), root);
      WrittenFile file = new WrittenFile(path);
      OffsetIndex int64 = file.offsetIndex(0, 1);
      // 8-byte values, a page closes after the write batch (1024 rows) that passes 4096 bytes: 1024 rows a page.
      assertThat(int64.pageLocations()).as("int64 pages by size").hasSize(5);
      for (PageLocation location : int64.pageLocations()) {
        PageHeader.Decoded header = file.pageHeader(location.offset());
        assertThat(header.headerLength() + header.header().compressedPageSize())
            .as("offset index page size includes the header").isEqualTo(location.compressedPageSize());
      }
      assertOraclesReadBack("size limits", path, root);
    }
  }

  @Test
  void dictionaryFallsBackToTheColumnEncodingPastItsLimit() throws Exception {
    long seed = 11;
    System.out.println("seed " + seed);
    try (VectorSchemaRoot root = FlatTables.fill(allocator, SCHEMA, 20_000, seed, 0.1)) {
      Path path = write("fallback.parquet", WriteOptions.builder().dictionaryPageSizeLimit(2000)
          .columnEncoding("int64", Encoding.DELTA_BINARY_PACKED).build(), root);
      WrittenFile file = new WrittenFile(path);
      ColumnMetaData int64 = file.chunk(0, 1).metaData();
      assertThat(int64.encodings()).as("int64 encodings after fallback")
          .contains(Encoding.RLE_DICTIONARY, Encoding.DELTA_BINARY_PACKED);
      assertThat(int64.dictionaryPageOffset()).as("dictionary page comes first").isEqualTo(file.chunk(0, 1)
          .fileOffset());
      Map<String, Integer> stats = int64.encodingStats().stream().collect(Collectors.toMap(
          entry -> entry.pageType() + "/" + entry.encoding(), entry -> entry.count()));
      assertThat(stats).as("page encoding stats").containsEntry(PageType.DICTIONARY_PAGE + "/" + Encoding.PLAIN, 1)
          .containsKey(PageType.DATA_PAGE + "/" + Encoding.RLE_DICTIONARY)
          .containsKey(PageType.DATA_PAGE + "/" + Encoding.DELTA_BINARY_PACKED);
      ColumnMetaData bool = file.chunk(0, 7).metaData();
      assertThat(bool.dictionaryPageOffset()).as("booleans are never dictionary encoded").isNull();
      assertOraclesReadBack("fallback", path, root);
    }
  }

  @ParameterizedTest
  @EnumSource(WriteOptions.DataPageVersion.class)
  void everyValueEncodingIsReadByBothOracles(WriteOptions.DataPageVersion version) throws Exception {
    long seed = 13 + version.ordinal();
    System.out.println("seed " + seed);
    WriteOptions options = WriteOptions.builder().dictionaryEnabled(false).dataPageVersion(version)
        .codec(Codec.SNAPPY).pageRowLimit(900)
        .columnEncoding("int32", Encoding.DELTA_BINARY_PACKED)
        .columnEncoding("int64", Encoding.DELTA_BINARY_PACKED)
        .columnEncoding("float64", Encoding.BYTE_STREAM_SPLIT)
        .columnEncoding("float32", Encoding.BYTE_STREAM_SPLIT)
        .columnEncoding("utf8", Encoding.DELTA_BYTE_ARRAY)
        .columnEncoding("binary", Encoding.DELTA_LENGTH_BYTE_ARRAY)
        .columnEncoding("fixed5", Encoding.BYTE_STREAM_SPLIT)
        .columnEncoding("bool", Encoding.RLE).build();
    try (VectorSchemaRoot root = FlatTables.fill(allocator, SCHEMA, 3000, seed, 0.15)) {
      Path path = write("encodings.parquet", options, root);
      WrittenFile file = new WrittenFile(path);
      List<Encoding> expected = List.of(Encoding.DELTA_BINARY_PACKED, Encoding.DELTA_BINARY_PACKED,
          Encoding.BYTE_STREAM_SPLIT, Encoding.BYTE_STREAM_SPLIT, Encoding.DELTA_BYTE_ARRAY,
          Encoding.DELTA_LENGTH_BYTE_ARRAY, Encoding.BYTE_STREAM_SPLIT, Encoding.RLE);
      for (int column = 0; column < expected.size(); column++) {
        ColumnChunk chunk = file.chunk(0, column);
        PageHeader header = file.pageHeader(chunk.metaData().dataPageOffset()).header();
        Encoding encoding = version == WriteOptions.DataPageVersion.V1 ? header.dataPageHeader().encoding()
            : header.dataPageHeaderV2().encoding();
        assertThat(encoding).as("first page encoding of " + chunk.metaData().pathInSchema())
            .isEqualTo(expected.get(column));
      }
      assertOraclesReadBack("encodings " + version, path, root);
    }
  }

  @Test
  void pageChecksumsCoverThePageBytes() throws Exception {
    try (VectorSchemaRoot root = FlatTables.fill(allocator, SCHEMA, 3000, 17, 0.2)) {
      Path path = write("crc.parquet", WriteOptions.builder().pageChecksums(true).codec(Codec.ZSTD)
          .pageRowLimit(500).build(), root);
      WrittenFile file = new WrittenFile(path);
      int pages = 0;
      for (int column = 0; column < SCHEMA.getFields().size(); column++) {
        ColumnMetaData metaData = file.chunk(0, column).metaData();
        long position = file.chunk(0, column).fileOffset();
        long end = position + metaData.totalCompressedSize();
        while (position < end) {
          PageHeader.Decoded decoded = file.pageHeader(position);
          int bodyStart = Math.toIntExact(position + decoded.headerLength());
          CRC32 crc = new CRC32();
          crc.update(file.bytes, bodyStart, decoded.header().compressedPageSize());
          assertThat(decoded.header().crc()).as("crc of page at " + position).isEqualTo((int) crc.getValue());
          position = bodyStart + decoded.header().compressedPageSize();
          pages++;
        }
        assertThat(position).as("pages of column " + column + " fill the chunk").isEqualTo(end);
      }
      assertThat(pages).as("pages checked").isGreaterThan(SCHEMA.getFields().size() * 6);
    }
  }

  @Test
  void footerCarriesArrowSchemaCreatedByAndUserMetadata() throws Exception {
    Schema withMetadata = new Schema(SCHEMA.getFields(), Map.of("schema-key", "schema-value"));
    try (VectorSchemaRoot filled = FlatTables.fill(allocator, SCHEMA, 10, 19, 0.2);
        VectorSchemaRoot root = new VectorSchemaRoot(withMetadata, filled.getFieldVectors(), 10)) {
      Path path = write("metadata.parquet", WriteOptions.builder().keyValue("user-key", "user-value").build(),
          root);
      WrittenFile file = new WrittenFile(path);
      Map<String, String> keyValues = file.footer.keyValueMetadata().stream()
          .collect(Collectors.toMap(KeyValue::key, KeyValue::value));
      assertThat(keyValues).as("footer key-value metadata").containsEntry("user-key", "user-value")
          .containsEntry("schema-key", "schema-value").containsKey("ARROW:schema");
      byte[] message = Base64.getDecoder().decode(keyValues.get("ARROW:schema"));
      assertThat(java.util.Arrays.copyOf(message, 4)).as("IPC continuation marker, as Arrow C++ frames it")
          .isEqualTo(new byte[] {-1, -1, -1, -1});
      int length = (message[4] & 0xFF) | (message[5] & 0xFF) << 8 | (message[6] & 0xFF) << 16
          | (message[7] & 0xFF) << 24;
      assertThat(length % 8).as("metadata length is padded to 8").isZero();
      assertThat(message.length).as("message is marker, length and metadata").isEqualTo(8 + length);
      assertThat(Schema.deserializeMessage(java.nio.ByteBuffer.wrap(message)).getFields())
          .as("stored schema").isEqualTo(SCHEMA.getFields());
      assertThat(file.footer.createdBy()).as("created_by").matches("parquet-arrow version \\S+ \\(build \\S+\\)");
      assertThat(file.footer.columnOrders()).as("one column order per leaf").hasSize(SCHEMA.getFields().size());
      assertThat(ArrowCppOracle.schema(allocator, path).getCustomMetadata())
          .as("Arrow C++ sees the schema metadata").containsEntry("schema-key", "schema-value");
      // The view shares filled's vectors; closing both would close them twice.
      root.clear();
    }
  }
}
