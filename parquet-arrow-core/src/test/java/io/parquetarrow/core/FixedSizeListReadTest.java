package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.ArrowCppWriter;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
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
 * List), at several batch sizes, without and with null rows (a null fixed-size list still owns its child slots in
 * Arrow's layout, which the Parquet levels do not carry: the reader fills them with nulls). Arrow C++ 18 neither
 * writes nor reads null fixed-size lists, so the file with null rows is ours and DuckDB's rows are the oracle.
 */
class FixedSizeListReadTest {
  private static final int SIZE = 3;

  @TempDir Path temporary;

  private static Schema schema() {
    Field element = new Field("element", FieldType.nullable(new ArrowType.Int(32, true)), null);
    return new Schema(List.of(new Field("points", FieldType.nullable(new ArrowType.FixedSizeList(SIZE)),
        List.of(element))));
  }

  /** {@code rows} lists of {@link #SIZE} ints, element 4 of every 5 null; rows {@code r % nullEvery == 2} null. */
  private static VectorSchemaRoot table(BufferAllocator allocator, int rows, int nullEvery) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    FixedSizeListVector lists = (FixedSizeListVector) root.getVector("points");
    lists.allocateNew();
    IntVector elements = (IntVector) lists.getDataVector();
    elements.allocateNew(rows * SIZE);
    for (int row = 0; row < rows; row++) {
      if (nullEvery > 0 && row % nullEvery == 2) {
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
    readsAsArrowCpp(0);
  }

  @Test
  void nullFixedSizeListsReadAsArrowCpp() throws Exception {
    readsAsArrowCpp(6);
  }

  private void readsAsArrowCpp(int nullEvery) throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      Path arrowCppFile = temporary.resolve("fixed_size_list_arrow_cpp.parquet");
      Path ourFile = temporary.resolve("fixed_size_list_ours.parquet");
      try (VectorSchemaRoot table = table(allocator, 40, nullEvery)) {
        if (nullEvery == 0) {
          ArrowCppWriter.write(allocator, arrowCppFile, table);
        }
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(ourFile, table.getSchema(), WriteOptions.defaults())) {
          writer.write(table);
        }
      }
      // Arrow C++'s writer refuses null fixed-size lists ("Lists with non-zero length null components are not
      // supported"), so with nulls only our file is written.
      for (Path file : nullEvery == 0 ? new Path[] {arrowCppFile, ourFile} : new Path[] {ourFile}) {
        // Arrow C++ 18 refuses to read a null fixed-size list too ("Expected all lists to be of size=3 but index
        // 3 had size=0"), so with nulls DuckDB (which reads the column as a plain list) is the oracle.
        try (ArrowBatches expected = nullEvery == 0 ? ArrowCppOracle.read(allocator, file)
            : DuckDbOracle.read(allocator, file)) {
          // Arrow C++ through arrow-dataset hands the column back as a List (it does not restore FixedSizeList
          // there), so rows are compared as lists of values rather than vector by vector.
          List<Object> expectedRows = rows(expected.batches());
          assertThat(expectedRows).as("the oracle's rows of %s", file.getFileName()).hasSize(40);
          assertThat(expectedRows.contains(null)).as("the oracle sees null rows in %s", file.getFileName())
              .isEqualTo(nullEvery > 0);
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
              int nulls = 0;
              for (VectorSchemaRoot batch : actual) {
                nulls += batch.getVector("points").getNullCount();
              }
              assertThat(nulls).as("null rows of %s, batches of %d", file.getFileName(), batchRows)
                  .isEqualTo(nullEvery == 0 ? 0 : (40 - 3) / nullEvery + 1);
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
}
