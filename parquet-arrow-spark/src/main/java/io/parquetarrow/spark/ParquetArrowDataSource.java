package io.parquetarrow.spark;

import io.parquetarrow.spark.ScanPlanner.FileFooter;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Spark data source {@code parquet-arrow}: Parquet files read and written through parquet-arrow's core reader
 * and writer, as Arrow vectors handed to Spark without copying. Registered under that short name in
 * {@code META-INF/services/org.apache.spark.sql.sources.DataSourceRegister}.
 *
 * <pre>{@code
 * Dataset<Row> lineitem = spark.read().format("parquet-arrow").load("data/lineitem");
 * lineitem.write().format("parquet-arrow").mode("overwrite").option("compression", "zstd").save("out");
 * }</pre>
 *
 * <p>The schema is read from the first file's footer (Spark types as {@link SparkTypes} maps them) with the Hive
 * partition columns of the directories appended, or given with {@code .schema(...)}. Writing supports the save
 * modes {@code append} and {@code overwrite}; Spark rejects {@code errorifexists} (its default) and
 * {@code ignore} for a {@code TableProvider} without a catalog, so a write names its mode (decision 0052).
 */
public final class ParquetArrowDataSource implements TableProvider, DataSourceRegister {

  /** The short name: {@code spark.read().format("parquet-arrow")}. */
  public static final String SHORT_NAME = "parquet-arrow";

  @Override
  public String shortName() {
    return SHORT_NAME;
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    SourceFiles files = SourceFiles.discover(options);
    if (files.files().isEmpty()) {
      throw new IllegalArgumentException("no Parquet file under " + SourceFiles.roots(options)
          + " to read a schema from; give one with .schema(...)");
    }
    StructType schema = FileFooter.read(files.files().get(0)).strictSparkSchema();
    for (StructField field : files.partitionSchema().fields()) {
      if (schema.getFieldIndex(field.name()).isEmpty()) {
        schema = schema.add(field);
      }
    }
    return schema;
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    if (partitioning.length > 0) {
      throw new UnsupportedOperationException("format parquet-arrow does not write partitioned directories"
          + " (partitionBy); it reads them");
    }
    return new ParquetArrowTable(schema, new CaseInsensitiveStringMap(properties));
  }

  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }
}
