package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A filtered read of a field read as an Arrow dictionary: the filter's pieces hold the dictionary's indices, as the
 * reader's root does, whether the filter reads that field or another one.
 */
class FilteredDictionaryReadTest {
  @TempDir Path directory;

  @Test
  void filtersOnAndAlongsideDictionaryColumns() throws Exception {
    Path file = directory.resolve("fruit.parquet");
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement()) {
      statement.execute("COPY (SELECT i AS id, ['apple', 'banana', 'cherry'][1 + i % 3] AS fruit FROM range(3000)"
          + " t(i)) TO '" + file.toAbsolutePath() + "' (FORMAT parquet)");
    }
    try (BufferAllocator allocator = TestAllocators.root()) {
      assertThat(read(allocator, file, "fruit = 'banana'")).hasSize(1000).allMatch(row -> row.equals("banana"));
      assertThat(read(allocator, file, "id < 4")).containsExactly("apple", "banana", "cherry", "apple");
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
  }

  private static List<String> read(BufferAllocator allocator, Path file, String filter) throws Exception {
    List<String> values = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, ReadOptions.builder()
        .columns("fruit").dictionaryColumns("fruit").filter(filter).batchRows(700).build())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        FieldVector indices = root.getVector("fruit");
        Dictionary dictionary = reader.lookup(indices.getField().getDictionary().getId());
        for (int row = 0; row < root.getRowCount(); row++) {
          values.add(dictionary.getVector().getObject(((IntVector) indices).get(row)).toString());
        }
      }
    }
    return values;
  }
}
