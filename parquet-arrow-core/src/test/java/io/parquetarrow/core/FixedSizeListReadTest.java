package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.ArrowCppWriter;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FixedSizeList fields, which Parquet stores as 3-level LISTs and {@code ARROW:schema} restores: files written by
 * Arrow C++ and by our writer read back as FixedSizeList vectors whose rows equal Arrow C++'s read (which gives a
 * List), at several batch sizes. Rows are never null
 * here: a null fixed-size list is refused as unsupported (Arrow's layout needs child placeholders the levels do not
 * carry), which the last test pins down.
 */
class FixedSizeListReadTest {
  private static final int SIZE = 3;

  @TempDir Path temporary;

  private static Schema schema() {
    Field element = new Field("element", FieldType.nullable(new ArrowType.Int(32, true)), null);
    return new Schema(List.of(new Field("points", FieldType.nullable(new ArrowType.FixedSizeList(SIZE)),
        List.of(element))));
  }

  /** {@code rows} lists of {@link #SIZE} ints, element 4 of every 5 null; row {@code nullRow} null if >= 0. */
  private static VectorSchemaRoot table(BufferAllocator allocator, int rows, int nullRow) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    FixedSizeListVector lists = (FixedSizeListVector) root.getVector("points");
    lists.allocateNew();
    IntVector elements = (IntVector) lists.getDataVector();
    elements.allocateNew(rows * SIZE);
    for (int row = 0; row < rows; row++) {
      if (row == nullRow) {
        lists.setNull(row);
      } else {
        lists.setNotNull(row);
      }
      for (int i = 0; i < SIZE; i++) {
        int index = row * SIZE + i;
        if (index % 5 == 4) {
          elements.setNull(index);
        } else {
          elements.setSafe(index, index * 7 - 20);
        }
      }
    }
    elements.setValueCount(rows * SIZE);
    lists.setValueCount(rows);
    root.setRowCount(rows);
    return root;
  }

  @Test
  void arrowCppAndOurFilesReadAsArrowCpp() throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      Path arrowCppFile = temporary.resolve("fixed_size_list_arrow_cpp.parquet");
      Path ourFile = temporary.resolve("fixed_size_list_ours.parquet");
      try (VectorSchemaRoot table = table(allocator, 40, -1)) {
        ArrowCppWriter.write(allocator, arrowCppFile, table);
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(ourFile, table.getSchema(), WriteOptions.defaults())) {
          writer.write(table);
        }
      }
      for (Path file : new Path[] {arrowCppFile, ourFile}) {
        try (ArrowBatches expected = ArrowCppOracle.read(allocator, file)) {
          // Arrow C++ through arrow-dataset hands the column back as a List (it does not restore FixedSizeList
          // there), so rows are compared as lists of values rather than vector by vector.
          List<Object> expectedRows = rows(expected.batches());
          assertThat(expectedRows).as("Arrow C++'s rows of %s", file.getFileName()).hasSize(40);
          for (int batchRows : new int[] {1, 7, 1024}) {
            List<VectorSchemaRoot> actual =
                ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(batchRows).build());
            try {
              // The file written through arrow-dataset carries no FixedSizeList in its ARROW:schema (so it reads
              // as a List, for Arrow C++ too); ours does.
              assertThat(actual.get(0).getVector("points")).as("our vector for %s", file.getFileName())
                  .isInstanceOf(file == ourFile ? FixedSizeListVector.class : ListVector.class);
              assertThat(rows(actual)).as("%s against Arrow C++, batches of %d", file.getFileName(), batchRows)
                  .isEqualTo(expectedRows);
            } finally {
              actual.forEach(VectorSchemaRoot::close);
            }
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  private static List<Object> rows(List<VectorSchemaRoot> batches) {
    List<Object> rows = new ArrayList<>();
    for (VectorSchemaRoot batch : batches) {
      for (int row = 0; row < batch.getRowCount(); row++) {
        rows.add(batch.getVector("points").getObject(row));
      }
    }
    return rows;
  }

  @Test
  void aNullFixedSizeListIsUnsupported() throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      Path file = temporary.resolve("fixed_size_list_null_row.parquet");
      try (VectorSchemaRoot table = table(allocator, 6, 2);
          ParquetArrowWriter writer = ParquetArrowWriter.open(file, table.getSchema(), WriteOptions.defaults())) {
        writer.write(table);
      }
      assertThatThrownBy(() -> ReaderTestSupport.readBatches(allocator, file, ReadOptions.defaults()))
          .as("a FixedSizeList with a null row")
          .isInstanceOf(UnsupportedParquetFeatureException.class)
          .hasMessageContaining("points")
          .hasMessageContaining("null fixed-size lists are not supported");
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }
}
