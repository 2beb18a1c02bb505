package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded fields inside nested ones (a struct's utf8 child, a list's utf8 elements): the writer decodes
 * them through the dictionary provider and stores the value type, and Arrow C++ and DuckDB read back the decoded
 * values. Rows are compared as rendered text, resolving any dictionary the reader hands back.
 */
class NestedDictionaryTest {
  private static final String[] COLORS = {"red", "green", "blue"};
  private static final String[] TAGS = {"alpha", "beta", "gamma", "delta"};
  private static final int ROWS = 70;

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

  private static final DictionaryEncoding COLOR_ENCODING =
      new DictionaryEncoding(1, false, new ArrowType.Int(32, true));
  private static final DictionaryEncoding TAG_ENCODING = new DictionaryEncoding(2, false, new ArrowType.Int(32, true));

  /** struct s {name: dictionary<utf8> (indices int32), n: int32}, list tags of dictionary<utf8>. */
  private static Schema memorySchema() {
    Field name = new Field("name", new FieldType(true, new ArrowType.Int(32, true), COLOR_ENCODING), null);
    Field n = Field.nullable("n", new ArrowType.Int(32, true));
    Field struct = new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(name, n));
    Field element = new Field("element", new FieldType(true, new ArrowType.Int(32, true), TAG_ENCODING), null);
    Field tags = new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
    return new Schema(List.of(struct, tags));
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

  private static boolean structNull(int row) {
    return row % 7 == 3;
  }

  private static boolean nameNull(int row) {
    return row % 5 == 1;
  }

  private static boolean tagsNull(int row) {
    return row % 6 == 2;
  }

  private static int tagCount(int row) {
    return row % 6 == 4 ? 0 : row % 3 + 1;
  }

  private static boolean tagNull(int row, int element) {
    return (row + element) % 5 == 0;
  }

  private static int tagIndex(int row, int element) {
    return (row * 3 + element) % TAGS.length;
  }

  /** Indices into the dictionaries, with nulls at every level. */
  private static void fill(VectorSchemaRoot root) {
    StructVector struct = (StructVector) root.getVector("s");
    IntVector name = (IntVector) struct.getChild("name");
    IntVector n = (IntVector) struct.getChild("n");
    ListVector tags = (ListVector) root.getVector("tags");
    IntVector elements = (IntVector) tags.getDataVector();
    for (int row = 0; row < ROWS; row++) {
      if (structNull(row)) {
        struct.setNull(row);
        name.setNull(row);
        n.setNull(row);
      } else {
        struct.setIndexDefined(row);
        if (nameNull(row)) {
          name.setNull(row);
        } else {
          name.setSafe(row, row % COLORS.length);
        }
        n.setSafe(row, row);
      }
      if (tagsNull(row)) {
        tags.setNull(row);
        continue;
      }
      int first = tags.startNewValue(row);
      for (int element = 0; element < tagCount(row); element++) {
        if (tagNull(row, element)) {
          elements.setNull(first + element);
        } else {
          elements.setSafe(first + element, tagIndex(row, element));
        }
      }
      tags.endValue(row, tagCount(row));
    }
    name.setValueCount(ROWS);
    n.setValueCount(ROWS);
    struct.setValueCount(ROWS);
    tags.setValueCount(ROWS);
    root.setRowCount(ROWS);
  }

  /** The rows as {@link #render} prints them. */
  private static List<String> expectedRows() {
    List<String> rows = new ArrayList<>();
    for (int row = 0; row < ROWS; row++) {
      String struct = structNull(row) ? "null"
          : "{name=" + (nameNull(row) ? "null" : COLORS[row % COLORS.length]) + ", n=" + row + "}";
      String tags;
      if (tagsNull(row)) {
        tags = "null";
      } else {
        List<String> elements = new ArrayList<>();
        for (int element = 0; element < tagCount(row); element++) {
          elements.add(tagNull(row, element) ? "null" : TAGS[tagIndex(row, element)]);
        }
        tags = elements.toString();
      }
      rows.add(struct + " | " + tags);
    }
    return rows;
  }

