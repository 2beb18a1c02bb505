package io.parquetarrow.flight;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.Pruning;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One Parquet file as a {@link FlightTarget}: schema, rows and bytes from its footer, slices of consecutive row
 * groups, and a {@link ParquetArrowReader} per slice. With a filter, the plan leaves out the row groups that
 * {@link ParquetArrowReader#explain()} prunes without reading data pages, and reports the row count as unknown.
 */
public final class ParquetFileTarget implements FlightTarget {
  private final Path file;
  private final String path;
  private final ParquetMetadata metadata;
  private final Schema schema;

  private ParquetFileTarget(Path file, String path, ParquetMetadata metadata, Schema schema) {
    this.file = file;
    this.path = path;
    this.metadata = metadata;
    this.schema = schema;
  }

  /**
   * Reads the footer of {@code file}, served as {@code path}; {@code allocator} only backs the empty vectors that
   * describe the schema.
   */
  public static ParquetFileTarget open(Path file, String path, BufferAllocator allocator) throws IOException {
    Objects.requireNonNull(path, "path");
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, ReadOptions.defaults())) {
      return new ParquetFileTarget(file, path, reader.metadata(), streamedSchema(reader));
    }
  }

  @Override
  public String path() {
    return path;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public long rowCount() {
    return metadata.rowCount();
  }

  @Override
  public long sizeBytes() {
    long bytes = 0;
    for (int rowGroup = 0; rowGroup < metadata.rowGroups().size(); rowGroup++) {
      bytes += compressedBytes(rowGroup);
    }
    return bytes;
  }

  @Override
  public TargetPlan plan(ReadRequest request, long sliceBytes, BufferAllocator allocator) throws IOException {
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, request.toReadOptions(null))) {
      Schema projected = streamedSchema(reader);
      List<Integer> kept = new ArrayList<>();
      if (request.filter() == null) {
        for (int rowGroup = 0; rowGroup < metadata.rowGroups().size(); rowGroup++) {
          kept.add(rowGroup);
        }
      } else {
        for (Pruning pruning : reader.explain()) {
          if (pruning.prunedBy() == null) {
            kept.add(pruning.rowGroup());
          }
        }
      }
      return slice(projected, kept, sliceBytes, request.filter() == null);
    }
  }

  private TargetPlan slice(Schema projected, List<Integer> rowGroups, long sliceBytes, boolean exactRows) {
    List<ReadSlice> slices = new ArrayList<>();
    List<Integer> current = new ArrayList<>();
    long currentBytes = 0;
    long totalBytes = 0;
    long rows = 0;
    for (int rowGroup : rowGroups) {
      long bytes = compressedBytes(rowGroup);
      if (!current.isEmpty() && currentBytes + bytes > sliceBytes) {
        slices.add(new ReadSlice("", toArray(current)));
        current.clear();
        currentBytes = 0;
      }
      current.add(rowGroup);
      currentBytes += bytes;
      totalBytes += bytes;
      rows += metadata.rowGroup(rowGroup).rowCount();
    }
    if (!current.isEmpty()) {
      slices.add(new ReadSlice("", toArray(current)));
    }
    return new TargetPlan(projected, slices, exactRows ? rows : -1, totalBytes);
  }

  @Override
  public ArrowReader open(ReadSlice slice, ReadRequest request, BufferAllocator allocator) throws IOException {
    int[] rowGroups = slice.rowGroups();
    if (!slice.file().isEmpty()) {
      throw new IllegalArgumentException(path + ": a single file has no file " + slice.file() + " inside it");
    }
    for (int rowGroup : rowGroups) {
      if (rowGroup < 0 || rowGroup >= metadata.rowGroups().size()) {
        throw new IllegalArgumentException(path + ": no row group " + rowGroup + " (the file has "
            + metadata.rowGroups().size() + ")");
      }
    }
    return ParquetArrowReader.open(file, allocator, request.toReadOptions(rowGroups));
  }

  /** The compressed size of a row group's column chunks; 0 for chunks whose metadata is encrypted. */
  private long compressedBytes(int rowGroup) {
    RowGroupMetadata metadata = this.metadata.rowGroup(rowGroup);
    long bytes = 0;
    for (ColumnChunkMetadata column : metadata.columns()) {
      if (column.isMetadataAvailable()) {
        try {
          bytes += column.totalCompressedSize();
        } catch (IOException e) {
          // Unreachable for available metadata; the size is an estimate for endpoints either way.
        }
      }
    }
    return bytes;
  }

  /** The schema of the batches a DoGet sends: dictionary columns as their values ({@link DecodedBatches}). */
  private static Schema streamedSchema(ParquetArrowReader reader) throws IOException {
    Schema schema = reader.getVectorSchemaRoot().getSchema();
    return DecodedBatches.hasDictionaries(schema) ? DecodedBatches.plainSchema(schema, reader) : schema;
  }

  private static int[] toArray(List<Integer> values) {
    return values.stream().mapToInt(Integer::intValue).toArray();
  }
}
