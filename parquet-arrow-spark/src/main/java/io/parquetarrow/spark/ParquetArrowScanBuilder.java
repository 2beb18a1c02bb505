package io.parquetarrow.spark;

import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.spark.FilterTranslator.Translation;
import io.parquetarrow.spark.ScanPlanner.FileFooter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Builds a {@link ParquetArrowScan}: takes the columns Spark needs (nested struct fields pruned) and the predicates
 * it can push. Predicates {@link FilterTranslator} translates go into the reader's filter, which skips row groups
 * and pages and, with {@code filterRows(true)}, returns only matching rows; those it translates exactly are not
 * handed back, so Spark does not evaluate them again. The rest (and inexact ones) are returned to be evaluated
 * after the scan, as {@link SupportsPushDownV2Filters#pushPredicates} asks. Predicates on partition columns alone
 * drop files on the driver ({@link PartitionPruning}) and are returned too.
 */
final class ParquetArrowScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns,
    SupportsPushDownV2Filters {
  private final SourceFiles files;
  private final StructType dataSchema;
  private final StructType partitionSchema;
  private final CaseInsensitiveStringMap options;
  private StructType requiredData;
  private StructType requiredPartitions;
  private Predicate[] pushed = new Predicate[0];
  private Filter filter;
  private PartitionPruning partitionPruning;
  private List<FileFooter> footers;

  ParquetArrowScanBuilder(SourceFiles files, StructType dataSchema, StructType partitionSchema,
      CaseInsensitiveStringMap options) {
    this.files = files;
    this.dataSchema = dataSchema;
    this.partitionSchema = partitionSchema;
    this.options = options;
    this.requiredData = dataSchema;
    this.requiredPartitions = partitionSchema;
    this.partitionPruning = new PartitionPruning(partitionSchema);
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    StructType data = new StructType();
    StructType partitions = new StructType();
    for (StructField field : requiredSchema.fields()) {
      if (contains(partitionSchema, field.name())) {
        partitions = partitions.add(field);
      } else {
        data = data.add(field);
      }
    }
    requiredData = data;
    requiredPartitions = partitions;
  }

  private static boolean contains(StructType schema, String name) {
    for (StructField field : schema.fields()) {
      if (field.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    FilterTranslator translator = new FilterTranslator(dataSchema);
    partitionPruning = new PartitionPruning(partitionSchema);
    List<Predicate> pushedNow = new ArrayList<>();
    List<Predicate> postScan = new ArrayList<>();
    List<Predicate> dataPredicates = new ArrayList<>();
    for (Predicate predicate : predicates) {
      if (partitionPruning.offer(predicate)) {
        postScan.add(predicate);
      } else {
        dataPredicates.add(predicate);
      }
    }
    footers = FileFooter.readAll(partitionPruning.prune(files));
    List<Filter> filters = new ArrayList<>();
    for (Predicate predicate : dataPredicates) {
      Optional<Translation> translation = translator.translate(predicate);
      if (translation.isEmpty() || !inEveryFile(translation.get().filter())) {
        postScan.add(predicate);
        continue;
      }
      pushedNow.add(predicate);
      filters.add(translation.get().filter());
      if (!translation.get().exact()) {
        postScan.add(predicate);
      }
    }
    pushed = pushedNow.toArray(new Predicate[0]);
    filter = filters.isEmpty() ? null : Filter.and(filters.toArray(new Filter[0]));
    return postScan.toArray(new Predicate[0]);
  }

  /**
   * Whether every file has the filter's columns: a file without one reads it as nulls, which the core filter
   * cannot be told, so such a predicate stays with Spark.
   */
  private boolean inEveryFile(Filter candidate) {
    for (FileFooter footer : footers) {
      for (String column : candidate.columns()) {
        if (!footer.hasColumn(column)) {
          return false;
        }
      }
    }
    return true;
  }

  @Override
  public Predicate[] pushedPredicates() {
    return pushed.clone();
  }

  @Override
  public Scan build() {
    Set<String> filterColumns = filter == null ? Set.of() : new LinkedHashSet<>(filter.columns());
    if (footers == null) {
      footers = FileFooter.readAll(files);
    }
    return new ParquetArrowScan(footers, requiredData, requiredPartitions, pushed,
        partitionPruning.predicates(), filter == null ? null : filter.toString(), filterColumns,
        ScanSettings.of(options));
  }
}
