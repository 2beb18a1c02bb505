package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowAssertions.Tolerance;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.encodings.RleBitPackedHybridEncoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Nested reading where Arrow C++ is not the oracle, or where the corpus is too small to matter: the corpus files
 * Arrow C++ refuses (checked against DuckDB and by hand), a map with a null key (corrupt), parquet-java files of
 * many small pages read with batches of 1, 7 and 1024 rows against Arrow C++, and records continued on the next
 * page (written page by page; no corpus file has one): lists and lists of lists checked by hand, a list of structs
 * whose fields and a map whose keys and values are cut at different entries checked against Arrow C++.
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
    try (BufferAllocator allocator = TestAllocators.root()) {
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
    long seed = printedSeed("recordsSpanningSmallPagesEqualArrowCppAtEveryBatchSize");
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
    assertEqualToArrowCpp(file, "parquet-java nested file (seed " + seed + ")",
        NestedCorpusDifferentialTest.batchSizes());
  }

  private static ParquetWriter<Group> writer(Path file, MessageType schema, int pageRows) throws Exception {
    return writer(file, schema, pageRows, WriterVersion.PARQUET_1_0, CompressionCodecName.UNCOMPRESSED);
  }

  private static ParquetWriter<Group> writer(Path file, MessageType schema, int pageRows, WriterVersion version,
      CompressionCodecName codec) throws Exception {
    // LocalOutputFile, not a Hadoop Path: Hadoop's FileSystem needs Subject.getSubject, which JDK 23+ refuse.
    return ExampleParquetWriter.builder(new LocalOutputFile(file))
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

  /**
   * A record whose list continues on the next data page (data page v1 allows it; parquet-java 1.16 and our writer
   * cut pages only between records, so the page bytes are written here by hand): read whole at every batch size,
   * including batches that end exactly where the first page does, in the middle of that record.
   */
  @Test
  void aListContinuedOnTheNextPageReadsWholeAtEveryBatchSize() throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType("message test {"
        + " optional group numbers (LIST) { repeated group list { optional int64 element; } } }");
    // Ten records of three elements each, but a null list (record 3), an empty list (record 7) and a null
    // element (record 5's second). Definition levels: 0 null list, 1 empty list, 2 null element, 3 a value.
    List<Integer> repetition = new ArrayList<>();
    List<Integer> definition = new ArrayList<>();
    List<Long> values = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    int firstPageEntries = -1;
    for (int record = 0; record < 10; record++) {
      if (record == 3 || record == 7) {
        repetition.add(0);
        definition.add(record == 3 ? 0 : 1);
        expected.add(record == 3 ? "null" : "[]");
        continue;
      }
      StringBuilder list = new StringBuilder("[");
      for (int element = 0; element < 3; element++) {
        if (record == 5 && element == 2) {
          firstPageEntries = repetition.size(); // the first page ends inside record 5, after two elements
        }
        repetition.add(element == 0 ? 0 : 1);
        boolean isNull = record == 5 && element == 1;
        definition.add(isNull ? 2 : 3);
        long value = record * 10L + element;
        if (!isNull) {
          values.add(value);
        }
        list.append(element == 0 ? "" : ",").append(isNull ? "null" : String.valueOf(value));
      }
      expected.add(list.append("]").toString());
    }
    Path file = temporary.resolve("list_across_pages.parquet");
    writePages(file, schema, repetition, definition, values, 3, new TreeSet<>(List.of(firstPageEntries,
        repetition.size())));
    assertReadsAtBatchSizes(file, expected, "list_across_pages");
  }

  /**
   * Random lists cut into data pages at random entries, most of them inside a record, read at batch sizes from 1 up:
   * every record whole and in order.
   */
  @Test
  void listsCutIntoPagesAtRandomEntriesReadWhole() throws Exception {
    assertRandomRecordsCutAtRandomReadWhole("listsCutIntoPagesAtRandomEntriesReadWhole", "message test {"
        + " optional group numbers (LIST) { repeated group list { optional int64 element; } } }", 3,
        (random, repetition, definition, values) -> {
          StringBuilder list = new StringBuilder("[");
          appendElements(random, 1 + random.nextInt(random.nextBoolean() ? 4 : 40), 0, 1, 3, repetition, definition,
              values, list);
          return list.append("]").toString();
        });
  }

  /** As {@link #listsCutIntoPagesAtRandomEntriesReadWhole} for lists of lists: repetition levels 0, 1 and 2. */
  @Test
  void listsOfListsCutIntoPagesAtRandomEntriesReadWhole() throws Exception {
    // Definition levels: 0 null list, 1 empty list, 2 null inner list, 3 empty inner list, 4 null value, 5 value.
    assertRandomRecordsCutAtRandomReadWhole("listsOfListsCutIntoPagesAtRandomEntriesReadWhole",
        "message test { optional group outer (LIST) { repeated group list { optional group element (LIST) {"
            + " repeated group list { optional int64 element; } } } } }", 5,
        (random, repetition, definition, values) -> {
          StringBuilder outer = new StringBuilder("[");
          for (int inner = 0, count = 1 + random.nextInt(5); inner < count; inner++) {
            int first = inner == 0 ? 0 : 1;
            outer.append(inner == 0 ? "" : ",");
            int innerKind = random.nextInt(8);
            if (innerKind < 2) {
              repetition.add(first);
              definition.add(2 + innerKind);
              outer.append(innerKind == 0 ? "null" : "[]");
              continue;
            }
            outer.append('[');
            appendElements(random, 1 + random.nextInt(12), first, 2, 5, repetition, definition, values, outer);
            outer.append(']');
          }
          return outer.append("]").toString();
        });
  }

  /** Draws one record that is neither null nor empty: appends its levels and values, returns its text. */
  private interface RecordDrawer {
    String draw(Random random, List<Integer> repetition, List<Integer> definition, List<Long> values);
  }

  /**
   * 300 records of a one-leaf list column {@code schema}: one in ten null (definition level 0), one in ten empty (1),
   * the rest drawn by {@code drawer}; written with pages ending at {@link #randomCuts} and read at every batch size.
   */
  private void assertRandomRecordsCutAtRandomReadWhole(String test, String schema, int maxDefinition,
      RecordDrawer drawer) throws Exception {
    long seed = printedSeed(test);
    Random random = new Random(seed);
    List<Integer> repetition = new ArrayList<>();
    List<Integer> definition = new ArrayList<>();
    List<Long> values = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int record = 0; record < 300; record++) {
      int kind = random.nextInt(10);
      if (kind < 2) {
        repetition.add(0);
        definition.add(kind);
        expected.add(kind == 0 ? "null" : "[]");
        continue;
      }
      expected.add(drawer.draw(random, repetition, definition, values));
    }
    Path file = temporary.resolve(test + ".parquet");
    writeCutAtRandom(file, MessageTypeParser.parseMessageType(schema), repetition, definition, values, maxDefinition,
        random);
    assertReadsAtBatchSizes(file, expected, "seed " + seed);
  }

  /**
   * A list of structs of two fields, each field's chunk cut into pages at its own random entries (so one record
   * continues on the next page in one leaf and not in the other), read at every batch size and compared with
   * Arrow C++.
   */
  @Test
  void structFieldsCutIntoPagesAtDifferentEntriesEqualArrowCpp() throws Exception {
    long seed = printedSeed("structFieldsCutIntoPagesAtDifferentEntriesEqualArrowCpp");
    Random random = new Random(seed);
    MessageType schema = MessageTypeParser.parseMessageType("message test { optional group points (LIST) {"
        + " repeated group list { optional group element { optional int64 x; optional int64 y; } } } }");
    // Definition levels: 0 null list, 1 empty list, 2 null struct, 3 null field, 4 value.
    List<Integer> repetition = new ArrayList<>();
    List<List<Integer>> definitions = List.of(new ArrayList<>(), new ArrayList<>());
    List<List<Long>> values = List.of(new ArrayList<>(), new ArrayList<>());
    for (int record = 0; record < 300; record++) {
      int kind = random.nextInt(10);
      if (kind < 2) {
        repetition.add(0);
        definitions.forEach(levels -> levels.add(kind));
        continue;
      }
      for (int element = 0, length = 1 + random.nextInt(random.nextBoolean() ? 4 : 30); element < length; element++) {
        repetition.add(element == 0 ? 0 : 1);
        boolean nullStruct = random.nextInt(10) == 0;
        for (int field = 0; field < 2; field++) {
          boolean nullField = random.nextInt(6) == 0;
          definitions.get(field).add(nullStruct ? 2 : nullField ? 3 : 4);
          if (!nullStruct && !nullField) {
            values.get(field).add(random.nextLong());
          }
        }
      }
    }
    Path file = temporary.resolve("struct_fields_cut_at_random.parquet");
    writeLeavesCutAtRandom(file, schema, 300, repetition, definitions, values, List.of(4, 4), random);

    assertEqualToArrowCpp(file, "struct fields cut at random (seed " + seed + ")", batchSizes(300));
  }

  /**
   * A map of int64 keys to nullable int64 values, its key and value chunks each cut into pages at their own random
   * entries, read at every batch size and compared with Arrow C++.
   */
  @Test
  void mapKeysAndValuesCutIntoPagesAtDifferentEntriesEqualArrowCpp() throws Exception {
    long seed = printedSeed("mapKeysAndValuesCutIntoPagesAtDifferentEntriesEqualArrowCpp");
    Random random = new Random(seed);
    MessageType schema = MessageTypeParser.parseMessageType("message test { optional group counts (MAP) {"
        + " repeated group key_value { required int64 key; optional int64 value; } } }");
    // Definition levels: 0 null map, 1 empty map, 2 an entry (its key; a null value), 3 a value.
    List<Integer> repetition = new ArrayList<>();
    List<Integer> keyDefinition = new ArrayList<>();
    List<Integer> valueDefinition = new ArrayList<>();
    List<Long> keys = new ArrayList<>();
    List<Long> values = new ArrayList<>();
    for (int record = 0; record < 300; record++) {
      int kind = random.nextInt(10);
      if (kind < 2) {
        repetition.add(0);
        keyDefinition.add(kind);
        valueDefinition.add(kind);
        continue;
      }
      for (int entry = 0, size = 1 + random.nextInt(random.nextBoolean() ? 4 : 30); entry < size; entry++) {
        repetition.add(entry == 0 ? 0 : 1);
        keyDefinition.add(2);
        keys.add((long) entry * 1_000 + random.nextInt(1_000)); // distinct within the map
        boolean nullValue = random.nextInt(6) == 0;
        valueDefinition.add(nullValue ? 2 : 3);
        if (!nullValue) {
          values.add(random.nextLong());
        }
      }
    }
    Path file = temporary.resolve("map_cut_at_random.parquet");
    writeLeavesCutAtRandom(file, schema, 300, repetition, List.of(keyDefinition, valueDefinition),
        List.of(keys, values), List.of(2, 3), random);

    assertEqualToArrowCpp(file, "map cut at random (seed " + seed + ")", batchSizes(300));
  }

  /**
   * Writes one row group of {@code records} records, one chunk per leaf of {@code schema} sharing the repetition
   * levels, each cut into pages at its own {@link #randomCuts}: leaf {@code i} with {@code definitions.get(i)},
   * {@code values.get(i)} and {@code maxDefinitions.get(i)} as {@link #writeChunk} takes them.
   */
  private static void writeLeavesCutAtRandom(Path file, MessageType schema, int records, List<Integer> repetition,
      List<List<Integer>> definitions, List<List<Long>> values, List<Integer> maxDefinitions, Random random)
      throws Exception {
    ParquetFileWriter writer =
        new ParquetFileWriter(new LocalOutputFile(file), schema, ParquetFileWriter.Mode.CREATE, 1 << 20, 0);
    writer.start();
    writer.startBlock(records);
    for (int leaf = 0; leaf < definitions.size(); leaf++) {
      writeChunk(writer, schema.getColumns().get(leaf), repetition, definitions.get(leaf), values.get(leaf),
          maxDefinitions.get(leaf), randomCuts(random, repetition.size()));
    }
    writer.endBlock();
    writer.end(Map.of());
  }

  /** A new random seed, printed with {@code test}'s name so that a failure can be replayed. */
  private static long printedSeed(String test) {
    long seed = new Random().nextLong();
    System.out.println(test + " seed " + seed);
    return seed;
  }

  /** As {@link #writePages} with pages ending at {@link #randomCuts}. */
  private static void writeCutAtRandom(Path file, MessageType schema, List<Integer> repetition,
      List<Integer> definition, List<Long> values, int maxDefinition, Random random) throws Exception {
    writePages(file, schema, repetition, definition, values, maxDefinition, randomCuts(random, repetition.size()));
  }

  /** Page ends for {@code entries} entries: 12 random ones, and the last. */
  private static TreeSet<Integer> randomCuts(Random random, int entries) {
    TreeSet<Integer> cuts = new TreeSet<>();
    while (cuts.size() < 12) {
      cuts.add(1 + random.nextInt(entries - 1));
    }
    cuts.add(entries);
    return cuts;
  }

  /**
   * Appends {@code length} int64 elements of a list, one in eight null: their levels (the first at
   * {@code firstRepetition}, the rest at {@code elementRepetition}; {@code valueDefinition} for a value, one less
   * for a null), their values, and their text to {@code text}.
   */
  private static void appendElements(Random random, int length, int firstRepetition, int elementRepetition,
      int valueDefinition, List<Integer> repetition, List<Integer> definition, List<Long> values,
      StringBuilder text) {
    for (int element = 0; element < length; element++) {
      repetition.add(element == 0 ? firstRepetition : elementRepetition);
      boolean isNull = random.nextInt(8) == 0;
      definition.add(isNull ? valueDefinition - 1 : valueDefinition);
      long value = random.nextLong();
      if (!isNull) {
        values.add(value);
      }
      text.append(element == 0 ? "" : ",").append(isNull ? "null" : String.valueOf(value));
    }
  }

  /**
   * Writes one column chunk of {@code schema}'s only leaf as data pages v1 ending at {@code cuts} (the last the
   * entry count; a chunk's first entry starts a record, later pages need not): levels and values as given,
   * {@code maxDefinition} marking an entry with a value.
   */
  private static void writePages(Path file, MessageType schema, List<Integer> repetition, List<Integer> definition,
      List<Long> values, int maxDefinition, TreeSet<Integer> cuts) throws Exception {
    ParquetFileWriter writer =
        new ParquetFileWriter(new LocalOutputFile(file), schema, ParquetFileWriter.Mode.CREATE, 1 << 20, 0);
    writer.start();
    writer.startBlock((int) repetition.stream().filter(level -> level == 0).count());
    writeChunk(writer, schema.getColumns().get(0), repetition, definition, values, maxDefinition, cuts);
    writer.endBlock();
    writer.end(Map.of());
  }

  /** One column chunk of a row group {@code writer} has started, as {@link #writePages} describes. */
  private static void writeChunk(ParquetFileWriter writer, ColumnDescriptor column, List<Integer> repetition,
      List<Integer> definition, List<Long> values, int maxDefinition, TreeSet<Integer> cuts) throws Exception {
    writer.startColumn(column, repetition.size(), CompressionCodecName.UNCOMPRESSED);
    int repetitionWidth = 32 - Integer.numberOfLeadingZeros(column.getMaxRepetitionLevel());
    int definitionWidth = 32 - Integer.numberOfLeadingZeros(maxDefinition);
    int from = 0;
    int valuesFrom = 0;
    for (int to : cuts) {
      int valuesTo = valuesFrom;
      for (int i = from; i < to; i++) {
        valuesTo += definition.get(i) == maxDefinition ? 1 : 0;
      }
      byte[] bytes = listPage(repetition.subList(from, to), definition.subList(from, to),
          values.subList(valuesFrom, valuesTo), repetitionWidth, definitionWidth);
      writer.writeDataPage(to - from, bytes.length, BytesInput.from(bytes),
          Statistics.createStats(column.getPrimitiveType()), Encoding.RLE, Encoding.RLE, Encoding.PLAIN);
      from = to;
      valuesFrom = valuesTo;
    }
    writer.endColumn();
  }

  /** Batch sizes from 1 row up to {@code rows}, the small ones many, so batches end on many entries. */
  private static List<Integer> batchSizes(int rows) {
    return List.of(1, 2, 3, 5, 8, 13, 64, rows);
  }

  /** Reads {@code file} in batches of each size and compares every batch with Arrow C++'s reading of it. */
  private static void assertEqualToArrowCpp(Path file, String what, List<Integer> batchSizes) throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ArrowBatches expected = ArrowCppOracle.read(allocator, file)) {
        for (int batchRows : batchSizes) {
          List<VectorSchemaRoot> actual =
              ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(batchRows).build());
          try {
            ArrowAssertions.assertBatchesEqual(what + ", batches of " + batchRows, expected.batches(), actual,
                Tolerance.NESTED_FIELD_NAMES);
          } finally {
            actual.forEach(VectorSchemaRoot::close);
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left (%s)", what).isZero();
    }
  }

  /** Reads {@code file}'s only column in batches of 1 row up to all: each time the records of {@code expected}. */
  private static void assertReadsAtBatchSizes(Path file, List<String> expected, String what) throws Exception {
    for (int batchRows : batchSizes(expected.size())) {
      ReaderTestSupport.Table table =
          ReaderTestSupport.read(file, ReadOptions.builder().batchRows(batchRows).build());
      List<String> actual = table.rows().stream().map(row -> String.valueOf(row.get(0))).toList();
      assertThat(actual).as("records read in batches of %d (%s)", batchRows, what).isEqualTo(expected);
    }
  }

  /**
   * A data page v1 of a list column: repetition and definition levels of the given bit widths (RLE,
   * length-prefixed), PLAIN int64s.
   */
  private static byte[] listPage(List<Integer> repetition, List<Integer> definition, List<Long> values,
      int repetitionWidth, int definitionWidth) {
    ParquetKernels kernels = KernelProvider.get();
    RleBitPackedHybridEncoder repetitionLevels = new RleBitPackedHybridEncoder(kernels, repetitionWidth);
    repetitionLevels.put(repetition.stream().mapToInt(Integer::intValue).toArray(), 0, repetition.size());
    byte[] repetitionBytes = repetitionLevels.flushWithLengthPrefix().toByteArray();
    RleBitPackedHybridEncoder definitionLevels = new RleBitPackedHybridEncoder(kernels, definitionWidth);
    definitionLevels.put(definition.stream().mapToInt(Integer::intValue).toArray(), 0, definition.size());
    byte[] definitionBytes = definitionLevels.flushWithLengthPrefix().toByteArray();
    ByteBuffer page = ByteBuffer.allocate(
        repetitionBytes.length + definitionBytes.length + Long.BYTES * values.size())
        .order(ByteOrder.LITTLE_ENDIAN);
    page.put(repetitionBytes).put(definitionBytes);
    values.forEach(page::putLong);
    return page.array();
  }
}
