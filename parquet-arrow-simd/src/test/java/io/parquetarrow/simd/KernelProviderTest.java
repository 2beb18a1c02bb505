package io.parquetarrow.simd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The provider's choice: the system property forces either implementation, and the automatic choice follows the
 * documented conditions. Surefire starts the JVM with {@code --add-modules jdk.incubator.vector}, so the vector
 * implementation is available here.
 */
class KernelProviderTest {

  @Test
  void propertyForcesScalar() {
    assertThat(chooseWithProperty("scalar").kernels()).as("-Dparquet.arrow.simd=scalar")
        .isSameAs(ScalarKernels.INSTANCE);
    assertThat(chooseWithProperty(" SCALAR ").description()).as("description").startsWith("scalar");
  }

  @Test
  void propertyForcesVectorWhenTheModuleIsPresent() {
    assertThat(KernelProvider.vectorModulePresent()).as("surefire runs with --add-modules jdk.incubator.vector")
        .isTrue();
    KernelProvider.Choice choice = chooseWithProperty("vector");
    assertThat(choice.kernels().name()).as("-Dparquet.arrow.simd=vector").isEqualTo("vector");
    assertThat(choice.kernels().vectorBitSize()).as("vector bit size").isEqualTo(256);
    assertThat(choice.description()).as("description").startsWith("vector (256-bit");
  }

  @Test
  void automaticChoiceFollowsTheConditions() {
    boolean vectorsPayOff = KernelProvider.vectorModulePresent() && KernelProvider.compilerProblem() == null
        && KernelProvider.preferredVectorBits() >= KernelProvider.MINIMUM_VECTOR_BITS;
    for (String property : new String[] {null, "", "bogus"}) {
      KernelProvider.Choice choice = KernelProvider.choose(property, false);
      assertThat(choice.kernels().name()).as("automatic choice with property %s", property)
          .isEqualTo(vectorsPayOff ? "vector" : "scalar");
    }
  }

  @Test
  void getAndDescribeAgreeWithTheProperty() {
    String property = System.getProperty(KernelProvider.PROPERTY);
    ParquetKernels chosen = KernelProvider.get();
    assertThat(KernelProvider.get()).as("chosen once").isSameAs(chosen);
    assertThat(KernelProvider.describe()).as("describe() names the implementation").startsWith(chosen.name());
    if ("scalar".equals(property) || "vector".equals(property)) {
      assertThat(chosen.name()).as("-Dparquet.arrow.simd=%s", property).isEqualTo(property);
    }
  }

  /** Sets the real system property around one selection, as a user's -D flag would. */
  private static KernelProvider.Choice chooseWithProperty(String value) {
    String before = System.getProperty(KernelProvider.PROPERTY);
    System.setProperty(KernelProvider.PROPERTY, value);
    try {
      return KernelProvider.choose(System.getProperty(KernelProvider.PROPERTY), false);
    } finally {
      if (before == null) {
        System.clearProperty(KernelProvider.PROPERTY);
      } else {
        System.setProperty(KernelProvider.PROPERTY, before);
      }
    }
  }
}
