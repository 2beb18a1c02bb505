package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.core.testing.TestTables;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.example.DummyRecordConverter;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.hadoop.BloomFilterReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files this writer produces are read by parquet-java (test scope; an independent implementation): every value
 * of a flat type matrix with nulls through parquet-java's column readers, over the codecs × data page versions;
 * the page index through {@code readColumnIndex} / {@code readOffsetIndex}; Bloom filters through
 * {@code readBloomFilter}; and footer statistics, each compared with what the Arrow source data says they should
 * be; and a nested file (list, struct, map) assembled into parquet-java's example {@link Group}s. Files are
 * opened with parquet-java's {@link LocalInputFile}, not {@code HadoopInputFile}: Hadoop's login
 * code calls {@code Subject.getSubject}, which JDK 23+ no longer supports.
 */
class ParquetJavaInteropTest {
  private static final int ROWS = 3_000;
  private static final int PAGE_ROWS = 700;
  private static final int ROW_GROUP_ROWS = 2_000;

  /**
   * The flat types whose Parquet value parquet-java returns as the Arrow value's plain form (a number, the
   * bytes, an unscaled decimal). Unsigned integers and float16 are left out: their Parquet representation is a
   * reinterpretation that {@link #expectedValue} would have to repeat.
   */
  private static final Set<String> COLUMNS = Set.of("bool", "bool_required", "int8", "int16", "int32",
      "int32_required", "int64", "float32", "float64", "decimal_10_2", "decimal_38_10", "decimal256_60_5", "date32",
      "time32_ms", "time64_us", "time64_ns", "timestamp_ms", "timestamp_us_utc", "timestamp_ns_zone", "utf8",
      "utf8_required", "large_utf8", "binary", "large_binary", "fixed5");

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

  static Schema flatSchema() {
    List<Field> fields = new ArrayList<>();
    for (Field field : FlatTables.allTypes().getFields()) {
      if (COLUMNS.contains(field.getName())) {
        fields.add(field);
      }
    }
    return new Schema(fields);
  }

  static Stream<Arguments> layouts() {
    List<Arguments> layouts = new ArrayList<>();
    for (Codec codec : List.of(Codec.SNAPPY, Codec.GZIP, Codec.ZSTD, Codec.LZ4_RAW)) {
      for (WriteOptions.DataPageVersion version : WriteOptions.DataPageVersion.values()) {
        layouts.add(Arguments.of(codec, version, true));
      }
    }
    layouts.add(Arguments.of(Codec.UNCOMPRESSED, WriteOptions.DataPageVersion.V1, false));
    layouts.add(Arguments.of(Codec.UNCOMPRESSED, WriteOptions.DataPageVersion.V2, false));
    return layouts.stream();
  }

  private static WriteOptions.Builder layout(Codec codec, WriteOptions.DataPageVersion version, boolean dictionary) {
    return WriteOptions.builder().codec(codec).dataPageVersion(version).dictionaryEnabled(dictionary)
        .pageRowLimit(PAGE_ROWS).rowGroupRowLimit(ROW_GROUP_ROWS);
  }

