package io.parquetarrow.spark;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;

/**
 * One directory as the target of a Spark V2 write: appended to, or replaced as a whole ({@code TRUNCATE}) for an
 * overwrite. Reached only through {@link ParquetArrowWriteSource}, after {@link SaveModeWrite} has settled what the
 * user's save mode means for the directory.
 */
final class ParquetArrowWriteTable implements SupportsWrite {
  private final StructType schema;
  private final List<Path> roots;

  ParquetArrowWriteTable(StructType schema, List<Path> roots) {
    this.schema = schema;
    this.roots = roots;
  }

  @Override
  public String name() {
    return "parquet-arrow " + roots;
  }

  @Override
  public StructType schema() {
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_WRITE, TableCapability.TRUNCATE);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new ParquetArrowWriteBuilder(roots, info);
  }
}
