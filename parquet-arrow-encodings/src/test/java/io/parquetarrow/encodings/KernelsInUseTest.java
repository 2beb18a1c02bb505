package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.simd.KernelProvider;
import org.junit.jupiter.api.Test;

/**
 * The module's suite runs twice (see the pom): with the kernels this JVM picks and with the scalar reference
 * forced. This test pins which run is which, so a provider change cannot silently make both runs the same.
 */
class KernelsInUseTest {

  @Test
  void theSuiteRunsWithTheKernelsTheProviderWasAskedFor() {
    String forced = System.getProperty(KernelProvider.PROPERTY);
    String inUse = KernelProvider.get().name();
    System.out.println("encodings suite kernels: " + KernelProvider.describe());
    if ("scalar".equals(forced)) {
      assertThat(inUse).as("kernels with -D%s=scalar", KernelProvider.PROPERTY).isEqualTo("scalar");
    } else if (KernelProvider.vectorKernels().isPresent()) {
      assertThat(inUse).as("kernels when the Vector API is available (%s)", KernelProvider.describe())
          .isEqualTo("vector");
    }
  }
}
