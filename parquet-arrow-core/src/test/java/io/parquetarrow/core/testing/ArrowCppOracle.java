package io.parquetarrow.core.testing;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Test oracle: reads a Parquet file with Arrow C++ (the arrow-dataset JNI bindings), for differential tests of
 * the reader. Returns the file's rows as {@link ArrowBatches} allocated from the caller's allocator.
 *
 * <p>What Arrow C++ does that a comparison must expect: it restores the Arrow schema stored in the file's
 * {@code ARROW:schema} metadata when present (dictionary types, large types, time zones, durations);
 * dictionary-typed columns are decoded by {@link ArrowBatches}. Without that metadata it maps Parquet types
 * its own way (INT96 to timestamp[ns], unsigned integers to unsigned Arrow ints, strings to utf8).
 */
public final class ArrowCppOracle {
  private ArrowCppOracle() {}

  /** Rows per scanned batch unless told otherwise. */
  public static final long DEFAULT_BATCH_SIZE = 64 * 1024;

  /** Reads the whole file. */
  public static ArrowBatches read(BufferAllocator allocator, Path file) throws Exception {
    return read(allocator, file, DEFAULT_BATCH_SIZE);
  }

  /** Reads the whole file in batches of at most {@code batchSize} rows. */
  @SuppressWarnings("try") // Dataset and Scanner declare close() throws Exception, which javac warns about
  public static ArrowBatches read(BufferAllocator allocator, Path file, long batchSize) throws Exception {
    try (FileSystemDatasetFactory factory = factory(allocator, file);
        Dataset dataset = factory.finish();
        Scanner scanner = dataset.newScan(new ScanOptions(batchSize));
        ArrowReader reader = scanner.scanBatches()) {
      return ArrowBatches.drain(reader, allocator);
    }
  }

  /** The Arrow schema Arrow C++ infers for the file (dictionary types are not decoded here). */
  public static Schema schema(BufferAllocator allocator, Path file) throws IOException {
    try (FileSystemDatasetFactory factory = factory(allocator, file)) {
      return factory.inspect();
    }
  }

  private static FileSystemDatasetFactory factory(BufferAllocator allocator, Path file) {
    // arrow-dataset takes a URI; Path.toUri gives "file:///absolute/path" with any special characters escaped.
    return new FileSystemDatasetFactory(
        allocator, NativeMemoryPool.getDefault(), FileFormat.PARQUET, file.toAbsolutePath().toUri().toString());
  }
}
