package io.parquetarrow.bench.simd;

import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Random;

/** Shared set-up of the SIMD kernel benchmarks: both implementations side by side and seeded inputs. */
final class SimdBenchmarkSupport {

  /** Values per benchmark invocation; results are reported per value (values/ns). */
  static final int VALUES = 4096;
  static final long SEED = 20261123L;

  private SimdBenchmarkSupport() {}

  static ParquetKernels scalar() {
    return KernelProvider.scalarKernels();
  }

  /**
   * The Vector API kernels; a benchmark of them without the incubator module would silently measure nothing, so
   * fail loudly instead.
   */
  static ParquetKernels vector() {
    return KernelProvider.vectorKernels().orElseThrow(() -> new IllegalStateException(
        "Vector API kernels unavailable: run the JVM with --add-modules jdk.incubator.vector"));
  }

  static byte[] randomBytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }
}
