package io.parquetarrow.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The V2 write path behind the {@code parquet-arrow} format; not a format to name in a query. Once
 * {@link ParquetArrowDataSource} has settled what the user's save mode means for the target directory, it writes
 * the rows through this source in mode {@code append} or {@code overwrite}, which Spark plans as {@code AppendData}
 * or {@code OverwriteByExpression(true)} over a {@link ParquetArrowWriteTable}: the tasks, Spark's commit
 * coordinator and {@link ParquetArrowBatchWrite}'s job commit then run as for any V2 write. Public only because
 * Spark instantiates a source by its class name.
 */
public final class ParquetArrowWriteSource implements TableProvider {

  /** Called by Spark, through reflection. */
  public ParquetArrowWriteSource() {}

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    throw new UnsupportedOperationException(ParquetArrowWriteSource.class.getName()
        + " only writes, and only for format " + ParquetArrowDataSource.SHORT_NAME + "; read with format "
        + ParquetArrowDataSource.SHORT_NAME);
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    ParquetArrowDataSource.rejectPartitioning(partitioning);
    return new ParquetArrowWriteTable(schema, SourceFiles.roots(new CaseInsensitiveStringMap(properties)));
  }

  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }
}
