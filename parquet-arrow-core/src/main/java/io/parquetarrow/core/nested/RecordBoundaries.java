package io.parquetarrow.core.nested;

/**
 * Finds record (row) boundaries in a leaf's repetition levels, so the reader can cut batches where a record
 * ends: a record starts at every entry with repetition level 0 and runs to the next one. The levels are those of
 * whole pages concatenated; a page may begin in the middle of a record (DataPage V1 written without an offset
 * index), which is why the reader should cut with these functions rather than at page boundaries.
 */
public final class RecordBoundaries {
  /** Returned by {@link #findRecordEnd} when the levels end before the requested record is known complete. */
  public static final int NOT_FOUND = -1;

  private RecordBoundaries() {
  }

  /**
   * The index just past the last entry of the {@code records}-th record that starts at or after {@code from},
   * i.e. the index of the next record's first entry.
   *
   * <p>The last record in {@code [from, to)} may continue in levels not yet decoded, so it counts as complete only
   * when the caller says the column chunk ends at {@code to} ({@code endOfData}); otherwise {@link #NOT_FOUND} is
   * returned and the caller decodes more levels (or takes fewer records).
   *
   * @param repetitionLevels the repetition levels; null for a column without repeated ancestors, where every
   *     entry is one record
   * @param from the first entry of the first record (its repetition level must be 0)
   * @param to the end of the decoded levels (exclusive)
   * @param records how many records the batch should hold (at least 1)
   * @param endOfData whether no levels follow {@code to} in this column chunk
   * @return the end index (exclusive) of the batch, or {@link #NOT_FOUND}
   */
  public static int findRecordEnd(int[] repetitionLevels, int from, int to, int records, boolean endOfData) {
    if (records < 1 || from < 0 || to < from) {
      throw new IllegalArgumentException("records " + records + " must be >= 1 and 0 <= from " + from
          + " <= to " + to);
    }
    if (repetitionLevels == null) {
      long end = (long) from + records;
      return end <= to ? (int) end : NOT_FOUND;
    }
    if (from < to && repetitionLevels[from] != 0) {
      throw new IllegalArgumentException("from " + from + " is not the start of a record: repetition level "
          + repetitionLevels[from]);
    }
    int seen = 0;
    for (int i = from; i < to; i++) {
      if (repetitionLevels[i] == 0) {
        if (seen == records) {
          return i;
        }
        seen++;
      }
    }
    return seen == records && endOfData ? to : NOT_FOUND;
  }

  /**
   * The number of records that start in {@code [from, to)} (the last may be incomplete unless the column chunk
   * ends at {@code to}).
   */
  public static int countRecordStarts(int[] repetitionLevels, int from, int to) {
    if (repetitionLevels == null) {
      return to - from;
    }
    int records = 0;
    for (int i = from; i < to; i++) {
      records += repetitionLevels[i] == 0 ? 1 : 0;
    }
    return records;
  }

  /**
   * The index of the first entry of the last record starting in {@code [from, to)}: everything before it is made
   * of complete records even when more levels follow. Returns {@code from} when at most one record starts there.
   */
  public static int lastRecordStart(int[] repetitionLevels, int from, int to) {
    if (repetitionLevels == null) {
      return Math.max(from, to - 1);
    }
    for (int i = to - 1; i > from; i--) {
      if (repetitionLevels[i] == 0) {
        return i;
      }
    }
    return from;
  }
}
