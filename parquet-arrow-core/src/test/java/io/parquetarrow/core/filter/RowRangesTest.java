package io.parquetarrow.core.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Row ranges: building, union, intersection and complement, checked against sets of rows. */
class RowRangesTest {
  @Test
  void buildingMergesTouchingRanges() {
    RowRanges ranges = new RowRanges.Builder().add(0, 10).add(10, 20).add(15, 18).add(30, 30).add(40, 45).build();
    assertThat(ranges.toString()).isEqualTo("[0, 20) [40, 45)");
    assertThat(ranges.rowCount()).isEqualTo(25);
    assertThat(ranges.overlaps(20, 40)).isFalse();
    assertThat(ranges.overlaps(19, 21)).isTrue();
    assertThat(RowRanges.none().toString()).isEqualTo("[]");
    assertThat(RowRanges.all(7).coversAll(7)).isTrue();
    assertThatThrownBy(() -> new RowRanges.Builder().add(5, 6).add(1, 2))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void setOperationsAgreeWithSetsOfRows() {
    Random random = new Random(7);
    for (int round = 0; round < 500; round++) {
      long rows = 1 + random.nextInt(60);
      RowRanges a = random(random, rows);
      RowRanges b = random(random, rows);
      TreeSet<Long> setA = rowsOf(a);
      TreeSet<Long> setB = rowsOf(b);
      TreeSet<Long> union = new TreeSet<>(setA);
      union.addAll(setB);
      TreeSet<Long> both = new TreeSet<>(setA);
      both.retainAll(setB);
      TreeSet<Long> notA = new TreeSet<>();
      for (long row = 0; row < rows; row++) {
        if (!setA.contains(row)) {
          notA.add(row);
        }
      }
      assertThat(rowsOf(a.union(b))).isEqualTo(union);
      assertThat(rowsOf(a.intersect(b))).isEqualTo(both);
      assertThat(rowsOf(a.complement(rows))).isEqualTo(notA);
      assertThat(a.union(b).rowCount()).isEqualTo(union.size());
    }
  }

  private static RowRanges random(Random random, long rows) {
    int count = random.nextInt(5);
    long[] starts = new long[count];
    long[] ends = new long[count];
    for (int i = 0; i < count; i++) {
      starts[i] = random.nextInt((int) rows);
      ends[i] = starts[i] + random.nextInt(10);
      ends[i] = Math.min(ends[i], rows);
    }
    return RowRanges.union(starts, ends);
  }

  private static TreeSet<Long> rowsOf(RowRanges ranges) {
    TreeSet<Long> rows = new TreeSet<>();
    for (int i = 0; i < ranges.rangeCount(); i++) {
      for (long row = ranges.start(i); row < ranges.end(i); row++) {
        rows.add(row);
      }
    }
    return rows;
  }
}
