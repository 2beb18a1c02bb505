package io.parquetarrow.bench;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.format.Encoding;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes the benchmark suite ({@link Dataset}) into a folder, deterministically for a given seed, scale and
 * DuckDB version: the reference copy of each dataset with DuckDB ({@code COPY ... TO}; values from DuckDB's
 * {@code hash} of the row number and the seed) or, for the REQUIRED {@code plain_ints}, which DuckDB cannot write
 * (it marks every column OPTIONAL), with parquet-java from a {@link SplittableRandom}; then a second copy with our
 * writer from the reference copy's rows (read back through Arrow C++). Existing files are kept unless forced.
 */
public final class DatasetGenerator {
  private final Path folder;
  private final double scale;
  private final long seed;
  private final PrintStream log;

  public DatasetGenerator(Path folder, double scale, long seed, PrintStream log) {
    this.folder = folder;
    this.scale = scale;
    this.seed = seed;
    this.log = log;
  }

  /**
   * The folder holding the suite at {@code scale} and {@code seed} under {@code root}, e.g.
   * {@code bench-data/scale-0.05-seed-42}.
   */
  public static Path folderFor(Path root, double scale, long seed) {
    return root.resolve("scale-" + formatScale(scale) + "-seed-" + seed);
  }

  static String formatScale(double scale) {
    String text = String.format(Locale.ROOT, "%.6f", scale).replaceAll("0+$", "");
    return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
  }

  /** The reference copy, writing it first when absent (or always when {@code force}). */
  public Path reference(Dataset dataset, boolean force) throws Exception {
    Files.createDirectories(folder);
    Path file = folder.resolve(dataset.fileName(dataset.reference()));
    if (force || !Files.exists(file)) {
      long started = System.nanoTime();
      long rows = dataset.rows(scale);
      switch (dataset.reference()) {
        case DUCKDB -> writeWithDuckDb(dataset, rows, file);
        case PARQUET_JAVA -> writePlainInts(rows, file);
        case OURS -> throw new IllegalStateException("our writer is never the reference");
      }
      log.printf(Locale.ROOT, "wrote %s: %,d rows, %,d bytes in %.1f s%n", file, rows, Files.size(file),
          (System.nanoTime() - started) / 1e9);
    }
    return file;
  }

  /**
   * Our copy, written from the reference copy's rows (the reference is written first when absent; {@code force}
   * rewrites only our copy), or null with the reason logged when our writer cannot write the dataset.
   */
  public Path ours(Dataset dataset, boolean force, BufferAllocator allocator) throws Exception {
    Path reference = reference(dataset, false);
    Path file = folder.resolve(dataset.fileName(Dataset.Producer.OURS));
    if (!force && Files.exists(file)) {
      return file;
    }
    long started = System.nanoTime();
    try (RetainedBatches batches = readWithArrowCpp(reference, allocator)) {
      writeWithOurs(dataset, batches, file);
    } catch (Exception | LinkageError e) {
      Files.deleteIfExists(file);
      log.printf("not written by parquet-arrow: %s: %s%n", file.getFileName(), firstLine(e));
      return null;
    }
    log.printf(Locale.ROOT, "wrote %s: %,d bytes in %.1f s%n", file, Files.size(file),
        (System.nanoTime() - started) / 1e9);
    return file;
  }

  static RetainedBatches readWithArrowCpp(Path file, BufferAllocator allocator) throws Exception {
    ReadEngine.Materialized read = new ArrowCppEngine().read(file, 1, allocator);
    return (RetainedBatches) read;
  }

  /** Our writer's options for {@code dataset}: its codec, and its encodings where the dataset names them. */
  static WriteOptions ourOptions(Dataset dataset, Codec codec, Iterable<Field> fields) {
    WriteOptions.Builder options = WriteOptions.builder().codec(codec);
    if (dataset == Dataset.PLAIN_INTS) {
      options.dictionaryEnabled(false);
    } else if (dataset == Dataset.FLOATS_BSS) {
      options.dictionaryEnabled(false);
      for (Field field : fields) {
        options.columnEncoding(field.getName(), Encoding.BYTE_STREAM_SPLIT);
      }
    }
    return options.build();
  }

