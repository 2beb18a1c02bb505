package io.parquetarrow.core.write;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Flat test tables covering every Arrow type the writer stores, nullable and required, filled from a seeded
 * random source with edge values (extremes, NaN, ±0, empty and multi-byte strings) mixed in.
 */
final class FlatTables {
  private FlatTables() {}

  static Field nullable(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  static Field required(String name, ArrowType type) {
    return new Field(name, FieldType.notNullable(type), null);
  }

  /** Every flat type Arrow C++ reads back with the same Arrow type (through ARROW:schema). */
  static Schema allTypes() {
    List<Field> fields = new ArrayList<>();
    fields.add(nullable("bool", ArrowType.Bool.INSTANCE));
    fields.add(required("bool_required", ArrowType.Bool.INSTANCE));
    fields.add(nullable("int8", new ArrowType.Int(8, true)));
    fields.add(nullable("int16", new ArrowType.Int(16, true)));
    fields.add(nullable("int32", new ArrowType.Int(32, true)));
    fields.add(required("int32_required", new ArrowType.Int(32, true)));
    fields.add(nullable("int64", new ArrowType.Int(64, true)));
    fields.add(nullable("uint8", new ArrowType.Int(8, false)));
    fields.add(nullable("uint16", new ArrowType.Int(16, false)));
    fields.add(nullable("uint32", new ArrowType.Int(32, false)));
    fields.add(nullable("uint64", new ArrowType.Int(64, false)));
    fields.add(nullable("float16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)));
    fields.add(nullable("float32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    fields.add(nullable("float64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    fields.add(nullable("decimal_10_2", new ArrowType.Decimal(10, 2, 128)));
    fields.add(nullable("decimal_38_10", new ArrowType.Decimal(38, 10, 128)));
    fields.add(nullable("decimal256_60_5", new ArrowType.Decimal(60, 5, 256)));
    fields.add(nullable("date32", new ArrowType.Date(DateUnit.DAY)));
    fields.add(nullable("time32_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)));
    fields.add(nullable("time64_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)));
    fields.add(nullable("time64_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)));
    fields.add(nullable("timestamp_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)));
    fields.add(nullable("timestamp_us_utc", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
    fields.add(nullable("timestamp_ns_zone", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "Europe/Paris")));
    fields.add(nullable("utf8", ArrowType.Utf8.INSTANCE));
    fields.add(required("utf8_required", ArrowType.Utf8.INSTANCE));
    fields.add(nullable("large_utf8", ArrowType.LargeUtf8.INSTANCE));
    fields.add(nullable("binary", ArrowType.Binary.INSTANCE));
    fields.add(nullable("large_binary", ArrowType.LargeBinary.INSTANCE));
    fields.add(nullable("fixed5", new ArrowType.FixedSizeBinary(5)));
    fields.add(nullable("null", ArrowType.Null.INSTANCE));
    return new Schema(fields);
  }

  /** {@code rows} rows of {@code schema} (types from {@link #allTypes()} or a subset). */
  static VectorSchemaRoot fill(BufferAllocator allocator, Schema schema, int rows, long seed, double nullRate) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    root.allocateNew();
    Random random = new Random(seed);
    for (FieldVector vector : root.getFieldVectors()) {
      boolean nullable = vector.getField().isNullable();
      for (int row = 0; row < rows; row++) {
        if (nullable && random.nextDouble() < nullRate) {
          if (!(vector instanceof NullVector)) {
            setNull(vector, row);
          }
          continue;
        }
        setValue(vector, row, random);
      }
      vector.setValueCount(rows);
    }
    root.setRowCount(rows);
    return root;
  }

  private static void setNull(FieldVector vector, int row) {
    if (vector instanceof BaseFixedWidthVector fixed) {
      fixed.setNull(row);
    } else if (vector instanceof org.apache.arrow.vector.BaseVariableWidthVector variable) {
      variable.setNull(row);
    } else if (vector instanceof org.apache.arrow.vector.BaseLargeVariableWidthVector variable) {
      variable.setNull(row);
    } else {
      throw new IllegalArgumentException("no null setter for " + vector.getClass());
    }
  }

  static final String[] STRINGS = {"", "a", "abc", "ünïcödé", "日本語テキスト", "emoji 😀 pair", "zzz", "\u0000nul"};

  private static void setValue(FieldVector vector, int row, Random random) {
    int pick = random.nextInt(10);
    if (vector instanceof BitVector v) {
      v.setSafe(row, random.nextBoolean() ? 1 : 0);
    } else if (vector instanceof TinyIntVector v) {
      v.setSafe(row, pick == 0 ? Byte.MIN_VALUE : pick == 1 ? Byte.MAX_VALUE : random.nextInt(256) - 128);
    } else if (vector instanceof SmallIntVector v) {
      v.setSafe(row, pick == 0 ? Short.MIN_VALUE : pick == 1 ? Short.MAX_VALUE : random.nextInt(65536) - 32768);
    } else if (vector instanceof IntVector v) {
      v.setSafe(row, pick == 0 ? Integer.MIN_VALUE : pick == 1 ? Integer.MAX_VALUE : random.nextInt(1000) - 500);
    } else if (vector instanceof BigIntVector v) {
      v.setSafe(row, pick == 0 ? Long.MIN_VALUE : pick == 1 ? Long.MAX_VALUE : random.nextLong());
    } else if (vector instanceof UInt1Vector v) {
      v.setSafe(row, pick == 0 ? 255 : random.nextInt(256));
    } else if (vector instanceof UInt2Vector v) {
      v.setSafe(row, pick == 0 ? 65535 : random.nextInt(65536));
    } else if (vector instanceof UInt4Vector v) {
      v.setSafe(row, pick == 0 ? -1 : random.nextInt());
    } else if (vector instanceof UInt8Vector v) {
      v.setSafe(row, pick == 0 ? -1L : random.nextLong());
    } else if (vector instanceof Float2Vector v) {
      float value = pick == 0 ? Float.NaN : pick == 1 ? -0.0f : (random.nextInt(2000) - 1000) / 8f;
      v.setSafeWithPossibleTruncate(row, value);
    } else if (vector instanceof Float4Vector v) {
      v.setSafe(row, pick == 0 ? Float.NaN : pick == 1 ? -0.0f : pick == 2 ? Float.NEGATIVE_INFINITY
          : random.nextFloat() * 1000 - 500);
    } else if (vector instanceof Float8Vector v) {
      v.setSafe(row, pick == 0 ? Double.NaN : pick == 1 ? 0.0 : pick == 2 ? Double.MAX_VALUE
          : random.nextGaussian() * 1e6);
    } else if (vector instanceof DecimalVector v) {
      ArrowType.Decimal type = (ArrowType.Decimal) v.getField().getType();
      v.setSafe(row, randomDecimal(random, type.getPrecision(), type.getScale(), pick));
    } else if (vector instanceof Decimal256Vector v) {
      ArrowType.Decimal type = (ArrowType.Decimal) v.getField().getType();
      v.setSafe(row, randomDecimal(random, type.getPrecision(), type.getScale(), pick));
    } else if (vector instanceof DateDayVector v) {
      v.setSafe(row, random.nextInt(40_000) - 10_000);
    } else if (vector instanceof DateMilliVector v) {
      v.setSafe(row, (random.nextInt(40_000) - 10_000) * 86_400_000L);
    } else if (vector instanceof TimeSecVector v) {
      v.setSafe(row, random.nextInt(86_400));
    } else if (vector instanceof TimeMilliVector v) {
      v.setSafe(row, random.nextInt(86_400_000));
    } else if (vector instanceof TimeMicroVector v) {
      v.setSafe(row, (long) (random.nextDouble() * 86_400_000_000L));
    } else if (vector instanceof TimeNanoVector v) {
      v.setSafe(row, (long) (random.nextDouble() * 86_400_000_000_000L));
    } else if (vector instanceof TimeStampVector v) {
      long bound = switch (((ArrowType.Timestamp) v.getField().getType()).getUnit()) {
        case SECOND -> 4_000_000_000L;
        case MILLISECOND -> 4_000_000_000_000L;
        case MICROSECOND -> 4_000_000_000_000_000L;
        case NANOSECOND -> Long.MAX_VALUE / 2;
      };
      v.setSafe(row, (long) ((random.nextDouble() - 0.3) * bound));
    } else if (vector instanceof VarCharVector v) {
      v.setSafe(row, randomString(random, pick).getBytes(StandardCharsets.UTF_8));
    } else if (vector instanceof LargeVarCharVector v) {
      v.setSafe(row, randomString(random, pick).getBytes(StandardCharsets.UTF_8));
    } else if (vector instanceof VarBinaryVector v) {
      v.setSafe(row, randomBytes(random, random.nextInt(20)));
    } else if (vector instanceof LargeVarBinaryVector v) {
      v.setSafe(row, randomBytes(random, random.nextInt(20)));
    } else if (vector instanceof FixedSizeBinaryVector v) {
      v.setSafe(row, randomBytes(random, v.getByteWidth()));
    } else if (vector instanceof NullVector) {
      // every slot of a null vector is null
    } else {
      throw new IllegalArgumentException("no value setter for " + vector.getClass());
    }
  }

  static String randomString(Random random, int pick) {
    if (pick < 5) {
      return STRINGS[random.nextInt(STRINGS.length)];
    }
    return STRINGS[random.nextInt(STRINGS.length)] + random.nextInt(100_000);
  }

  static byte[] randomBytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  static BigDecimal randomDecimal(Random random, int precision, int scale, int pick) {
    BigInteger limit = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    BigInteger unscaled = switch (pick) {
      case 0 -> limit;
      case 1 -> limit.negate();
      default -> new BigInteger(precision * 3, random).mod(limit).subtract(limit.shiftRight(1));
    };
    return new BigDecimal(unscaled, scale);
  }
}
