package io.parquetarrow.spark;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.LocalInputFile;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.spark.SourceFiles.SourceFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Plans a scan's tasks on the driver from the files' footers: checks each file's columns against the requested schema,
 * cuts its row groups into slices of at most {@code maxSplitBytes} compressed bytes, and packs the slices of all
 * files, in order, into partitions of about that size, each file costing {@code openCostBytes} more, as Spark's
 * {@code FilePartition} packs file splits. The split size follows Spark's rule: {@code maxPartitionBytes}, or less
 * when the data would otherwise fill fewer partitions than the default parallelism.
 */
final class ScanPlanner {
  private final long maxPartitionBytes;
  private final long openCostBytes;
  private final int parallelism;

  ScanPlanner(long maxPartitionBytes, long openCostBytes, int parallelism) {
    this.maxPartitionBytes = maxPartitionBytes;
    this.openCostBytes = openCostBytes;
    this.parallelism = Math.max(1, parallelism);
  }

  /**
   * The input partitions reading {@code required} (pruned data columns) and {@code requiredPartitions} (partition
   * columns) from {@code files}.
   */
  InputPartition[] plan(List<FileFooter> footers, StructType required, StructType requiredPartitions,
      Set<String> filterColumns) {
    List<FileSlice> slices = new ArrayList<>();
    long totalBytes = 0;
    for (FileFooter footer : footers) {
      totalBytes += footer.bytes() + openCostBytes;
    }
    long maxSplitBytes = Math.min(maxPartitionBytes, Math.max(openCostBytes, totalBytes / parallelism));
    for (FileFooter footer : footers) {
      List<String> columns = columns(footer, required, filterColumns);
      InternalRow partitionValues = PartitionValues.row(footer.file(), requiredPartitions);
      List<Integer> group = new ArrayList<>();
      long groupBytes = 0;
      long groupRows = 0;
      List<RowGroupMetadata> rowGroups = footer.metadata().rowGroups();
      for (int i = 0; i < rowGroups.size(); i++) {
        long bytes = compressedBytes(rowGroups.get(i));
        if (!group.isEmpty() && groupBytes + bytes > maxSplitBytes) {
          slices.add(slice(footer, group, groupRows, groupBytes, columns, partitionValues));
          group.clear();
          groupBytes = 0;
          groupRows = 0;
        }
        group.add(i);
        groupBytes += bytes;
        groupRows += rowGroups.get(i).rowCount();
      }
      if (!group.isEmpty()) {
        slices.add(slice(footer, group, groupRows, groupBytes, columns, partitionValues));
      }
    }
    return pack(slices, maxSplitBytes);
  }

  private InputPartition[] pack(List<FileSlice> slices, long maxSplitBytes) {
    List<InputPartition> partitions = new ArrayList<>();
    List<FileSlice> current = new ArrayList<>();
    long currentBytes = 0;
    for (FileSlice slice : slices) {
      if (!current.isEmpty() && currentBytes + slice.bytes() > maxSplitBytes) {
        partitions.add(new ParquetArrowInputPartition(List.copyOf(current)));
        current.clear();
        currentBytes = 0;
      }
      current.add(slice);
      currentBytes += slice.bytes() + openCostBytes;
    }
    if (!current.isEmpty()) {
      partitions.add(new ParquetArrowInputPartition(List.copyOf(current)));
    }
    return partitions.toArray(new InputPartition[0]);
  }

  private static FileSlice slice(FileFooter footer, List<Integer> group, long rows, long bytes, List<String> columns,
      InternalRow partitionValues) {
    int[] indices = group.stream().mapToInt(Integer::intValue).toArray();
    return new FileSlice(footer.file().path().toString(), indices, rows, bytes, columns, partitionValues);
  }

