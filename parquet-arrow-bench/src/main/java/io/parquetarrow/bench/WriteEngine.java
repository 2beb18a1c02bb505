package io.parquetarrow.bench;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.arrow.dataset.file.DatasetFileWriter;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One Parquet writer in the side-by-side runner's write comparison. Each starts from data already in memory in
 * its own form (Arrow batches for ours and Arrow C++, a DuckDB in-memory table for DuckDB) and writes one file;
 * the runner times {@link #write} and reports the file's size.
 */
interface WriteEngine {

  /** The name printed in tables, with the codec, e.g. {@code parquet-arrow zstd}. */
  String name();

  /** The codec written, for grouping: ratios are taken between engines writing the same codec. */
  Codec codec();

  /** Writes the in-memory data to {@code file}, replacing it. */
  void write(Path file) throws Exception;

  /** Our {@link ParquetArrowWriter}, with the dataset's encodings (BYTE_STREAM_SPLIT, no dictionary, ...). */
  record Ours(Dataset dataset, List<VectorSchemaRoot> batches, Codec codec) implements WriteEngine {
    @Override
    public String name() {
      return "parquet-arrow " + codec.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public void write(Path file) throws IOException {
      Schema schema = batches.get(0).getSchema();
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema,
          DatasetGenerator.ourOptions(dataset, codec, schema.getFields()))) {
        for (VectorSchemaRoot batch : batches) {
          writer.write(batch);
        }
      }
    }
  }

  /**
   * Arrow C++'s writer through arrow-dataset's {@link DatasetFileWriter}. The Java bindings take no Parquet
   * writer properties, so it writes Arrow C++'s dataset defaults: UNCOMPRESSED, dictionary encoding, statistics.
   */
  record ArrowCpp(BufferAllocator allocator, List<VectorSchemaRoot> batches) implements WriteEngine {
    @Override
    public String name() {
      return "arrow-cpp uncompressed";
    }

    @Override
    public Codec codec() {
      return Codec.UNCOMPRESSED;
    }

    @Override
    public void write(Path file) throws Exception {
      Path absolute = file.toAbsolutePath();
      // The dataset writer writes a folder of files; write one beside the target and move it into place.
      Path staging = Files.createTempDirectory(absolute.getParent(), ".arrow-cpp-write-");
      try {
        Path folder = staging.resolve("out");
        try (ArrowReader reader = new BatchesReader(allocator, batches)) {
          DatasetFileWriter.write(allocator, reader, FileFormat.PARQUET, folder.toUri().toString());
        }
        List<Path> written;
        try (Stream<Path> files = Files.list(folder)) {
          written = files.toList();
        }
        if (written.size() != 1) {
          throw new IOException("Arrow C++ wrote " + written.size() + " files instead of one: " + written);
        }
        Files.move(written.get(0), absolute, StandardCopyOption.REPLACE_EXISTING);
      } finally {
        try (Stream<Path> paths = Files.walk(staging)) {
          for (Path path : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
            Files.deleteIfExists(path);
          }
        }
      }
    }
  }

  /**
   * DuckDB's writer: {@code COPY (SELECT * FROM source) TO file (FORMAT parquet, COMPRESSION codec)} from a table
   * the caller loaded into the in-memory database of {@code connection} (whose thread count it also set).
   */
  record DuckDb(Connection connection, String table, Codec codec) implements WriteEngine {
    @Override
    public String name() {
      return "duckdb " + codec.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public void write(Path file) throws Exception {
      String target = file.toAbsolutePath().toString().replace("'", "''");
      String codecName = codec == Codec.LZ4_RAW ? "lz4_raw" : codec.name().toLowerCase(Locale.ROOT);
      try (Statement statement = connection.createStatement()) {
        statement.execute("COPY (SELECT * FROM " + table + ") TO '" + target + "' (FORMAT parquet, COMPRESSION "
            + codecName + ")");
      }
    }
  }

  /** Presents batches the caller keeps as an ArrowReader; loading shares their buffers rather than copying. */
  final class BatchesReader extends ArrowReader {
    private final List<VectorSchemaRoot> batches;
    private int next;

    BatchesReader(BufferAllocator allocator, List<VectorSchemaRoot> batches) {
      super(allocator);
      this.batches = batches;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
      prepareLoadNextBatch();
      if (next == batches.size()) {
        return false;
      }
      try (ArrowRecordBatch recordBatch = new VectorUnloader(batches.get(next++)).getRecordBatch()) {
        loadRecordBatch(recordBatch);
      }
      return true;
    }

    @Override
    public long bytesRead() {
      return 0;
    }

    @Override
    protected void closeReadSource() {}

    @Override
    protected Schema readSchema() {
      return batches.get(0).getSchema();
    }
  }
}
