package io.parquetarrow.core.testing;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
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
 * Test fixture writer: writes Arrow batches to one Parquet file with Arrow C++ (arrow-dataset's
 * {@link DatasetFileWriter}), with Arrow C++'s dataset defaults: no compression, dictionary encoding, statistics,
 * data page V1 — the reference writer for differential tests. The batches are not consumed or closed.
 */
public final class ArrowCppWriter {
  private ArrowCppWriter() {}

  /**
   * Writes {@code batches} (all of one schema, at least one) to {@code file}, replacing it. Buffers are staged
   * in an allocator taken from the first vector of the first batch.
   */
  public static void write(Path file, VectorSchemaRoot... batches) throws IOException {
    if (batches.length == 0 || batches[0].getFieldVectors().isEmpty()) {
      throw new IllegalArgumentException("at least one batch with at least one column is required");
    }
    write(batches[0].getFieldVectors().get(0).getAllocator(), file, batches);
  }

  /** Writes {@code batches} to {@code file}, staging buffers in {@code allocator}. */
  public static void write(BufferAllocator allocator, Path file, VectorSchemaRoot... batches) throws IOException {
    if (batches.length == 0) {
      throw new IllegalArgumentException("at least one batch is required");
    }
    Path absolute = file.toAbsolutePath();
    // The dataset writer writes a directory of files; stage it beside the target and move the one file out.
    Path staging = Files.createTempDirectory(absolute.getParent(), ".arrow-cpp-writer-");
    try {
      Path directory = staging.resolve("out");
      try (BufferAllocator exported = allocator.newChildAllocator("arrow-cpp-writer", 0, Long.MAX_VALUE)) {
        try (ArrowReader reader = new BatchesReader(exported, List.of(batches))) {
          DatasetFileWriter.write(exported, reader, FileFormat.PARQUET, directory.toUri().toString());
        }
        awaitReleased(exported);
      }
      List<Path> written;
      try (Stream<Path> files = Files.list(directory)) {
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

  /**
   * Waits up to ten seconds for Arrow C++ to release what it was given: the dataset writer may release the last
   * exported batch on a thread of its own after {@code write} returns, which a caller's leak check would otherwise
   * count as its own.
   */
  private static void awaitReleased(BufferAllocator exported) throws IOException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (exported.getAllocatedMemory() > 0 && System.nanoTime() < deadline) {
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while Arrow C++ still held exported batches");
      }
    }
  }

  /** Presents the caller's batches as an ArrowReader, copying each through an IPC record batch. */
  private static final class BatchesReader extends ArrowReader {
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
      VectorSchemaRoot batch = batches.get(next++);
      try (ArrowRecordBatch recordBatch = new VectorUnloader(batch).getRecordBatch()) {
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
