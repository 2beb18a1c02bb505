package io.parquetarrow.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What the Spark tests share: one local session for the whole test JVM ({@code local[2]}, no UI, two shuffle
 * partitions, UTC), the parquet-testing corpus location, and a canonical text form of collected rows, so that two
 * reads can be compared whatever the order of rows and whatever Java types hold binary, array and map values.
 */
final class SparkTestSupport {
  private static SparkSession session;

  private SparkTestSupport() {}

  static synchronized SparkSession spark() {
    if (session == null) {
      session = SparkSession.builder()
          .master("local[2]")
          .appName("parquet-arrow-spark tests")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.shuffle.partitions", "2")
          .config("spark.sql.session.timeZone", "UTC")
          // Tiny inputs: compiling whole-stage code for each query would cost more than running it.
          .config("spark.sql.codegen.wholeStage", "false")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .getOrCreate();
      session.sparkContext().setLogLevel("WARN");
    }
    return session;
  }

  /** The parquet-testing data directory: {@code PARQUET_TEST_DATA}, else {@code ../shared/...} by the repo. */
  static Path corpus() {
    String configured = System.getenv("PARQUET_TEST_DATA");
    if (configured != null && !configured.isBlank()) {
      return Paths.get(configured).toAbsolutePath().normalize();
    }
    for (Path directory = Paths.get("").toAbsolutePath(); directory != null; directory = directory.getParent()) {
      if (directory.resolve(".ci").toFile().isDirectory() || directory.resolve("parquet-arrow-core").toFile()
          .isDirectory()) {
        return directory.resolve("../shared/parquet-testing/data").normalize();
      }
    }
    return Paths.get("../shared/parquet-testing/data").toAbsolutePath().normalize();
  }

  /** The rows as sorted canonical text lines. */
  static List<String> canonicalRows(Dataset<Row> rows) {
    List<String> lines = new ArrayList<>();
    for (Row row : rows.collectAsList()) {
      lines.add(canonical(row));
    }
    lines.sort(null);
    return lines;
  }

  static String canonical(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof byte[] bytes) {
      return "0x" + HexFormat.of().formatHex(bytes);
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    if (value instanceof Row row) {
      List<String> fields = new ArrayList<>();
      for (int i = 0; i < row.size(); i++) {
        fields.add(canonical(row.get(i)));
      }
      return "{" + String.join(", ", fields) + "}";
    }
    if (value instanceof scala.collection.Map<?, ?> map) {
      Map<String, String> sorted = new TreeMap<>();
      CollectionConverters.asJava(map).forEach((k, v) -> sorted.put(canonical(k), canonical(v)));
      return sorted.toString();
    }
    if (value instanceof scala.collection.Iterable<?> iterable) {
      List<String> items = new ArrayList<>();
      for (Object item : CollectionConverters.asJava(iterable)) {
        items.add(canonical(item));
      }
      return items.toString();
    }
    return value.toString();
  }

  /** Fails when a task left Arrow memory behind. */
  static void assertNoArrowMemoryHeld() {
    assertThat(ParquetArrowAllocators.root().getAllocatedMemory())
        .as("Arrow memory still allocated after the query")
        .isZero();
  }
}
