package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How {@link ParallelRowGroups} cuts the work into lanes: column groups and when whole row groups suffice. */
class ParallelRowGroupsTest {
  @Test
  void fieldsAreSplitIntoContiguousGroupsOfAboutEqualSize() {
    assertThat(ParallelRowGroups.contiguousGroups(new long[] {10, 10, 10, 10}, 2))
        .isEqualTo(new int[][] {{0, 1}, {2, 3}});
    long fine = ParallelRowGroups.FINE_LANE_GROUP_BYTES;
    long[] four = {100, 100, 100, 100};
    assertThat(ParallelRowGroups.laneGroupCount(four, 2, 16, 100 * fine)).as("two row groups per thread").isEqualTo(1);
    long[] duckDb = {122_880, 122_880, 122_880, 31_360};
    assertThat(ParallelRowGroups.laneGroupCount(duckDb, 2, 16, 2 * fine)).as("a short last row group").isEqualTo(2);
    long[] two = {100, 100};
    assertThat(ParallelRowGroups.laneGroupCount(two, 2, 16, 4 * fine)).as("large row groups").isEqualTo(4);
    assertThat(ParallelRowGroups.laneGroupCount(two, 2, 16, 4 * fine - 1)).as("smaller ones").isEqualTo(2);
    assertThat(ParallelRowGroups.laneGroupCount(new long[] {100}, 2, 3, 100 * fine)).as("no more groups than fields")
        .isEqualTo(3);
    assertThat(ParallelRowGroups.laneGroupCount(new long[] {100}, 4, 1, 100 * fine)).as("one field").isEqualTo(1);
    assertThat(ParallelRowGroups.wholeRowGroupsBalance(new long[] {122_880, 122_880, 122_880, 122_880, 122_880,
        122_880, 122_880, 122_880, 122_880, 94_080}, 2)).as("DuckDB's lineitem: nine full row groups and a shorter one")
        .isTrue();
    assertThat(ParallelRowGroups.wholeRowGroupsBalance(duckDb, 2)).as("three full and a short one").isFalse();
    assertThat(ParallelRowGroups.wholeRowGroupsBalance(new long[] {10, 10, 10}, 3)).isTrue();
    assertThat(ParallelRowGroups.wholeRowGroupsBalance(new long[] {10, 10, 10, 10, 10}, 2)).isFalse();
    assertThat(ParallelRowGroups.contiguousGroups(new long[] {1, 1, 1, 97}, 2))
        .isEqualTo(new int[][] {{0, 1, 2}, {3}});
    assertThat(ParallelRowGroups.contiguousGroups(new long[] {97, 1, 1, 1}, 2))
        .isEqualTo(new int[][] {{0}, {1, 2, 3}});
    assertThat(ParallelRowGroups.contiguousGroups(new long[] {5, 0, 0}, 3)).isEqualTo(new int[][] {{0}, {1}, {2}});
    assertThat(ParallelRowGroups.contiguousGroups(new long[] {5, 6}, 4)).as("more groups than fields")
        .isEqualTo(new int[][] {{0}, {1}});
    assertThat(ParallelRowGroups.contiguousGroups(new long[] {3, 3, 3}, 1)).isEqualTo(new int[][] {{0, 1, 2}});
    assertThat(ParallelRowGroups.contiguousGroups(new long[] {4, 1, 1, 4, 1, 1}, 3))
        .isEqualTo(new int[][] {{0}, {1, 2, 3}, {4, 5}});
  }
}
