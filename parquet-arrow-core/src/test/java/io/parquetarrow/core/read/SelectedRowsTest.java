package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.column.SelectionBits;
import io.parquetarrow.core.testing.TestAllocators;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;

/**
 * Gathering selected rows: every vector kind, with and without nulls, in two appends (the second at an unaligned row),
 * against copying the same rows value by value.
 */
class SelectedRowsTest {
  @Test
  void gatheredRowsEqualTheSelectedOnes() {
    Random random = new Random(3);
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (int round = 0; round < 60; round++) {
        int rows = 1 + random.nextInt(300);
        long[] selection = new long[(rows + 63) / 64];
        for (int row = 0; row < rows; row++) {
          if (random.nextInt(round % 3 == 0 ? 2 : 10) != 0) {
            selection[row >>> 6] |= 1L << row;
          }
        }
        List<FieldVector> sources = List.of(new IntVector("i", allocator), new BigIntVector("l", allocator),
            new DecimalVector("d", allocator, 20, 2), new VarCharVector("s", allocator), new BitVector("b", allocator),
            new LargeVarCharVector("ls", allocator));
        for (FieldVector source : sources) {
          fill(source, rows, random, round % 4 == 0 ? 0 : 5);
          try (FieldVector target = source.getField().createVector(allocator)) {
            target.setInitialCapacity(4);
            target.allocateNew();
            SelectedRows gather = new SelectedRows(target);
            int[] picks = new int[rows];
            int count = SelectionBits.picks(selection, 0, rows, picks);
            int split = random.nextInt(count + 1);
            int next = gather.append(source, picks, 0, split, 0);
            next = gather.append(source, picks, split, count - split, next);
            target.setValueCount(next);
            List<Object> expected = new ArrayList<>();
            for (int row = 0; row < rows; row++) {
              if ((selection[row >>> 6] & (1L << row)) != 0) {
                expected.add(source.getObject(row) == null ? null : source.getObject(row).toString());
              }
            }
            List<Object> actual = new ArrayList<>();
            for (int row = 0; row < next; row++) {
              actual.add(target.getObject(row) == null ? null : target.getObject(row).toString());
            }
            assertThat(actual).as("%s round %d", source.getName(), round).isEqualTo(expected);
            assertThat(count).as("picks").isEqualTo(expected.size());
          }
          source.close();
        }
      }
    }
  }

  /** Fills {@code rows} rows, about one in {@code nullEvery} null (none when 0). */
  private static void fill(FieldVector vector, int rows, Random random, int nullEvery) {
    vector.setInitialCapacity(rows);
    vector.allocateNew();
    for (int row = 0; row < rows; row++) {
      if (nullEvery > 0 && random.nextInt(nullEvery) == 0) {
        continue;
      }
      if (vector instanceof IntVector ints) {
        ints.set(row, random.nextInt());
      } else if (vector instanceof BigIntVector longs) {
        longs.set(row, random.nextLong());
      } else if (vector instanceof DecimalVector decimals) {
        decimals.set(row, BigDecimal.valueOf(random.nextInt(), 2));
      } else if (vector instanceof VarCharVector strings) {
        strings.setSafe(row, ("v" + random.nextInt(1 << random.nextInt(20))).repeat(1 + random.nextInt(3))
            .getBytes(StandardCharsets.UTF_8));
      } else if (vector instanceof LargeVarCharVector strings) {
        strings.setSafe(row, ("w" + random.nextInt(1000)).getBytes(StandardCharsets.UTF_8));
      } else if (vector instanceof BitVector bits) {
        bits.set(row, random.nextInt(2));
      }
    }
    vector.setValueCount(rows);
  }
}
