package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowAssertions.Tolerance;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Nested reading where Arrow C++ is not the oracle, or where the corpus is too small to matter: the corpus files
 * Arrow C++ refuses (checked against DuckDB and by hand), a map with a null key (corrupt), and parquet-java files
 * whose records span many small pages, read with batches of 1, 7 and 1024 rows against Arrow C++.
 */
class NestedHandCheckedTest {
  @TempDir Path temporary;

  @Test
  void incorrectMapSchemaReadsAsDuckDbAndByHand() throws Exception {
    // Presto wrote the key as optional; Arrow C++ refuses the schema ("Map keys must be annotated as required")
    // while DuckDB, like us, reads the data (no key is actually null).
    Path file = NestedCorpusDifferentialTest.corpusFile("incorrect_map_schema.parquet");
    ReaderTestSupport.Table table = ReaderTestSupport.read(file, ReadOptions.defaults());
    assertThat(table.rows()).as("rows of incorrect_map_schema.parquet").hasSize(1);
    assertThat(String.valueOf(table.rows().get(0).get(0))).as("the map of row 0")
        .isEqualTo("[{\"key\":\"parent\",\"value\":\"another\"},{\"key\":\"name\",\"value\":\"report\"}]");
    try (BufferAllocator allocator = new RootAllocator()) {
      try (ArrowBatches expected = DuckDbOracle.read(allocator, file)) {
        for (int batchRows : NestedCorpusDifferentialTest.batchSizes()) {
          List<VectorSchemaRoot> actual =
              ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(batchRows).build());
          try {
            ArrowAssertions.assertBatchesEqual("incorrect_map_schema.parquet against DuckDB, batches of " + batchRows,
                expected.batches(), actual, Tolerance.NESTED_FIELD_NAMES, Tolerance.LARGE_AND_SMALL_OFFSETS);
          } finally {
            actual.forEach(VectorSchemaRoot::close);
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  @Test
  void aNullMapKeyIsCorruption() throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType("message test { optional group tags (MAP) {"
        + " repeated group key_value { optional binary key (STRING); optional int32 value; } } }");
    Path file = temporary.resolve("null_map_key.parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> writer = writer(file, schema, 1000)) {
      Group first = groups.newGroup();
      first.addGroup("tags").addGroup("key_value").append("key", "a").append("value", 1);
      writer.write(first);
      Group second = groups.newGroup();
      second.addGroup("tags").addGroup("key_value").append("value", 2);
      writer.write(second);
    }
    assertThatThrownBy(() -> ReaderTestSupport.read(file, ReadOptions.defaults()))
        .as("a map whose optional key is null in the data")
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("null_map_key.parquet")
        .hasMessageContaining("tags.key_value.key")
        .hasMessageContaining("1 null keys in map 'tags'");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"PARQUET_1_0, UNCOMPRESSED", "PARQUET_2_0, SNAPPY"})
  void recordsSpanningSmallPagesEqualArrowCppAtEveryBatchSize(WriterVersion version, CompressionCodecName codec)
      throws Exception {
    long seed = new Random().nextLong();
    System.out.println("recordsSpanningSmallPagesEqualArrowCppAtEveryBatchSize seed " + seed);
    MessageType schema = MessageTypeParser.parseMessageType("message test { required int32 id;"
        + " optional group words (LIST) { repeated group list { optional binary element (STRING); } }"
        + " optional group points (LIST) { repeated group list { optional group element {"
        + "   required double x; optional group ys (LIST) { repeated group list { required int64 element; } } } } }"
        + " optional group attributes (MAP) { repeated group key_value { required binary key (STRING);"
        + "   optional group value { optional int32 a; optional boolean b; } } }"
        + " repeated int32 bare; }");
    Path file = temporary.resolve("nested_" + version + "_" + codec + ".parquet");
    Random random = new Random(seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> writer = writer(file, schema, 37, version, codec)) {
      for (int row = 0; row < 2_000; row++) {
        Group group = groups.newGroup().append("id", row);
        if (random.nextInt(5) != 0) {
          Group words = group.addGroup("words");
          for (int i = random.nextInt(4); i > 0; i--) {
            Group entry = words.addGroup("list");
            if (random.nextInt(4) != 0) {
              entry.append("element", "w" + random.nextInt(100));
            }
          }
        }
        if (random.nextInt(5) != 0) {
          Group points = group.addGroup("points");
          for (int i = random.nextInt(3); i > 0; i--) {
            Group entry = points.addGroup("list");
            if (random.nextInt(5) != 0) {
              Group point = entry.addGroup("element").append("x", random.nextDouble());
              if (random.nextInt(3) != 0) {
                Group ys = point.addGroup("ys");
                for (int j = random.nextInt(4); j > 0; j--) {
                  ys.addGroup("list").append("element", random.nextLong());
                }
              }
            }
          }
        }
        if (random.nextInt(4) != 0) {
          Group attributes = group.addGroup("attributes");
          for (int i = random.nextInt(3); i > 0; i--) {
            Group entry = attributes.addGroup("key_value").append("key", "k" + i);
            if (random.nextInt(3) != 0) {
              Group value = entry.addGroup("value");
              if (random.nextBoolean()) {
                value.append("a", random.nextInt());
              }
              if (random.nextBoolean()) {
                value.append("b", random.nextBoolean());
              }
            }
          }
        }
        for (int i = random.nextInt(3); i > 0; i--) {
          group.append("bare", random.nextInt(10));
        }
        writer.write(group);
      }
    }
    try (io.parquetarrow.core.file.ParquetFile parquet = io.parquetarrow.core.file.ParquetFile.open(file)) {
      assertThat(parquet.metadata().rowGroups()).as("row groups of the generated file").hasSizeGreaterThan(1);
    }
    try (BufferAllocator allocator = new RootAllocator()) {
      try (ArrowBatches expected = ArrowCppOracle.read(allocator, file)) {
        for (int batchRows : NestedCorpusDifferentialTest.batchSizes()) {
          List<VectorSchemaRoot> actual =
              ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(batchRows).build());
          try {
            ArrowAssertions.assertBatchesEqual("parquet-java nested file (seed " + seed + "), batches of "
                + batchRows, expected.batches(), actual, Tolerance.NESTED_FIELD_NAMES);
          } finally {
            actual.forEach(VectorSchemaRoot::close);
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left (seed %d)", seed).isZero();
    }
  }

  private static ParquetWriter<Group> writer(Path file, MessageType schema, int pageRows) throws Exception {
    return writer(file, schema, pageRows, WriterVersion.PARQUET_1_0, CompressionCodecName.UNCOMPRESSED);
  }

  private static ParquetWriter<Group> writer(Path file, MessageType schema, int pageRows, WriterVersion version,
      CompressionCodecName codec) throws Exception {
    // LocalOutputFile, not a Hadoop Path: Hadoop's FileSystem needs Subject.getSubject, which JDK 23+ refuse.
    return ExampleParquetWriter.builder(new org.apache.parquet.io.LocalOutputFile(file))
        .withConf(new Configuration())
        .withType(schema)
        .withWriterVersion(version)
        .withCompressionCodec(codec)
        .withPageSize(1024)
        .withPageRowCountLimit(pageRows)
        // Small row groups, so that batches also end where a row group ends.
        .withRowGroupSize(16 * 1024L)
        .build();
  }
}
