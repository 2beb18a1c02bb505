package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.read.ColumnChunks;
import io.parquetarrow.core.read.FieldPlan;
import io.parquetarrow.core.read.FieldReader;
import io.parquetarrow.core.read.FieldReaderFactory;
import io.parquetarrow.core.read.NestedFieldReader;
import io.parquetarrow.core.read.ReadPlan;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.simd.KernelProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import org.apache.arrow.vector.util.DictionaryUtility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded string leaves inside nested fields ({@code struct<name: dictionary<utf8>>} and
 * {@code list<dictionary<utf8>>}), declared so by {@code ARROW:schema}: {@link NestedFieldReader} reads them as
 * Arrow C++ does, as index vectors with a dictionary per batch, and the decoded rows equal Arrow C++'s (which
 * also restores them as dictionaries). The reader is driven directly with a dictionary provider, the way
 * {@code ParquetArrowReader} passes itself.
 */
class NestedDictionaryReadTest {
  private static final String[] COLORS = {"red", "green", "blue"};
  private static final int ROWS = 50;
  private static final DictionaryEncoding COLOR_ENCODING =
      new DictionaryEncoding(1, false, new ArrowType.Int(32, true));
  private static final DictionaryEncoding TAG_ENCODING = new DictionaryEncoding(2, false, new ArrowType.Int(32, true));

  @TempDir Path directory;

