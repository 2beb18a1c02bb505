package io.parquetarrow.flight;

import io.parquetarrow.core.ReadOptions;
import java.util.List;

/**
 * What a client asks to read from a {@link FlightTarget}: the columns (null for all), a filter in the text form of
 * {@code Filter.parse} (null for none) and the most rows per batch. It comes from a {@code FlightDescriptor} (a path
 * reads everything with the default batch size; a command carries the three fields as JSON) and travels inside
 * the server's signed tickets.
 *
 * @param columns the top-level or dotted column names to read (batches hold them in the file's order); null
 *     for every column
 * @param filter the filter text, or null
 * @param batchRows the most rows in one record batch
 */
public record ReadRequest(List<String> columns, String filter, int batchRows) {

  /** Every column, no filter, {@link ReadOptions#DEFAULT_BATCH_ROWS} rows per batch. */
  public static ReadRequest all() {
    return new ReadRequest(null, null, ReadOptions.DEFAULT_BATCH_ROWS);
  }

  public ReadRequest {
    columns = columns == null ? null : List.copyOf(columns);
    if (batchRows <= 0) {
      throw new IllegalArgumentException("batch_rows must be positive, got " + batchRows);
    }
  }

  /**
   * The reader options of this request for the given row groups (null for all).
   *
   * @throws IllegalArgumentException when the filter text does not parse
   */
  public ReadOptions toReadOptions(int[] rowGroups) {
    ReadOptions.Builder builder = ReadOptions.builder().batchRows(batchRows);
    if (columns != null) {
      builder.columns(columns);
    }
    if (filter != null) {
      builder.filter(filter);
    }
    if (rowGroups != null) {
      builder.rowGroups(rowGroups);
    }
    return builder.build();
  }
}
