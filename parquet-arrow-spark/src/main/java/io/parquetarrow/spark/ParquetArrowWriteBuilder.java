package io.parquetarrow.spark;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;

/**
 * Builds a write to one directory: appending files, or, after {@link #truncate()} (save mode {@code overwrite}),
 * replacing the directory's visible contents when the job commits.
 */
final class ParquetArrowWriteBuilder implements WriteBuilder, SupportsTruncate {
  private final List<Path> roots;
  private final LogicalWriteInfo info;
  private boolean truncate;

  ParquetArrowWriteBuilder(List<Path> roots, LogicalWriteInfo info) {
    if (roots.size() != 1) {
      throw new IllegalArgumentException("format parquet-arrow writes to one path, not " + roots);
    }
    this.roots = roots;
    this.info = info;
  }

  @Override
  public WriteBuilder truncate() {
    truncate = true;
    return this;
  }

  @Override
  public Write build() {
    FileWriteSettings settings = FileWriteSettings.of(info.options(),
        SparkSession.active().conf().get("spark.sql.session.timeZone", "UTC"));
    return new Write() {
      @Override
      public BatchWrite toBatch() {
        return new ParquetArrowBatchWrite(roots.get(0), info.queryId(), info.schema(), settings, truncate);
      }

      @Override
      public String description() {
        return "ParquetArrowWrite " + roots.get(0) + (truncate ? " (overwrite)" : " (append)");
      }
    };
  }
}