  private static Schema memorySchema() {
    Field name = new Field("name", new FieldType(true, new ArrowType.Int(32, true), COLOR_ENCODING), null);
    Field struct = new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(name));
    Field element = new Field("element", new FieldType(true, new ArrowType.Int(32, true), TAG_ENCODING), null);
    Field tags = new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
    return new Schema(List.of(struct, tags));
  }

  private static VarCharVector strings(BufferAllocator allocator, String name) {
    VarCharVector vector = new VarCharVector(name, allocator);
    vector.allocateNew();
    for (int i = 0; i < COLORS.length; i++) {
      vector.setSafe(i, COLORS[i].getBytes(StandardCharsets.UTF_8));
    }
    vector.setValueCount(COLORS.length);
    return vector;
  }

  private Path writeFile(BufferAllocator allocator) throws Exception {
    Path file = directory.resolve("nested-dictionaries.parquet");
    try (VarCharVector colors = strings(allocator, "colors");
        VarCharVector tagValues = strings(allocator, "tags");
        VectorSchemaRoot root = VectorSchemaRoot.create(memorySchema(), allocator)) {
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(
          new Dictionary(colors, COLOR_ENCODING), new Dictionary(tagValues, TAG_ENCODING));
      StructVector struct = (StructVector) root.getVector("s");
      IntVector name = (IntVector) struct.getChild("name");
      ListVector tags = (ListVector) root.getVector("tags");
      IntVector elements = (IntVector) tags.getDataVector();
      for (int row = 0; row < ROWS; row++) {
        if (row % 7 == 3) {
          struct.setNull(row);
          name.setNull(row);
        } else {
          struct.setIndexDefined(row);
          if (row % 5 == 1) {
            name.setNull(row);
          } else {
            name.setSafe(row, row % COLORS.length);
          }
        }
        if (row % 6 == 2) {
          tags.setNull(row);
          continue;
        }
        int first = tags.startNewValue(row);
        int count = row % 4;
        for (int element = 0; element < count; element++) {
          if ((row + element) % 5 == 0) {
            elements.setNull(first + element);
          } else {
            elements.setSafe(first + element, (row + element) % COLORS.length);
          }
        }
        tags.endValue(row, count);
      }
      name.setValueCount(ROWS);
      struct.setValueCount(ROWS);
      tags.setValueCount(ROWS);
      root.setRowCount(ROWS);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, memorySchema(), provider,
          WriteOptions.builder().pageRowLimit(20).rowGroupRowLimit(30).build())) {
        writer.write(root, provider);
      }
    }
    return file;
  }

  @Test
  void dictionaryLeavesInsideStructAndListReadAsArrowCpp() throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      Path file = writeFile(allocator);
      List<String> expected = arrowCppRows(allocator, file);
      assertThat(expected).as("Arrow C++'s rows").hasSize(ROWS);
      for (int batchRows : new int[] {1, 7, 64}) {
        assertThat(ourRows(allocator, file, batchRows)).as("our rows in batches of %d", batchRows)
            .isEqualTo(expected);
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  @Test
  void parquetArrowReaderGivesEachDictionaryItsOwnId() throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      Path file = writeFile(allocator);
      List<String> expected = arrowCppRows(allocator, file);
      for (int threads : new int[] {1, 2}) {
        for (int batchRows : new int[] {1, 7, 64}) {
          List<String> rows = new ArrayList<>();
          try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
              ReadOptions.builder().batchRows(batchRows).threads(threads).build())) {
            Schema schema = reader.getVectorSchemaRoot().getSchema();
            long nameId = schema.findField("s").getChildren().get(0).getDictionary().getId();
            long tagId = schema.findField("tags").getChildren().get(0).getDictionary().getId();
            assertThat(nameId).as("dictionary ids of s.name and tags.element").isNotEqualTo(tagId);
            while (reader.loadNextBatch()) {
              VectorSchemaRoot root = reader.getVectorSchemaRoot();
              for (int row = 0; row < root.getRowCount(); row++) {
                rows.add(render(root.getVector(0), row, reader) + " | " + render(root.getVector(1), row, reader));
              }
            }
          }
          assertThat(rows).as("rows through ParquetArrowReader, %d threads, batches of %d", threads, batchRows)
              .isEqualTo(expected);
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  /**
   * Reads every field with its own {@link NestedFieldReader} and its own dictionaries (held in a map as the reader
   * keeps them). One map per field, as each reader only sees its own field.
   */
  private static List<String> ourRows(BufferAllocator allocator, Path path, int batchRows) throws Exception {
    List<String> rows = new ArrayList<>();
    List<Map<Long, Dictionary>> dictionaries = new ArrayList<>();
    List<DictionaryProvider> providers = new ArrayList<>();
    List<FieldVector> vectors = new ArrayList<>();
    List<FieldReaderFactory> factories = new ArrayList<>();
    try (ParquetFile file = ParquetFile.open(path)) {
      ParquetMetadata metadata = file.metadata();
      ReadPlan plan = ReadPlan.create(file, ReadOptions.defaults(), KernelProvider.get());
      for (FieldPlan field : plan.fields()) {
        assertThat(field).as("field %s", field.field().getName()).isInstanceOf(FieldPlan.NestedField.class);
        assertThat(field.hasDictionaries()).as("field %s has a dictionary leaf", field.field().getName()).isTrue();
        Map<Long, Dictionary> fieldDictionaries = new HashMap<>();
        dictionaries.add(fieldDictionaries);
        vectors.add(DictionaryUtility.toMemoryFormat(field.field(), allocator, fieldDictionaries)
            .createVector(allocator));
        DictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(
            fieldDictionaries.values().toArray(new Dictionary[0]));
        providers.add(provider);
        factories.add(field.newReaderFactory(plan, provider));
      }
      try (ColumnChunks chunks = new ColumnChunks(file, false, 0, Runnable::run)) {
        for (int group = 0; group < metadata.rowGroups().size(); group++) {
          long left = metadata.rowGroup(group).rowCount();
          List<FieldReader> readers = new ArrayList<>();
          for (FieldReaderFactory factory : factories) {
            readers.add(factory.open(chunks, group, metadata.rowGroup(group)));
          }
          while (left > 0) {
            int batch = (int) Math.min(batchRows, left);
            for (int i = 0; i < readers.size(); i++) {
              readers.get(i).read(batch, vectors.get(i));
            }
            for (int row = 0; row < batch; row++) {
              rows.add(render(vectors.get(0), row, providers.get(0)) + " | "
                  + render(vectors.get(1), row, providers.get(1)));
            }
            left -= batch;
          }
          readers.forEach(FieldReader::close);
        }
      }
    } finally {
      factories.forEach(FieldReaderFactory::close);
      vectors.forEach(FieldVector::close);
      dictionaries.forEach(map -> map.values().forEach(dictionary -> dictionary.getVector().close()));
    }
    return rows;
  }

  @SuppressWarnings("try") // Dataset and Scanner declare close() throws Exception
  private static List<String> arrowCppRows(BufferAllocator allocator, Path file) throws Exception {
    List<String> rows = new ArrayList<>();
    try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(allocator, NativeMemoryPool.getDefault(),
            FileFormat.PARQUET, file.toAbsolutePath().toUri().toString());
        Dataset dataset = factory.finish();
        Scanner scanner = dataset.newScan(new ScanOptions(1024));
        ArrowReader reader = scanner.scanBatches()) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        assertThat(root.getVector(0).getChildrenFromFields().get(0).getField().getDictionary())
            .as("Arrow C++ reads s.name as a dictionary").isNotNull();
        for (int row = 0; row < root.getRowCount(); row++) {
          rows.add(render(root.getVector(0), row, reader) + " | " + render(root.getVector(1), row, reader));
        }
      }
    }
    return rows;
  }

  /** One value as text: structs as {child=value}, lists as [value, ...], dictionary indices resolved. */
  private static String render(ValueVector vector, int row, DictionaryProvider dictionaries) {
    if (vector.isNull(row)) {
      return "null";
    }
    DictionaryEncoding encoding = vector.getField().getDictionary();
    if (encoding != null) {
      Dictionary dictionary = dictionaries.lookup(encoding.getId());
      return render(dictionary.getVector(), (int) ((BaseIntVector) vector).getValueAsLong(row), dictionaries);
    }
    if (vector instanceof StructVector struct) {
      List<String> children = new ArrayList<>();
      for (FieldVector child : struct.getChildrenFromFields()) {
        children.add(child.getField().getName() + "=" + render(child, row, dictionaries));
      }
      return "{" + String.join(", ", children) + "}";
    }
    if (vector instanceof ListVector list) {
      List<String> elements = new ArrayList<>();
      int first = list.getOffsetBuffer().getInt((long) row * ListVector.OFFSET_WIDTH);
      int end = list.getOffsetBuffer().getInt((long) (row + 1) * ListVector.OFFSET_WIDTH);
      for (int i = first; i < end; i++) {
        elements.add(render(list.getDataVector(), i, dictionaries));
      }
      return elements.toString();
    }
    return String.valueOf(vector.getObject(row));
  }
}
