package io.parquetarrow.flight;

import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Something the Flight server serves under one path of its directory: the seam between the Flight protocol
 * ({@link ParquetFlightProducer}) and the library's readers. A single Parquet file is a {@link ParquetFileTarget}; a
 * directory read as one dataset is another implementation, created where {@link ServedDirectory} turns a path into
 * a target.
 *
 * <p>Implementations answer the metadata calls from footers alone and read data only in {@link #open}. They are
 * created per call and need not be thread-safe.
 */
public interface FlightTarget {

  /** The target's path under the served directory, {@code /}-separated; its Flight path descriptor's segments. */
  String path();

  /** The Arrow schema of every column. */
  Schema schema();

  /** Rows in the whole target. */
  long rowCount();

  /** Compressed bytes of the target's column chunks. */
  long sizeBytes();

  /**
   * Plans a read: the schema after projection and the slices a client fetches, each covering row groups of about
   * {@code sliceBytes} compressed bytes (at least one row group).
   *
   * @throws IllegalArgumentException when the request names an unknown column or its filter does not parse
   */
  TargetPlan plan(ReadRequest request, long sliceBytes, BufferAllocator allocator) throws IOException;

  /**
   * Opens a reader of one slice that {@link #plan} returned for the same request; its batches come from
   * {@code allocator} and closing it frees them.
   *
   * @throws IllegalArgumentException when the slice is not one of this target's
   */
  ArrowReader open(ReadSlice slice, ReadRequest request, BufferAllocator allocator) throws IOException;
}
