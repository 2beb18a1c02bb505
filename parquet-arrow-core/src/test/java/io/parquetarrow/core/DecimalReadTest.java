package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.format.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decimals stored as FIXED_LEN_BYTE_ARRAY of every length from 1 to 9 bytes (precisions 1 to 20, as Arrow C++
 * and our writer store them), required and nullable: each read back equal to what was written, including each
 * precision's largest and smallest values, zero and -1, in batch sizes that end on odd rows, so both the
 * whole-word loads and the byte-by-byte tail of short big-endian values are taken.
 */
class DecimalReadTest {
  private static final int[] PRECISIONS = {1, 2, 3, 4, 5, 7, 9, 10, 12, 14, 15, 16, 17, 18, 19, 20};

  @TempDir Path temporary;

  @Test
  void fixedLengthDecimalsOfEveryShortLengthReadBackExactly() throws Exception {
    List<Field> fields = new ArrayList<>();
    for (int precision : PRECISIONS) {
      int scale = Math.min(2, precision);
      fields.add(Field.notNullable("required_" + precision, new ArrowType.Decimal(precision, scale, 128)));
      fields.add(Field.nullable("nullable_" + precision, new ArrowType.Decimal(precision, scale, 128)));
    }
    Schema schema = new Schema(fields);
    Path file = temporary.resolve("decimals.parquet");
    int rows = 3001;
    try (BufferAllocator allocator = new RootAllocator()) {
      try (VectorSchemaRoot expected = VectorSchemaRoot.create(schema, allocator)) {
        SplittableRandom random = new SplittableRandom(20261123);
        for (FieldVector vector : expected.getFieldVectors()) {
          DecimalVector decimals = (DecimalVector) vector;
          int precision = ((ArrowType.Decimal) decimals.getField().getType()).getPrecision();
          int scale = ((ArrowType.Decimal) decimals.getField().getType()).getScale();
          BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
          boolean nullable = decimals.getField().isNullable();
          decimals.allocateNew(rows);
          for (int row = 0; row < rows; row++) {
            BigInteger unscaled = switch (row % 7) {
              case 0 -> max;
              case 1 -> max.negate();
              case 2 -> BigInteger.ZERO;
              case 3 -> BigInteger.ONE.negate();
              default -> new BigInteger(max.bitLength() + 2, new java.util.Random(random.nextLong())).mod(
                  max.shiftLeft(1).add(BigInteger.ONE)).subtract(max);
            };
            if (nullable && row % 5 == 4) {
              decimals.setNull(row);
            } else {
              decimals.set(row, new BigDecimal(unscaled, scale));
            }
          }
          decimals.setValueCount(rows);
        }
        expected.setRowCount(rows);
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema,
            WriteOptions.builder().pageRowLimit(777).build())) {
          writer.write(expected);
        }
        try (ParquetFile parquet = ParquetFile.open(file)) {
          for (ColumnDescriptor column : parquet.metadata().schema().columns()) {
            assertThat(column.physicalType()).as("%s stored as", column.dottedPath())
                .isEqualTo(Type.FIXED_LEN_BYTE_ARRAY);
          }
        }
        for (int batchRows : new int[] {1, 7, 1000, 4096}) {
          List<VectorSchemaRoot> actual =
              ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(batchRows).build());
          try {
            ArrowAssertions.assertBatchesEqual("decimals in batches of " + batchRows, List.of(expected), actual);
          } finally {
            actual.forEach(VectorSchemaRoot::close);
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }
}
