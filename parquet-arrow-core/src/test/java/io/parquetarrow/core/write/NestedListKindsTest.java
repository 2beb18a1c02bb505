package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Large lists and fixed-size lists (which the corpus, read through Arrow C++, never yields): shredded from
 * their own offsets, and restored by Arrow C++ from {@code ARROW:schema} with the values written.
 */
class NestedListKindsTest {
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

  @ParameterizedTest
  @EnumSource(WriteOptions.DataPageVersion.class)
  void largeAndFixedSizeListsRoundTripThroughArrowCpp(WriteOptions.DataPageVersion version) throws Exception {
    Path file = directory.resolve("lists.parquet");
    try (VectorSchemaRoot root = lists(version, false, file)) {
      try (ArrowBatches back = ArrowCppOracle.read(allocator, file)) {
        ArrowAssertions.assertBatchesEqual("Arrow C++ read of large and fixed-size lists " + version,
            List.of(root), back.batches(), ArrowAssertions.Tolerance.NESTED_FIELD_NAMES);
      }
    }
  }

  /**
   * Null fixed-size lists: Arrow C++ 18 neither writes ("Lists with non-zero length null components are not
   * supported") nor reads them, so DuckDB checks these rows, element by element.
   */
  @ParameterizedTest
  @EnumSource(WriteOptions.DataPageVersion.class)
  void nullFixedSizeListsAreReadByDuckDb(WriteOptions.DataPageVersion version) throws Exception {
    Path file = directory.resolve("null-lists.parquet");
    try (VectorSchemaRoot root = lists(version, true, file);
        ArrowBatches duckDb = io.parquetarrow.core.testing.DuckDbOracle.query(allocator,
            "SELECT fixed IS NULL, fixed[1], fixed[2], len(large) FROM read_parquet(?)", file.toString(), 100_000)) {
      FixedSizeListVector fixed = (FixedSizeListVector) root.getVector("fixed");
      IntVector items = (IntVector) fixed.getDataVector();
      LargeListVector large = (LargeListVector) root.getVector("large");
      VectorSchemaRoot result = duckDb.batches().get(0);
      assertThat(result.getRowCount()).as("rows DuckDB read").isEqualTo(root.getRowCount());
      for (int row = 0; row < root.getRowCount(); row++) {
        assertThat(result.getVector(0).getObject(row)).as("row %d null", row).isEqualTo(fixed.isNull(row));
        for (int k = 0; k < 2 && !fixed.isNull(row); k++) {
          assertThat(result.getVector(1 + k).getObject(row)).as("row %d element %d", row, k)
              .isEqualTo(items.getObject(2 * row + k));
        }
        Object length = result.getVector(3).getObject(row);
        assertThat(length == null ? null : ((Number) length).intValue()).as("row %d large list length", row)
            .isEqualTo(large.isNull(row) ? null : large.getObject(row).size());
      }
    }
  }

  private VectorSchemaRoot lists(WriteOptions.DataPageVersion version, boolean nullFixedLists, Path file)
      throws Exception {
    Schema schema = new Schema(List.of(
        new Field("fixed", FieldType.nullable(new ArrowType.FixedSizeList(2)),
            List.of(Field.nullable("item", new ArrowType.Int(32, true)))),
        new Field("large", FieldType.nullable(ArrowType.LargeList.INSTANCE),
            List.of(Field.nullable("item", ArrowType.Utf8.INSTANCE)))));
    long seed = 99 + version.ordinal();
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    int rows = 2500;
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      FixedSizeListVector fixed = (FixedSizeListVector) root.getVector("fixed");
      LargeListVector large = (LargeListVector) root.getVector("large");
      fixed.allocateNew();
      large.allocateNew();
      IntVector fixedItems = (IntVector) fixed.getDataVector();
      VarCharVector largeItems = (VarCharVector) large.getDataVector();
      for (int row = 0; row < rows; row++) {
        if (nullFixedLists && random.nextInt(6) == 0) {
          fixed.setNull(row);
        } else {
          fixed.setNotNull(row);
        }
        for (int k = 0; k < 2; k++) {
          if (random.nextInt(5) == 0) {
            fixedItems.setNull(2 * row + k);
          } else {
            fixedItems.setSafe(2 * row + k, random.nextInt(1000));
          }
        }
        if (random.nextInt(7) == 0) {
          large.setNull(row);
          continue;
        }
        long start = large.startNewValue(row);
        int length = random.nextInt(4);
        for (int k = 0; k < length; k++) {
          if (random.nextInt(6) == 0) {
            largeItems.setNull((int) start + k);
          } else {
            largeItems.setSafe((int) start + k, ("s" + random.nextInt(50)).getBytes(StandardCharsets.UTF_8));
          }
        }
        large.endValue(row, length);
      }
      fixedItems.setValueCount(2 * rows);
      fixed.setValueCount(rows);
      large.setValueCount(rows);
      root.setRowCount(rows);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, WriteOptions.builder()
          .dataPageVersion(version).pageRowLimit(300).build())) {
        writer.write(root);
      }
      return root;
    } catch (Exception | Error e) {
      root.close();
      throw e;
    }
  }
}
