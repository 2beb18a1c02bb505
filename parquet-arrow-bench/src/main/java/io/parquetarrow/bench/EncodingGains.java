package io.parquetarrow.bench;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;

/**
 * What auto encoding ({@link WriteOptions.Builder#autoEncoding(boolean)}) gains on the benchmark suite: writes
 * each dataset's rows (read from its reference copy through Arrow C++) with our writer three times, with the
 * defaults, with the suite's own settings (no dictionary for plain_ints, BYTE_STREAM_SPLIT for floats_bss) and
 * with auto encoding, all in the dataset's codec, and prints the file sizes, the ratio auto / defaults, the
 * encodings auto chose per column chunk, and whether Arrow C++ reads the auto file back with the reference
 * checksum. Sizes only: no timing.
 *
 * <pre>
 * java ... io.parquetarrow.bench.EncodingGains [--data bench-data] [--scale 0.05] [--seed 42]
 *     [--datasets all|lineitem_snappy,...]
 * </pre>
 * The suite is generated first when missing (as by {@link Compare}).
 */
public final class EncodingGains {
  private EncodingGains() {}

  public static void main(String[] arguments) throws Exception {
    Path root = Path.of("bench-data");
    double scale = 0.05;
    long seed = 42;
    List<Dataset> datasets = List.of(Dataset.values());
    for (int index = 0; index < arguments.length; index++) {
      String value = index + 1 < arguments.length ? arguments[index + 1] : null;
      switch (arguments[index]) {
        case "--data" -> root = Path.of(required(value, "--data"));
        case "--scale" -> scale = Double.parseDouble(required(value, "--scale"));
        case "--seed" -> seed = Long.parseLong(required(value, "--seed"));
        case "--datasets" -> datasets = parseDatasets(required(value, "--datasets"));
        default -> throw new IllegalArgumentException("unknown option " + arguments[index]
            + "; usage: EncodingGains [--data DIR] [--scale S] [--seed N] [--datasets a,b]");
      }
      index++;
    }
    run(DatasetGenerator.folderFor(root, scale, seed), scale, seed, datasets, System.out);
  }

  private static String required(String value, String option) {
    if (value == null) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return value;
  }

  private static List<Dataset> parseDatasets(String list) {
    if (list.equals("all")) {
      return List.of(Dataset.values());
    }
    List<Dataset> datasets = new ArrayList<>();
    for (String label : list.split(",")) {
      Dataset match = null;
      for (Dataset dataset : Dataset.values()) {
        if (dataset.label().equals(label.trim())) {
          match = dataset;
        }
      }
      if (match == null) {
        throw new IllegalArgumentException("unknown dataset " + label);
      }
      datasets.add(match);
    }
    return datasets;
  }

  /** Prints the table for {@code datasets} of the suite in {@code folder}. */
  static void run(Path folder, double scale, long seed, List<Dataset> datasets, PrintStream out) throws Exception {
    out.printf(Locale.ROOT, "# Our writer: auto encoding vs defaults (%s, scale %s, seed %d)%n%n", folder,
        DatasetGenerator.formatScale(scale), seed);
    out.println("| dataset | codec | rows | reference MB | ours default MB | ours suite settings MB "
        + "| ours auto MB | auto / default | auto chose (column chunks) | Arrow C++ reads auto |");
    out.println("|---|---|---:|---:|---:|---:|---:|---:|---|---|");
    DatasetGenerator generator = new DatasetGenerator(folder, scale, seed, System.err);
    Path scratch = folder.resolve("write-scratch");
    try (BufferAllocator allocator = new RootAllocator()) {
      for (Dataset dataset : datasets) {
        Path reference = generator.reference(dataset, false);
        Files.createDirectories(scratch);
        try (RetainedBatches batches = DatasetGenerator.readWithArrowCpp(reference, allocator)) {
          Schema schema = batches.batches().get(0).getSchema();
          WriteOptions defaults = WriteOptions.builder().codec(dataset.codec()).build();
          WriteOptions suite = DatasetGenerator.ourOptions(dataset, dataset.codec(), schema.getFields());
          WriteOptions auto = WriteOptions.builder().codec(dataset.codec()).autoEncoding(true).build();
          long defaultBytes = writtenSize(batches, defaults, scratch.resolve(dataset.label() + ".default.parquet"));
          long suiteBytes = writtenSize(batches, suite, scratch.resolve(dataset.label() + ".suite.parquet"));
          Path autoFile = scratch.resolve(dataset.label() + ".auto.parquet");
          String chosen;
          String check;
          try {
            write(batches, auto, autoFile);
            chosen = chosenEncodings(autoFile);
            try (RetainedBatches back = DatasetGenerator.readWithArrowCpp(autoFile, allocator)) {
              check = back.checksum().matches(batches.checksum())
                  ? "ok " + Long.toHexString(back.checksum().digest()) : "MISMATCH " + back.checksum();
            }
            long autoBytes = Files.size(autoFile);
            out.printf(Locale.ROOT, "| %s | %s | %,d | %.3f | %.3f | %.3f | %.3f | %.3f | %s | %s |%n",
                dataset.label(), dataset.codec().name().toLowerCase(Locale.ROOT), batches.rows(),
                Files.size(reference) / 1e6, defaultBytes / 1e6, suiteBytes / 1e6, autoBytes / 1e6,
                (double) autoBytes / defaultBytes, chosen, check);
          } finally {
            Files.deleteIfExists(autoFile);
          }
        } catch (Exception | LinkageError e) {
          out.printf("| %s | %s | – | – | – | – | – | – | – | %s |%n", dataset.label(),
              dataset.codec().name().toLowerCase(Locale.ROOT), DatasetGenerator.firstLine(e).replace('|', '/'));
        }
        out.flush();
      }
    }
  }

  private static long writtenSize(RetainedBatches batches, WriteOptions options, Path file) throws Exception {
    try {
      write(batches, options, file);
      return Files.size(file);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static void write(RetainedBatches batches, WriteOptions options, Path file) throws Exception {
    Schema schema = batches.batches().get(0).getSchema();
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
      for (VectorSchemaRoot batch : batches.batches()) {
        writer.write(batch);
      }
    }
  }

  /**
   * How many column chunks (over all row groups) start with each encoding, e.g.
   * {@code dictionary 12, DELTA_BINARY_PACKED 3}, read from the footer's encoding statistics by parquet-java.
   */
  static String chosenEncodings(Path file) throws Exception {
    Map<String, Integer> counts = new TreeMap<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file),
        ParquetReadOptions.builder().build())) {
      for (BlockMetaData block : reader.getFooter().getBlocks()) {
        for (ColumnChunkMetaData column : block.getColumns()) {
          EncodingStats stats = column.getEncodingStats();
          String name;
          if (stats == null) {
            name = "?";
          } else if (stats.hasDictionaryEncodedPages()) {
            name = "dictionary";
          } else {
            name = stats.getDataEncodings().stream().map(Enum::name).sorted().reduce((a, b) -> a + "+" + b)
                .orElse("none");
          }
          counts.merge(name, 1, Integer::sum);
        }
      }
    }
    List<String> parts = new ArrayList<>();
    counts.forEach((name, count) -> parts.add(name + " " + count));
    return String.join(", ", parts);
  }
}
