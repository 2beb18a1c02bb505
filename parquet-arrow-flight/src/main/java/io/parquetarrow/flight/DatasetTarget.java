package io.parquetarrow.flight;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.dataset.DatasetFile;
import io.parquetarrow.core.dataset.ParquetDataset;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A directory served as one {@link ParquetDataset}: every Parquet file below it as one table, Hive partition
 * directories ({@code key=value}) as columns. Schema, rows and bytes come from the files' footers; a plan has one
 * slice per file that the filter does not rule out (by partition values and footer statistics), and each slice is
 * read by the dataset's reader over that one file, so the partition columns and the unified schema hold in every
 * endpoint. Columns are top-level names.
 */
public final class DatasetTarget implements FlightTarget {
  private final ParquetDataset dataset;
  private final String path;

  private DatasetTarget(ParquetDataset dataset, String path) {
    this.dataset = dataset;
    this.path = path;
  }

  /** Reads the footers of every file below {@code directory}, served as {@code path}. */
  public static DatasetTarget open(Path directory, String path) throws IOException {
    Objects.requireNonNull(path, "path");
    return new DatasetTarget(ParquetDataset.open(directory), path);
  }

  @Override
  public String path() {
    return path;
  }

  @Override
  public Schema schema() {
    return dataset.schema();
  }

  @Override
  public long rowCount() {
    return dataset.rowCount();
  }

  @Override
  public long sizeBytes() {
    return dataset.files().stream().mapToLong(DatasetFile::sizeBytes).sum();
  }

  @Override
  public TargetPlan plan(ReadRequest request, long sliceBytes, BufferAllocator allocator) throws IOException {
    ReadOptions options = request.toReadOptions(null);
    List<DatasetFile> kept = dataset.prune(options.filter());
    Schema projected;
    try (ArrowReader reader = dataset.reader(allocator, options, List.of())) {
      projected = reader.getVectorSchemaRoot().getSchema();
    }
    List<ReadSlice> slices = new ArrayList<>(kept.size());
    long rows = 0;
    long bytes = 0;
    for (DatasetFile file : kept) {
      slices.add(new ReadSlice(file.relativePath(), IntStream.range(0, file.rowGroups()).toArray()));
      rows += file.rowCount();
      bytes += file.sizeBytes();
    }
    return new TargetPlan(projected, slices, request.filter() == null ? rows : -1, bytes);
  }

  @Override
  public ArrowReader open(ReadSlice slice, ReadRequest request, BufferAllocator allocator) throws IOException {
    for (DatasetFile file : dataset.files()) {
      if (file.relativePath().equals(slice.file())) {
        return dataset.reader(allocator, request.toReadOptions(null), List.of(file));
      }
    }
    throw new IllegalArgumentException(path + ": the dataset has no file " + slice.file());
  }
}
