package io.parquetarrow.cli;

import io.parquetarrow.cli.output.ArrowValues;
import io.parquetarrow.cli.output.DisplayValue;
import io.parquetarrow.cli.output.RowWriter;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.dataset.DatasetOptions;
import io.parquetarrow.core.dataset.ParquetDataset;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.Pruning;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parquet-arrow cat FILE [--columns a,b] [--limit N] [--format table|csv|json|arrow]}: reads a file with
 * {@link ParquetArrowReader} — the library's whole read path — and prints its rows. {@code table} is an
 * aligned preview (the first {@value #DEFAULT_TABLE_ROWS} rows unless {@code --limit} says otherwise), {@code csv}
 * is RFC 4180, {@code json} one object per line, and {@code arrow} writes the batches as an Arrow IPC stream
 * to standard output ({@code parquet-arrow cat --format arrow f.parquet > f.arrows}). An encrypted file is read
 * with the keys of {@link DecryptionOptions}. {@code --filter EXPR} reads only the matching rows (pruning row groups
 * and pages first); {@code --explain} prints what pruning decides for each row group without reading data pages.
 * A directory is read as a dataset ({@link ParquetDataset}: every Parquet file below it, Hive partition
 * directories as columns; {@code --explain} and {@code --scan-statistics} are for single files).
 *
 * <p>Rows are read in batches and written as they come, so csv, json and arrow run in memory bounded by one
 * batch. When standard output is closed early (piped into {@code head}), reading stops.
 */
@Command(
    name = "cat",
    description = "Read a Parquet file's rows and print them as a table, CSV, JSON lines or an Arrow IPC stream.")
final class CatCommand implements Callable<Integer>, FileCommand {

  /** How many rows {@code --format table} shows when {@code --limit} is not given. */
  static final int DEFAULT_TABLE_ROWS = 20;

  /** The output formats. */
  enum Format { table, csv, json, arrow }

  @Parameters(index = "0", paramLabel = "FILE",
      description = "The Parquet file, or a directory of Parquet files read as one dataset.")
  Path file;

  @Option(names = "--columns", split = ",", paramLabel = "NAME",
      description = "Columns to read, by top-level name or dotted path, comma-separated (default: all).")
  List<String> columns = new ArrayList<>();

  @Option(names = "--limit", paramLabel = "N",
      description = "Read at most N rows (default: all; for table, " + DEFAULT_TABLE_ROWS + ").")
  Long limit;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "table, csv, json or arrow (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--no-verify-checksums",
      description = "Do not verify page CRC-32 checksums (to read a file whose checksums are known to be wrong).")
  boolean skipChecksums;

  @Option(names = "--batch-rows", paramLabel = "N", hidden = true, defaultValue = "65536",
      description = "Rows per batch read from the file.")
  int batchRows;

  @Option(names = "--filter", paramLabel = "EXPR",
      description = "Read only the rows matching EXPR, e.g. \"l_quantity < 5 AND l_shipdate >= DATE '1994-01-01'\""
          + " (comparisons, BETWEEN, IN, IS [NOT] NULL, AND, OR, NOT; columns by dotted path).")
  String filter;

  @Option(names = "--no-filter-rows",
      description = "With --filter, only prune: print every row of the row groups and pages that may match.")
  boolean pruneOnly;

  @Option(names = "--explain",
      description = "With --filter, print what pruning decides for each row group and read no data page.")
  boolean explain;

  @Option(names = "--scan-statistics",
      description = "After the rows, print to standard error what the filtered read pruned, decoded and returned.")
  boolean scanStatistics;

  @Mixin DecryptionOptions decryption;

  @Spec CommandSpec spec;

  @ParentCommand ParquetArrowCommand parent;

  @Override
  public Path file() {
    return file;
  }

  @Override
  public Integer call() throws IOException {
    long rowLimit = limit != null ? limit : format == Format.table ? DEFAULT_TABLE_ROWS : Long.MAX_VALUE;
    if (rowLimit < 0) {
      throw new ParameterException(spec.commandLine(), "--limit must be >= 0, got " + rowLimit);
    }
    if (batchRows < 1) {
      throw new ParameterException(spec.commandLine(), "--batch-rows must be >= 1");
    }
    if ((explain || pruneOnly || scanStatistics) && filter == null) {
      throw new ParameterException(spec.commandLine(),
          "--explain, --no-filter-rows and --scan-statistics need --filter");
    }
    boolean dataset = Files.isDirectory(file);
    if (dataset && (explain || scanStatistics)) {
      throw new ParameterException(spec.commandLine(), "--explain and --scan-statistics read one file, not a"
          + " directory");
    }
    if (!dataset) {
      FileCommand.requireRegularFile(file);
    }
    ReadOptions options = ReadOptions.builder()
        .columns(columns)
        .filter(filter == null ? null : Filter.parse(filter))
        .filterRows(!pruneOnly)
        .batchRows((int) Math.max(1, Math.min(batchRows, rowLimit)))
        .verifyChecksums(!skipChecksums)
        .decryption(decryption.properties())
        .build();
    if (dataset) {
      return catDataset(options, rowLimit);
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      if (explain) {
        printExplanation(reader);
        return 0;
      }
      if (format == Format.arrow) {
        writeArrowStream(reader, rowLimit);
      } else {
        writeRows(reader, rowLimit, reader.metadata().rowCount());
      }
      if (scanStatistics) {
        PrintWriter err = spec.commandLine().getErr();
        err.print(reader.scanStatistics().describe());
        err.flush();
      }
    }
    return 0;
  }

  /** Reads every Parquet file below the directory as one table ({@link ParquetDataset}, Hive partitions). */
  private int catDataset(ReadOptions options, long rowLimit) throws IOException {
    ParquetDataset dataset = ParquetDataset.open(file, DatasetOptions.builder()
        .decryption(decryption.properties()).build());
    try (BufferAllocator allocator = new RootAllocator();
        ArrowReader reader = dataset.reader(allocator, options)) {
      if (format == Format.arrow) {
        writeArrowStream(reader, rowLimit);
      } else {
        writeRows(reader, rowLimit, dataset.rowCount());
      }
    }
    return 0;
  }

  /** One line per row group read, then the totals: what the filter prunes before any data page is read. */
  private void printExplanation(ParquetArrowReader reader) throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    out.println("filter: " + reader.options().filter());
    long rows = 0;
    long rowsLeft = 0;
    int pruned = 0;
    List<Pruning> decisions = reader.explain();
    for (Pruning pruning : decisions) {
      out.println(pruning.describe());
      rows += pruning.rows();
      rowsLeft += pruning.rowsLeft();
      pruned += pruning.prunedBy() == null ? 0 : 1;
    }
    out.println("total: " + decisions.size() + " row groups, " + pruned + " pruned; " + rowsLeft + " of " + rows
        + " rows left to read");
    out.flush();
  }

  private void writeRows(ArrowReader reader, long rowLimit, long totalRows) throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    RowWriter writer = switch (format) {
      case csv -> new RowWriter.Csv(out);
      case json -> new RowWriter.JsonLines(out);
      default -> new RowWriter.Table(out);
    };
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    List<String> names = new ArrayList<>();
    for (FieldVector vector : root.getFieldVectors()) {
      names.add(vector.getName());
    }
    writer.start(names);
    long written = 0;
    while (written < rowLimit && reader.loadNextBatch()) {
      int rows = (int) Math.min(root.getRowCount(), rowLimit - written);
      List<FieldVector> vectors = root.getFieldVectors();
      for (int row = 0; row < rows; row++) {
        List<DisplayValue> values = new ArrayList<>(vectors.size());
        for (FieldVector vector : vectors) {
          values.add(displayValue(reader, vector, row));
        }
        writer.row(values);
      }
      written += rows;
      if (out.checkError()) {
        // The reader of our output has gone (say `| head`): nothing more can be delivered.
        return;
      }
    }
    writer.finish(written, totalRows);
    out.flush();
  }

  /**
   * The value to show for {@code row}: for a dictionary-encoded column (read as such because the file's
   * {@code ARROW:schema} says so, or by option) the dictionary entry its index points at, not the index.
   */
  private static DisplayValue displayValue(ArrowReader reader, FieldVector vector, int row) {
    DictionaryEncoding encoding = vector.getField().getDictionary();
    if (encoding == null || vector.isNull(row)) {
      return ArrowValues.valueAt(vector, row);
    }
    Dictionary dictionary = reader.lookup(encoding.getId());
    int index = (int) ((BaseIntVector) vector).getValueAsLong(row);
    return ArrowValues.valueAt(dictionary.getVector(), index);
  }

  private void writeArrowStream(ArrowReader reader, long rowLimit) throws IOException {
    OutputStream out = parent.standardOutput();
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    // Closing the writer closes its channel; standard output belongs to the process, so only flush it.
    OutputStream unclosable = new FilterOutputStream(out) {
      @Override
      public void write(byte[] bytes, int offset, int length) throws IOException {
        out.write(bytes, offset, length);
      }

      @Override
      public void close() throws IOException {
        out.flush();
      }
    };
    try (ArrowStreamWriter writer = new ArrowStreamWriter(root, reader, Channels.newChannel(unclosable))) {
      writer.start();
      long written = 0;
      while (written < rowLimit && reader.loadNextBatch()) {
        int rows = (int) Math.min(root.getRowCount(), rowLimit - written);
        if (rows < root.getRowCount()) {
          // The last batch under --limit: shrinking the row count trims what the writer sends.
          root.setRowCount(rows);
        }
        writer.writeBatch();
        written += rows;
        if (out instanceof PrintStream stream && stream.checkError()) {
          return;
        }
      }
      writer.end();
    }
    out.flush();
  }
}
