package io.parquetarrow.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.util.Text;

/**
 * Reads a file with {@link ParquetArrowReader} into the values {@link ParquetJavaRows} gives (dictionary vectors
 * looked up), each read with its own
 * allocator that must be empty once the reader is closed (also when the read fails).
 */
final class EncryptedReads {
  private EncryptedReads() {}

  /** The column names of the read's schema and its rows. */
  record Rows(List<String> columns, List<List<Object>> rows) {}

  static Rows read(Path file, ReadOptions options) throws IOException {
    try (BufferAllocator allocator = TestAllocators.root()) {
      try {
        return read(file, options, allocator);
      } finally {
        assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after reading %s", file).isZero();
      }
    }
  }

  private static Rows read(Path file, ReadOptions options, BufferAllocator allocator) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    List<String> columns = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      root.getSchema().getFields().forEach(field -> columns.add(field.getName()));
      while (reader.loadNextBatch()) {
        for (int row = 0; row < root.getRowCount(); row++) {
          List<Object> values = new ArrayList<>();
          for (FieldVector vector : root.getFieldVectors()) {
            DictionaryEncoding encoding = vector.getField().getDictionary();
            Object value = vector.getObject(row);
            if (encoding != null && value != null) {
              value = reader.lookup(encoding.getId()).getVector().getObject(((Number) value).intValue());
            }
            values.add(plain(value));
          }
          rows.add(values);
        }
      }
    }
    return new Rows(columns, rows);
  }

  static Object plain(Object value) {
    if (value instanceof byte[] bytes) {
      return HexFormat.of().formatHex(bytes);
    }
    if (value instanceof Text text) {
      return text.toString();
    }
    if (value instanceof List<?> list) {
      List<Object> plain = new ArrayList<>();
      list.forEach(element -> plain.add(plain(element)));
      return plain;
    }
    return value;
  }
}
