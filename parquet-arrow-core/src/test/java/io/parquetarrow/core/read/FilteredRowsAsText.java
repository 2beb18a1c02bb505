package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.filter.ScanStatistics;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The rows of a (filtered) read as lists of their values' text, for tests that compare a filtered read with the
 * same rows of a read without a filter; and the small helpers their writers share.
 */
final class FilteredRowsAsText {
  private FilteredRowsAsText() {}

  /**
   * The rows read with {@code options}, each value as text (bytes as ISO-8859-1), with no Arrow memory left after;
   * the read's scan statistics go to {@code statistics[0]}.
   */
  static List<List<Object>> read(Path file, ReadOptions options, ScanStatistics[] statistics) throws Exception {
    List<List<Object>> rows = new ArrayList<>();
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
          for (int row = 0; row < root.getRowCount(); row++) {
            List<Object> values = new ArrayList<>();
            for (FieldVector vector : root.getFieldVectors()) {
              Object value = vector.getObject(row);
              values.add(value instanceof byte[] bytes ? new String(bytes, StandardCharsets.ISO_8859_1)
                  : value == null ? null : value.toString());
            }
            rows.add(values);
          }
        }
        statistics[0] = reader.scanStatistics();
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after %s", options.filter()).isZero();
    }
    return rows;
  }

  /** Sets {@code vector}'s slot {@code index} null, or runs {@code set}. */
  static void setOrNull(FieldVector vector, int index, boolean isNull, Runnable set) {
    if (isNull) {
      vector.setNull(index);
    } else {
      set.run();
    }
  }

  static Field field(String name, boolean nullable, ArrowType type) {
    return new Field(name, new FieldType(nullable, type, null), null);
  }
}
