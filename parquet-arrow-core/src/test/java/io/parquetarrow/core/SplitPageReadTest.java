package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.Encoding;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Required columns of uncompressed PLAIN pages are read from the file straight into the vectors, and a page that
 * spans the end of a batch continues into the next: with page CRCs its rest goes through the heap (the CRC is
 * verified over the whole page before any of it is handed out); without them the rest stays in the file and is
 * read into the next batch's vector, which may take it in several pieces when batches are smaller than pages.
 * Pages of 1,000 rows against batches that divide them, straddle them and hold several of them: every value must
 * come back where it was written.
 */
class SplitPageReadTest {
  @TempDir Path directory;

  @ParameterizedTest(name = "checksums {0}, batches of {1}")
  @CsvSource({"false, 300", "false, 1000", "false, 2500", "false, 7", "true, 300", "true, 2500"})
  void requiredPlainPagesSplitAcrossBatchesReadBackEqual(boolean checksums, int batchRows) throws Exception {
    int rows = 10_003;
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.notNullable("small", new ArrowType.Int(32, true)),
        Field.notNullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.notNullable("fixed", new ArrowType.FixedSizeBinary(3))));
    Path file = directory.resolve("split-" + checksums + "-" + batchRows + ".parquet");
    WriteOptions options = WriteOptions.builder().pageRowLimit(1_000).dictionaryEnabled(false)
        .columnEncoding("fixed", Encoding.PLAIN).pageChecksums(checksums).build();
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
        BigIntVector ids = (BigIntVector) root.getVector("id");
        IntVector smalls = (IntVector) root.getVector("small");
        Float8Vector xs = (Float8Vector) root.getVector("x");
        FixedSizeBinaryVector fixed = (FixedSizeBinaryVector) root.getVector("fixed");
        ids.allocateNew(rows);
        smalls.allocateNew(rows);
        xs.allocateNew(rows);
        fixed.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
          ids.set(i, id(i));
          smalls.set(i, (int) id(i));
          xs.set(i, i * 0.5);
          fixed.set(i, fixed(i));
        }
        root.setRowCount(rows);
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
          writer.write(root);
        }
      }
      int row = 0;
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
          ReadOptions.builder().batchRows(batchRows).build())) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
          BigIntVector ids = (BigIntVector) root.getVector("id");
          IntVector smalls = (IntVector) root.getVector("small");
          Float8Vector xs = (Float8Vector) root.getVector("x");
          FixedSizeBinaryVector fixed = (FixedSizeBinaryVector) root.getVector("fixed");
          for (int i = 0; i < root.getRowCount(); i++, row++) {
            assertThat(ids.get(i)).as("row %d id", row).isEqualTo(id(row));
            assertThat(smalls.get(i)).as("row %d small", row).isEqualTo((int) id(row));
            assertThat(xs.get(i)).as("row %d x", row).isEqualTo(row * 0.5);
            assertThat(fixed.get(i)).as("row %d fixed", row).isEqualTo(fixed(row));
          }
        }
      }
      assertThat(row).as("rows read").isEqualTo(rows);
      assertThat(allocator.getAllocatedMemory()).as("memory left allocated").isZero();
    }
  }

  private static long id(int row) {
    return row * 0x9E3779B97F4A7C15L;
  }

  private static byte[] fixed(int row) {
    return new byte[] {(byte) row, (byte) (row >> 8), (byte) (row >> 16)};
  }
}
