package io.parquetarrow.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The benchmark of {@code scripts/benchmark.sh}: a full scan (every column of lineitem materialized into Spark's
 * {@code noop} sink) and TPC-H Q6, through {@code parquet-arrow} and through Spark's built-in vectorized Parquet
 * reader, in {@code local[1]} and {@code local[2]} sessions over the same files (written once by Spark, snappy).
 * Prints the median of {@code args[2]} runs after one warm-up each. Arguments: data directory, rows, runs, and
 * optionally parquet-arrow's rows per batch (default 4,096, as Spark's reader).
 */
public final class SparkScanBenchmark {
  private SparkScanBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path data = Path.of(args[0]);
    long rows = Long.parseLong(args[1]);
    int runs = Integer.parseInt(args[2]);
    String batchRows = args.length > 3 ? args[3] : "4096";
    System.out.printf("| cores | query | Spark built-in (ms) | parquet-arrow (ms) | ratio |%n|---|---|---|---|---|%n");
    for (int cores : new int[] {1, 2}) {
      SparkSession spark = SparkSession.builder().master("local[" + cores + "]").appName("parquet-arrow bench")
          .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", String.valueOf(cores))
          .config("spark.sql.session.timeZone", "UTC").getOrCreate();
      try {
        if (!Files.isDirectory(data)) {
          Lineitem.generate(spark, rows, 8).write().parquet(data.toString());
        }
        spark.read().parquet(data.toString()).createOrReplaceTempView("builtin");
        spark.read().format("parquet-arrow").option("batchRows", batchRows).load(data.toString()).createOrReplaceTempView("ours");
        for (String query : new String[] {"full scan", "Q6"}) {
          long builtIn = median(spark, query, "builtin", runs);
          long ours = median(spark, query, "ours", runs);
          System.out.printf("| %d | %s | %d | %d | %.2f |%n", cores, query, builtIn, ours, (double) builtIn / ours);
        }
      } finally {
        spark.stop();
      }
    }
  }

  private static long median(SparkSession spark, String query, String table, int runs) {
    long[] times = new long[runs];
    for (int i = -1; i < runs; i++) {
      long start = System.nanoTime();
      if (query.equals("Q6")) {
        spark.sql(Lineitem.Q6.formatted(table)).collectAsList();
      } else {
        Dataset<Row> all = spark.table(table);
        all.write().format("noop").mode("overwrite").save();
      }
      if (i >= 0) {
        times[i] = (System.nanoTime() - start) / 1_000_000;
      }
    }
    Arrays.sort(times);
    return times[runs / 2];
  }
}
