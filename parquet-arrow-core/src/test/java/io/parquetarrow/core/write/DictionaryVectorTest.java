package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageHeader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
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
 * Dictionary-encoded Arrow fields: the Arrow dictionary becomes the chunk's Parquet dictionary entry for entry,
 * a batch with another dictionary still writes correct values, and both oracles read the decoded values.
 */
class DictionaryVectorTest {
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
  void arrowDictionariesBecomeParquetDictionaries() throws Exception {
    DictionaryEncoding encoding = new DictionaryEncoding(1, false, new ArrowType.Int(32, true));
    try (VarCharVector firstValues = strings("fruit", "apple", "banana", "cherry", "date");
        VarCharVector secondValues = strings("fruit", "zucchini", "apple");
        VarCharVector rows = strings("fruit", "banana", "apple", "date", "banana", "cherry", "banana");
        VarCharVector moreRows = strings("fruit", "zucchini", "apple", "zucchini")) {
      rows.setNull(1);
      Dictionary first = new Dictionary(firstValues, encoding);
      Dictionary second = new Dictionary(secondValues, encoding);
      Path file = directory.resolve("dictionary.parquet");
      try (FieldVector firstIndices = (FieldVector) DictionaryEncoder.encode(rows, first);
          FieldVector secondIndices = (FieldVector) DictionaryEncoder.encode(moreRows, second)) {
        Schema schema = new Schema(List.of(firstIndices.getField()));
        DictionaryProvider.MapDictionaryProvider firstProvider = new DictionaryProvider.MapDictionaryProvider(first);
        DictionaryProvider.MapDictionaryProvider secondProvider =
            new DictionaryProvider.MapDictionaryProvider(second);
        // The roots are views over vectors the enclosing try closes; they are not closed themselves.
        VectorSchemaRoot firstBatch = new VectorSchemaRoot(List.of(firstIndices));
        VectorSchemaRoot secondBatch = new VectorSchemaRoot(List.of(secondIndices));
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, firstProvider,
            WriteOptions.defaults())) {
          firstBatch.setRowCount(rows.getValueCount());
          secondBatch.setRowCount(moreRows.getValueCount());
          writer.write(firstBatch, firstProvider);
          writer.write(firstBatch, firstProvider);
          writer.write(secondBatch, secondProvider);
        }
      }
      WrittenFile written = new WrittenFile(file);
      ColumnMetaData metaData = written.chunk(0, 0).metaData();
      assertThat(metaData.encodings()).as("dictionary encodings").contains(Encoding.RLE_DICTIONARY);
      PageHeader dictionaryPage = written.pageHeader(metaData.dictionaryPageOffset()).header();
      // The four entries of the first Arrow dictionary, in order, then "zucchini" from the second.
      assertThat(dictionaryPage.dictionaryPageHeader().numValues()).as("dictionary entries").isEqualTo(5);

      Schema stored = ArrowCppOracle.schema(allocator, file);
      assertThat(stored.getFields().get(0).getName()).as("field name Arrow C++ sees").isEqualTo("fruit");
      assertThat(stored.getFields().get(0).getDictionary()).as("Arrow C++ restores the dictionary type from"
          + " ARROW:schema").isNotNull();
      String[] values = {"banana", "", "date", "banana", "cherry", "banana", "banana", "", "date", "banana",
          "cherry", "banana", "zucchini", "apple", "zucchini"};
      try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file);
          ArrowBatches duckDb = DuckDbOracle.read(allocator, file)) {
        // ArrowBatches decodes dictionary columns into a vector named after the dictionary ("DICT0"), so the
        // expected vector takes the name the decoded batch carries.
        assertRowsEqual("Arrow C++ read of dictionary vectors", arrowCpp, values);
        assertRowsEqual("DuckDB read of dictionary vectors", duckDb, values);
      }
    }
  }

  private void assertRowsEqual(String context, ArrowBatches actual, String[] values) {
    String name = actual.schema().getFields().get(0).getName();
    try (VarCharVector expected = strings(name, values)) {
      expected.setNull(1);
      expected.setNull(7);
      VectorSchemaRoot expectedRoot = new VectorSchemaRoot(List.of(expected)); // a view, not closed
      expectedRoot.setRowCount(expected.getValueCount());
      ArrowAssertions.assertBatchesEqual(context, List.of(expectedRoot), actual.batches(),
          ArrowAssertions.Tolerance.LARGE_AND_SMALL_OFFSETS);
    }
  }

  /** Indices in any order (here descending) read the right entries; int64 values take the fixed-width path. */
  @Test
  void unorderedIndicesOfAnIntegerDictionary() throws Exception {
    DictionaryEncoding encoding = new DictionaryEncoding(2, false, new ArrowType.Int(32, true));
    int rows = 3000;
    try (org.apache.arrow.vector.BigIntVector dictionaryValues = new org.apache.arrow.vector.BigIntVector("big",
        allocator); org.apache.arrow.vector.BigIntVector plain = new org.apache.arrow.vector.BigIntVector("big",
        allocator)) {
      for (int i = 0; i < 100; i++) {
        dictionaryValues.setSafe(i, 1_000_000_007L * i);
      }
      dictionaryValues.setValueCount(100);
      for (int row = 0; row < rows; row++) {
        plain.setSafe(row, 1_000_000_007L * (99 - row % 100));
      }
      plain.setValueCount(rows);
      Dictionary dictionary = new Dictionary(dictionaryValues, encoding);
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(dictionary);
      Path file = directory.resolve("ints.parquet");
      try (FieldVector indices = (FieldVector) DictionaryEncoder.encode(plain, dictionary)) {
        VectorSchemaRoot batch = new VectorSchemaRoot(List.of(indices)); // a view, not closed
        batch.setRowCount(rows);
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, batch.getSchema(), provider,
            WriteOptions.defaults())) {
          writer.write(batch, provider);
        }
      }
      try (ArrowBatches duckDb = DuckDbOracle.read(allocator, file)) {
        VectorSchemaRoot expected = new VectorSchemaRoot(List.of(plain)); // a view, not closed
        expected.setRowCount(rows);
        ArrowAssertions.assertBatchesEqual("DuckDB read of an int64 dictionary", List.of(expected),
            duckDb.batches(), ArrowAssertions.Tolerance.NULLABILITY);
      }
    }
  }

  @Test
  void dictionaryFieldWithoutProviderIsRejected() throws Exception {
    Field field = new Field("code", new FieldType(true, new ArrowType.Int(32, true),
        new DictionaryEncoding(3, false, null)), null);
    Schema schema = new Schema(List.of(field));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ParquetArrowWriter.open(
        directory.resolve("no-provider.parquet"), schema, WriteOptions.defaults()))
        .as("dictionary field without a provider").isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("DictionaryProvider");
    assertThat(directory.resolve("no-provider.parquet")).as("no file").doesNotExist();
  }
}
