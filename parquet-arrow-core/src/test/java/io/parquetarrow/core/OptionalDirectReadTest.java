package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.Encoding;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Optional flat columns whose batches have no null go straight into the vector (the flat column reader finds the
 * batch's rows in one page, all of them values); batches with nulls, or crossing a page, take the heap path. Here
 * both paths alternate inside the same pages — nulls only in some stretches, pages of 1,000 rows, batches of 300 —
 * for PLAIN, dictionary and BYTE_STREAM_SPLIT pages, and every value and null must come back where it was written.
 */
class OptionalDirectReadTest {
  @TempDir Path directory;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"PLAIN", "RLE_DICTIONARY", "BYTE_STREAM_SPLIT"})
  void batchesWithAndWithoutNullsReadBackEqual(String encoding) throws Exception {
    int rows = 10_000;
    Schema schema = new Schema(List.of(
        Field.nullable("id", new ArrowType.Int(64, true)),
        Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    Path file = directory.resolve(encoding + ".parquet");
    WriteOptions.Builder options = WriteOptions.builder().pageRowLimit(1_000);
    if (encoding.equals("RLE_DICTIONARY")) {
      options.dictionaryEnabled(true);
    } else {
      options.dictionaryEnabled(false).columnEncoding("id", Encoding.valueOf(encoding))
          .columnEncoding("x", encoding.equals("PLAIN") ? Encoding.PLAIN : Encoding.BYTE_STREAM_SPLIT);
    }
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
        BigIntVector ids = (BigIntVector) root.getVector("id");
        Float8Vector xs = (Float8Vector) root.getVector("x");
        ids.allocateNew(rows);
        xs.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
          if (isNull(i)) {
            ids.setNull(i);
            xs.setNull(i);
          } else {
            ids.set(i, expectedId(i));
            xs.set(i, expectedX(i));
          }
        }
        root.setRowCount(rows);
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options.build())) {
          writer.write(root);
        }
      }
      int row = 0;
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
          ReadOptions.builder().batchRows(300).build())) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
          BigIntVector ids = (BigIntVector) root.getVector("id");
          Float8Vector xs = (Float8Vector) root.getVector("x");
          for (int i = 0; i < root.getRowCount(); i++, row++) {
            if (isNull(row)) {
              assertThat(ids.isNull(i)).as("%s row %d id null", encoding, row).isTrue();
              assertThat(xs.isNull(i)).as("%s row %d x null", encoding, row).isTrue();
            } else {
              assertThat(ids.get(i)).as("%s row %d id", encoding, row).isEqualTo(expectedId(row));
              assertThat(xs.get(i)).as("%s row %d x", encoding, row).isEqualTo(expectedX(row));
            }
          }
        }
      }
      assertThat(row).isEqualTo(rows);
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  /** Nulls in rows 1,000-1,999 (every 7th) and 5,500-5,600 (all): pages and batches with and without them. */
  private static boolean isNull(int row) {
    return row >= 1_000 && row < 2_000 && row % 7 == 0 || row >= 5_500 && row < 5_600;
  }

  private static long expectedId(int row) {
    return row % 50 * 1_000_003L;
  }

  private static double expectedX(int row) {
    return row % 40 / 8.0;
  }
}
