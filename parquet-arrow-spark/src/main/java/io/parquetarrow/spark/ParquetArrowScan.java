package io.parquetarrow.spark;

import java.util.Arrays;
import io.parquetarrow.spark.ScanPlanner.FileFooter;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A planned scan: the columns Spark kept, the predicates pushed into the reader, and, on {@link #planInputPartitions},
 * the tasks ({@link ScanPlanner}). Its {@link #description()} is what {@code explain()} shows.
 */
final class ParquetArrowScan implements Scan, Batch {
  private final List<FileFooter> footers;
  private final StructType dataSchema;
  private final StructType partitionSchema;
  private final Predicate[] pushed;
  private final List<Predicate> partitionFilters;
  private final String filterText;
  private final Set<String> filterColumns;
  private final ScanSettings settings;

  ParquetArrowScan(List<FileFooter> footers, StructType dataSchema, StructType partitionSchema, Predicate[] pushed,
      List<Predicate> partitionFilters, String filterText, Set<String> filterColumns, ScanSettings settings) {
    this.footers = footers;
    this.dataSchema = dataSchema;
    this.partitionSchema = partitionSchema;
    this.pushed = pushed;
    this.partitionFilters = partitionFilters;
    this.filterText = filterText;
    this.filterColumns = filterColumns;
    this.settings = settings;
  }

  @Override
  public StructType readSchema() {
    StructType schema = dataSchema;
    for (StructField field : partitionSchema.fields()) {
      schema = schema.add(field);
    }
    return schema;
  }

  @Override
  public String description() {
    String pushedText = Arrays.stream(pushed).map(Predicate::toString).collect(Collectors.joining(", "));
    return "ParquetArrowScan " + footers.size() + " files, PushedFilters: [" + pushedText + "]"
        + (filterText == null ? "" : ", ReaderFilter: " + filterText)
        + (partitionFilters.isEmpty() ? "" : ", PartitionFilters: " + partitionFilters) + ", ReadSchema: " + readSchema().simpleString()
        + (partitionSchema.isEmpty() ? "" : ", PartitionSchema: " + partitionSchema.simpleString());
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    ScanPlanner planner = new ScanPlanner(settings.maxPartitionBytes(), settings.openCostBytes(),
        settings.parallelism());
    return planner.plan(footers, dataSchema, partitionSchema, filterColumns);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    String[] topLevelFilterColumns = filterColumns.stream().map(path -> path.split("\\.", -1)[0]).distinct()
        .toArray(String[]::new);
    return new ParquetArrowReaderFactory(new ReadRequest(dataSchema, partitionSchema, filterText,
        topLevelFilterColumns, settings.batchRows(), settings.verifyChecksums()));
  }
}