  private Path write(VectorSchemaRoot data, WriteOptions options) throws Exception {
    Path file = directory.resolve("interop.parquet");
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, data.getSchema(), options)) {
      writer.write(data);
    }
    return file;
  }

  @ParameterizedTest(name = "{0} {1} dictionary={2}")
  @MethodSource("layouts")
  void parquetJavaReadsEveryValue(Codec codec, WriteOptions.DataPageVersion version, boolean dictionary)
      throws Exception {
    long seed = 9_100 + codec.ordinal() * 2L + version.ordinal();
    System.out.println("seed " + seed);
    try (VectorSchemaRoot data = FlatTables.fill(allocator, flatSchema(), ROWS, seed, 0.2)) {
      Path file = write(data, layout(codec, version, dictionary).build());
      Map<String, List<Object>> columns = readWithParquetJava(file, codec);
      for (FieldVector vector : data.getFieldVectors()) {
        List<Object> expected = new ArrayList<>();
        for (int row = 0; row < data.getRowCount(); row++) {
          expected.add(expectedValue(vector, row));
        }
        assertThat(columns.get(vector.getName())).as("column %s read by parquet-java (%s %s, seed %d)",
            vector.getName(), codec, version, seed).isEqualTo(expected);
      }
    }
  }

  /** Every leaf's values by name, nulls as null, through parquet-java's {@link ColumnReader}. */
  private static Map<String, List<Object>> readWithParquetJava(Path file, Codec codec) throws Exception {
    Map<String, List<Object>> columns = new LinkedHashMap<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      for (BlockMetaData block : reader.getFooter().getBlocks()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          assertThat(chunk.getCodec()).as("codec of %s", chunk.getPath())
              .isEqualTo(CompressionCodecName.fromParquet(
                  org.apache.parquet.format.CompressionCodec.valueOf(codec.parquetCodec().name())));
        }
      }
      PageReadStore rowGroup;
      while ((rowGroup = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(rowGroup,
            new DummyRecordConverter(schema).getRootConverter(), schema, createdBy);
        for (ColumnDescriptor descriptor : schema.getColumns()) {
          ColumnReader column = store.getColumnReader(descriptor);
          List<Object> values = columns.computeIfAbsent(descriptor.getPath()[0], name -> new ArrayList<>());
          for (long i = 0; i < column.getTotalValueCount(); i++) {
            if (column.getCurrentDefinitionLevel() == descriptor.getMaxDefinitionLevel()) {
              values.add(parquetJavaValue(column, descriptor.getPrimitiveType()));
            } else {
              values.add(null);
            }
            column.consume();
          }
        }
      }
    }
    return columns;
  }

  /** The current value in the comparable form of {@link #expectedValue}. */
  private static Object parquetJavaValue(ColumnReader column, PrimitiveType type) {
    int scale = type.getLogicalTypeAnnotation()
        instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal ? decimal.getScale() : -1;
    return switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> column.getBoolean();
      case INT32 -> scale >= 0
          ? new BigDecimal(BigInteger.valueOf(column.getInteger()), scale) : (Object) (long) column.getInteger();
      case INT64 -> scale >= 0 ? new BigDecimal(BigInteger.valueOf(column.getLong()), scale) : column.getLong();
      case FLOAT -> column.getFloat();
      case DOUBLE -> column.getDouble();
      case BINARY, FIXED_LEN_BYTE_ARRAY -> scale >= 0
          ? new BigDecimal(new BigInteger(column.getBinary().getBytes()), scale)
          : HexFormat.of().formatHex(column.getBinary().getBytes());
      default -> throw new AssertionError("unexpected physical type " + type);
    };
  }

  /**
   * The Arrow value in a form both sides produce: a boxed boolean, float or double; a long for every integer,
   * date, time and timestamp (its stored number, whatever the unit); a BigDecimal; hex for bytes.
   */
  private static Object expectedValue(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return null;
    }
    if (vector instanceof BitVector bits) {
      return bits.get(row) == 1;
    }
    if (vector instanceof TinyIntVector v) {
      return (long) v.get(row);
    }
    if (vector instanceof SmallIntVector v) {
      return (long) v.get(row);
    }
    if (vector instanceof Float4Vector v) {
      return v.get(row);
    }
    if (vector instanceof Float8Vector v) {
      return v.get(row);
    }
    if (vector instanceof DecimalVector v) {
      return v.getObject(row);
    }
    if (vector instanceof Decimal256Vector v) {
      return v.getObject(row);
    }
    if (vector instanceof FixedSizeBinaryVector v) {
      return HexFormat.of().formatHex(v.get(row));
    }
    if (vector instanceof BaseVariableWidthVector v) {
      return HexFormat.of().formatHex(v.get(row));
    }
    if (vector instanceof BaseLargeVariableWidthVector v) {
      return HexFormat.of().formatHex(v.get(row));
    }
    if (vector instanceof BaseFixedWidthVector fixed && fixed.getTypeWidth() == 4) {
      // int32, date32, time32: the stored 32-bit number.
      return (long) fixed.getDataBuffer().getInt((long) row * 4);
    }
    if (vector instanceof BaseFixedWidthVector fixed && fixed.getTypeWidth() == 8) {
      // int64, time64, timestamps: the stored 64-bit number.
      return fixed.getDataBuffer().getLong((long) row * 8);
    }
    throw new AssertionError("no comparable form for " + vector.getField());
  }

  @Test
  void pageIndexReadByParquetJavaHoldsEachPagesBoundsNullsAndLocations() throws Exception {
    long seed = 9_200;
    System.out.println("seed " + seed);
    try (VectorSchemaRoot data = FlatTables.fill(allocator, flatSchema(), ROWS, seed, 0.2)) {
      Path file = write(data, layout(Codec.ZSTD, WriteOptions.DataPageVersion.V2, true).build());
      WrittenFile ours = new WrittenFile(file);
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
        List<BlockMetaData> blocks = reader.getFooter().getBlocks();
        assertThat(blocks).as("row groups of %d rows", ROW_GROUP_ROWS).hasSize(2);
        long rowGroupStart = 0;
        for (int group = 0; group < blocks.size(); group++) {
          BlockMetaData block = blocks.get(group);
          for (int leaf = 0; leaf < block.getColumns().size(); leaf++) {
            ColumnChunkMetaData chunk = block.getColumns().get(leaf);
            String name = chunk.getPath().toDotString();
            ColumnIndex columnIndex = reader.readColumnIndex(chunk);
            OffsetIndex offsetIndex = reader.readOffsetIndex(chunk);
            assertThat(columnIndex).as("column index of %s, row group %d", name, group).isNotNull();
            assertThat(offsetIndex).as("offset index of %s, row group %d", name, group).isNotNull();
            io.parquetarrow.format.OffsetIndex ourOffsets = ours.offsetIndex(group, leaf);
            io.parquetarrow.format.ColumnIndex ourColumnIndex = ours.columnIndex(group, leaf);
            assertThat(offsetIndex.getPageCount()).as("pages of %s", name)
                .isEqualTo(ourOffsets.pageLocations().size()).isGreaterThan(1);
            FieldVector vector = data.getVector(name);
            for (int page = 0; page < offsetIndex.getPageCount(); page++) {
              io.parquetarrow.format.PageLocation location = ourOffsets.pageLocations().get(page);
              assertThat(offsetIndex.getOffset(page)).as("offset of page %d of %s", page, name)
                  .isEqualTo(location.offset());
              assertThat(offsetIndex.getCompressedPageSize(page)).as("size of page %d of %s", page, name)
                  .isEqualTo(location.compressedPageSize());
              assertThat(offsetIndex.getFirstRowIndex(page)).as("first row of page %d of %s", page, name)
                  .isEqualTo(location.firstRowIndex());
              long first = rowGroupStart + offsetIndex.getFirstRowIndex(page);
              long end = page + 1 < offsetIndex.getPageCount()
                  ? rowGroupStart + offsetIndex.getFirstRowIndex(page + 1) : rowGroupStart + block.getRowCount();
              long nulls = 0;
              for (long row = first; row < end; row++) {
                nulls += vector.isNull((int) row) ? 1 : 0;
              }
              assertThat(columnIndex.getNullCounts().get(page)).as("null count of page %d of %s", page, name)
                  .isEqualTo(nulls);
              assertThat(columnIndex.getNullPages().get(page)).as("null page flag of page %d of %s", page, name)
                  .isEqualTo(nulls == end - first);
              assertThat(toBytes(columnIndex.getMinValues().get(page))).as("min of page %d of %s", page, name)
                  .isEqualTo(ourColumnIndex.minValues().get(page));
              assertThat(toBytes(columnIndex.getMaxValues().get(page))).as("max of page %d of %s", page, name)
                  .isEqualTo(ourColumnIndex.maxValues().get(page));
              if (name.equals("int64") && nulls < end - first) {
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                for (long row = first; row < end; row++) {
                  if (!vector.isNull((int) row)) {
                    min = Math.min(min, ((BigIntVector) vector).get((int) row));
                    max = Math.max(max, ((BigIntVector) vector).get((int) row));
                  }
                }
                assertThat(littleEndianLong(columnIndex.getMinValues().get(page))).as("int64 page %d min", page)
                    .isEqualTo(min);
                assertThat(littleEndianLong(columnIndex.getMaxValues().get(page))).as("int64 page %d max", page)
                    .isEqualTo(max);
              }
            }
          }
          rowGroupStart += block.getRowCount();
        }
      }
    }
  }

  private static byte[] toBytes(ByteBuffer buffer) {
    ByteBuffer copy = buffer.duplicate();
    byte[] bytes = new byte[copy.remaining()];
    copy.get(bytes);
    return bytes;
  }

  private static long littleEndianLong(ByteBuffer buffer) {
    return buffer.duplicate().order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(buffer.position());
  }

  @Test
  void footerStatisticsReadByParquetJavaAreTheDataBounds() throws Exception {
    long seed = 9_300;
    System.out.println("seed " + seed);
    try (VectorSchemaRoot data = FlatTables.fill(allocator, flatSchema(), ROWS, seed, 0.2)) {
      Path file = write(data, layout(Codec.SNAPPY, WriteOptions.DataPageVersion.V1, true).build());
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
        int rowGroupStart = 0;
        for (BlockMetaData block : reader.getFooter().getBlocks()) {
          int end = rowGroupStart + (int) block.getRowCount();
          for (ColumnChunkMetaData chunk : block.getColumns()) {
            String name = chunk.getPath().toDotString();
            FieldVector vector = data.getVector(name);
            Statistics<?> statistics = chunk.getStatistics();
            long nulls = 0;
            for (int row = rowGroupStart; row < end; row++) {
              nulls += vector.isNull(row) ? 1 : 0;
            }
            assertThat(statistics.getNumNulls()).as("null count of %s from row %d", name, rowGroupStart)
                .isEqualTo(nulls);
            if (vector instanceof IntVector || vector instanceof BigIntVector) {
              long min = Long.MAX_VALUE;
              long max = Long.MIN_VALUE;
              for (int row = rowGroupStart; row < end; row++) {
                if (!vector.isNull(row)) {
                  long value = (Long) expectedValue(vector, row);
                  min = Math.min(min, value);
                  max = Math.max(max, value);
                }
              }
              assertThat(((Number) statistics.genericGetMin()).longValue()).as("min of %s", name).isEqualTo(min);
              assertThat(((Number) statistics.genericGetMax()).longValue()).as("max of %s", name).isEqualTo(max);
            } else if (name.equals("utf8") || name.equals("binary")) {
              byte[] min = null;
              byte[] max = null;
              for (int row = rowGroupStart; row < end; row++) {
                if (!vector.isNull(row)) {
                  byte[] value = ((BaseVariableWidthVector) vector).get(row);
                  min = min == null || Arrays.compareUnsigned(value, min) < 0 ? value : min;
                  max = max == null || Arrays.compareUnsigned(value, max) > 0 ? value : max;
                }
              }
              assertThat(((Binary) statistics.genericGetMin()).getBytes()).as("min of %s", name).isEqualTo(min);
              assertThat(((Binary) statistics.genericGetMax()).getBytes()).as("max of %s", name).isEqualTo(max);
            } else if (vector instanceof DecimalVector decimal) {
              BigDecimal min = null;
              BigDecimal max = null;
              for (int row = rowGroupStart; row < end; row++) {
                if (!vector.isNull(row)) {
                  BigDecimal value = decimal.getObject(row);
                  min = min == null || value.compareTo(min) < 0 ? value : min;
                  max = max == null || value.compareTo(max) > 0 ? value : max;
                }
              }
              int scale = decimal.getScale();
              assertThat(unscaled(statistics.genericGetMin(), scale)).as("min of %s", name).isEqualTo(min);
              assertThat(unscaled(statistics.genericGetMax(), scale)).as("max of %s", name).isEqualTo(max);
            }
          }
          rowGroupStart = end;
        }
      }
    }
  }

  /** A decimal statistic as parquet-java returns it (Integer, Long or Binary of the unscaled value). */
  private static BigDecimal unscaled(Object statistic, int scale) {
    BigInteger unscaled = statistic instanceof Binary binary
        ? new BigInteger(binary.getBytes()) : BigInteger.valueOf(((Number) statistic).longValue());
    return new BigDecimal(unscaled, scale);
  }

  @Test
  void bloomFiltersReadByParquetJavaHoldEveryWrittenValue() throws Exception {
    long seed = 9_400;
    System.out.println("seed " + seed);
    List<String> bloomColumns = List.of("int32", "int64", "float64", "utf8", "fixed5");
    WriteOptions.Builder options = layout(Codec.ZSTD, WriteOptions.DataPageVersion.V1, true);
    for (String column : bloomColumns) {
      options.bloomFilter(column, 4_000, 0.01);
    }
    try (VectorSchemaRoot data = FlatTables.fill(allocator, flatSchema(), ROWS, seed, 0.2)) {
      Path file = write(data, options.build());
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
        int rowGroupStart = 0;
        for (BlockMetaData block : reader.getFooter().getBlocks()) {
          int end = rowGroupStart + (int) block.getRowCount();
          BloomFilterReader bloomReader = reader.getBloomFilterDataReader(block);
          for (ColumnChunkMetaData chunk : block.getColumns()) {
            String name = chunk.getPath().toDotString();
            BloomFilter filter = bloomReader.readBloomFilter(chunk);
            if (!bloomColumns.contains(name)) {
              assertThat(filter).as("no Bloom filter for %s", name).isNull();
              continue;
            }
            assertThat(filter).as("Bloom filter of %s", name).isNotNull();
            FieldVector vector = data.getVector(name);
            for (int row = rowGroupStart; row < end; row++) {
              if (!vector.isNull(row)) {
                assertThat(filter.findHash(hash(filter, vector, row))).as("%s row %d is in the filter", name, row)
                    .isTrue();
              }
            }
            if (name.equals("int64") || name.equals("int32")) {
              // Values the generator does not produce: far outside its range.
              int present = 0;
              for (int probe = 0; probe < 1_000; probe++) {
                long absent = 1_000_000_000_000L + probe * 7919L;
                boolean found = name.equals("int64")
                    ? filter.findHash(filter.hash(absent)) : filter.findHash(filter.hash((int) (absent >>> 12)));
                present += found ? 1 : 0;
              }
              assertThat(present).as("false positives of %s among 1000 absent values (fpp 1%%)", name)
                  .isLessThan(50);
            }
          }
          rowGroupStart = end;
        }
      }
    }
  }

  /** parquet-java's hash of the value at {@code row}, by the column's Parquet physical type. */
  private static long hash(BloomFilter filter, FieldVector vector, int row) {
    if (vector instanceof IntVector v) {
      return filter.hash(v.get(row));
    }
    if (vector instanceof BigIntVector v) {
      return filter.hash(v.get(row));
    }
    if (vector instanceof Float8Vector v) {
      return filter.hash(v.get(row));
    }
    if (vector instanceof BaseVariableWidthVector v) {
      return filter.hash(Binary.fromConstantByteArray(v.get(row)));
    }
    if (vector instanceof FixedSizeBinaryVector v) {
      return filter.hash(Binary.fromConstantByteArray(v.get(row)));
    }
    throw new AssertionError("no hash for " + vector.getField());
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("nestedLayouts")
  void parquetJavaGroupsHoldTheNestedValues(Codec codec, WriteOptions.DataPageVersion version) throws Exception {
    VectorSchemaRoot mixed = TestTables.mixed(allocator, 500, 1);
    List<FieldVector> vectors = new ArrayList<>(mixed.getFieldVectors());
    vectors.add(tags(500));
    try (VectorSchemaRoot data = new VectorSchemaRoot(vectors)) {
      data.setRowCount(500);
      Path file = write(data, WriteOptions.builder().codec(codec).dataPageVersion(version).pageRowLimit(120)
          .rowGroupRowLimit(300).build());
      List<List<Object>> expected = new ArrayList<>();
      for (int row = 0; row < data.getRowCount(); row++) {
        expected.add(List.of(Arrays.asList(expectedValue(data.getVector("id"), row)),
            Arrays.asList(arrowNested(data.getVector("numbers"), row)),
            Arrays.asList(arrowNested(data.getVector("point"), row)),
            Arrays.asList(arrowNested(data.getVector("tags"), row))));
      }
      List<List<Object>> actual = new ArrayList<>();
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
        MessageType schema = reader.getFooter().getFileMetaData().getSchema();
        MessageColumnIO columnIo = new ColumnIOFactory().getColumnIO(schema);
        PageReadStore rowGroup;
        while ((rowGroup = reader.readNextRowGroup()) != null) {
          RecordReader<Group> records = columnIo.getRecordReader(rowGroup, new GroupRecordConverter(schema));
          for (long row = 0; row < rowGroup.getRowCount(); row++) {
            Group record = records.read();
            actual.add(List.of(Arrays.asList(record.getFieldRepetitionCount("id") == 0 ? null
                    : (Object) (long) record.getInteger("id", 0)),
                Arrays.asList(groupList(record, "numbers")),
                Arrays.asList(groupStruct(record, "point")),
                Arrays.asList(groupMap(record, "tags"))));
          }
        }
      }
      assertThat(actual).as("rows (id, numbers, point, tags) parquet-java assembled (%s %s)", codec, version)
          .isEqualTo(expected);
    }
  }

  static Stream<Arguments> nestedLayouts() {
    return Stream.of(Arguments.of(Codec.SNAPPY, WriteOptions.DataPageVersion.V1),
        Arguments.of(Codec.ZSTD, WriteOptions.DataPageVersion.V2),
        Arguments.of(Codec.LZ4_RAW, WriteOptions.DataPageVersion.V1),
        Arguments.of(Codec.GZIP, WriteOptions.DataPageVersion.V2));
  }

  /** A nullable map&lt;utf8, int64> column: null every 9th row, empty every 4th, else up to 3 entries. */
  private MapVector tags(int rows) {
    Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
        new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
        new Field("value", FieldType.nullable(new ArrowType.Int(64, true)), null)));
    Field field = new Field("tags", FieldType.nullable(new ArrowType.Map(false)), List.of(entries));
    MapVector map = (MapVector) field.createVector(allocator);
    map.allocateNew();
    StructVector struct = (StructVector) map.getDataVector();
    VarCharVector key = struct.getChild("key", VarCharVector.class);
    BigIntVector value = struct.getChild("value", BigIntVector.class);
    for (int row = 0; row < rows; row++) {
      if (row % 9 == 2) {
        map.setNull(row);
        continue;
      }
      int start = map.startNewValue(row);
      int count = row % 4 == 1 ? 0 : 1 + row % 3;
      for (int k = 0; k < count; k++) {
        struct.setIndexDefined(start + k);
        key.setSafe(start + k, ("k" + k + "-" + row).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if ((row + k) % 5 == 0) {
          value.setNull(start + k);
        } else {
          value.setSafe(start + k, (long) row * 1_000 + k);
        }
      }
      map.endValue(row, count);
      struct.setValueCount(start + count);
      key.setValueCount(start + count);
      value.setValueCount(start + count);
    }
    map.setValueCount(rows);
    return map;
  }

  /** A list as a List, a struct as the List of its children, a map as a List of [key, value] Lists. */
  private static Object arrowNested(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return null;
    }
    if (vector instanceof MapVector map) {
      StructVector entries = (StructVector) map.getDataVector();
      List<Object> pairs = new ArrayList<>();
      for (int i = map.getElementStartIndex(row); i < map.getElementEndIndex(row); i++) {
        pairs.add(Arrays.asList(arrowNested((FieldVector) entries.getChildByOrdinal(0), i),
            arrowNested((FieldVector) entries.getChildByOrdinal(1), i)));
      }
      return pairs;
    }
    if (vector instanceof ListVector list) {
      List<Object> elements = new ArrayList<>();
      for (int i = list.getElementStartIndex(row); i < list.getElementEndIndex(row); i++) {
        elements.add(arrowNested(list.getDataVector(), i));
      }
      return elements;
    }
    if (vector instanceof StructVector struct) {
      List<Object> children = new ArrayList<>();
      for (FieldVector child : struct.getChildrenFromFields()) {
        children.add(arrowNested(child, row));
      }
      return children;
    }
    Object value = expectedValue(vector, row);
    // Text as text, so a failure message is readable on both sides.
    return vector instanceof VarCharVector text ? new String(text.get(row), java.nio.charset.StandardCharsets.UTF_8)
        : value;
  }

  private static Object groupList(Group record, String name) {
    if (record.getFieldRepetitionCount(name) == 0) {
      return null;
    }
    // LIST: <list-repetition> group <name> (LIST) { repeated group <any name> { <element> } } (LogicalTypes.md).
    Group list = record.getGroup(name, 0);
    List<Object> elements = new ArrayList<>();
    for (int i = 0; i < list.getFieldRepetitionCount(0); i++) {
      Group entry = list.getGroup(0, i);
      elements.add(entry.getFieldRepetitionCount(0) == 0 ? null : groupPrimitive(entry, 0));
    }
    return elements;
  }

  private static Object groupStruct(Group record, String name) {
    if (record.getFieldRepetitionCount(name) == 0) {
      return null;
    }
    Group struct = record.getGroup(name, 0);
    List<Object> children = new ArrayList<>();
    for (int field = 0; field < struct.getType().getFieldCount(); field++) {
      children.add(struct.getFieldRepetitionCount(field) == 0 ? null : groupPrimitive(struct, field));
    }
    return children;
  }

  private static Object groupMap(Group record, String name) {
    if (record.getFieldRepetitionCount(name) == 0) {
      return null;
    }
    // MAP: group <name> (MAP) { repeated group key_value { required <key>; <value>; } } (LogicalTypes.md).
    Group map = record.getGroup(name, 0);
    List<Object> pairs = new ArrayList<>();
    for (int i = 0; i < map.getFieldRepetitionCount(0); i++) {
      Group entry = map.getGroup(0, i);
      pairs.add(Arrays.asList(groupPrimitive(entry, 0),
          entry.getFieldRepetitionCount(1) == 0 ? null : groupPrimitive(entry, 1)));
    }
    return pairs;
  }

  /** The primitive at {@code field} of {@code group}, in the form of {@link #arrowNested}. */
  private static Object groupPrimitive(Group group, int field) {
    PrimitiveType type = group.getType().getType(field).asPrimitiveType();
    return switch (type.getPrimitiveTypeName()) {
      case INT32 -> (long) group.getInteger(field, 0);
      case INT64 -> group.getLong(field, 0);
      case BINARY -> group.getString(field, 0);
      default -> throw new AssertionError("unexpected nested leaf type " + type);
    };
  }
}
