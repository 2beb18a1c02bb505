package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageEncodingStats;
import io.parquetarrow.format.PageType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Auto encoding ({@link WriteOptions.Builder#autoEncoding(boolean)}): each column chunk gets the encoding that
 * makes its first page smallest, for data shaped to favour one encoding each, and every file reads back equal
 * through Arrow C++ and our reader.
 */
class AutoEncodingTest {
  private static final int ROWS = 20_000;
  /** Two row groups of two pages each, so the choice is made (and checked) per chunk. */
  private static final int PAGE_ROWS = 5_000;
  private static final int ROW_GROUP_ROWS = 10_000;
  /** The marker for "dictionary encoded" in the expectations below. */
  private static final Encoding DICTIONARY = Encoding.RLE_DICTIONARY;

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

  static Schema shapes() {
    return new Schema(List.of(
        FlatTables.required("sorted_int64", new ArrowType.Int(64, true)),
        FlatTables.nullable("sorted_int32", new ArrowType.Int(32, true)),
        FlatTables.required("random_int32", new ArrowType.Int(32, true)),
        FlatTables.nullable("low_cardinality", ArrowType.Utf8.INSTANCE),
        FlatTables.required("prefixed", ArrowType.Utf8.INSTANCE),
        FlatTables.required("runs", ArrowType.Bool.INSTANCE),
        FlatTables.required("shared_exponent", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        FlatTables.nullable("small_fixed", new ArrowType.FixedSizeBinary(16))));
  }

  /**
   * One column per shape: increasing integers with small steps, uniformly random integers, eight distinct
   * strings (10% null), distinct strings behind one long shared prefix, booleans in runs of 500, doubles in
   * [1, 2) (sign, exponent and top mantissa bits shared, the rest random), and 16-byte values whose first 12
   * bytes are zero.
   */
  private VectorSchemaRoot fillShapes(long seed) {
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    VectorSchemaRoot root = VectorSchemaRoot.create(shapes(), allocator);
    root.allocateNew();
    BigIntVector sortedInt64 = (BigIntVector) root.getVector("sorted_int64");
    IntVector sortedInt32 = (IntVector) root.getVector("sorted_int32");
    IntVector randomInt32 = (IntVector) root.getVector("random_int32");
    VarCharVector lowCardinality = (VarCharVector) root.getVector("low_cardinality");
    VarCharVector prefixed = (VarCharVector) root.getVector("prefixed");
    BitVector runs = (BitVector) root.getVector("runs");
    Float8Vector sharedExponent = (Float8Vector) root.getVector("shared_exponent");
    FixedSizeBinaryVector smallFixed = (FixedSizeBinaryVector) root.getVector("small_fixed");
    String[] words = {"pending", "shipped", "returned", "cancelled", "on hold", "delivered", "lost", "refunded"};
    long sorted64 = 1_700_000_000_000L;
    int sorted32 = -50_000;
    for (int row = 0; row < ROWS; row++) {
      sorted64 += random.nextInt(1000);
      sortedInt64.setSafe(row, sorted64);
      sorted32 += random.nextInt(16);
      sortedInt32.setSafe(row, sorted32);
      randomInt32.setSafe(row, random.nextInt());
      if (random.nextInt(10) == 0) {
        lowCardinality.setNull(row);
      } else {
        lowCardinality.setSafe(row, words[random.nextInt(words.length)].getBytes(StandardCharsets.UTF_8));
      }
      String suffix = HexFormat.of().toHexDigits(random.nextLong());
      prefixed.setSafe(row, ("https://storage.example.com/tenants/acme/objects/" + suffix)
          .getBytes(StandardCharsets.UTF_8));
      runs.setSafe(row, (row / 500) % 2);
      sharedExponent.setSafe(row, 1 + random.nextDouble());
      byte[] fixed = new byte[16];
      for (int i = 12; i < 16; i++) {
        fixed[i] = (byte) random.nextInt();
      }
      smallFixed.setSafe(row, fixed);
    }
    root.setRowCount(ROWS);
    return root;
  }

  private static WriteOptions.Builder auto(Codec codec, WriteOptions.DataPageVersion version) {
    return WriteOptions.builder().codec(codec).dataPageVersion(version).autoEncoding(true)
        .pageRowLimit(PAGE_ROWS).rowGroupRowLimit(ROW_GROUP_ROWS);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"UNCOMPRESSED, V1", "ZSTD, V2", "SNAPPY, V1"})
  void eachShapeGetsItsEncodingAndReadsBackEqual(Codec codec, WriteOptions.DataPageVersion version)
      throws Exception {
    Path file = directory.resolve("shapes.parquet");
    try (VectorSchemaRoot expected = fillShapes(2026_1123L + codec.ordinal())) {
      write(file, expected, auto(codec, version).build());
      WrittenFile written = new WrittenFile(file);
      Map<String, Encoding> expectations = new java.util.HashMap<>(Map.of(
          "sorted_int64", Encoding.DELTA_BINARY_PACKED,
          "sorted_int32", Encoding.DELTA_BINARY_PACKED,
          "low_cardinality", DICTIONARY,
          "runs", Encoding.RLE));
      if (codec == Codec.UNCOMPRESSED) {
        // Uncompressed, BYTE_STREAM_SPLIT is exactly PLAIN's size, and the tie goes to PLAIN.
        expectations.put("random_int32", Encoding.PLAIN);
        expectations.put("shared_exponent", Encoding.PLAIN);
        expectations.put("prefixed", Encoding.DELTA_BYTE_ARRAY);
        expectations.put("small_fixed", Encoding.DELTA_BYTE_ARRAY);
      } else if (codec == Codec.ZSTD) {
        // Split into byte streams, the shared sign/exponent bytes compress away; interleaved they do much less.
        expectations.put("shared_exponent", Encoding.BYTE_STREAM_SPLIT);
      }
      for (int rowGroup = 0; rowGroup < 2; rowGroup++) {
        for (String column : shapes().getFields().stream().map(Field::getName).toList()) {
          Encoding chosen = chosenEncoding(written, rowGroup, column);
          System.out.printf("%s %s row group %d: %s -> %s%n", codec, version, rowGroup, column, chosen);
          if (expectations.containsKey(column)) {
            assertThat(chosen).as("auto encoding of %s in row group %d with %s", column, rowGroup, codec)
                .isEqualTo(expectations.get(column));
          }
        }
      }
      assertReadBackEqual(codec + " " + version + " auto-encoded shapes", file, expected);
    }
  }

  @Test
  void everyFlatTypeReadsBackEqualWithAutoEncoding() throws Exception {
    for (Codec codec : List.of(Codec.UNCOMPRESSED, Codec.ZSTD)) {
      long seed = 77 + codec.ordinal();
      System.out.println("seed " + seed);
      Schema schema = FlatTables.allTypes();
      Path file = directory.resolve("all-types-" + codec + ".parquet");
      WriteOptions.DataPageVersion version = codec == Codec.ZSTD ? WriteOptions.DataPageVersion.V2
          : WriteOptions.DataPageVersion.V1;
      try (VectorSchemaRoot expected = FlatTables.fill(allocator, schema, 3000, seed, 0.2)) {
        write(file, expected, WriteOptions.builder().codec(codec).dataPageVersion(version).autoEncoding(true)
            .pageRowLimit(700).rowGroupRowLimit(1500).build());
        WrittenFile written = new WrittenFile(file);
        Set<String> chosen = new TreeSet<>();
        for (int column = 0; column < written.footer.rowGroups().get(0).columns().size(); column++) {
          chosen.add(String.valueOf(chosenEncoding(written, 0, column)));
        }
        System.out.println(codec + " all types chose " + chosen);
        assertReadBackEqual(codec + " auto-encoded all flat types", file, expected);
      }
    }
  }

  /**
   * Every encoding auto may pick, forced per column through auto's own candidates: Arrow C++ 18 and our reader
   * read each of them (BYTE_STREAM_SPLIT on INT32, INT64 and FIXED_LEN_BYTE_ARRAY included).
   */
  @Test
  void everyCandidateIsReadByArrowCppAndOurReader() throws Exception {
    Schema schema = shapes();
    try (VectorSchemaRoot expected = fillShapes(99)) {
      for (Field field : schema.getFields()) {
        io.parquetarrow.format.Type type = switch (field.getName()) {
          case "sorted_int64" -> io.parquetarrow.format.Type.INT64;
          case "sorted_int32", "random_int32" -> io.parquetarrow.format.Type.INT32;
          case "low_cardinality", "prefixed" -> io.parquetarrow.format.Type.BYTE_ARRAY;
          case "runs" -> io.parquetarrow.format.Type.BOOLEAN;
          case "shared_exponent" -> io.parquetarrow.format.Type.DOUBLE;
          default -> io.parquetarrow.format.Type.FIXED_LEN_BYTE_ARRAY;
        };
        for (Encoding encoding : EncodingSelector.candidates(type)) {
          Path file = directory.resolve(field.getName() + "-" + encoding + ".parquet");
          write(file, expected, WriteOptions.builder().dictionaryEnabled(false).pageRowLimit(PAGE_ROWS)
              .columnEncoding(field.getName(), encoding).build());
          assertThat(chosenEncoding(new WrittenFile(file), 0, field.getName())).as("forced encoding")
              .isEqualTo(encoding);
          assertReadBackEqual(field.getName() + " in " + encoding, file, expected);
        }
      }
    }
  }

  @Test
  void explicitSettingsWinOverTheDefault() throws Exception {
    Path file = directory.resolve("explicit.parquet");
    try (VectorSchemaRoot expected = fillShapes(5)) {
      write(file, expected, auto(Codec.UNCOMPRESSED, WriteOptions.DataPageVersion.V1)
          .columnEncoding("sorted_int64", Encoding.PLAIN).dictionaryEnabled("sorted_int64", false)
          .autoEncoding("sorted_int32", false)
          .columnEncoding("random_int32", Encoding.BYTE_STREAM_SPLIT).autoEncoding("random_int32", true)
          .dictionaryEnabled("low_cardinality", false)
          .build());
      WrittenFile written = new WrittenFile(file);
      assertThat(chosenEncoding(written, 0, "sorted_int64")).as("explicit columnEncoding, auto only by default")
          .isEqualTo(Encoding.PLAIN);
      assertThat(chosenEncoding(written, 0, "sorted_int32")).as("auto turned off: the dictionary default")
          .isEqualTo(DICTIONARY);
      assertThat(chosenEncoding(written, 0, "random_int32")).as("auto turned on for the column beats its encoding")
          .isEqualTo(Encoding.PLAIN);
      assertThat(chosenEncoding(written, 0, "low_cardinality")).as("dictionary disabled: not a candidate")
          .isNotEqualTo(DICTIONARY);
      assertThat(written.chunk(0, written.columnIndexOf("low_cardinality")).metaData().dictionaryPageOffset())
          .as("no dictionary page once auto dropped the dictionary").isNull();
      assertReadBackEqual("explicit settings with auto", file, expected);
    }
  }

  @Test
  void dictionaryChosenOnTheFirstPageFallsBackToTheRunnerUp() throws Exception {
    Path file = directory.resolve("fallback.parquet");
    long seed = 11;
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    Schema schema = new Schema(List.of(FlatTables.required("text", ArrowType.Utf8.INSTANCE)));
    try (VectorSchemaRoot expected = VectorSchemaRoot.create(schema, allocator)) {
      expected.allocateNew();
      VarCharVector text = (VarCharVector) expected.getVector("text");
      for (int row = 0; row < ROWS; row++) {
        // Low cardinality on the first page, then distinct values that overflow a small dictionary.
        String value = row < PAGE_ROWS ? "status-" + random.nextInt(4)
            : "https://example.com/items/" + HexFormat.of().toHexDigits(random.nextLong());
        text.setSafe(row, value.getBytes(StandardCharsets.UTF_8));
      }
      expected.setRowCount(ROWS);
      write(file, expected, auto(Codec.UNCOMPRESSED, WriteOptions.DataPageVersion.V1).rowGroupRowLimit(ROWS)
          .dictionaryPageSizeLimit(4096).build());
      ColumnChunk chunk = new WrittenFile(file).chunk(0, 0);
      Set<Encoding> dataPageEncodings = new TreeSet<>(java.util.Comparator.comparingInt(Encoding::value));
      for (PageEncodingStats stats : chunk.metaData().encodingStats()) {
        if (stats.pageType() != PageType.DICTIONARY_PAGE) {
          dataPageEncodings.add(stats.encoding());
        }
      }
      assertThat(chunk.metaData().dictionaryPageOffset()).as("dictionary page of the first pages").isNotNull();
      assertThat(dataPageEncodings).as("data page encodings: dictionary, then the fallback")
          .hasSize(2).contains(Encoding.RLE_DICTIONARY);
      assertThat(chunk.metaData().encodings()).as("the chunk's encodings list the fallback")
          .containsAll(dataPageEncodings);
      assertReadBackEqual("dictionary fallback under auto", file, expected);
    }
  }

  /**
   * An Arrow dictionary-encoded field whose dictionary would be adopted as the chunk's: when its values are an
   * arithmetic sequence, DELTA_BINARY_PACKED beats the dictionary and each chunk drops the adopted dictionary.
   */
  @Test
  void adoptedArrowDictionaryIsDroppedWhenAnotherEncodingWins() throws Exception {
    org.apache.arrow.vector.types.pojo.DictionaryEncoding encoding =
        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(7, false, new ArrowType.Int(32, true));
    int entries = 5000;
    Path file = directory.resolve("arrow-dictionary.parquet");
    try (BigIntVector dictionaryValues = new BigIntVector("sequence", allocator);
        BigIntVector plain = new BigIntVector("sequence", allocator)) {
      for (int i = 0; i < entries; i++) {
        dictionaryValues.setSafe(i, 1_000_000_007L * i);
      }
      dictionaryValues.setValueCount(entries);
      for (int row = 0; row < 2 * entries; row++) {
        plain.setSafe(row, 1_000_000_007L * (row % entries));
      }
      plain.setValueCount(2 * entries);
      org.apache.arrow.vector.dictionary.Dictionary dictionary =
          new org.apache.arrow.vector.dictionary.Dictionary(dictionaryValues, encoding);
      org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider provider =
          new org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider(dictionary);
      try (org.apache.arrow.vector.FieldVector indices = (org.apache.arrow.vector.FieldVector)
          org.apache.arrow.vector.dictionary.DictionaryEncoder.encode(plain, dictionary)) {
        VectorSchemaRoot batch = new VectorSchemaRoot(List.of(indices)); // a view, not closed
        batch.setRowCount(2 * entries);
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, batch.getSchema(), provider,
            WriteOptions.builder().autoEncoding(true).rowGroupRowLimit(entries).build())) {
          writer.write(batch, provider);
        }
      }
      WrittenFile written = new WrittenFile(file);
      for (int rowGroup = 0; rowGroup < 2; rowGroup++) {
        assertThat(chosenEncoding(written, rowGroup, 0)).as("row group %d of an arithmetic sequence", rowGroup)
            .isEqualTo(Encoding.DELTA_BINARY_PACKED);
        assertThat(written.chunk(rowGroup, 0).metaData().dictionaryPageOffset())
            .as("no dictionary page in row group %d", rowGroup).isNull();
      }
      try (ArrowBatches duckDb = io.parquetarrow.core.testing.DuckDbOracle.read(allocator, file)) {
        VectorSchemaRoot expected = new VectorSchemaRoot(List.of(plain)); // a view, not closed
        expected.setRowCount(2 * entries);
        ArrowAssertions.assertBatchesEqual("DuckDB read of a dictionary field written with auto encoding",
            List.of(expected), duckDb.batches(), ArrowAssertions.Tolerance.NULLABILITY);
      }
    }
  }

  @Test
  void theChoiceIsDeterministic() throws Exception {
    Path first = directory.resolve("first.parquet");
    Path second = directory.resolve("second.parquet");
    try (VectorSchemaRoot expected = fillShapes(3)) {
      write(first, expected, auto(Codec.SNAPPY, WriteOptions.DataPageVersion.V1).build());
      write(second, expected, auto(Codec.SNAPPY, WriteOptions.DataPageVersion.V1).build());
    }
    assertThat(Files.readAllBytes(second)).as("the same rows written twice with auto encoding")
        .isEqualTo(Files.readAllBytes(first));
  }

  @Test
  void autoIsOffByDefaultAndResolvesPerColumn() {
    WriteOptions defaults = WriteOptions.defaults();
    assertThat(defaults.autoEncoding("a")).as("default").isFalse();
    WriteOptions options = WriteOptions.builder().autoEncoding(true).columnEncoding("b", Encoding.PLAIN)
        .autoEncoding("c", false).build();
    assertThat(options.autoEncoding("a")).as("column without settings").isTrue();
    assertThat(options.autoEncoding("b")).as("column with an explicit encoding").isFalse();
    assertThat(options.autoEncoding("c")).as("column with auto off").isFalse();
    assertThat(WriteOptions.builder().autoEncoding("d", true).build().autoEncoding("d")).as("one column on")
        .isTrue();
  }

  private void write(Path file, VectorSchemaRoot root, WriteOptions options) throws Exception {
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, root.getSchema(), options)) {
      writer.write(root);
    }
  }

  private static Encoding chosenEncoding(WrittenFile written, int rowGroup, String column) {
    return chosenEncoding(written, rowGroup, written.columnIndexOf(column));
  }

  /**
   * The encoding of the chunk's first data page as the footer's encoding statistics record it (RLE_DICTIONARY
   * for a dictionary-encoded chunk).
   */
  private static Encoding chosenEncoding(WrittenFile written, int rowGroup, int column) {
    List<Encoding> dataPages = new ArrayList<>();
    for (PageEncodingStats stats : written.chunk(rowGroup, column).metaData().encodingStats()) {
      if (stats.pageType() != PageType.DICTIONARY_PAGE) {
        dataPages.add(stats.encoding());
      }
    }
    assertThat(dataPages).as("data page encodings of column %d in row group %d", column, rowGroup).isNotEmpty();
    return dataPages.get(0);
  }

  private void assertReadBackEqual(String context, Path file, VectorSchemaRoot expected) throws Exception {
    try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file)) {
      ArrowAssertions.assertBatchesEqual(context + " (Arrow C++)", List.of(expected), arrowCpp.batches());
    }
    int offset = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        // The reader reuses its root, so each batch is compared at once with the rows it should hold.
        try (VectorSchemaRoot slice = expected.slice(offset, batch.getRowCount())) {
          ArrowAssertions.assertRootsEqual(context + " (our reader), rows from " + offset, slice, batch);
        }
        offset += batch.getRowCount();
      }
    }
    assertThat(offset).as(context + ": rows read by our reader").isEqualTo(expected.getRowCount());
  }
}
