package io.parquetarrow.simd;

/**
 * Chooses the {@link ParquetKernels} implementation once, at first use. (Interim: always the scalar reference;
 * the Vector API selection lands with the simd issue.)
 */
public final class KernelProvider {
  private KernelProvider() {}

  /** The kernels chosen for this JVM. */
  public static ParquetKernels get() {
    return ScalarKernels.INSTANCE;
  }
}
