package io.parquetarrow.bench;

import java.nio.file.Path;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Arrow C++'s Parquet reader through the arrow-dataset JNI bindings (a dataset scanner over the one file, batches
 * of {@link OursEngine#BATCH_ROWS} rows), imported into Java through the C data interface and kept in memory.
 *
 * <p>Threads: the Java bindings expose neither {@code ScanOptions.use_threads} nor
 * {@code arrow::SetCpuThreadPoolCapacity}. Arrow C++ sizes its CPU pool from the environment variable
 * {@code OMP_NUM_THREADS} (else the core count) and its I/O pool from {@code ARROW_IO_THREADS} (else 8), read
 * once when the pools start, so the {@code ./bench} script starts one JVM per thread count with both set. The
 * runner warns when they do not match {@code --threads}, and the CPU-seconds column shows what was used anyway.
 */
final class ArrowCppEngine implements ReadEngine {

  @Override
  public String name() {
    return "arrow-cpp";
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  /** Why Arrow C++ may use more threads than asked: null when its pools are sized by the environment. */
  static String threadWarning(int threads) {
    String cpu = System.getenv("OMP_NUM_THREADS");
    String io = System.getenv("ARROW_IO_THREADS");
    String wanted = Integer.toString(threads);
    if (wanted.equals(cpu) && wanted.equals(io)) {
      return null;
    }
    return "Arrow C++ thread pools are not limited to " + threads + " (OMP_NUM_THREADS=" + cpu
        + ", ARROW_IO_THREADS=" + io + "); start the JVM with both set, as ./bench does";
  }

  @Override
  @SuppressWarnings("try") // Dataset and Scanner declare close() throws Exception
  public Materialized read(Path file, int threads, BufferAllocator allocator) throws Exception {
    try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(allocator, NativeMemoryPool.getDefault(),
            FileFormat.PARQUET, file.toAbsolutePath().toUri().toString());
        Dataset dataset = factory.finish();
        Scanner scanner = dataset.newScan(new ScanOptions(OursEngine.BATCH_ROWS));
        ArrowReader reader = scanner.scanBatches()) {
      return RetainedBatches.drain(reader, allocator);
    }
  }
}
