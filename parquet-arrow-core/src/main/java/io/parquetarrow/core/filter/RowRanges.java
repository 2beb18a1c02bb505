package io.parquetarrow.core.filter;

import java.util.Arrays;

/**
 * A set of rows of one row group as sorted, disjoint, non-adjacent ranges {@code [start, end)}: the rows a filter
 * may match after pruning by the page index, and the rows a read decodes. Immutable.
 */
public final class RowRanges {
  private static final RowRanges NONE = new RowRanges(new long[0], new long[0]);

  private final long[] starts;
  private final long[] ends;

  private RowRanges(long[] starts, long[] ends) {
    this.starts = starts;
    this.ends = ends;
  }

  /** No rows. */
  public static RowRanges none() {
    return NONE;
  }

  /** Rows {@code 0} to {@code rowCount - 1}. */
  public static RowRanges all(long rowCount) {
    return of(0, rowCount);
  }

  /** Rows {@code start} to {@code end - 1}; none when {@code end <= start}. */
  public static RowRanges of(long start, long end) {
    if (start < 0) {
      throw new IllegalArgumentException("negative row " + start);
    }
    return end <= start ? NONE : new RowRanges(new long[] {start}, new long[] {end});
  }

  /**
   * The union of ranges {@code [starts[i], ends[i])} given in any order, overlapping or not; empty ranges are
   * left out.
   */
  public static RowRanges union(long[] starts, long[] ends) {
    if (starts.length != ends.length) {
      throw new IllegalArgumentException(starts.length + " starts but " + ends.length + " ends");
    }
    Integer[] order = new Integer[starts.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(starts[a], starts[b]));
    Builder builder = new Builder(starts.length);
    for (int i : order) {
      builder.add(starts[i], ends[i]);
    }
    return builder.build();
  }

  /** How many ranges. */
  public int rangeCount() {
    return starts.length;
  }

  /** The first row of range {@code i}. */
  public long start(int i) {
    return starts[i];
  }

  /** One past the last row of range {@code i}. */
  public long end(int i) {
    return ends[i];
  }

  /** Whether the set holds no row. */
  public boolean isEmpty() {
    return starts.length == 0;
  }

  /** How many rows the set holds. */
  public long rowCount() {
    long rows = 0;
    for (int i = 0; i < starts.length; i++) {
      rows += ends[i] - starts[i];
    }
    return rows;
  }

  /** Whether the set holds every row from {@code 0} to {@code rowCount - 1} (and no other). */
  public boolean coversAll(long rowCount) {
    return rowCount == 0 ? starts.length == 0
        : starts.length == 1 && starts[0] == 0 && ends[0] == rowCount;
  }

  /** Whether any row from {@code start} to {@code end - 1} is in the set. */
  public boolean overlaps(long start, long end) {
    int i = firstEndingAfter(start);
    return i < starts.length && starts[i] < end;
  }

  /** The rows in this set or in {@code other}. */
  public RowRanges union(RowRanges other) {
    Builder builder = new Builder(starts.length + other.starts.length);
    int i = 0;
    int j = 0;
    while (i < starts.length || j < other.starts.length) {
      if (j == other.starts.length || (i < starts.length && starts[i] <= other.starts[j])) {
        builder.add(starts[i], ends[i]);
        i++;
      } else {
        builder.add(other.starts[j], other.ends[j]);
        j++;
      }
    }
    return builder.build();
  }

  /** The rows in both this set and {@code other}. */
  public RowRanges intersect(RowRanges other) {
    Builder builder = new Builder(Math.max(starts.length, other.starts.length));
    int i = 0;
    int j = 0;
    while (i < starts.length && j < other.starts.length) {
      long start = Math.max(starts[i], other.starts[j]);
      long end = Math.min(ends[i], other.ends[j]);
      builder.add(start, end);
      if (ends[i] < other.ends[j]) {
        i++;
      } else {
        j++;
      }
    }
    return builder.build();
  }

  /** The rows from {@code 0} to {@code rowCount - 1} not in this set. */
  public RowRanges complement(long rowCount) {
    Builder builder = new Builder(starts.length + 1);
    long next = 0;
    for (int i = 0; i < starts.length && next < rowCount; i++) {
      builder.add(next, Math.min(starts[i], rowCount));
      next = ends[i];
    }
    builder.add(next, rowCount);
    return builder.build();
  }

  /** The index of the first range ending after {@code row}, or {@link #rangeCount()}. */
  private int firstEndingAfter(long row) {
    int low = 0;
    int high = starts.length;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (ends[middle] <= row) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RowRanges ranges && Arrays.equals(starts, ranges.starts)
        && Arrays.equals(ends, ranges.ends);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(starts) + Arrays.hashCode(ends);
  }

  /** The ranges as {@code [0, 10) [20, 25)}; {@code []} when empty. */
  @Override
  public String toString() {
    if (starts.length == 0) {
      return "[]";
    }
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < starts.length; i++) {
      text.append(i == 0 ? "" : " ").append('[').append(starts[i]).append(", ").append(ends[i]).append(')');
    }
    return text.toString();
  }

  /** Collects ranges in ascending order of start, merging those that overlap or touch. */
  public static final class Builder {
    private long[] starts;
    private long[] ends;
    private int count;

    public Builder() {
      this(8);
    }

    private Builder(int capacity) {
      starts = new long[Math.max(capacity, 1)];
      ends = new long[Math.max(capacity, 1)];
    }

    /**
     * Adds rows {@code start} to {@code end - 1}; an empty range is ignored.
     *
     * @throws IllegalArgumentException when {@code start} is below the start of a range added before
     */
    public Builder add(long start, long end) {
      if (end <= start) {
        return this;
      }
      if (start < 0) {
        throw new IllegalArgumentException("negative row " + start);
      }
      if (count > 0) {
        if (start < starts[count - 1]) {
          throw new IllegalArgumentException("range [" + start + ", " + end + ") added after one starting at "
              + starts[count - 1]);
        }
        if (start <= ends[count - 1]) {
          ends[count - 1] = Math.max(ends[count - 1], end);
          return this;
        }
      }
      if (count == starts.length) {
        starts = Arrays.copyOf(starts, count * 2);
        ends = Arrays.copyOf(ends, count * 2);
      }
      starts[count] = start;
      ends[count] = end;
      count++;
      return this;
    }

    public RowRanges build() {
      return count == 0 ? NONE : new RowRanges(Arrays.copyOf(starts, count), Arrays.copyOf(ends, count));
    }
  }
}
