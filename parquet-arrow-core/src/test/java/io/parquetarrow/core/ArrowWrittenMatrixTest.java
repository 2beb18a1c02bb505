package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.ArrowCppWriter;
import io.parquetarrow.core.testing.TestAllocators;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.TimeStampSecTZVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow types that only an Arrow writer produces, written by Arrow C++ ({@link ArrowCppWriter}: dictionary
 * encoding, data page v1) and read by us and by Arrow C++: every flat
 * Arrow type that survives a Parquet round trip (integers of each width and sign, half/single/double floats,
 * date32/date64, time32/time64, timestamps of each unit with and without zone, durations, decimal128/256, utf8,
 * binary and their large variants, fixed-size binary), each as a nullable and as a required (non-nullable)
 * field, in two batches. Ours must equal Arrow C++'s read exactly, types included. (The dataset writer stores no
 * {@code ARROW:schema}, so date64, large types, durations and second timestamps read back as their Parquet
 * mapping on both sides.)
 */
class ArrowWrittenMatrixTest {
  @TempDir Path temporary;

  static List<Field> fields() {
    ArrowType[] types = {
        ArrowType.Bool.INSTANCE, new ArrowType.Int(8, true), new ArrowType.Int(16, true),
        new ArrowType.Int(32, true), new ArrowType.Int(64, true), new ArrowType.Int(8, false),
        new ArrowType.Int(16, false), new ArrowType.Int(32, false), new ArrowType.Int(64, false),
        new ArrowType.FloatingPoint(FloatingPointPrecision.HALF),
        new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
        new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), new ArrowType.Date(DateUnit.DAY),
        new ArrowType.Date(DateUnit.MILLISECOND), new ArrowType.Time(TimeUnit.MILLISECOND, 32),
        new ArrowType.Time(TimeUnit.MICROSECOND, 64), new ArrowType.Time(TimeUnit.NANOSECOND, 64),
        new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"), new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
        new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris"),
        new ArrowType.Timestamp(TimeUnit.NANOSECOND, null), new ArrowType.Duration(TimeUnit.MICROSECOND),
        new ArrowType.Decimal(5, 2, 128), new ArrowType.Decimal(20, 4, 128), new ArrowType.Decimal(38, 0, 128),
        new ArrowType.Decimal(50, 10, 256), ArrowType.Utf8.INSTANCE, ArrowType.LargeUtf8.INSTANCE,
        ArrowType.Binary.INSTANCE, ArrowType.LargeBinary.INSTANCE, new ArrowType.FixedSizeBinary(5)};
    List<Field> fields = new ArrayList<>();
    for (int t = 0; t < types.length; t++) {
      String name = "c" + t + "_" + types[t].toString().replaceAll("[^A-Za-z0-9]+", "_").toLowerCase();
      fields.add(new Field(name + "_nullable", FieldType.nullable(types[t]), null));
      fields.add(new Field(name + "_required", FieldType.notNullable(types[t]), null));
    }
    return fields;
  }

  /** A deterministic batch: about one value in six null in nullable columns, extremes among the values. */
  static VectorSchemaRoot batch(BufferAllocator allocator, int rows, long seed) {
    VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields()), allocator);
    SplittableRandom random = new SplittableRandom(seed);
    for (FieldVector vector : root.getFieldVectors()) {
      vector.setInitialCapacity(rows);
      vector.allocateNew();
      for (int row = 0; row < rows; row++) {
        if (vector.getField().isNullable() && random.nextInt(6) == 0) {
          continue; // left null
        }
        setValue(vector, row, random);
      }
      vector.setValueCount(rows);
    }
    root.setRowCount(rows);
    return root;
  }

  private static void setValue(FieldVector vector, int row, SplittableRandom random) {
    ArrowType type = vector.getField().getType();
    if (vector instanceof BitVector bits) {
      bits.setSafe(row, random.nextInt(2));
    } else if (vector instanceof DateMilliVector dates) {
      // date64 is stored as days: whole days only.
      dates.setSafe(row, (random.nextInt(200_000) - 100_000) * 86_400_000L);
    } else if (vector instanceof TimeStampSecTZVector seconds) {
      // Stored as milliseconds: keep seconds * 1000 within 64 bits.
      seconds.setSafe(row, random.nextLong(-1L << 40, 1L << 40));
    } else if (vector instanceof DecimalVector decimals) {
      ArrowType.Decimal decimal = (ArrowType.Decimal) type;
      decimals.setSafe(row, randomDecimal(random, decimal.getPrecision(), decimal.getScale()));
    } else if (vector instanceof Decimal256Vector decimals) {
      ArrowType.Decimal decimal = (ArrowType.Decimal) type;
      decimals.setSafe(row, randomDecimal(random, decimal.getPrecision(), decimal.getScale()));
    } else if (vector instanceof FixedSizeBinaryVector fixed) {
      byte[] value = new byte[fixed.getByteWidth()];
      random.nextBytes(value);
      fixed.setSafe(row, value);
    } else if (vector instanceof BaseVariableWidthVector variable) {
      variable.setSafe(row, text(random));
    } else if (vector instanceof BaseLargeVariableWidthVector variable) {
      variable.setSafe(row, text(random));
    } else if (type instanceof ArrowType.Time time && time.getUnit() == TimeUnit.MILLISECOND) {
      ((BaseFixedWidthVector) vector).getDataBuffer().setInt(4L * row, random.nextInt(86_400_000));
      ((BaseFixedWidthVector) vector).setIndexDefined(row);
    } else if (type instanceof ArrowType.Time time) {
      long perDay = time.getUnit() == TimeUnit.MICROSECOND ? 86_400_000_000L : 86_400_000_000_000L;
      ((BaseFixedWidthVector) vector).getDataBuffer().setLong(8L * row, random.nextLong(perDay));
      ((BaseFixedWidthVector) vector).setIndexDefined(row);
    } else {
      // Any bit pattern is a valid value of the remaining fixed-width types (integers, floats including NaN
      // payloads, date32, timestamps, durations).
      BaseFixedWidthVector fixed = (BaseFixedWidthVector) vector;
      int width = fixed.getTypeWidth();
      long bits = random.nextInt(8) == 0 ? (random.nextBoolean() ? -1L : Long.MIN_VALUE) : random.nextLong();
      for (int b = 0; b < width; b++) {
        fixed.getDataBuffer().setByte((long) row * width + b, (byte) (bits >>> (8 * b)));
      }
      fixed.setIndexDefined(row);
    }
  }

  private static BigDecimal randomDecimal(SplittableRandom random, int precision, int scale) {
    StringBuilder digits = new StringBuilder();
    int length = 1 + random.nextInt(precision);
    for (int i = 0; i < length; i++) {
      digits.append((char) ('0' + random.nextInt(10)));
    }
    BigInteger unscaled = new BigInteger(digits.toString());
    return new BigDecimal(random.nextBoolean() ? unscaled.negate() : unscaled, scale);
  }

  private static byte[] text(SplittableRandom random) {
    int choice = random.nextInt(50);
    String value = choice < 3 ? "" : "v" + choice + "-" + "é€𝄞".repeat(random.nextInt(3)) + "x".repeat(random.nextInt(40));
    return value.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void oursEqualsArrowCppForEveryArrowType() throws Exception {
    Path file = temporary.resolve("arrow_types.parquet");
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot first = batch(allocator, 3_000, 1); VectorSchemaRoot second = batch(allocator, 1_234, 2)) {
        ArrowCppWriter.write(allocator, file, first, second);
      }
      for (int batchRows : new int[] {65_536, 1_000, 7}) {
        try (ArrowBatches expected = ArrowCppOracle.read(allocator, file)) {
          List<VectorSchemaRoot> actual =
              ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(batchRows).build());
          try {
            // Fixed-size binary columns are compared apart, tolerating nullability: the oracle's batches come
            // out of arrow-java's FixedSizeBinaryVector transfer, which marks the field nullable whatever the
            // file says (our REQUIRED column correctly reads as non-nullable).
            List<String> fixedSize = names(expected.batches().get(0), true);
            List<String> others = names(expected.batches().get(0), false);
            String context = "Arrow C++-written file, batches of " + batchRows;
            ArrowAssertions.assertBatchesEqual(context, ReaderTestSupport.project(expected.batches(), others),
                ReaderTestSupport.project(actual, others));
            ArrowAssertions.assertBatchesEqual(context, ReaderTestSupport.project(expected.batches(), fixedSize),
                ReaderTestSupport.project(actual, fixedSize), ArrowAssertions.Tolerance.NULLABILITY);
          } finally {
            actual.forEach(VectorSchemaRoot::close);
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  private static List<String> names(VectorSchemaRoot root, boolean fixedSizeBinary) {
    return root.getSchema().getFields().stream()
        .filter(field -> (field.getType() instanceof ArrowType.FixedSizeBinary) == fixedSizeBinary)
        .map(Field::getName).toList();
  }

  @Test
  void stringColumnsReadAsDictionariesHoldTheSameValues() throws Exception {
    Path file = temporary.resolve("dictionary.parquet");
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot batch = batch(allocator, 2_000, 3)) {
        ArrowCppWriter.write(allocator, file, batch);
      }
      String utf8 = fields().stream().map(Field::getName).filter(n -> n.contains("_utf8_nullable")).findFirst()
          .orElseThrow();
      String binary = fields().stream().map(Field::getName).filter(n -> n.contains("_binary_required"))
          .findFirst().orElseThrow();
      ReadOptions plain = ReadOptions.builder().columns(utf8, binary).build();
      ReadOptions dictionary = ReadOptions.builder().columns(utf8, binary).dictionaryColumns(utf8, binary)
          .batchRows(333).build();
      ReaderTestSupport.Table expected = ReaderTestSupport.read(file, plain);
      ReaderTestSupport.Table actual = ReaderTestSupport.read(file, dictionary);
      assertThat(actual.schema().getFields()).as("dictionary-encoded fields")
          .allSatisfy(field -> assertThat(field.getDictionary()).isNotNull());
      assertThat(actual.rows()).as("values read through dictionaries").isEqualTo(expected.rows());
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }
}
