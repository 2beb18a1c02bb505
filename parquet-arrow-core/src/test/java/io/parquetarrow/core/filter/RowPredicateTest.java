package io.parquetarrow.core.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.TestAllocators;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RowPredicate} on worked examples: exact literal conversion, dates against timestamps, three-valued logic,
 * NaN and signed zeros, dictionary-encoded columns (also duelled against the reference), empty and all-null
 * batches, and the errors of misuse.
 */
class RowPredicateTest {
  private BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("outstanding allocation").isZero();
    allocator.close();
  }

  @Test
  void numericLiteralsCompareExactlyWithIntegers() {
    try (IntVector x = new IntVector("x", allocator)) {
      fill(x, 4, 5, 6, null, Integer.MAX_VALUE, Integer.MIN_VALUE);
      assertThat(rows("x < 5.5", x)).containsExactly(0, 1, 5);
      assertThat(rows("x = 5.5", x)).isEmpty();
      assertThat(rows("x != 5.5", x)).containsExactly(0, 1, 2, 4, 5);
      assertThat(rows("x >= 5.000000000000000000001", x)).containsExactly(2, 4);
      assertThat(rows("x < 1e40", x)).containsExactly(0, 1, 2, 4, 5);
      assertThat(rows("x > 2147483647", x)).isEmpty();
      assertThat(rows("x <= -2147483649", x)).isEmpty();
      assertThat(rows("x = 5e0 OR x BETWEEN 6.5 AND 1e300", x)).containsExactly(1, 4);
      assertThat(rows("x < CAST('NaN' AS DOUBLE)", x)).isEmpty();
    }
  }

  @Test
  void unsignedLongsOrderAboveTheSignedRange() {
    try (UInt8Vector x = new UInt8Vector("x", allocator)) {
      fill(x, 1, -1, Long.MIN_VALUE, null);
      assertThat(rows("x > 9223372036854775807", x)).containsExactly(1, 2);
      assertThat(rows("x = 18446744073709551615", x)).containsExactly(1);
      assertThat(rows("x < 0", x)).isEmpty();
      assertThat(rows("x IN (1, 9223372036854775808, 7)", x)).containsExactly(0, 2);
    }
  }

  @Test
  void decimalsCompareAtTheirScale() {
    try (DecimalVector x = new DecimalVector("x", allocator, 9, 2)) {
      x.allocateNew();
      x.setSafe(0, new BigDecimal("1.00"));
      x.setSafe(1, new BigDecimal("1.01"));
      x.setSafe(2, new BigDecimal("-1.01"));
      x.setValueCount(3);
      assertThat(rows("x < 1.005", x)).containsExactly(0, 2);
      assertThat(rows("x = 1.005", x)).isEmpty();
      assertThat(rows("x = 1", x)).containsExactly(0);
      assertThat(rows("x > -1.0100000001", x)).containsExactly(0, 1, 2);
      assertThat(rows("x IN (1.01, -1.01, 1.001)", x)).containsExactly(1, 2);
    }
  }

  @Test
  void datesAreMidnightUtcAgainstTimestamps() {
    try (DateDayVector day = new DateDayVector("day", allocator);
        TimeStampMicroTZVector ts = new TimeStampMicroTZVector("ts", allocator, "America/New_York")) {
      int january2 = (int) LocalDate.of(2024, 1, 2).toEpochDay();
      fill(day, january2 - 1, january2, january2 + 1);
      long micros = january2 * 86_400_000_000L;
      fill(ts, micros - 1, micros, micros + 1);
      assertThat(rows("day < TIMESTAMP '2024-01-02 00:00:00.000001'", day)).containsExactly(0, 1);
      assertThat(rows("day > TIMESTAMP '2024-01-01 23:59:59'", day)).containsExactly(1, 2);
      assertThat(rows("day = TIMESTAMP '2024-01-02 00:00:00'", day)).containsExactly(1);
      assertThat(rows("ts >= DATE '2024-01-02'", ts)).containsExactly(1, 2);
      assertThat(rows("ts = TIMESTAMP '2024-01-01 23:59:59.9999995'", ts)).isEmpty();
      assertThat(rows("ts < TIMESTAMP '2024-01-01 23:59:59.9999995'", ts)).containsExactly(0);
    }
  }

  @Test
  void nullsFollowThreeValuedLogic() {
    try (IntVector x = new IntVector("x", allocator); IntVector y = new IntVector("y", allocator)) {
      fill(x, 1, 1, null, null, 2);
      fill(y, null, 5, null, 5, null);
      assertThat(rows("NOT x = 1", x, y)).containsExactly(4);
      assertThat(rows("x = 1 OR y = 9", x, y)).containsExactly(0, 1);
      assertThat(rows("NOT (x = 2 AND y = 9)", x, y)).containsExactly(0, 1, 3);
      assertThat(rows("NOT (x = 1 OR y = 5)", x, y)).isEmpty();
      assertThat(rows("NOT (x = 2 OR y = 9)", x, y)).containsExactly(1);
      assertThat(rows("x IS NULL AND y IS NOT NULL", x, y)).containsExactly(3);
      assertThat(rows("NOT NOT x != 1", x, y)).containsExactly(4);
    }
  }

  @Test
  void nanAndSignedZerosFollowJava() {
    try (Float8Vector f = new Float8Vector("f", allocator)) {
      fill(f, Double.NaN, 0.0, -0.0, Double.POSITIVE_INFINITY, 1.5, null);
      assertThat(rows("f != 1.5", f)).containsExactly(0, 1, 2, 3);
      assertThat(rows("f < 1e308", f)).containsExactly(1, 2, 4);
      assertThat(rows("f <= CAST('Infinity' AS DOUBLE)", f)).containsExactly(1, 2, 3, 4);
      assertThat(rows("f = -0.0e0", f)).containsExactly(1, 2);
      assertThat(rows("f < 0", f)).isEmpty();
      assertThat(rows("NOT f = CAST('NaN' AS DOUBLE)", f)).containsExactly(0, 1, 2, 3, 4);
      // Beyond eight values IN probes a hash set, where -0.0 and 0.0 must be one key.
      assertThat(rows("f IN (-0.0e0, 2, 3, 4, 5, 6, 7, 8, 9, 1.25)", f)).containsExactly(1, 2);
      assertThat(rows("f IN (0, 2, 3, 4, 5, 6, 7, 8, 9, 1.5, CAST('NaN' AS DOUBLE))", f)).containsExactly(1, 2, 4);
      assertThat(rows("f BETWEEN 1.4999999999999999999 AND 1.5000000000000000001", f)).containsExactly(4);
    }
  }

  @Test
  void emptyAllNullAndSingleRowBatches() {
    try (IntVector x = new IntVector("x", allocator); VarCharVector s = new VarCharVector("s", allocator)) {
      x.allocateNew();
      x.setValueCount(0);
      s.allocateNew();
      s.setValueCount(0);
      RowPredicate predicate = compile("x = 1 OR s = 'a'", x, s);
      assertThat(predicate.evaluate(byName(x, s), 0, new long[0])).isZero();
      fill(x, null, null, null);
      s.setNull(0);
      s.setNull(1);
      s.setNull(2);
      s.setValueCount(3);
      long[] selection = {-1L};
      assertThat(predicate.evaluate(byName(x, s), 3, selection)).isZero();
      assertThat(selection[0]).isZero();
      assertThat(rows("x IS NULL AND s IS NULL AND NOT s > 'a'", x, s)).isEmpty();
      assertThat(rows("x IS NULL AND s IS NULL", x, s)).containsExactly(0, 1, 2);
      fill(x, 7);
      assertThat(compile("x = 7", x).evaluate(byName(x), 1, selection)).isEqualTo(1);
      assertThat(selection[0]).isEqualTo(1L);
    }
  }

  @Test
  void dictionaryEncodedStringsAgreeWithTheReference() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    ArrowType[] indexTypes = {new ArrowType.Int(8, true), new ArrowType.Int(16, false), new ArrowType.Int(32, true),
        new ArrowType.Int(64, true)};
    Field field = Field.nullable("s", ArrowType.Utf8.INSTANCE);
    Schema schema = new Schema(List.of(field));
    for (int round = 0; round < 200; round++) {
      int entryCount = 1 + random.nextInt(random.nextBoolean() ? 5 : 100);
      int rowCount = random.nextInt(150);
      ArrowType indexType = indexTypes[random.nextInt(indexTypes.length)];
      try (VarCharVector entries = new VarCharVector("entries", allocator);
          FieldVector indices = Field.nullable("s", indexType).createVector(allocator)) {
        entries.allocateNew();
        List<Object> samples = new ArrayList<>();
        for (int entry = 0; entry < entryCount; entry++) {
          if (random.nextInt(8) == 0) {
            entries.setNull(entry);
          } else {
            byte[] bytes = RowPredicateColumns.randomString(random).getBytes(StandardCharsets.UTF_8);
            entries.setSafe(entry, bytes);
            samples.add(bytes);
          }
        }
        entries.setValueCount(entryCount);
        indices.allocateNew();
        for (int row = 0; row < rowCount; row++) {
          if (random.nextInt(6) == 0) {
            indices.setNull(row);
          } else {
            ((BaseIntVector) indices).setWithPossibleTruncate(row, random.nextInt(entryCount));
          }
        }
        indices.setValueCount(rowCount);
        Dictionary dictionary = new Dictionary(entries, new DictionaryEncoding(1, false, (ArrowType.Int) indexType));
        Filter filter = random.nextBoolean() ? dictionaryLeaf(random, field, samples)
            : Filter.not(Filter.or(dictionaryLeaf(random, field, samples), dictionaryLeaf(random, field, samples)));
        RowPredicate predicate = RowPredicate.compile(filter, FilterBinding.bind(filter, schema));
        long[] selection = new long[RowPredicate.wordCount(rowCount)];
        int selected = predicate.evaluate(path -> indices, path -> dictionary, rowCount, selection);
        int expectedCount = 0;
        for (int row = 0; row < rowCount; row++) {
          Object value = indices.isNull(row) ? null
              : RowPredicateReference.value(entries, (int) ((BaseIntVector) indices).getValueAsLong(row));
          boolean expected = Boolean.TRUE.equals(RowPredicateReference.evaluate(filter, path -> value));
          expectedCount += expected ? 1 : 0;
          assertThat((selection[row >>> 6] >>> row & 1) != 0).as("seed %d, filter %s, row %d", seed, filter, row)
              .isEqualTo(expected);
        }
        assertThat(selected).isEqualTo(expectedCount);
      }
    }
  }

  private static Filter dictionaryLeaf(Random random, Field field, List<Object> samples) {
    Object sample = samples.isEmpty() ? null : samples.get(random.nextInt(samples.size()));
    return switch (random.nextInt(5)) {
      case 0 -> new Filter.IsNull("s", random.nextBoolean());
      case 1 -> new Filter.In("s", RowPredicateColumns.randomLiterals(random, field, samples));
      default -> new Filter.Comparison("s", Filter.Operator.values()[random.nextInt(6)],
          RowPredicateColumns.randomLiteral(random, field, sample));
    };
  }

  @Test
  void misuseFailsNamingTheColumn() {
    try (IntVector x = new IntVector("x", allocator); BigIntVector wide = new BigIntVector("x", allocator);
        VarCharVector entries = new VarCharVector("entries", allocator)) {
      fill(x, 1, 5);
      fill(wide, 1, 2);
      RowPredicate predicate = compile("x = 1", x);
      assertThatThrownBy(() -> predicate.evaluate(path -> null, 2, new long[1]))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no vector for filter column x");
      assertThatThrownBy(() -> predicate.evaluate(path -> x, 3, new long[1]))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fewer than the batch's 3 rows");
      assertThatThrownBy(() -> predicate.evaluate(path -> wide, 2, new long[1]))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("compiled for Int(32, true)");
      assertThatThrownBy(() -> predicate.evaluate(path -> x, 65, new long[1]))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot hold 65 rows");
      entries.allocateNew();
      entries.setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
      entries.setValueCount(1);
      Dictionary dictionary = new Dictionary(entries, new DictionaryEncoding(1, false, null));
      RowPredicate encoded = RowPredicate.compile(Filter.parse("s = 'a'"),
          Map.of("s", new Field("s", new FieldType(true, ArrowType.Utf8.INSTANCE, null), null)));
      assertThatThrownBy(() -> encoded.evaluate(path -> x, path -> dictionary, 2, new long[1]))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("row 0 holds dictionary index 1, outside the dictionary's 1 entries");
      Field time = Field.nullable("t", new ArrowType.Time(TimeUnit.SECOND, 32));
      assertThatThrownBy(() -> RowPredicate.compile(Filter.parse("t = 1"), Map.of("t", time)))
          .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("filter column t");
      assertThat(RowPredicate.compile(Filter.parse("t IS NULL"), Map.of("t", time))).isNotNull();
    }
  }

  /** The rows selected by a filter over the given vectors, named by their vector names. */
  private static List<Integer> rows(String filter, FieldVector... vectors) {
    int rowCount = vectors[0].getValueCount();
    long[] selection = new long[RowPredicate.wordCount(rowCount)];
    int selected = compile(filter, vectors).evaluate(byName(vectors), rowCount, selection);
    List<Integer> rows = new ArrayList<>();
    for (int row = 0; row < rowCount; row++) {
      if ((selection[row >>> 6] >>> row & 1) != 0) {
        rows.add(row);
      }
    }
    assertThat(rows).as("rows counted").hasSize(selected);
    return rows;
  }

  private static RowPredicate compile(String text, FieldVector... vectors) {
    List<Field> fields = new ArrayList<>();
    for (FieldVector vector : vectors) {
      fields.add(vector.getField());
    }
    Filter filter = Filter.parse(text);
    return RowPredicate.compile(filter, FilterBinding.bind(filter, new Schema(fields)));
  }

  private static Function<String, FieldVector> byName(FieldVector... vectors) {
    return path -> {
      for (FieldVector vector : vectors) {
        if (vector.getName().equals(path)) {
          return vector;
        }
      }
      return null;
    };
  }

  private static void fill(FieldVector vector, Object... values) {
    vector.allocateNew();
    for (int row = 0; row < values.length; row++) {
      Object value = values[row];
      if (value == null) {
        vector.setNull(row);
      } else if (vector instanceof Float8Vector doubles) {
        doubles.setSafe(row, (Double) value);
      } else if (vector instanceof DateDayVector days) {
        days.setSafe(row, (Integer) value);
      } else if (vector instanceof TimeStampVector timestamps) {
        timestamps.setSafe(row, (Long) value);
      } else {
        RowPredicateColumns.setInteger(vector, row, BigInteger.valueOf(((Number) value).longValue()));
      }
    }
    vector.setValueCount(values.length);
  }
}