  /**
   * The dotted paths to read from one file: each requested top-level column the file has, or, for a struct Spark
   * pruned, the paths of the subfields it kept. A requested column the file lacks reads as nulls.
   *
   * @throws IllegalArgumentException when a column's type in the file is not the requested one
   */
  static List<String> columns(FileFooter footer, StructType required, Set<String> filterColumns) {
    StructType fileSchema = footer.sparkSchema();
    List<String> paths = new ArrayList<>();
    for (StructField field : required.fields()) {
      int index = indexOf(fileSchema, field.name());
      if (index < 0) {
        continue;
      }
      StructField inFile = fileSchema.fields()[index];
      if (inFile.metadata().contains(SparkTypes.UNSUPPORTED)) {
        throw new IllegalArgumentException("file " + footer.file().path() + ": "
            + inFile.metadata().getString(SparkTypes.UNSUPPORTED));
      }
      collectPaths(field.name(), field.dataType(), inFile.dataType(), paths, footer.file());
    }
    for (String column : filterColumns) {
      if (indexOf(fileSchema, column.split("\\.", -1)[0]) < 0) {
        throw new IllegalArgumentException("file " + footer.file().path() + " has no column " + column
            + ", which a pushed filter reads");
      }
    }
    return paths;
  }

  private static void collectPaths(String path, DataType requested, DataType inFile, List<String> paths,
      SourceFile file) {
    if (requested instanceof StructType wanted && inFile instanceof StructType present
        && wanted.size() < present.size()) {
      for (StructField field : wanted.fields()) {
        int index = indexOf(present, field.name());
        if (index < 0) {
          throw new IllegalArgumentException("file " + file.path() + " has no field " + path + "." + field.name());
        }
        collectPaths(path + "." + field.name(), field.dataType(), present.fields()[index].dataType(), paths, file);
      }
      return;
    }
    if (!DataType.equalsStructurally(requested, inFile, true)) {
      throw new IllegalArgumentException("column " + path + " of file " + file.path() + " is " + inFile.simpleString()
          + ", not the " + requested.simpleString() + " the scan's schema says");
    }
    paths.add(path);
  }

  private static int indexOf(StructType struct, String name) {
    StructField[] fields = struct.fields();
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  private static long compressedBytes(RowGroupMetadata rowGroup) {
    long bytes = 0;
    try {
      for (ColumnChunkMetadata column : rowGroup.columns()) {
        bytes += column.totalCompressedSize();
      }
    } catch (ParquetEncryptionException e) {
      return rowGroup.totalByteSize();
    }
    return bytes;
  }

  /** A file's footer with its Spark schema. */
  record FileFooter(SourceFile file, ParquetMetadata metadata, StructType sparkSchema) {
    static FileFooter read(SourceFile file) {
      try (ParquetFile parquet = ParquetFile.open(LocalInputFile.open(file.path()))) {
        ParquetMetadata metadata = parquet.metadata();
        return new FileFooter(file, metadata, SparkTypes.toSparkLenient(metadata.arrowSchemaMapping()));
      } catch (IOException e) {
        throw new UncheckedIOException("reading the footer of " + file.path(), e);
      }
    }

    /** Every footer of {@code files}, read in order. */
    static List<FileFooter> readAll(SourceFiles files) {
      List<FileFooter> footers = new ArrayList<>();
      for (SourceFile file : files.files()) {
        footers.add(read(file));
      }
      return footers;
    }

    /** Whether the file has a column at this dotted path (through structs). */
    boolean hasColumn(String path) {
      DataType type = sparkSchema;
      for (String name : path.split("\\.", -1)) {
        if (!(type instanceof StructType struct) || indexOf(struct, name) < 0) {
          return false;
        }
        type = struct.fields()[indexOf(struct, name)].dataType();
      }
      return true;
    }

    /** The file's Spark schema, failing on the first column Spark cannot hold. */
    StructType strictSparkSchema() {
      try {
        return SparkTypes.toSpark(metadata.arrowSchemaMapping());
      } catch (IOException e) {
        throw new UncheckedIOException("reading the schema of " + file.path(), e);
      }
    }

    long bytes() {
      long total = 0;
      for (RowGroupMetadata rowGroup : metadata.rowGroups()) {
        total += compressedBytes(rowGroup);
      }
      return total;
    }
  }
}
