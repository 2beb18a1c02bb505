package io.parquetarrow.spark;

import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The sizes a scan plans and reads with, from the session's configuration and the read's options: split size
 * ({@code spark.sql.files.maxPartitionBytes}, {@code spark.sql.files.openCostInBytes}), the default parallelism,
 * the rows per batch (option {@code batchRows}, else {@code spark.sql.parquet.columnarReaderBatchSize}), and
 * whether page checksums are verified (option {@code verifyChecksums}, default true; Spark's own reader does not
 * verify them).
 */
record ScanSettings(long maxPartitionBytes, long openCostBytes, int parallelism, int batchRows,
    boolean verifyChecksums) {

  static ScanSettings of(CaseInsensitiveStringMap options) {
    SparkSession session = SparkSession.active();
    long maxPartitionBytes = JavaUtils.byteStringAsBytes(
        session.conf().get("spark.sql.files.maxPartitionBytes", "128m"));
    long openCostBytes = JavaUtils.byteStringAsBytes(session.conf().get("spark.sql.files.openCostInBytes", "4m"));
    int parallelism = session.sparkContext().defaultParallelism();
    String batchText = options.getOrDefault("batchRows",
        session.conf().get("spark.sql.parquet.columnarReaderBatchSize", "4096"));
    int batchRows = Integer.parseInt(batchText.trim());
    if (batchRows < 1) {
      throw new IllegalArgumentException("option batchRows must be at least 1, not " + batchRows);
    }
    boolean verifyChecksums = Boolean.parseBoolean(options.getOrDefault("verifyChecksums", "true").trim());
    return new ScanSettings(maxPartitionBytes, openCostBytes, parallelism, batchRows, verifyChecksums);
  }
}
