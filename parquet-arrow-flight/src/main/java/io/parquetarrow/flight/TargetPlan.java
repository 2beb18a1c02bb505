package io.parquetarrow.flight;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What {@link FlightTarget#plan} found from footers (and, with a filter, statistics, dictionaries, Bloom filters
 * and page indexes) for one {@link ReadRequest}: it becomes a {@code FlightInfo}.
 *
 * @param schema the schema of the batches, after projection
 * @param slices the endpoints' slices, in read order; row groups that the filter prunes are in none
 * @param records the rows the slices return, or -1 when a filter makes the count unknown before reading
 * @param bytes the compressed bytes of the column chunks the slices cover
 */
public record TargetPlan(Schema schema, List<ReadSlice> slices, long records, long bytes) {

  public TargetPlan {
    slices = List.copyOf(slices);
  }
}
