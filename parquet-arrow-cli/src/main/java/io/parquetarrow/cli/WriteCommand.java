package io.parquetarrow.cli;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.core.schema.ArrowToParquetSchema;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.SchemaDescriptor;
import io.parquetarrow.format.Encoding;
import java.io.Console;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parquet-arrow write IN.arrows OUT.parquet [options]}: reads an Arrow IPC stream or file
 * ({@link ArrowIpcInput}) batch by batch and writes it with {@link ParquetArrowWriter} — the library's whole
 * write path. The options map one to one onto {@link WriteOptions}; column names are the dotted Parquet paths
 * that {@code meta} prints, checked against the input's schema before anything is written.
 *
 * <p>The output appears only when everything was written: a failure while reading the input leaves no
 * {@code OUT} behind (nor replaces an existing one). A progress line goes to standard error — never standard
 * output — when asked for, or by default when the console is interactive and the input is at least
 * {@value #AUTOMATIC_PROGRESS_BYTES} bytes.
 */
@Command(
    name = "write",
    description = "Write an Arrow IPC stream or file (detected by its ARROW1 magic) to a Parquet file.")
final class WriteCommand implements Callable<Integer>, FileCommand {

  /** Inputs from this size up get a progress line by default (on an interactive console). */
  static final long AUTOMATIC_PROGRESS_BYTES = 16L * 1024 * 1024;

  /** The Bloom filter false positive probability (Arrow C++'s default). */
  static final double BLOOM_FILTER_FALSE_POSITIVE_PROBABILITY = 0.05;

  /** The largest default distinct-value count of a Bloom filter (Arrow C++'s default). */
  static final long BLOOM_FILTER_DEFAULT_DISTINCT_VALUES = 1_000_000;

  /** When the progress line is shown. */
  enum Progress { auto, always, never }

  @Parameters(index = "0", paramLabel = "IN", description = "The Arrow IPC stream or file to read.")
  Path input;

  @Parameters(index = "1", paramLabel = "OUT", description = "The Parquet file to write (replaced if it exists).")
  Path output;

  @Option(names = "--codec", paramLabel = "CODEC",
      description = "UNCOMPRESSED, SNAPPY, GZIP, BROTLI, ZSTD or LZ4_RAW (default: ${DEFAULT-VALUE}).",
      defaultValue = "UNCOMPRESSED")
  Codec codec;

  @Option(names = "--level", paramLabel = "N", description = "The codec's compression level (ZSTD, GZIP, BROTLI).")
  Integer level;

  @Option(names = "--page-version", paramLabel = "1|2", defaultValue = "1",
      description = "Data page header version (default: ${DEFAULT-VALUE}).")
  int pageVersion;

  @Option(names = "--bloom-filter", paramLabel = "COL[:NDV]",
      description = "Write a Bloom filter for column COL sized for NDV distinct values per row group "
          + "(default: the row group's row limit, at most 1000000); repeatable.")
  List<String> bloomFilters = new ArrayList<>();

  @Option(names = "--encoding", paramLabel = "COL=ENC",
      description = "The value encoding of column COL: PLAIN, RLE, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, "
          + "DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT (turning its dictionary off), or RLE_DICTIONARY; repeatable.")
  List<String> encodings = new ArrayList<>();

  @Option(names = "--row-group-rows", paramLabel = "N",
      description = "Rows per row group at most (default: " + WriteOptions.DEFAULT_ROW_GROUP_ROW_LIMIT + ").")
  Long rowGroupRows;

  @Option(names = "--progress", paramLabel = "WHEN", defaultValue = "auto",
      description = "auto, always or never (default: ${DEFAULT-VALUE}: on an interactive console for inputs of "
          + "16 MiB or more).")
  Progress progress;

  @Mixin EncryptionOptions encryption;

  @Spec CommandSpec spec;

  /** The file an error is about: the input while reading it, the output while writing. */
  private Path current;

  @Override
  public Path file() {
    return current != null ? current : input;
  }

  @Override
  public Integer call() throws IOException {
    WriteOptions.Builder builder = optionsFromCommandLine();
    FileEncryptionProperties encryptionProperties = encryption.properties();
    if (encryptionProperties != null) {
      builder.encryption(encryptionProperties);
    }
    current = input;
    FileCommand.requireRegularFile(input);
    PrintWriter err = spec.commandLine().getErr();
    try (BufferAllocator allocator = new RootAllocator();
        ArrowIpcInput arrow = ArrowIpcInput.open(input, allocator)) {
      VectorSchemaRoot root = arrow.root();
      WriteOptions options = withColumnOptions(builder, root.getSchema());
      ProgressBar bar = showProgress(arrow.size()) ? new ProgressBar(err, arrow.size(), System::nanoTime) : null;
      long rows = 0;
      Path partial = partialSibling(output);
      try {
        current = output;
        // Our own temporary file, moved into place last: the writer would otherwise publish a complete-looking
        // file holding only the batches read before a damaged one.
        try (ParquetArrowWriter writer =
            ParquetArrowWriter.open(partial, root.getSchema(), arrow.dictionaries(), options)) {
          while (true) {
            current = input;
            if (!arrow.loadNextBatch()) {
              break;
            }
            current = output;
            writer.write(root, arrow.dictionaries());
            rows += root.getRowCount();
            if (bar != null) {
              bar.update(arrow.bytesRead(), rows);
            }
          }
          current = output;
        }
        moveIntoPlace(partial, output);
      } catch (IOException | RuntimeException e) {
        if (bar != null) {
          bar.abandon();
        }
        Files.deleteIfExists(partial);
        throw e;
      }
      if (bar != null) {
        bar.finish(arrow.size(), rows);
      }
    }
    return 0;
  }

  /** The options that need no schema: codec, level, page version, row group size. */
  private WriteOptions.Builder optionsFromCommandLine() {
    if (pageVersion != 1 && pageVersion != 2) {
      throw new ParameterException(spec.commandLine(), "--page-version must be 1 or 2, got " + pageVersion);
    }
    if (rowGroupRows != null && rowGroupRows < 1) {
      throw new ParameterException(spec.commandLine(), "--row-group-rows must be >= 1, got " + rowGroupRows);
    }
    if (level != null && codec != Codec.ZSTD && codec != Codec.GZIP && codec != Codec.BROTLI) {
      throw new ParameterException(spec.commandLine(),
          "--level applies to ZSTD, GZIP and BROTLI, not " + codec);
    }
    WriteOptions.Builder builder = WriteOptions.builder()
        .codec(codec)
        .compressionLevel(level)
        .dataPageVersion(pageVersion == 2 ? WriteOptions.DataPageVersion.V2 : WriteOptions.DataPageVersion.V1);
    if (rowGroupRows != null) {
      builder.rowGroupRowLimit(rowGroupRows);
    }
    // Parse now so that a malformed value is a usage error (exit 2) before the input is opened.
    for (String bloomFilter : bloomFilters) {
      parseBloomFilter(bloomFilter);
    }
    for (String encoding : encodings) {
      parseEncoding(encoding);
    }
    return builder;
  }

  /** Adds the per-column options, after checking that each names a leaf column of {@code schema}. */
  private WriteOptions withColumnOptions(WriteOptions.Builder builder, Schema schema) throws IOException {
    Set<String> columns = new LinkedHashSet<>();
    SchemaDescriptor descriptor =
        SchemaDescriptor.fromElements(ArrowToParquetSchema.convert(schema), "the schema of " + input);
    for (ColumnDescriptor column : descriptor.columns()) {
      columns.add(column.dottedPath());
    }
    long rowGroupLimit = rowGroupRows != null ? rowGroupRows : WriteOptions.DEFAULT_ROW_GROUP_ROW_LIMIT;
    for (String text : bloomFilters) {
      BloomFilterColumn bloom = parseBloomFilter(text);
      requireColumn(columns, bloom.column(), "--bloom-filter");
      // A row group holds at most its row limit of distinct values, so a bigger filter would only waste space.
      long distinctValues = bloom.distinctValues() != null
          ? bloom.distinctValues() : Math.min(rowGroupLimit, BLOOM_FILTER_DEFAULT_DISTINCT_VALUES);
      builder.bloomFilter(bloom.column(), distinctValues, BLOOM_FILTER_FALSE_POSITIVE_PROBABILITY);
    }
    for (String text : encodings) {
      ColumnEncoding encoding = parseEncoding(text);
      requireColumn(columns, encoding.column(), "--encoding");
      if (encoding.encoding() == Encoding.RLE_DICTIONARY) {
        builder.dictionaryEnabled(encoding.column(), true);
      } else {
        // The user asked for this encoding for the values, which a dictionary would replace.
        builder.dictionaryEnabled(encoding.column(), false);
        builder.columnEncoding(encoding.column(), encoding.encoding());
      }
    }
    return builder.build();
  }

  private void requireColumn(Set<String> columns, String column, String option) {
    if (!columns.contains(column)) {
      throw new IllegalArgumentException(option + " names column '" + column + "', which the input does not "
          + "have; its columns are " + String.join(", ", columns));
    }
  }

  /** {@code COL} or {@code COL:NDV}. */
  record BloomFilterColumn(String column, Long distinctValues) {}

  /** {@code COL=ENC}. */
  record ColumnEncoding(String column, Encoding encoding) {}

  private BloomFilterColumn parseBloomFilter(String text) {
    int colon = text.lastIndexOf(':');
    if (colon < 0) {
      return new BloomFilterColumn(requireName(text, "--bloom-filter", text), null);
    }
    String count = text.substring(colon + 1);
    long distinctValues;
    try {
      distinctValues = Long.parseLong(count);
    } catch (NumberFormatException e) {
      throw new ParameterException(spec.commandLine(),
          "--bloom-filter expects COL or COL:NDV with NDV a positive integer, got '" + text + "'");
    }
    if (distinctValues < 1) {
      throw new ParameterException(spec.commandLine(),
          "--bloom-filter's NDV must be at least 1, got '" + text + "'");
    }
    return new BloomFilterColumn(requireName(text.substring(0, colon), "--bloom-filter", text), distinctValues);
  }

  private ColumnEncoding parseEncoding(String text) {
    int equals = text.lastIndexOf('=');
    if (equals < 0) {
      throw new ParameterException(spec.commandLine(), "--encoding expects COL=ENC, got '" + text + "'");
    }
    String name = text.substring(equals + 1).trim().toUpperCase(Locale.ROOT);
    Encoding encoding = switch (name) {
      case "PLAIN" -> Encoding.PLAIN;
      case "RLE" -> Encoding.RLE;
      case "DELTA_BINARY_PACKED" -> Encoding.DELTA_BINARY_PACKED;
      case "DELTA_LENGTH_BYTE_ARRAY" -> Encoding.DELTA_LENGTH_BYTE_ARRAY;
      case "DELTA_BYTE_ARRAY" -> Encoding.DELTA_BYTE_ARRAY;
      case "BYTE_STREAM_SPLIT" -> Encoding.BYTE_STREAM_SPLIT;
      case "RLE_DICTIONARY", "DICTIONARY" -> Encoding.RLE_DICTIONARY;
      default -> throw new ParameterException(spec.commandLine(), "--encoding: unknown encoding '"
          + text.substring(equals + 1) + "' (expected PLAIN, RLE, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, "
          + "DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT or RLE_DICTIONARY)");
    };
    return new ColumnEncoding(requireName(text.substring(0, equals), "--encoding", text), encoding);
  }

  private String requireName(String name, String option, String text) {
    if (name.isBlank()) {
      throw new ParameterException(spec.commandLine(), option + " needs a column name, got '" + text + "'");
    }
    return name;
  }

  private boolean showProgress(long inputBytes) {
    return switch (progress) {
      case always -> true;
      case never -> false;
      case auto -> inputBytes >= AUTOMATIC_PROGRESS_BYTES && isInteractiveConsole();
    };
  }

  /**
   * Whether a person is watching: Java cannot ask about standard error alone, so this asks whether the process
   * has an interactive console ({@code System.console()} on JDK 17; {@code Console.isTerminal()} from JDK 22,
   * where a console object exists even when redirected).
   */
  private static boolean isInteractiveConsole() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      Method isTerminal = Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (NoSuchMethodException e) {
      return true;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
  }

  /** A hidden sibling of {@code target}: same directory, so the final move is a rename. */
  private static Path partialSibling(Path target) {
    Path absolute = target.toAbsolutePath();
    return absolute.resolveSibling("." + absolute.getFileName() + ".partial-"
        + Long.toHexString(ThreadLocalRandom.current().nextLong()));
  }

  private static void moveIntoPlace(Path partial, Path target) throws IOException {
    try {
      Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