  static void writeWithOurs(Dataset dataset, RetainedBatches batches, Path file) throws IOException {
    if (batches.batches().isEmpty()) {
      throw new IOException("no batches to write");
    }
    VectorSchemaRoot first = batches.batches().get(0);
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, first.getSchema(),
        ourOptions(dataset, dataset.codec(), first.getSchema().getFields()))) {
      for (VectorSchemaRoot batch : batches.batches()) {
        writer.write(batch);
      }
    }
  }

  private void writeWithDuckDb(Dataset dataset, long rows, Path file) throws Exception {
    String options = switch (dataset) {
      case FLOATS_BSS -> "FORMAT parquet, COMPRESSION zstd, PARQUET_VERSION V2";
      default -> "FORMAT parquet, COMPRESSION " + dataset.codec().name().toLowerCase(Locale.ROOT);
    };
    try (Connection connection = DuckDbEngine.open(1);
        Statement statement = connection.createStatement()) {
      // One thread and insertion order kept: the file's row order is then the same on every run.
      statement.execute("SET preserve_insertion_order = true");
      // h(i, k): the k-th pseudo-random 64-bit value of row i, fixed by the seed.
      statement.execute("CREATE MACRO h(i, k) AS hash(i * 64 + k + " + seed + ")");
      statement.execute("CREATE MACRO pick(i, k, words) AS words[(h(i, k) % len(words) + 1)::INTEGER]");
      String target = file.toAbsolutePath().toString().replace("'", "''");
      String query = query(dataset, rows);
      if (dataset == Dataset.LINEITEM_ZSTD) {
        // The same rows as lineitem_snappy, recompressed: generating them is the slow part.
        String snappy = reference(Dataset.LINEITEM_SNAPPY, false).toAbsolutePath().toString().replace("'", "''");
        query = "SELECT * FROM read_parquet('" + snappy + "')";
      }
      statement.execute("COPY (" + query + ") TO '" + target + "' (" + options + ")");
    }
  }

  private static final String COMMENT_WORDS = "['furiously', 'carefully', 'quickly', 'slyly', 'blithely', 'final', "
      + "'regular', 'express', 'ironic', 'pending', 'bold', 'even', 'special', 'silent', 'unusual', 'deposits', "
      + "'requests', 'packages', 'accounts', 'instructions', 'foxes', 'theodolites', 'pinto beans', 'ideas', "
      + "'dependencies', 'platelets', 'asymptotes', 'sleep', 'wake', 'haggle', 'nag', 'cajole', 'above', 'across']";

  static String query(Dataset dataset, long rows) {
    return switch (dataset) {
      case LINEITEM_SNAPPY, LINEITEM_ZSTD -> """
          SELECT (i // 4 + 1)::BIGINT AS l_orderkey,
                 (h(i, 1) %% 200000 + 1)::BIGINT AS l_partkey,
                 (h(i, 2) %% 10000 + 1)::BIGINT AS l_suppkey,
                 (i %% 4 + 1)::INTEGER AS l_linenumber,
                 (h(i, 3) %% 50 + 1)::DECIMAL(15, 2) AS l_quantity,
                 ((h(i, 4) %% 10000000) / 100)::DECIMAL(15, 2) AS l_extendedprice,
                 ((h(i, 5) %% 11) / 100)::DECIMAL(15, 2) AS l_discount,
                 ((h(i, 6) %% 9) / 100)::DECIMAL(15, 2) AS l_tax,
                 pick(i, 7, ['A', 'N', 'R']) AS l_returnflag,
                 pick(i, 8, ['F', 'O']) AS l_linestatus,
                 (DATE '1992-01-02' + (h(i, 9) %% 2526)::INTEGER) AS l_shipdate,
                 (DATE '1992-01-31' + (h(i, 10) %% 2466)::INTEGER) AS l_commitdate,
                 (DATE '1992-01-03' + (h(i, 11) %% 2556)::INTEGER) AS l_receiptdate,
                 pick(i, 12, ['DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN']) AS l_shipinstruct,
                 pick(i, 13, ['REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB']) AS l_shipmode,
                 pick(i, 14, %1$s) || ' ' || pick(i, 15, %1$s) || ' ' || pick(i, 16, %1$s)
                     || CASE WHEN h(i, 17) %% 2 = 0 THEN ' ' || pick(i, 18, %1$s) ELSE '' END AS l_comment
          FROM range(%2$d) t(i)""".formatted(COMMENT_WORDS, rows);
      case NULLABLE -> """
          SELECT CASE WHEN h(i, 1) %% 10 = 0 THEN NULL ELSE (h(i, 2) %% 1000000000)::BIGINT END AS id,
                 CASE WHEN h(i, 3) %% 10 = 0 THEN NULL ELSE (h(i, 4) %% 100000)::INTEGER END AS amount,
                 CASE WHEN h(i, 5) %% 10 = 0 THEN NULL ELSE (h(i, 6) %% 10000000) / 1000.0 END AS price,
                 CASE WHEN h(i, 7) %% 10 = 0 THEN NULL ELSE 'name-' || (h(i, 8) %% 50000)::VARCHAR END AS name,
                 CASE WHEN h(i, 9) %% 10 = 0 THEN NULL ELSE (h(i, 10) %% 2 = 0) END AS flag
          FROM range(%d) t(i)""".formatted(rows);
      case STRINGS -> """
          SELECT md5(h(i, 1)::VARCHAR) AS hex,
                 'user-' || (h(i, 2) %% 100000000)::VARCHAR || '@example.org' AS email,
                 substr(md5(h(i, 3)::VARCHAR) || md5(h(i, 4)::VARCHAR), 1, (5 + h(i, 5) %% 60)::INTEGER) AS text,
                 pick(i, 6, %s) || '-' || (h(i, 7) %% 1000000)::VARCHAR AS label
          FROM range(%d) t(i)""".formatted(COMMENT_WORDS, rows);
      case FLOATS_BSS -> """
          SELECT sin(i / 1000.0) * 100 + (h(i, 1) %% 1000) / 1000.0 AS sensor,
                 (h(i, 2) %% 100000000) / 7.0 AS measure,
                 20.0 + (h(i, 3) %% 2000) / 100.0 AS temperature,
                 i / 3.0 AS ramp
          FROM range(%d) t(i)""".formatted(rows);
      case NESTED -> """
          SELECT i::BIGINT AS id,
                 CASE WHEN h(i, 1) %% 10 = 0 THEN NULL
                      ELSE list_transform(range((h(i, 2) %% 5)::BIGINT), x -> (x * 1000 + h(i, 3) %% 1000)::BIGINT)
                      END AS numbers,
                 CASE WHEN h(i, 4) %% 10 = 0 THEN NULL
                      ELSE {'a': (h(i, 5) %% 100000)::INTEGER, 'b': 'b-' || (h(i, 6) %% 1000)::VARCHAR} END AS pair,
                 list_transform(range((h(i, 7) %% 4)::BIGINT),
                      x -> {'x': (x + h(i, 8) %% 100)::BIGINT, 'y': (x * 1.5)::DOUBLE}) AS points,
                 map_from_entries(list_transform(range((h(i, 9) %% 3)::BIGINT),
                      x -> {'k': 'key-' || x::VARCHAR, 'v': (h(i, 10) %% 1000 + x)::BIGINT})) AS attributes
          FROM range(%d) t(i)""".formatted(rows);
      case LIST_INT64 -> """
          SELECT CASE WHEN h(i, 1) %% 20 = 0 THEN NULL
                      WHEN h(i, 1) %% 20 = 1 THEN []::BIGINT[]
                      ELSE list_transform(range((1 + h(i, 2) %% 20)::BIGINT), x -> (h(i, 3) %% 1000000 + x)::BIGINT)
                      END AS numbers
          FROM range(%d) t(i)""".formatted(rows);
      case PLAIN_INTS -> throw new IllegalArgumentException("plain_ints is written by parquet-java");
    };
  }

  /** plain_ints with parquet-java: 4 INT64 and 4 INT32, REQUIRED, PLAIN (no dictionary), UNCOMPRESSED, v1. */
  private void writePlainInts(long rows, Path file) throws IOException {
    MessageType schema = MessageTypeParser.parseMessageType("""
        message plain_ints {
          required int64 sequence;
          required int64 random_long;
          required int64 small_long;
          required int64 timestamp_like;
          required int32 random_int;
          required int32 small_int;
          required int32 category;
          required int32 sequence_int;
        }""");
    Files.deleteIfExists(file);
    SplittableRandom random = new SplittableRandom(seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .withDictionaryEncoding(false)
        .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
        .build()) {
      for (long row = 0; row < rows; row++) {
        Group group = groups.newGroup()
            .append("sequence", row)
            .append("random_long", random.nextLong())
            .append("small_long", random.nextLong(1_000_000))
            .append("timestamp_like", 1_700_000_000_000L + row * 1000 + random.nextInt(1000))
            .append("random_int", random.nextInt())
            .append("small_int", random.nextInt(1000))
            .append("category", random.nextInt(16))
            .append("sequence_int", (int) row);
        writer.write(group);
      }
    }
  }

  static String firstLine(Throwable error) {
    String message = error.getClass().getSimpleName() + ": " + error.getMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
