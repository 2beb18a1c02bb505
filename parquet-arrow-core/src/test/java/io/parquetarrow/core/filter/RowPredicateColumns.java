package io.parquetarrow.core.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseIntVector;
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
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The columns of the randomized duel, one of every Arrow type a {@link RowPredicate} reads, with random values
 * that favour extremes, ties and values near each other, written through each vector's own setters, and random
 * literals of every kind that can compare with them, drawn near the values a batch holds.
 */
final class RowPredicateColumns {
  static final List<Field> FIELDS = List.of(
      Field.nullable("i8", new ArrowType.Int(8, true)),
      Field.nullable("i16", new ArrowType.Int(16, true)),
      Field.nullable("i32", new ArrowType.Int(32, true)),
      Field.nullable("i64", new ArrowType.Int(64, true)),
      Field.nullable("u8", new ArrowType.Int(8, false)),
      Field.nullable("u16", new ArrowType.Int(16, false)),
      Field.nullable("u32", new ArrowType.Int(32, false)),
      Field.nullable("u64", new ArrowType.Int(64, false)),
      Field.nullable("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
      Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("d9", new ArrowType.Decimal(9, 2, 128)),
      Field.nullable("d38", new ArrowType.Decimal(38, 10, 128)),
      Field.nullable("d76", new ArrowType.Decimal(76, 5, 256)),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("dayms", new ArrowType.Date(DateUnit.MILLISECOND)),
      Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
      Field.nullable("ts_ms_tz", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
      Field.nullable("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
      Field.nullable("ts_ns_tz", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "Europe/Paris")),
      Field.nullable("utf8", ArrowType.Utf8.INSTANCE),
      Field.nullable("large_utf8", ArrowType.LargeUtf8.INSTANCE),
      Field.nullable("bin", ArrowType.Binary.INSTANCE),
      Field.nullable("large_bin", ArrowType.LargeBinary.INSTANCE),
      Field.nullable("fixed", new ArrowType.FixedSizeBinary(3)),
      Field.nullable("flag", ArrowType.Bool.INSTANCE),
      Field.nullable("time", new ArrowType.Time(TimeUnit.MILLISECOND, 32)));

  private static final String[] PIECES = {"", "a", "b", "ab", "é", "中", "\uD83D\uDE00", "zz", "a\u0000", "~"};
  private static final double[] DOUBLES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0,
      -0.0, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, 65504, 1e-8, 0.1, -2.5, 3};

  private RowPredicateColumns() {}

  /** Sets a random value (null with probability {@code nullRate}) at {@code row} of a vector of this module. */
  static void setRandom(FieldVector vector, int row, Random random, double nullRate) {
    if (random.nextDouble() < nullRate) {
      vector.setNull(row);
      return;
    }
    ArrowType type = vector.getField().getType();
    switch (type.getTypeID()) {
      case Int -> {
        ArrowType.Int integer = (ArrowType.Int) type;
        BigInteger value = randomInteger(random, integer.getBitWidth(), integer.getIsSigned());
        setInteger(vector, row, value);
      }
      case FloatingPoint -> {
        double value = random.nextInt(3) == 0 ? DOUBLES[random.nextInt(DOUBLES.length)]
            : random.nextInt(41) / 4.0 - 5;
        if (vector instanceof Float2Vector half) {
          half.setSafe(row, Float16.toFloat16((float) value));
        } else if (vector instanceof Float4Vector single) {
          single.setSafe(row, (float) value);
        } else {
          ((Float8Vector) vector).setSafe(row, value);
        }
      }
      case Decimal -> {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        BigInteger limit = BigInteger.TEN.pow(decimal.getPrecision()).subtract(BigInteger.ONE);
        BigInteger unscaled = switch (random.nextInt(7)) {
          case 0 -> limit;
          case 1 -> limit.negate();
          case 2 -> new BigInteger(3 * decimal.getPrecision(), random).mod(limit)
              .multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1));
          case 3 -> BigInteger.ONE.shiftLeft(63 + random.nextInt(2)).add(BigInteger.valueOf(random.nextInt(5) - 2))
              .multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1)); // words' sign bits differ nearby
          default -> BigInteger.valueOf(random.nextInt(21) - 10).multiply(BigInteger.TEN.pow(random.nextInt(3)));
        };
        // Raw bytes, so that values beyond the declared precision (a sloppy writer's) are tried too.
        byte[] bigEndian = unscaled.toByteArray();
        if (vector instanceof DecimalVector small) {
          small.setBigEndianSafe(row, bigEndian);
        } else {
          ((Decimal256Vector) vector).setBigEndianSafe(row, bigEndian);
        }
      }
      case Date -> {
        if (vector instanceof DateDayVector days) {
          days.setSafe(row, (int) randomLong(random, Integer.MIN_VALUE, Integer.MAX_VALUE, 1));
        } else {
          ((DateMilliVector) vector).setSafe(row, randomLong(random, -Long.MAX_VALUE / 4, Long.MAX_VALUE / 4,
              86_400_000L));
        }
      }
      case Timestamp -> {
        TimeUnit unit = ((ArrowType.Timestamp) type).getUnit();
        // getObject() of a seconds vector goes through milliseconds, which must not overflow.
        long limit = unit == TimeUnit.SECOND ? Long.MAX_VALUE / 1000 : Long.MAX_VALUE;
        ((TimeStampVector) vector).setSafe(row, randomLong(random, -limit, limit, unitsPerDay(unit)));
      }
      case Utf8, LargeUtf8, Binary, LargeBinary, FixedSizeBinary -> {
        byte[] bytes = randomString(random).getBytes(StandardCharsets.UTF_8);
        if (type.getTypeID() == ArrowType.ArrowTypeID.Binary || type.getTypeID()
            == ArrowType.ArrowTypeID.LargeBinary) {
          if (random.nextInt(4) == 0) {
            bytes = new byte[random.nextInt(12)];
            random.nextBytes(bytes);
          }
        }
        if (vector instanceof VarCharVector text) {
          text.setSafe(row, bytes);
        } else if (vector instanceof LargeVarCharVector text) {
          text.setSafe(row, bytes);
        } else if (vector instanceof VarBinaryVector binary) {
          binary.setSafe(row, bytes);
        } else if (vector instanceof LargeVarBinaryVector binary) {
          binary.setSafe(row, bytes);
        } else {
          ((FixedSizeBinaryVector) vector).setSafe(row, Arrays.copyOf(bytes, 3));
        }
      }
      case Bool -> ((BitVector) vector).setSafe(row, random.nextBoolean() ? 1 : 0);
      case Time -> ((TimeMilliVector) vector).setSafe(row, random.nextInt(86_400_000));
      default -> throw new IllegalArgumentException("no random values for " + type);
    }
  }

  static void setInteger(FieldVector vector, int row, BigInteger value) {
    if (vector instanceof TinyIntVector tiny) {
      tiny.setSafe(row, value.byteValue());
    } else if (vector instanceof SmallIntVector small) {
      small.setSafe(row, value.shortValue());
    } else if (vector instanceof IntVector integer) {
      integer.setSafe(row, value.intValue());
    } else if (vector instanceof BigIntVector big) {
      big.setSafe(row, value.longValue());
    } else if (vector instanceof UInt1Vector unsigned) {
      unsigned.setSafe(row, value.intValue());
    } else if (vector instanceof UInt2Vector unsigned) {
      unsigned.setSafe(row, value.intValue());
    } else if (vector instanceof UInt4Vector unsigned) {
      unsigned.setSafe(row, value.intValue());
    } else if (vector instanceof UInt8Vector unsigned) {
      unsigned.setSafe(row, value.longValue());
    } else {
      ((BaseIntVector) vector).setWithPossibleTruncate(row, value.longValue());
    }
  }

  private static BigInteger randomInteger(Random random, int bits, boolean signed) {
    BigInteger min = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
    BigInteger max = signed ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
        : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
    return switch (random.nextInt(8)) {
      case 0 -> min;
      case 1 -> max;
      case 2 -> new BigInteger(bits, random).add(min);
      case 3 -> max.subtract(BigInteger.valueOf(random.nextInt(3)));
      default -> BigInteger.valueOf(random.nextInt(21) - (signed ? 10 : 0));
    };
  }

  private static long randomLong(Random random, long min, long max, long step) {
    return switch (random.nextInt(8)) {
      case 0 -> min;
      case 1 -> max;
      case 2 -> min + (long) (random.nextDouble() * ((double) max - min));
      case 3 -> (random.nextInt(7) - 3) * step;
      default -> (random.nextInt(7) - 3) * step + random.nextInt(5) - 2;
    };
  }

  private static long unitsPerDay(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 86_400L;
      case MILLISECOND -> 86_400_000L;
      case MICROSECOND -> 86_400_000_000L;
      case NANOSECOND -> 86_400_000_000_000L;
    };
  }

  static String randomString(Random random) {
    StringBuilder text = new StringBuilder();
    for (int pieces = random.nextInt(5); pieces > 0; pieces--) {
      text.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return text.toString();
  }

  /** A random literal that can compare with {@code field}, near {@code sample} (a reference value, or null). */
  static Literal randomLiteral(Random random, Field field, Object sample) {
    return switch (field.getType().getTypeID()) {
      case Int, FloatingPoint, Decimal -> numericLiteral(random, sample);
      case Date, Timestamp -> timeLiteral(random, sample);
      case Bool -> Literal.of(random.nextBoolean());
      default -> {
        String base = sample instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8)
            : randomString(random);
        yield Literal.of(switch (random.nextInt(4)) {
          case 0 -> base + PIECES[random.nextInt(PIECES.length)];
          case 1 -> base.isEmpty() ? base : base.substring(0, random.nextInt(base.length()));
          case 2 -> randomString(random);
          default -> base;
        });
      }
    };
  }

  private static Literal numericLiteral(Random random, Object sample) {
    switch (random.nextInt(16)) {
      case 0 -> {
        return Literal.of(DOUBLES[random.nextInt(DOUBLES.length)]);
      }
      case 1 -> {
        return Literal.of(random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE);
      }
      case 2 -> {
        return Literal.of(new BigDecimal(random.nextBoolean() ? "1e40" : "-1e80"));
      }
      default -> { }
    }
    if (sample instanceof Double number && (!Double.isFinite(number) || random.nextInt(4) == 0)) {
      return Literal.of(switch (random.nextInt(3)) {
        case 0 -> Math.nextUp(number);
        case 1 -> Math.nextDown(number);
        default -> number;
      });
    }
    BigDecimal base = sample == null ? BigDecimal.valueOf(random.nextInt(21) - 10)
        : sample instanceof Double number ? new BigDecimal(number) : (BigDecimal) sample;
    BigDecimal[] deltas = {BigDecimal.ZERO, BigDecimal.ONE, BigDecimal.ONE.negate(), new BigDecimal("0.5"),
        new BigDecimal("-0.5"), new BigDecimal("0.001"), new BigDecimal("1e-12")};
    BigDecimal value = base.add(deltas[random.nextInt(deltas.length)]);
    if (random.nextInt(3) == 0) { // just beside the value, closer than any two doubles or decimals of the batch
      BigDecimal beside = base.signum() == 0 ? new BigDecimal("1e-400") : base.abs().multiply(new BigDecimal("1e-30"));
      value = random.nextBoolean() ? base.add(beside) : base.subtract(beside);
    }
    int kind = random.nextInt(4);
    if (kind == 0 && value.stripTrailingZeros().scale() <= 0 && value.abs().compareTo(new BigDecimal(Long.MAX_VALUE))
        <= 0) {
      return Literal.of(value.longValueExact());
    }
    if (kind == 1) {
      return Literal.of(value.doubleValue());
    }
    return Literal.of(value.round(new MathContext(500, RoundingMode.HALF_EVEN)));
  }

  private static Literal timeLiteral(Random random, Object sample) {
    BigInteger nanos = sample instanceof BigInteger value ? value
        : BigInteger.valueOf(random.nextInt(2_000_000) - 1_000_000).multiply(BigInteger.valueOf(86_400_000_000_000L));
    long[] deltas = {0, 1, -1, 1_000, -1_000_000, 43_200_000_000_000L, -86_400_000_000_000L, 1_000_000_000L};
    nanos = nanos.add(BigInteger.valueOf(deltas[random.nextInt(deltas.length)]));
    BigInteger[] secondsAndNanos = nanos.divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
    long seconds = secondsAndNanos[0].longValueExact();
    long nano = secondsAndNanos[1].longValueExact();
    if (nano < 0) {
      seconds--;
      nano += 1_000_000_000L;
    }
    LocalDateTime time = LocalDateTime.ofEpochSecond(seconds, (int) nano, ZoneOffset.UTC);
    return random.nextBoolean() ? Literal.of(time.toLocalDate()) : Literal.of(time);
  }

  /** A random literal list for {@code IN}: up to 20 values, so both the small and the hashed sets are tried. */
  static List<Literal> randomLiterals(Random random, Field field, List<Object> samples) {
    int count = 1 + random.nextInt(random.nextBoolean() ? 4 : 20);
    List<Literal> literals = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      literals.add(randomLiteral(random, field, samples.isEmpty() ? null
          : samples.get(random.nextInt(samples.size()))));
    }
    return literals;
  }
}
