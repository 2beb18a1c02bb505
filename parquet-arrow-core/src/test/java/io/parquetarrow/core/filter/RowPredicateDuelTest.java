package io.parquetarrow.core.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * The randomized duel: random filters (nested {@code AND}/{@code OR}/{@code NOT}, comparisons, {@code BETWEEN},
 * {@code IN}, {@code IS [NOT] NULL}) with literals of every compatible kind, over batches of every vector type
 * {@link RowPredicate} reads, with nulls, NaN and extremes, checked row by row against
 * {@link RowPredicateReference}. Each predicate is compiled once and evaluated over several batches of different
 * sizes, as a reader does. A failure names the seed (replay with {@code -DparquetArrow.seed=…}), the filter, the row
 * and its values.
 */
class RowPredicateDuelTest {
  private static final Schema SCHEMA = new Schema(RowPredicateColumns.FIELDS);
  private static final int[] SIZES = {0, 1, 2, 63, 64, 65, 127, 128, 129, 200, 1000};

  @Test
  void randomFiltersAgreeWithTheReference() {
    long seed = Long.getLong("parquetArrow.seed", new Random().nextLong());
    Random random = new Random(seed);
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (int round = 0; round < 300; round++) {
        duel(allocator, random, seed, round);
      }
      assertThat(allocator.getAllocatedMemory()).as("outstanding allocation").isZero();
    }
  }

  @Test
  void everyColumnAloneAgreesWithTheReference() {
    long seed = Long.getLong("parquetArrow.seed", new Random().nextLong());
    Random random = new Random(seed);
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (Field field : RowPredicateColumns.FIELDS) {
        for (int round = 0; round < 100; round++) {
          List<FieldVector> batch = batch(allocator, random, 1 + random.nextInt(150));
          try {
            Filter filter = leaf(random, field, samples(batch, field));
            check(filter, RowPredicate.compile(filter, FilterBinding.bind(filter, SCHEMA)), batch, seed);
          } finally {
            batch.forEach(FieldVector::close);
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("outstanding allocation").isZero();
    }
  }

  private static void duel(BufferAllocator allocator, Random random, long seed, int round) {
    List<List<FieldVector>> batches = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        batches.add(batch(allocator, random, SIZES[random.nextInt(SIZES.length)]));
      }
      Filter filter = filter(random, batches.get(0), 3);
      Map<String, Field> columns = FilterBinding.bind(filter, SCHEMA);
      RowPredicate predicate = RowPredicate.compile(filter, columns);
      for (List<FieldVector> batch : batches) {
        check(filter, predicate, batch, seed);
      }
    } finally {
      batches.forEach(batch -> batch.forEach(FieldVector::close));
    }
  }

  private static void check(Filter filter, RowPredicate predicate, List<FieldVector> batch, long seed) {
    Map<String, FieldVector> byName = new HashMap<>();
    batch.forEach(vector -> byName.put(vector.getName(), vector));
    int rowCount = batch.get(0).getValueCount();
    long[] selection = new long[RowPredicate.wordCount(rowCount) + 1];
    selection[selection.length - 1] = 0x5A5A5A5AL; // a word past the batch, which must be left alone
    int selected = predicate.evaluate(byName::get, rowCount, selection);
    int expectedCount = 0;
    for (int row = 0; row < rowCount; row++) {
      int at = row;
      Boolean expected = RowPredicateReference.evaluate(filter,
          path -> RowPredicateReference.value(byName.get(path), at));
      boolean actual = (selection[row >>> 6] >>> row & 1) != 0;
      if (Boolean.TRUE.equals(expected)) {
        expectedCount++;
      }
      if (actual != Boolean.TRUE.equals(expected)) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String path : filter.columns()) {
          Object value = RowPredicateReference.value(byName.get(path), at);
          values.put(path, value instanceof byte[] bytes ? Arrays.toString(bytes) : String.valueOf(value));
        }
        assertThat(actual).as("seed %d, filter %s, row %d of %d, values %s (reference: %s)", seed, filter, row,
            rowCount, values, expected).isEqualTo(Boolean.TRUE.equals(expected));
      }
    }
    assertThat(selected).as("selected count, seed %d, filter %s", seed, filter).isEqualTo(expectedCount);
    if (rowCount % 64 != 0) {
      assertThat(selection[rowCount >>> 6] >>> (rowCount & 63)).as("bits past the last row").isZero();
    }
    assertThat(selection[selection.length - 1]).as("word past the batch").isEqualTo(0x5A5A5A5AL);
  }

  /** One vector of each column, {@code rowCount} rows, each with its own null rate (none, some or all). */
  static List<FieldVector> batch(BufferAllocator allocator, Random random, int rowCount) {
    List<FieldVector> vectors = new ArrayList<>();
    for (Field field : RowPredicateColumns.FIELDS) {
      FieldVector vector = field.createVector(allocator);
      vectors.add(vector);
      vector.allocateNew();
      double nullRate = switch (random.nextInt(6)) {
        case 0 -> 0;
        case 1 -> 1;
        default -> 0.2;
      };
      for (int row = 0; row < rowCount; row++) {
        RowPredicateColumns.setRandom(vector, row, random, nullRate);
      }
      vector.setValueCount(rowCount);
    }
    return vectors;
  }

  private static List<Object> samples(List<FieldVector> batch, Field field) {
    FieldVector vector = batch.stream().filter(candidate -> candidate.getName().equals(field.getName()))
        .findFirst().orElseThrow();
    List<Object> samples = new ArrayList<>();
    for (int row = 0; row < vector.getValueCount(); row++) {
      Object value = RowPredicateReference.value(vector, row);
      if (value != null) {
        samples.add(value);
      }
    }
    return samples;
  }

  private static Filter filter(Random random, List<FieldVector> batch, int depth) {
    int choice = random.nextInt(depth <= 0 ? 2 : 6);
    if (choice < 2) {
      Field field = RowPredicateColumns.FIELDS.get(random.nextInt(RowPredicateColumns.FIELDS.size()));
      return leaf(random, field, samples(batch, field));
    }
    if (choice == 2) {
      return Filter.not(filter(random, batch, depth - 1));
    }
    Filter[] operands = new Filter[2 + random.nextInt(2)];
    for (int i = 0; i < operands.length; i++) {
      operands[i] = filter(random, batch, depth - 1);
    }
    return choice == 3 ? Filter.or(operands) : Filter.and(operands);
  }

  private static Filter leaf(Random random, Field field, List<Object> samples) {
    String name = field.getName();
    int choice = field.getType() instanceof ArrowType.Time ? 0 : random.nextInt(8);
    Object sample = samples.isEmpty() ? null : samples.get(random.nextInt(samples.size()));
    return switch (choice) {
      case 0 -> new Filter.IsNull(name, random.nextBoolean());
      case 1 -> new Filter.Between(name, RowPredicateColumns.randomLiteral(random, field, sample),
          RowPredicateColumns.randomLiteral(random, field, sample));
      case 2 -> new Filter.In(name, RowPredicateColumns.randomLiterals(random, field, samples));
      default -> new Filter.Comparison(name, Filter.Operator.values()[random.nextInt(6)],
          RowPredicateColumns.randomLiteral(random, field, sample));
    };
  }
}
