package io.parquetarrow.spark;

import io.parquetarrow.spark.ScanPlanner.FileFooter;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.jdk.javaapi.CollectionConverters;

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
 * partition columns of the directories appended, or given with {@code .schema(...)}.
 *
 * <p>Writing supports every save mode: {@code errorifexists} (Spark's default) fails with {@code PATH_ALREADY_EXISTS}
 * when the directory holds anything a reader would see, {@code ignore} then writes nothing, {@code append} adds
 * files and {@code overwrite} replaces them ({@code SaveModeWrite}). Spark 4.1 refuses the first two for a
 * {@code TableProvider} whose table reports {@code BATCH_WRITE}, so the read table does not report it, Spark hands
 * every save to {@link #createRelation} with its mode, and the rows are then written as a V2 append or overwrite
 * through {@link ParquetArrowWriteSource} (decision 0052).
 */
public final class ParquetArrowDataSource
    implements TableProvider, DataSourceRegister, CreatableRelationProvider {

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
    rejectPartitioning(partitioning);
    return new ParquetArrowTable(schema, new CaseInsensitiveStringMap(properties));
  }

  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }

  /**
   * Writes {@code data} as {@code mode} asks ({@code SaveModeWrite}). Spark calls this for every
   * {@code df.write().format("parquet-arrow").save(path)}, because {@code ParquetArrowTable} does not report
   * {@code BATCH_WRITE}.
   *
   * @return a relation over the written schema, which Spark only uses to refresh cached plans
   */
  @Override
  public BaseRelation createRelation(SQLContext context, SaveMode mode,
      scala.collection.immutable.Map<String, String> parameters, Dataset<Row> data) {
    SaveModeWrite.run(mode, CollectionConverters.asJava(parameters), data);
    StructType schema = data.schema();
    return new BaseRelation() {
      @Override
      public SQLContext sqlContext() {
        return context;
      }

      @Override
      public StructType schema() {
        return schema;
      }
    };
  }

  static void rejectPartitioning(Transform[] partitioning) {
    if (partitioning.length > 0) {
      throw new UnsupportedOperationException("format parquet-arrow does not write partitioned directories"
          + " (partitionBy); it reads them");
    }
  }
}
