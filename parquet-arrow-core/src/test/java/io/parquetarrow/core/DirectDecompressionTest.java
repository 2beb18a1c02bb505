package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.ArrowCppWriter;
import io.parquetarrow.core.testing.DuckDbWriter;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The path that decompresses PLAIN fixed-width pages straight into the Arrow vector's data buffer
 * ({@code PageReader#nextPage(ValueDestination)}): every codec × data page v1/v2 × required, optional without
 * nulls and optional with nulls × INT32, INT64, FLOAT, DOUBLE, FIXED_LEN_BYTE_ARRAY(16) and INT64 timestamps,
 * written by our writer (the only one of the three that writes required columns with every codec and page
 * version), by DuckDB and by Arrow C++, read by us and compared value by value with Arrow C++'s read. The page
 * statistic {@code pagesDecompressedIntoVectors} proves the direct path is taken where it should be (compressed
 * required columns in batches that hold whole pages) and not where it must not be (optional columns, pages
 * spanning batches). A page whose {@code uncompressed_page_size} claims more bytes than its values need is
 * rejected before anything is written.
 */
class DirectDecompressionTest {
  private static final int ROWS = 12_000;
  private static final int PAGE_ROWS = 1_000;
  private static final int ROW_GROUP_ROWS = 6_000;

  @TempDir Path temporary;

  enum Nulls { REQUIRED, OPTIONAL_WITHOUT_NULLS, OPTIONAL_WITH_NULLS }

  static Stream<Arguments> ourWriterMatrix() {
    List<Arguments> cases = new ArrayList<>();
    for (Codec codec : new Codec[] {Codec.UNCOMPRESSED, Codec.SNAPPY, Codec.GZIP, Codec.ZSTD, Codec.LZ4_RAW}) {
      for (WriteOptions.DataPageVersion version : WriteOptions.DataPageVersion.values()) {
        for (Nulls nulls : Nulls.values()) {
          cases.add(Arguments.of(codec, version, nulls));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("ourWriterMatrix")
  void ourWriterFilesEqualArrowCpp(Codec codec, WriteOptions.DataPageVersion version, Nulls nulls)
      throws Exception {
    long seed = 7_331L * (codec.ordinal() + 1) + 31L * version.ordinal() + nulls.ordinal();
    System.out.println("DirectDecompressionTest seed " + seed);
    String label = codec + "_" + version + "_" + nulls;
    Path file = temporary.resolve(label + ".parquet");
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot table = table(allocator, nulls, ROWS, seed)) {
        writeOurs(file, table, codec, version);
      }
      // Whole row groups per batch: every page fits its batch.
      long direct = compareWithArrowCpp(allocator, file, label, ROW_GROUP_ROWS);
      boolean expectDirect = codec != Codec.UNCOMPRESSED && nulls == Nulls.REQUIRED;
      if (expectDirect) {
        int columnChunks = 6 * (ROWS / ROW_GROUP_ROWS);
        assertThat(direct).as("%s: pages decompressed straight into vectors (seed %d)", label, seed)
            .isGreaterThanOrEqualTo(columnChunks);
      } else {
        assertThat(direct).as("%s: pages decompressed straight into vectors (seed %d)", label, seed).isZero();
      }
      // An odd batch size: most pages span two batches and take the heap path, a few still fit.
      compareWithArrowCpp(allocator, file, label + " batches of 4099", 4_099);
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after %s", label).isZero();
    }
  }

  static Stream<Arguments> duckDbMatrix() {
    List<Arguments> cases = new ArrayList<>();
    for (String codec : new String[] {"uncompressed", "snappy", "gzip", "zstd", "lz4_raw"}) {
      for (String version : new String[] {"V1", "V2"}) {
        for (boolean withNulls : new boolean[] {false, true}) {
          cases.add(Arguments.of(codec, version, withNulls));
        }
      }
    }
    return cases.stream();
  }

  /** DuckDB writes every column OPTIONAL: these take the heap path and must read exactly as before. */
  @ParameterizedTest(name = "{0} {1} nulls={2}")
  @MethodSource("duckDbMatrix")
  void duckDbFilesEqualArrowCpp(String codec, String version, boolean withNulls) throws Exception {
    String[][] columns = {
        {"int32_col", "((i * 7919) % 2000000000 - 1000000000)::INTEGER"},
        {"int64_col", "(i * 1000003 * CASE WHEN i % 2 = 0 THEN -1 ELSE 1 END)::BIGINT"},
        {"float_col", "(i / 7.0)::FLOAT"},
        {"double_col", "(i / 3.0 - 100)::DOUBLE"},
        {"flba_col", "('00000000-0000-4000-8000-' || lpad((i % 100000)::VARCHAR, 12, '0'))::UUID"},
        {"timestamp_col", "(TIMESTAMP '1960-01-01' + to_microseconds(i * 100000007))"},
    };
    StringBuilder select = new StringBuilder("SELECT ");
    for (int c = 0; c < columns.length; c++) {
      String expression = columns[c][1];
      if (withNulls) {
        expression = "CASE WHEN i % " + (5 + c) + " = 1 THEN NULL ELSE " + expression + " END";
      }
      select.append(c == 0 ? "" : ", ").append(expression).append(" AS ").append(columns[c][0]);
    }
    select.append(" FROM range(").append(ROWS).append(") t(i)");
    String label = "duckdb_" + codec + "_" + version + (withNulls ? "_nulls" : "_no_nulls");
    Path file = temporary.resolve(label + ".parquet");
    DuckDbWriter.write(select.toString(), file, DuckDbWriter.Options.defaults().compression(codec)
        .parquetVersion(version).rowGroupSize(ROW_GROUP_ROWS).dictionarySizeLimit(0));
    try (BufferAllocator allocator = TestAllocators.root()) {
      compareWithArrowCpp(allocator, file, label, ROW_GROUP_ROWS);
      compareWithArrowCpp(allocator, file, label + " batches of 4099", 4_099);
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after %s", label).isZero();
    }
  }

  /** Arrow C++ writes required columns uncompressed: PLAIN pages go to the vector in one copy from the chunk. */
  @Test
  void arrowCppRequiredColumnsEqualArrowCpp() throws Exception {
    long seed = 90_210;
    System.out.println("DirectDecompressionTest seed " + seed);
    Path file = temporary.resolve("arrow_cpp_required.parquet");
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot table = table(allocator, Nulls.REQUIRED, ROWS, seed)) {
        ArrowCppWriter.write(allocator, file, table);
      }
      long direct = compareWithArrowCpp(allocator, file, "Arrow C++ required", ROWS);
      assertThat(direct).as("uncompressed pages are copied, not decompressed").isZero();
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  /** Batches of one row: no page of more than one value fits, so nothing goes the direct way. */
  @Test
  void pagesSpanningBatchesTakeTheHeapPath() throws Exception {
    Path file = temporary.resolve("span.parquet");
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot table = table(allocator, Nulls.REQUIRED, 3_000, 5)) {
        writeOurs(file, table, Codec.ZSTD, WriteOptions.DataPageVersion.V1);
      }
      assertThat(compareWithArrowCpp(allocator, file, "batches of 1", 1)).as("direct pages").isZero();
      assertThat(compareWithArrowCpp(allocator, file, "one batch", 3_000)).as("direct pages").isPositive();
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  static Stream<Arguments> lyingSizes() {
    return Stream.of(
        Arguments.of(WriteOptions.DataPageVersion.V1, 8), Arguments.of(WriteOptions.DataPageVersion.V1, -4),
        Arguments.of(WriteOptions.DataPageVersion.V2, 8), Arguments.of(WriteOptions.DataPageVersion.V2, 4_000));
  }

  /**
   * The first data page's {@code uncompressed_page_size} is patched to claim {@code delta} more bytes than its
   * values need: the reader must throw {@link ParquetCorruptionException} before the codec writes into the
   * vector (a larger size would otherwise run past the vector's buffer).
   */
  @ParameterizedTest(name = "{0} size {1} off")
  @MethodSource("lyingSizes")
  void pageClaimingMoreBytesThanItsValuesIsCorrupt(WriteOptions.DataPageVersion version, int delta)
      throws Exception {
    Path file = temporary.resolve("lying_" + version + "_" + delta + ".parquet");
    int rows = 2_000;
    try (BufferAllocator allocator = TestAllocators.root()) {
      Schema schema = new Schema(List.of(Field.notNullable("int32_col", new ArrowType.Int(32, true))));
      try (VectorSchemaRoot table = VectorSchemaRoot.create(schema, allocator)) {
        IntVector values = (IntVector) table.getVector(0);
        values.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
          values.set(i, i * 31);
        }
        table.setRowCount(rows);
        writeOurs(file, table, Codec.ZSTD, version);
      }
      patchFirstUncompressedPageSize(file, delta);
      assertThatThrownBy(() -> {
        try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
            ReadOptions.builder().batchRows(rows).build())) {
          while (reader.loadNextBatch()) {
            // Read to the end or the failure.
          }
        }
      }).as("page with uncompressed_page_size %d bytes off", delta)
          .isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining("int32_col")
          .hasMessageContaining("uncompressed_page_size");
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  // ---- helpers -----------------------------------------------------------------------------------------------

  private static void writeOurs(Path file, VectorSchemaRoot table, Codec codec, WriteOptions.DataPageVersion version)
      throws IOException {
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, table.getSchema(), WriteOptions.builder()
        .codec(codec).dataPageVersion(version).dictionaryEnabled(false).pageRowLimit(PAGE_ROWS)
        .writeBatchRows(PAGE_ROWS).rowGroupRowLimit(ROW_GROUP_ROWS).pageChecksums(true).build())) {
      writer.write(table);
    }
  }

  /**
   * Reads {@code file} with our reader in batches of {@code batchRows} and with Arrow C++, asserts they are
   * equal, and returns how many pages our reader decompressed straight into vectors.
   */
  private static long compareWithArrowCpp(BufferAllocator allocator, Path file, String label, int batchRows)
      throws Exception {
    List<VectorSchemaRoot> actual = new ArrayList<>();
    long direct;
    try (ArrowBatches expected = ArrowCppOracle.read(allocator, file)) {
      try {
        try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
            ReadOptions.builder().batchRows(batchRows).build())) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          while (reader.loadNextBatch()) {
            actual.add(detach(root, allocator));
          }
          direct = reader.pagesDecompressedIntoVectors();
        }
        List<String> names = expected.schema().getFields().stream().map(Field::getName).toList();
        List<String> fixedSize = names.stream().filter(name -> name.equals("flba_col")).toList();
        List<String> others = names.stream().filter(name -> !name.equals("flba_col")).toList();
        ArrowAssertions.assertBatchesEqual(label, ReaderTestSupport.project(expected.batches(), others),
            ReaderTestSupport.project(actual, others));
        if (!fixedSize.isEmpty()) {
          // The oracle's fixed-size binary comes out of arrow-java's FixedSizeBinaryVector transfer, which marks
          // the field nullable whatever the file says (see ArrowWrittenMatrixTest); values must still be equal.
          ArrowAssertions.assertBatchesEqual(label, ReaderTestSupport.project(expected.batches(), fixedSize),
              ReaderTestSupport.project(actual, fixedSize), ArrowAssertions.Tolerance.NULLABILITY);
        }
      } finally {
        actual.forEach(VectorSchemaRoot::close);
      }
    }
    return direct;
  }

  private static VectorSchemaRoot detach(VectorSchemaRoot root, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>();
    for (FieldVector vector : root.getFieldVectors()) {
      TransferPair transfer = vector.getTransferPair(vector.getField(), allocator);
      transfer.transfer();
      vectors.add((FieldVector) transfer.getTo());
    }
    VectorSchemaRoot detached = new VectorSchemaRoot(vectors);
    detached.setRowCount(root.getRowCount());
    return detached;
  }

  /** Six fixed-width columns of random values; nulls in about one row in five when asked. */
  private static VectorSchemaRoot table(BufferAllocator allocator, Nulls nulls, int rows, long seed) {
    boolean nullable = nulls != Nulls.REQUIRED;
    List<Field> fields = List.of(
        field("int32_col", nullable, new ArrowType.Int(32, true)),
        field("int64_col", nullable, new ArrowType.Int(64, true)),
        field("float_col", nullable, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        field("double_col", nullable, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        field("flba_col", nullable, new ArrowType.FixedSizeBinary(16)),
        field("timestamp_col", nullable, new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
    VectorSchemaRoot table = VectorSchemaRoot.create(new Schema(fields), allocator);
    Random random = new Random(seed);
    IntVector ints = (IntVector) table.getVector(0);
    BigIntVector longs = (BigIntVector) table.getVector(1);
    Float4Vector floats = (Float4Vector) table.getVector(2);
    Float8Vector doubles = (Float8Vector) table.getVector(3);
    FixedSizeBinaryVector fixed = (FixedSizeBinaryVector) table.getVector(4);
    TimeStampMicroTZVector timestamps = (TimeStampMicroTZVector) table.getVector(5);
    table.allocateNew();
    byte[] bytes = new byte[16];
    for (int row = 0; row < rows; row++) {
      for (int column = 0; column < fields.size(); column++) {
        FieldVector vector = table.getVector(column);
        if (nulls == Nulls.OPTIONAL_WITH_NULLS && random.nextInt(5) == 0) {
          ((org.apache.arrow.vector.BaseFixedWidthVector) vector).setNull(row);
          continue;
        }
        switch (column) {
          case 0 -> ints.setSafe(row, random.nextInt());
          case 1 -> longs.setSafe(row, random.nextLong());
          case 2 -> floats.setSafe(row, random.nextFloat() * 1000 - 500);
          case 3 -> doubles.setSafe(row, random.nextGaussian() * 1e6);
          case 4 -> {
            random.nextBytes(bytes);
            fixed.setSafe(row, bytes);
          }
          default -> timestamps.setSafe(row, 1_600_000_000_000_000L + random.nextInt(1 << 30) * 1_000L);
        }
      }
    }
    table.setRowCount(rows);
    return table;
  }

  private static Field field(String name, boolean nullable, ArrowType type) {
    return new Field(name, new FieldType(nullable, type, null), null);
  }

  /**
   * Rewrites the {@code uncompressed_page_size} of the page header right after the leading magic (the first data
   * page, since dictionaries are off) to {@code delta} more than written, keeping the varint's length.
   */
  private static void patchFirstUncompressedPageSize(Path file, int delta) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    // Compact protocol: field 1 (type, i32) = 0x15 <zigzag>, then field 2 (uncompressed_page_size) = 0x15 <zigzag>.
    int position = 4;
    assertThat(bytes[position] & 0xff).as("field header of PageHeader.type").isEqualTo(0x15);
    position += 2;
    assertThat(bytes[position] & 0xff).as("field header of PageHeader.uncompressed_page_size").isEqualTo(0x15);
    position++;
    int start = position;
    long zigzag = 0;
    int shift = 0;
    while (true) {
      int b = bytes[position++] & 0xff;
      zigzag |= (long) (b & 0x7f) << shift;
      shift += 7;
      if ((b & 0x80) == 0) {
        break;
      }
    }
    int size = (int) ((zigzag >>> 1) ^ -(zigzag & 1));
    int lie = size + delta;
    byte[] encoded = varint(((long) lie << 1) ^ (lie >> 31));
    assertThat(encoded.length).as("varint length of %d and %d", size, lie).isEqualTo(position - start);
    System.arraycopy(encoded, 0, bytes, start, encoded.length);
    Files.write(file, bytes);
  }

  private static byte[] varint(long value) {
    byte[] out = new byte[10];
    int length = 0;
    while ((value & ~0x7fL) != 0) {
      out[length++] = (byte) ((value & 0x7f) | 0x80);
      value >>>= 7;
    }
    out[length++] = (byte) value;
    return java.util.Arrays.copyOf(out, length);
  }
}
