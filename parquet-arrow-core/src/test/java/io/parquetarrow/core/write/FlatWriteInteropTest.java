package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowAssertions.Tolerance;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files this writer produces for every flat type are read by Arrow C++ and DuckDB with the values written, over
 * codecs × data page versions × dictionary on/off, with pages and row groups small enough that every column
 * spans several of each.
 */
class FlatWriteInteropTest {
  /** DuckDB's view of the all-types table differs in representation only (see {@link #duckDbSchema}). */
  static final Tolerance[] DUCKDB_TOLERANCES = {Tolerance.LARGE_AND_SMALL_OFFSETS, Tolerance.NULLABILITY,
      Tolerance.TIMESTAMP_TIME_ZONE_NAME, Tolerance.TIMESTAMP_UNIT};

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

  static Stream<Arguments> layouts() {
    List<Arguments> layouts = new ArrayList<>();
    for (Codec codec : Codec.values()) {
      // Neither oracle reads LZO, and Hadoop-framed LZ4 is read by guesswork; HadoopFramedCodecWriteTest covers both.
      if (codec.name().equals("LZO") || codec.name().equals("LZ4")) {
        continue;
      }
      for (WriteOptions.DataPageVersion version : WriteOptions.DataPageVersion.values()) {
        layouts.add(Arguments.of(codec, version, true));
      }
    }
    layouts.add(Arguments.of(Codec.UNCOMPRESSED, WriteOptions.DataPageVersion.V1, false));
    layouts.add(Arguments.of(Codec.ZSTD, WriteOptions.DataPageVersion.V2, false));
    return layouts.stream();
  }

  @ParameterizedTest(name = "{0} {1} dictionary={2}")
  @MethodSource("layouts")
  void allFlatTypesReadBackEqualByArrowCpp(Codec codec, WriteOptions.DataPageVersion version, boolean dictionary)
      throws Exception {
    long seed = 20261123L + codec.ordinal() * 10 + version.ordinal();
    System.out.println("seed " + seed);
    WriteOptions options = WriteOptions.builder().codec(codec).dataPageVersion(version)
        .dictionaryEnabled(dictionary).pageSizeBytes(2048).pageRowLimit(700).rowGroupRowLimit(1500)
        .pageChecksums(true).build();
    Path file = directory.resolve("flat.parquet");
    Schema schema = FlatTables.allTypes();
    try (VectorSchemaRoot first = FlatTables.fill(allocator, schema, 2000, seed, 0.2);
        VectorSchemaRoot second = FlatTables.fill(allocator, schema, 1234, seed + 1, 0.5)) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
        writer.write(first);
        writer.write(second);
      }
      // The Arrow C++ in arrow-dataset's JNI build has no Brotli; DuckDB checks those files alone.
      if (codec != Codec.BROTLI) {
        try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file)) {
          ArrowAssertions.assertBatchesEqual("Arrow C++ read of our " + codec + " " + version + " file",
              List.of(first, second), arrowCpp.batches());
        }
      }
      Schema duckDbSchema = duckDbSchema(schema);
      try (ArrowBatches duckDb = DuckDbOracle.query(allocator, "SELECT " + selectList(duckDbSchema)
          + " FROM read_parquet(?)", file.toString(), DuckDbOracle.DEFAULT_BATCH_SIZE)) {
        // Views share the vectors of first and second, which close them; the views are not closed.
        ArrowAssertions.assertBatchesEqual("DuckDB read of our " + codec + " " + version + " file",
            List.of(view(first, duckDbSchema), view(second, duckDbSchema)), duckDb.batches(), DUCKDB_TOLERANCES);
      }
    }
  }

  static String selectList(Schema schema) {
    return String.join(", ", schema.getFields().stream().map(field -> '"' + field.getName() + '"').toList());
  }

  static VectorSchemaRoot view(VectorSchemaRoot root, Schema schema) {
    List<org.apache.arrow.vector.FieldVector> vectors = new ArrayList<>();
    for (Field field : schema.getFields()) {
      vectors.add(root.getVector(field.getName()));
    }
    VectorSchemaRoot view = new VectorSchemaRoot(vectors);
    view.setRowCount(root.getRowCount());
    return view;
  }

  /** The columns DuckDB maps to the same Arrow type as ours (it has no float16, unsigned-as-is, date64...). */
  static Schema duckDbSchema(Schema schema) {
    List<Field> kept = new ArrayList<>();
    for (Field field : schema.getFields()) {
      if (!DUCKDB_SKIPPED.contains(field.getName())) {
        kept.add(field);
      }
    }
    return new Schema(kept);
  }

  static final List<String> DUCKDB_SKIPPED = List.of("float16", "time32_ms", "time64_ns",
      "decimal256_60_5", "null", "fixed5", "timestamp_ns_zone", "timestamp_ms");

}
