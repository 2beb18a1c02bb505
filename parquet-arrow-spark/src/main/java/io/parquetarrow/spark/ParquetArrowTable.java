package io.parquetarrow.spark;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Parquet files under one or more paths, as a Spark table readable in batches. Files are listed when a scan is
 * built, not before: Spark also makes this table for a save, to a path that may not exist yet. It does not report
 * {@code BATCH_WRITE}: that is what makes Spark hand every save, whatever its mode, to
 * {@link ParquetArrowDataSource#createRelation} (decision 0052).
 */
final class ParquetArrowTable implements SupportsRead {
  private final StructType schema;
  private final CaseInsensitiveStringMap options;

  ParquetArrowTable(StructType schema, CaseInsensitiveStringMap options) {
    this.schema = schema;
    this.options = options;
  }

  @Override
  public String name() {
    return "parquet-arrow " + SourceFiles.roots(options);
  }

  @Override
  public StructType schema() {
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    SourceFiles files = SourceFiles.discover(options);
    StructType partitionSchema = new StructType();
    StructType dataSchema = new StructType();
    for (StructField field : schema.fields()) {
      boolean partition = false;
      for (StructField candidate : files.partitionSchema().fields()) {
        partition |= candidate.name().equals(field.name());
      }
      if (partition) {
        partitionSchema = partitionSchema.add(field);
      } else {
        dataSchema = dataSchema.add(field);
      }
    }
    return new ParquetArrowScanBuilder(files, dataSchema, partitionSchema, merged(scanOptions));
  }

  private CaseInsensitiveStringMap merged(CaseInsensitiveStringMap scanOptions) {
    Map<String, String> all = new HashMap<>(options.asCaseSensitiveMap());
    all.putAll(scanOptions.asCaseSensitiveMap());
    return new CaseInsensitiveStringMap(all);
  }
}