  private Path writeFile(String name) throws Exception {
    Path file = directory.resolve(name);
    try (VarCharVector colors = strings("colors", COLORS);
        VarCharVector tagValues = strings("tags", TAGS);
        VectorSchemaRoot root = VectorSchemaRoot.create(memorySchema(), allocator)) {
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(
          new Dictionary(colors, COLOR_ENCODING), new Dictionary(tagValues, TAG_ENCODING));
      fill(root);
      // Small pages and row groups, so one batch spans several shredding batches, pages and chunks.
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, memorySchema(), provider,
          WriteOptions.builder().writeBatchRows(16).pageRowLimit(20).rowGroupRowLimit(50).build())) {
        writer.write(root, provider);
        writer.write(root, provider);
      }
    }
    return file;
  }

  @Test
  void nestedDictionariesAreWrittenAsTheirValues() throws Exception {
    Path file = writeFile("nested-dictionaries.parquet");
    WrittenFile written = new WrittenFile(file);
    for (int column = 0; column < 3; column++) {
      ColumnChunk chunk = written.chunk(0, column);
      String path = String.join(".", chunk.metaData().pathInSchema());
      if (!path.equals("s.n")) {
        assertThat(chunk.metaData().type()).as("physical type of " + path).isEqualTo(Type.BYTE_ARRAY);
        assertThat(chunk.metaData().encodings()).as("the writer's own dictionary for " + path)
            .contains(Encoding.RLE_DICTIONARY);
      }
    }
    List<String> expected = new ArrayList<>(expectedRows());
    expected.addAll(expectedRows());
    assertThat(arrowCppRows(file)).as("Arrow C++ read of nested dictionary fields").isEqualTo(expected);
    try (ArrowBatches duckDb = DuckDbOracle.read(allocator, file)) {
      assertThat(render(duckDb.batches(), null)).as("DuckDB read of nested dictionary fields").isEqualTo(expected);
    }
  }

  @Test
  void storedArrowSchemaKeepsTheNestedDictionaryTypes() throws Exception {
    Path file = writeFile("stored-schema.parquet");
    Schema stored = ArrowCppOracle.schema(allocator, file);
    Field name = stored.findField("s").getChildren().get(0);
    Field element = stored.findField("tags").getChildren().get(0);
    assertThat(name.getDictionary()).as("Arrow C++ restores s.name as a dictionary from ARROW:schema: " + stored)
        .isNotNull();
    assertThat(name.getDictionary().getIndexType()).as("index type of s.name").isEqualTo(new ArrowType.Int(32, true));
    assertThat(element.getDictionary()).as("Arrow C++ restores the list elements as a dictionary: " + stored)
        .isNotNull();
  }

  @Test
  void nestedDictionaryWithoutItsDictionaryIsRejected() throws Exception {
    try (VarCharVector colors = strings("colors", COLORS);
        VectorSchemaRoot root = VectorSchemaRoot.create(memorySchema(), allocator)) {
      fill(root);
      // The provider lacks the tags dictionary (id 2).
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider(new Dictionary(colors, COLOR_ENCODING));
      Path file = directory.resolve("missing.parquet");
      assertThatThrownBy(() -> ParquetArrowWriter.open(file, memorySchema(), provider, WriteOptions.defaults()))
          .as("opening without the list's dictionary").isInstanceOf(IllegalArgumentException.class);
      assertThat(file).as("no file after the rejected open").doesNotExist();
    }
  }

  /** Reads the file with Arrow C++ directly, so that dictionaries it restores below the top level resolve. */
  @SuppressWarnings("try") // Dataset and Scanner declare close() throws Exception
  private List<String> arrowCppRows(Path file) throws Exception {
    List<String> rows = new ArrayList<>();
    try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(allocator, NativeMemoryPool.getDefault(),
            FileFormat.PARQUET, file.toAbsolutePath().toUri().toString());
        Dataset dataset = factory.finish();
        Scanner scanner = dataset.newScan(new ScanOptions(1024));
        ArrowReader reader = scanner.scanBatches()) {
      while (reader.loadNextBatch()) {
        rows.addAll(render(List.of(reader.getVectorSchemaRoot()), reader));
      }
    }
    return rows;
  }

  private static List<String> render(List<VectorSchemaRoot> batches, DictionaryProvider dictionaries) {
    List<String> rows = new ArrayList<>();
    for (VectorSchemaRoot batch : batches) {
      for (int row = 0; row < batch.getRowCount(); row++) {
        rows.add(render(batch.getVector(0), row, dictionaries) + " | "
            + render(batch.getVector(1), row, dictionaries));
      }
    }
    return rows;
  }

  /** One value as text: structs as {child=value, ...}, lists as [value, ...], dictionary indices resolved. */
  private static String render(ValueVector vector, long index, DictionaryProvider dictionaries) {
    int row = Math.toIntExact(index);
    if (vector.isNull(row)) {
      return "null";
    }
    DictionaryEncoding encoding = vector.getField().getDictionary();
    if (encoding != null) {
      assertThat(dictionaries).as("a dictionary-encoded " + vector.getField() + " without its reader").isNotNull();
      Dictionary dictionary = dictionaries.lookup(encoding.getId());
      return render(dictionary.getVector(), ((BaseIntVector) vector).getValueAsLong(row), dictionaries);
    }
    if (vector instanceof StructVector struct) {
      List<String> children = new ArrayList<>();
      for (FieldVector child : struct.getChildrenFromFields()) {
        children.add(child.getField().getName() + "=" + render(child, row, dictionaries));
      }
      return "{" + String.join(", ", children) + "}";
    }
    long first;
    long end;
    ValueVector elements;
    if (vector instanceof ListVector list) {
      first = list.getOffsetBuffer().getInt((long) row * ListVector.OFFSET_WIDTH);
      end = list.getOffsetBuffer().getInt((long) (row + 1) * ListVector.OFFSET_WIDTH);
      elements = list.getDataVector();
    } else if (vector instanceof LargeListVector list) {
      first = list.getOffsetBuffer().getLong((long) row * LargeListVector.OFFSET_WIDTH);
      end = list.getOffsetBuffer().getLong((long) (row + 1) * LargeListVector.OFFSET_WIDTH);
      elements = list.getDataVector();
    } else {
      return String.valueOf(vector.getObject(row));
    }
    List<String> values = new ArrayList<>();
    for (long position = first; position < end; position++) {
      values.add(render(elements, position, dictionaries));
    }
    return values.toString();
  }
}
