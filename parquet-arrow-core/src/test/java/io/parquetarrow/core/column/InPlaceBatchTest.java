package io.parquetarrow.core.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.WriteOptions.DataPageVersion;
import io.parquetarrow.core.testing.TestAllocators;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Flat columns of every layout the reader writes into the vector's buffers in place (fixed width as stored or
 * converted, binary with 32- and 64-bit offsets, bits), with nulls at random, in runs and nowhere, read back in
 * batches that straddle pages: every value and every null comes back in its row.
 */
class InPlaceBatchTest {
  private static final int ROWS = 9_001;

  @TempDir Path directory;

  @ParameterizedTest(name = "{0} nulls, dictionary {1}, {2}, batches of {3}")
  @CsvSource({
      "0.1, false, V1, 777", "0.1, true, V2, 777", "0.5, false, V2, 4096", "0.5, true, V1, 1000",
      "0.0, false, V1, 333", "1.0, true, V2, 2048", "0.97, false, V1, 65536"})
  void everyLayoutComesBackRowByRow(double nullShare, boolean dictionary, DataPageVersion version, int batchRows)
      throws Exception {
    long seed = Double.doubleToLongBits(nullShare) ^ batchRows ^ (dictionary ? 1 : 0);
    System.out.println("InPlaceBatchTest seed " + seed);
    Schema schema = new Schema(List.of(
        Field.nullable("i32", new ArrowType.Int(32, true)),
        Field.nullable("i64", new ArrowType.Int(64, true)),
        Field.nullable("i16", new ArrowType.Int(16, true)),
        Field.nullable("u32", new ArrowType.Int(32, false)),
        Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
        Field.nullable("dec", new ArrowType.Decimal(9, 2, 128)),
        Field.nullable("fixed", new ArrowType.FixedSizeBinary(5)),
        Field.nullable("text", ArrowType.Utf8.INSTANCE),
        Field.nullable("large", ArrowType.LargeUtf8.INSTANCE),
        Field.nullable("bin", ArrowType.Binary.INSTANCE),
        Field.nullable("flag", ArrowType.Bool.INSTANCE)));
    Path file = directory.resolve("in-place.parquet");
    try (BufferAllocator allocator = TestAllocators.root();
        VectorSchemaRoot source = VectorSchemaRoot.create(schema, allocator)) {
      fill(source, new SplittableRandom(seed), nullShare);
      WriteOptions options = WriteOptions.builder().pageRowLimit(1_000).dictionaryEnabled(dictionary)
          .dataPageVersion(version).build();
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
        writer.write(source);
      }
      ReadOptions read = ReadOptions.builder().batchRows(batchRows).build();
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, read)) {
        int row = 0;
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          for (Field field : schema.getFields()) {
            FieldVector expected = source.getVector(field.getName());
            FieldVector actual = batch.getVector(field.getName());
            assertThat(actual.getNullCount()).as("%s nulls in the batch at row %d", field.getName(), row)
                .isEqualTo(countNulls(expected, row, batch.getRowCount()));
            for (int i = 0; i < batch.getRowCount(); i++) {
              assertThat(render(actual.getObject(i))).as("%s row %d", field.getName(), row + i)
                  .isEqualTo(render(expected.getObject(row + i)));
            }
          }
          row += batch.getRowCount();
        }
        assertThat(row).isEqualTo(ROWS);
      }
      source.clear();
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
  }

  private static String render(Object value) {
    return value instanceof byte[] bytes ? Arrays.toString(bytes) : String.valueOf(value);
  }

  private static int countNulls(FieldVector vector, int from, int rows) {
    int nulls = 0;
    for (int i = from; i < from + rows; i++) {
      nulls += vector.isNull(i) ? 1 : 0;
    }
    return nulls;
  }

  /** Values at random, a row null with probability {@code nullShare}, and a run of 1,500 nulls in the middle. */
  private static void fill(VectorSchemaRoot root, SplittableRandom random, double nullShare) {
    root.allocateNew();
    for (int row = 0; row < ROWS; row++) {
      boolean inRun = nullShare > 0 && row >= 4_000 && row < 5_500;
      for (FieldVector vector : root.getFieldVectors()) {
        if (inRun || random.nextDouble() < nullShare) {
          vector.setNull(row);
          continue;
        }
        int small = random.nextInt(50);
        long value = small < 10 ? small : random.nextLong();
        String text = "v" + (small < 25 ? small : value);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (vector instanceof IntVector v) {
          v.setSafe(row, (int) value);
        } else if (vector instanceof BigIntVector v) {
          v.setSafe(row, value);
        } else if (vector instanceof SmallIntVector v) {
          v.setSafe(row, (short) value);
        } else if (vector instanceof UInt4Vector v) {
          v.setSafe(row, (int) value);
        } else if (vector instanceof Float4Vector v) {
          v.setSafe(row, (float) value / 7);
        } else if (vector instanceof Float8Vector v) {
          v.setSafe(row, (double) value / 7);
        } else if (vector instanceof TimeStampMilliVector v) {
          v.setSafe(row, value >> 20);
        } else if (vector instanceof DecimalVector v) {
          v.setSafe(row, BigDecimal.valueOf(value % 10_000_000, 2));
        } else if (vector instanceof FixedSizeBinaryVector v) {
          v.setSafe(row, text.concat("#####").substring(0, 5).getBytes(StandardCharsets.UTF_8));
        } else if (vector instanceof VarCharVector v) {
          v.setSafe(row, bytes);
        } else if (vector instanceof LargeVarCharVector v) {
          v.setSafe(row, bytes);
        } else if (vector instanceof VarBinaryVector v) {
          v.setSafe(row, bytes);
        } else if (vector instanceof BitVector v) {
          v.setSafe(row, (int) (value & 1));
        } else {
          throw new AssertionError(vector.getClass());
        }
      }
    }
    root.setRowCount(ROWS);
  }
}
