package io.parquetarrow.flight;

import java.util.Arrays;

/**
 * One part of a {@link FlightTarget} that a client fetches as one Flight endpoint: row groups of one Parquet file.
 * A client may fetch the slices of a target in parallel, each through its own ticket.
 *
 * @param file the file inside the target, relative to it with {@code /} separators; empty when the target is the
 *     file itself
 * @param rowGroups the file's row groups the slice reads, in file order
 */
public record ReadSlice(String file, int[] rowGroups) {

  public ReadSlice {
    if (file == null) {
      throw new IllegalArgumentException("a slice's file is null");
    }
    rowGroups = rowGroups.clone();
  }

  @Override
  public int[] rowGroups() {
    return rowGroups.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ReadSlice slice && file.equals(slice.file) && Arrays.equals(rowGroups, slice.rowGroups);
  }

  @Override
  public int hashCode() {
    return 31 * file.hashCode() + Arrays.hashCode(rowGroups);
  }

  @Override
  public String toString() {
    return "ReadSlice{file=" + file + ", rowGroups=" + Arrays.toString(rowGroups) + "}";
  }
}
