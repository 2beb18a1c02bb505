package io.parquetarrow.core.dataset;

import static io.parquetarrow.core.dataset.DatasetTesting.rows;
import static io.parquetarrow.core.dataset.DatasetTesting.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetDataset} over small directory trees written by DuckDB: which files count, schema unification,
 * partitions, projection, pruning, threads and closing.
 */
class ParquetDatasetTest {
  @TempDir Path directory;
  private BufferAllocator allocator;

  @BeforeEach
  void createAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("outstanding allocation").isZero();
    allocator.close();
  }

  /** Two partition levels, three files; x is 0..9 in p=1 files and 100..109 in p=2. */
  private Path partitioned() throws Exception {
    write(directory.resolve("p=1/s=a b/part-0.parquet"), "SELECT i::BIGINT AS x, 'r' || i AS name FROM range(10) t(i)");
    write(directory.resolve("p=1/s=x%2Fy/part-0.parquet"),
        "SELECT i::BIGINT AS x, NULL::VARCHAR AS name FROM range(10) t(i)");
    write(directory.resolve("p=2/s=a b/part-0.parquet"),
        "SELECT (100 + i)::BIGINT AS x, 'q' || i AS name FROM range(10) t(i)");
    return directory;
  }

  private List<List<Object>> read(ParquetDataset dataset, ReadOptions options) throws IOException {
    try (ArrowReader reader = dataset.reader(allocator, options)) {
      return rows(reader);
    }
  }

  @Test
  void findsFilesSkipsHiddenOnesAndReadsPartitions() throws Exception {
    partitioned();
    Files.writeString(directory.resolve("_SUCCESS"), "");
    Files.writeString(directory.resolve("p=1/.part-0.parquet.crc"), "crc");
    Files.createDirectories(directory.resolve("_temporary/p=9/s=z"));
    Files.writeString(directory.resolve("_temporary/p=9/s=z/part-0.parquet"), "not parquet");

    ParquetDataset dataset = ParquetDataset.open(directory);

    assertThat(dataset.files()).extracting(DatasetFile::relativePath).containsExactly(
        "p=1/s=a b/part-0.parquet", "p=1/s=x%2Fy/part-0.parquet", "p=2/s=a b/part-0.parquet");
    assertThat(dataset.partitionColumns()).containsExactly("p", "s");
    assertThat(dataset.files().get(1).partitionValues()).containsExactly(
        Map.entry("p", 1), Map.entry("s", "x/y"));
    assertThat(dataset.schema().getFields()).extracting(Field::getName).containsExactly("x", "name", "p", "s");
    assertThat(dataset.schema().findField("p").getType()).isEqualTo(new ArrowType.Int(32, true));
    assertThat(dataset.schema().findField("s").getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
    assertThat(dataset.rowCount()).isEqualTo(30);
    assertThat(dataset.files()).allMatch(file -> file.rowGroups() == 1 && file.sizeBytes() > 0);

    List<List<Object>> rows = read(dataset, ReadOptions.defaults());
    assertThat(rows).hasSize(30);
    assertThat(rows.get(0)).containsExactly(0L, "r0", 1L, "a b");
    assertThat(rows.get(10)).containsExactly(0L, null, 1L, "x/y");
    assertThat(rows.get(29)).containsExactly(109L, "q9", 2L, "a b");
  }

  @Test
  void followsNoSymbolicLinkOutOfTheRoot(@TempDir Path outside) throws Exception {
    Path root = Files.createDirectories(directory.resolve("root"));
    write(root.resolve("inside.parquet"), "SELECT 1 AS x");
    write(outside.resolve("p=9/outside.parquet"), "SELECT 2 AS x");
    Files.createSymbolicLink(root.resolve("linked-file.parquet"), outside.resolve("p=9/outside.parquet"));
    Files.createSymbolicLink(root.resolve("linked-directory"), outside.resolve("p=9"));
    Files.createSymbolicLink(root.resolve("alias.parquet"), root.resolve("inside.parquet"));

    ParquetDataset dataset = ParquetDataset.open(root);

    assertThat(dataset.files()).extracting(DatasetFile::relativePath).containsExactly("alias.parquet",
        "inside.parquet");
  }

  @Test
  void projectsFileAndPartitionColumnsInSchemaOrder() throws Exception {
    ParquetDataset dataset = ParquetDataset.open(partitioned());
    try (ArrowReader reader = dataset.reader(allocator, ReadOptions.builder().columns("s", "x").build())) {
      assertThat(reader.getVectorSchemaRoot().getSchema().getFields()).extracting(Field::getName)
          .containsExactly("x", "s");
      List<List<Object>> rows = rows(reader);
      assertThat(rows).hasSize(30);
      assertThat(rows.get(15)).containsExactly(5L, "x/y");
    }
    List<List<Object>> onlyPartitions = read(dataset, ReadOptions.builder().columns("p").build());
    assertThat(onlyPartitions).hasSize(30);
    assertThat(onlyPartitions.get(25)).containsExactly(2L);
    assertThatThrownBy(() -> dataset.reader(allocator, ReadOptions.builder().columns("nope").build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope");
  }

  @Test
  void prunesFilesByPartitionsAndStatisticsAndFiltersExactly() throws Exception {
    ParquetDataset dataset = ParquetDataset.open(partitioned());

    assertThat(dataset.prune(Filter.parse("p = 1"))).hasSize(2);
    assertThat(dataset.prune(Filter.parse("s = 'x/y'"))).extracting(DatasetFile::relativePath)
        .containsExactly("p=1/s=x%2Fy/part-0.parquet");
    assertThat(dataset.prune(Filter.parse("x >= 100"))).extracting(DatasetFile::relativePath)
        .containsExactly("p=2/s=a b/part-0.parquet");
    assertThat(dataset.prune(Filter.parse("p = 1 AND x > 50"))).isEmpty();
    assertThat(dataset.prune(Filter.parse("p = 2 OR name IS NULL"))).hasSize(2);
    assertThat(dataset.prune(null)).hasSize(3);

    assertThat(read(dataset, ReadOptions.builder().filter("s = 'x/y' AND x < 3").build())).containsExactly(
        Arrays.asList(0L, null, 1L, "x/y"), Arrays.asList(1L, null, 1L, "x/y"), Arrays.asList(2L, null, 1L, "x/y"));
    assertThat(read(dataset, ReadOptions.builder().filter("p = 2").columns("p").build())).hasSize(10);
    assertThat(read(dataset, ReadOptions.builder().filter("NOT (s = 'a b') OR x = 105").columns("x").build()))
        .hasSize(11);
    assertThatThrownBy(() -> dataset.prune(Filter.parse("p = 'one'"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("p");
  }

  @Test
  void unifiesSchemasAndReadsMissingColumnsAsNulls() throws Exception {
    write(directory.resolve("a.parquet"), "SELECT 1::INT AS id, 'x' AS b");
    write(directory.resolve("b.parquet"), "SELECT 2::INT AS id, 2.5::DOUBLE AS c, {'k': 1} AS st, [1, 2] AS li");
    ParquetDataset dataset = ParquetDataset.open(directory);

    assertThat(dataset.partitionColumns()).isEmpty();
    assertThat(dataset.schema().getFields()).extracting(Field::getName).containsExactly("id", "b", "c", "st", "li");
    assertThat(dataset.schema().getFields()).allMatch(Field::isNullable);
    List<List<Object>> rows = read(dataset, ReadOptions.defaults());
    assertThat(rows.get(0)).containsExactly(1L, "x", null, null, null);
    assertThat(rows.get(1).subList(0, 3)).containsExactly(2L, null, 2.5);
    assertThat(rows.get(1).get(4)).isEqualTo(List.of(1, 2));

    assertThat(read(dataset, ReadOptions.builder().filter("c IS NULL").columns("id").build()))
        .containsExactly(List.of(1L));
    assertThat(read(dataset, ReadOptions.builder().filter("b = 'x' OR c > 2").columns("id").build()))
        .containsExactly(List.of(1L), List.of(2L));
    assertThat(dataset.prune(Filter.parse("id > 5"))).isEmpty();
  }

  @Test
  void promotesANullTypedColumnAndFiltersItAsNulls() throws Exception {
    Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(32, true)),
        Field.nullable("z", ArrowType.Null.INSTANCE)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.open(directory.resolve("a.parquet"), schema,
            WriteOptions.defaults())) {
      root.allocateNew();
      ((IntVector) root.getVector("id")).setSafe(0, 1);
      root.setRowCount(1);
      writer.write(root);
    }
    write(directory.resolve("b.parquet"), "SELECT 2::INT AS id, 5::BIGINT AS z");
    ParquetDataset dataset = ParquetDataset.open(directory);
    assertThat(dataset.schema().findField("z").getType()).isEqualTo(new ArrowType.Int(64, true));
    assertThat(read(dataset, ReadOptions.defaults())).containsExactly(Arrays.asList(1L, null), List.of(2L, 5L));
    assertThat(read(dataset, ReadOptions.builder().filter("z IS NULL").build()))
        .containsExactly(Arrays.asList(1L, null));
    assertThat(read(dataset, ReadOptions.builder().filter("z > 0").columns("id").build()))
        .containsExactly(List.of(2L));
  }

  @Test
  void refusesIncompatibleTypesNamingBothFiles() throws Exception {
    write(directory.resolve("one.parquet"), "SELECT 1::INT AS a");
    write(directory.resolve("two.parquet"), "SELECT 'x' AS a");
    assertThatThrownBy(() -> ParquetDataset.open(directory)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("column a").hasMessageContaining("one.parquet").hasMessageContaining("two.parquet")
        .hasMessageContaining("Int(32, true)").hasMessageContaining("Utf8");
  }

  @Test
  void refusesInconsistentPartitionKeysAndPartitionColumnsInFiles() throws Exception {
    write(directory.resolve("p=1/f.parquet"), "SELECT 1 AS x");
    write(directory.resolve("q=1/f.parquet"), "SELECT 1 AS x");
    assertThatThrownBy(() -> ParquetDataset.open(directory)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("inconsistent partition keys").hasMessageContaining("[p]")
        .hasMessageContaining("[q]");
    // Without partitioning the same tree is just two files.
    assertThat(ParquetDataset.open(directory, DatasetOptions.builder()
        .partitioning(DatasetOptions.Partitioning.NONE).build()).schema().getFields()).hasSize(1);

    Path other = Files.createDirectories(directory.resolve("other"));
    write(other.resolve("x=1/f.parquet"), "SELECT 1 AS x");
    assertThatThrownBy(() -> ParquetDataset.open(other)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("x=1/f.parquet").hasMessageContaining("column x is both a partition");
  }

  @Test
  void failsOnAFileThatIsNotParquetNamingIt() throws Exception {
    write(directory.resolve("good.parquet"), "SELECT 1 AS x");
    Files.writeString(directory.resolve("notes.txt"), "this is not a parquet file at all");
    assertThatThrownBy(() -> ParquetDataset.open(directory)).isInstanceOf(ParquetException.class)
        .hasMessageContaining("notes.txt");
  }

  @Test
  void failsOnACorruptPageNamingTheFileAndReleasesEverything() throws Exception {
    write(directory.resolve("a.parquet"), "SELECT i AS x FROM range(1000) t(i)");
    Path bad = directory.resolve("b.parquet");
    write(bad, "SELECT i AS x, 'value ' || i AS s FROM range(1000) t(i)");
    ParquetDataset dataset = ParquetDataset.open(directory);
    byte[] bytes = Files.readAllBytes(bad);
    for (int i = 40; i < 200; i++) {
      bytes[i] ^= 0x5A;
    }
    Files.write(bad, bytes);
    for (int threads : new int[] {1, 2}) {
      try (ArrowReader reader = dataset.reader(allocator, ReadOptions.builder().threads(threads).build())) {
        assertThatThrownBy(() -> rows(reader)).hasMessageContaining("b.parquet");
        assertThatThrownBy(reader::loadNextBatch).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("earlier batch failed");
      }
    }
  }

  @Test
  void readsTheSameWithThreadsAndReleasesEverythingWhenClosedEarly() throws Exception {
    for (int p = 0; p < 5; p++) {
      write(directory.resolve("p=" + p + "/part.parquet"), "SELECT i AS x, i % 7 AS y FROM range(" + (p * 3000 + 100)
          + ") t(i)");
    }
    ParquetDataset dataset = ParquetDataset.open(directory);
    ReadOptions.Builder options = ReadOptions.builder().batchRows(1000).filter("y < 5 AND p != 2");
    List<List<Object>> one = read(dataset, options.threads(1).build());
    List<List<Object>> three = read(dataset, options.threads(3).build());
    assertThat(three).isEqualTo(one);
    int expected = 0;
    for (int p = 0; p < 5; p++) {
      for (int i = 0; i < p * 3000 + 100; i++) {
        expected += p != 2 && i % 7 < 5 ? 1 : 0;
      }
    }
    assertThat(one).hasSize(expected);

    for (int threads : new int[] {1, 3}) {
      ArrowReader reader = dataset.reader(allocator, ReadOptions.builder().batchRows(500).threads(threads).build());
      assertThat(reader.loadNextBatch()).isTrue();
      assertThat(reader.loadNextBatch()).isTrue();
      reader.close();
      assertThat(allocator.getAllocatedMemory()).as("after closing early with %d threads", threads).isZero();
    }
    ArrowReader unread = dataset.reader(allocator, ReadOptions.builder().threads(4).build());
    unread.close();
  }

  @Test
  void opensAnExplicitFileListWithOrWithoutAPartitionBase() throws Exception {
    partitioned();
    List<Path> files = List.of(directory.resolve("p=2/s=a b/part-0.parquet"),
        directory.resolve("p=1/s=a b/part-0.parquet"));
    ParquetDataset plain = ParquetDataset.open(files, DatasetOptions.defaults());
    assertThat(plain.partitionColumns()).isEmpty();
    assertThat(plain.files()).extracting(DatasetFile::relativePath).containsExactly(
        "p=1/s=a b/part-0.parquet", "p=2/s=a b/part-0.parquet");

    ParquetDataset partitioned = ParquetDataset.open(files, DatasetOptions.builder().partitionBase(directory).build());
    assertThat(partitioned.partitionColumns()).containsExactly("p", "s");
    assertThat(read(partitioned, ReadOptions.builder().filter("p = 2").columns("x").build())).hasSize(10);
  }

  @Test
  void decodesDictionaryColumnsOfSomeFilesToTheirValues() throws Exception {
    DictionaryEncoding encoding = new DictionaryEncoding(1, false, new ArrowType.Int(32, true));
    try (VarCharVector values = strings("fruit", "apple", "banana");
        VarCharVector rows = strings("fruit", "banana", "apple", "banana")) {
      Dictionary dictionary = new Dictionary(values, encoding);
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(dictionary);
      try (FieldVector indices = (FieldVector) DictionaryEncoder.encode(rows, dictionary)) {
        // A view over vectors the try closes; not closed itself.
        VectorSchemaRoot batch = new VectorSchemaRoot(List.of(indices));
        batch.setRowCount(3);
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(directory.resolve("a.parquet"), batch.getSchema(),
            provider, WriteOptions.defaults())) {
          writer.write(batch, provider);
        }
      }
    }
    write(directory.resolve("b.parquet"), "SELECT 'kiwi' AS fruit");
    ParquetDataset dataset = ParquetDataset.open(directory);
    assertThat(dataset.schema().findField("fruit").getDictionary()).isNull();
    assertThat(dataset.schema().findField("fruit").getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
    assertThat(read(dataset, ReadOptions.builder().threads(2).build())).containsExactly(List.of("banana"),
        List.of("apple"), List.of("banana"), List.of("kiwi"));
    assertThat(read(dataset, ReadOptions.builder().filter("fruit = 'apple' OR fruit = 'kiwi'").build()))
        .containsExactly(List.of("apple"), List.of("kiwi"));
  }

  private VarCharVector strings(String name, String... values) {
    VarCharVector vector = new VarCharVector(name, allocator);
    vector.allocateNew();
    for (int i = 0; i < values.length; i++) {
      vector.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
    }
    vector.setValueCount(values.length);
    return vector;
  }

  @Test
  void readsSharesOfTheFilesThatTogetherMakeTheWhole() throws Exception {
    ParquetDataset dataset = ParquetDataset.open(partitioned());
    ReadOptions options = ReadOptions.builder().filter("x < 5 OR x > 105").build();
    List<DatasetFile> files = dataset.files();
    List<List<Object>> first;
    try (ArrowReader reader = dataset.reader(allocator, options, List.of(files.get(2), files.get(0)))) {
      first = rows(reader);
    }
    List<List<Object>> second;
    try (ArrowReader reader = dataset.reader(allocator, options, List.of(files.get(1)))) {
      second = rows(reader);
    }
    List<List<Object>> whole = read(dataset, options);
    assertThat(first).hasSize(9).allMatch(row -> row.get(2).equals(1L) && row.get(3).equals("a b")
        || row.get(2).equals(2L));
    assertThat(DatasetTesting.sorted(concat(first, second))).isEqualTo(DatasetTesting.sorted(whole));

    ParquetDataset other = ParquetDataset.open(directory.resolve("p=2"));
    assertThatThrownBy(() -> dataset.reader(allocator, options, other.files()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a file of the dataset");
  }

  private static List<List<Object>> concat(List<List<Object>> a, List<List<Object>> b) {
    List<List<Object>> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  @Test
  void opensASingleFile() throws Exception {
    Path file = directory.resolve("one.parquet");
    write(file, "SELECT 7 AS x");
    ParquetDataset dataset = ParquetDataset.open(file);
    assertThat(dataset.files()).extracting(DatasetFile::relativePath).containsExactly("one.parquet");
    assertThat(read(dataset, ReadOptions.defaults())).containsExactly(List.of(7L));
  }
}
