package io.parquetarrow.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * The driver of {@code scripts/standalone.sh}: on the standalone cluster at {@code args[0]}, writes a generated
 * lineitem through {@code parquet-arrow} to {@code args[1]} and runs TPC-H Q1 and Q6 over it through
 * {@code parquet-arrow}; then runs the same queries in a local session with Spark's built-in reader and fails (exit
 * status 1) unless the results are equal.
 */
public final class StandaloneJob {
  private StandaloneJob() {}

  public static void main(String[] args) throws Exception {
    String master = args[0];
    Path data = Path.of(args[1]);
    long rows = args.length > 2 ? Long.parseLong(args[2]) : 500_000;
    List<String> cluster;
    SparkSession spark = SparkSession.builder().master(master).appName("parquet-arrow standalone check")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.session.timeZone", "UTC").getOrCreate();
    try {
      awaitExecutors(spark, 2);
      if (!Files.isDirectory(data)) {
        Lineitem.generate(spark, rows, 4).write().format("parquet-arrow").mode("overwrite").save(data.toString());
      }
      spark.read().format("parquet-arrow").load(data.toString()).createOrReplaceTempView("lineitem");
      cluster = new ArrayList<>(SparkTestSupport.canonicalRows(spark.sql(Lineitem.Q1.formatted("lineitem"))));
      cluster.addAll(SparkTestSupport.canonicalRows(spark.sql(Lineitem.Q6.formatted("lineitem"))));
      System.out.println("executors: " + (spark.sparkContext().getExecutorMemoryStatus().size() - 1));
    } finally {
      spark.stop();
    }
    SparkSession local = SparkSession.builder().master("local[2]").appName("parquet-arrow local check")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.session.timeZone", "UTC").getOrCreate();
    List<String> expected;
    try {
      local.read().parquet(data.toString()).createOrReplaceTempView("lineitem");
      expected = new ArrayList<>(SparkTestSupport.canonicalRows(local.sql(Lineitem.Q1.formatted("lineitem"))));
      expected.addAll(SparkTestSupport.canonicalRows(local.sql(Lineitem.Q6.formatted("lineitem"))));
    } finally {
      local.stop();
    }
    cluster.forEach(line -> System.out.println("cluster: " + line));
    if (!cluster.equals(expected)) {
      expected.forEach(line -> System.out.println("local:   " + line));
      System.out.println("standalone check FAILED: the cluster's results differ from the local run");
      System.exit(1);
    }
    System.out.println("standalone check passed: Q1 and Q6 on the cluster equal the local built-in reader");
  }

  /** Waits up to a minute for {@code count} executors (the block managers besides the driver's). */
  private static void awaitExecutors(SparkSession spark, int count) throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (spark.sparkContext().getExecutorMemoryStatus().size() - 1 < count) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("fewer than " + count + " executors registered within a minute");
      }
      Thread.sleep(200);
    }
  }
}
