package io.parquetarrow.simd;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Constructor;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Chooses the {@link ParquetKernels} implementation once, at first use of {@link #get()}, for the whole JVM.
 *
 * <p>The Vector API implementation ({@code VectorKernels}) is chosen only when all of these hold:
 * <ol>
 *   <li>the {@code jdk.incubator.vector} module is in the boot layer (the JVM was started with
 *       {@code --add-modules jdk.incubator.vector});
 *   <li>the C2 compiler is on (not {@code -Xint}, not {@code -XX:TieredStopAtLevel} below 4, not
 *       {@code -XX:-UseCompiler}): without C2 the Vector API runs as boxed Java objects, far slower than scalar;
 *   <li>the preferred int species is at least 256 bits (AVX2, or wider): at 128 bits the shuffles that unpack bits
 *       cost more than they save (the kernels are written for 8 int lanes);
 *   <li>the class loads and constructs: it is loaded by name, so a missing module ends here as a caught
 *       {@link LinkageError} and never as a {@link NoClassDefFoundError} in a decoder.
 * </ol>
 * Otherwise the scalar reference is used and one line is logged through {@link System.Logger} saying why and how
 * to enable vectors. The system property {@code parquet.arrow.simd} ({@code scalar} or {@code vector}) forces the
 * choice; {@code vector} still needs the module. Modelled on Lucene's {@code VectorizationProvider}.
 */
public final class KernelProvider {

  /** The system property that forces the implementation: {@code scalar} or {@code vector}. */
  public static final String PROPERTY = "parquet.arrow.simd";

  static final String VECTOR_MODULE = "jdk.incubator.vector";
  static final String VECTOR_CLASS = "io.parquetarrow.simd.VectorKernels";
  /** Narrower preferred vectors than this are not worth it (see the class comment). */
  static final int MINIMUM_VECTOR_BITS = 256;

  private static final System.Logger LOGGER = System.getLogger(KernelProvider.class.getName());

  private KernelProvider() {}

  /** The kernels chosen for this JVM; the first call decides and may log one line. */
  public static ParquetKernels get() {
    return Holder.CHOSEN.kernels();
  }

  /**
   * One line for {@code parquet-arrow version} and logs, e.g. {@code "vector (256-bit, jdk.incubator.vector)"} or
   * {@code "scalar (jdk.incubator.vector module not present; SIMD needs --add-modules jdk.incubator.vector)"}.
   */
  public static String describe() {
    return Holder.CHOSEN.description();
  }

  /**
   * The Vector API implementation regardless of the automatic choice, or empty when it cannot be loaded (module
   * absent). For benchmarks and tests that compare implementations side by side; production code uses
   * {@link #get()}.
   */
  public static Optional<ParquetKernels> vectorKernels() {
    return vectorModulePresent() ? Optional.ofNullable(loadVectorKernels()) : Optional.empty();
  }

  /** The scalar reference implementation, for side-by-side comparisons. */
  public static ParquetKernels scalarKernels() {
    return ScalarKernels.INSTANCE;
  }

  private static final class Holder {
    static final Choice CHOSEN = choose(System.getProperty(PROPERTY), true);
  }

  /** What was chosen and why. */
  record Choice(ParquetKernels kernels, String description) {}

  /**
   * The selection itself, without caching, so tests can run it with any property value. {@code log} is false in
   * tests that only look at the result.
   */
  static Choice choose(String property, boolean log) {
    String forced = property == null ? "" : property.trim().toLowerCase(Locale.ROOT);
    switch (forced) {
      case "scalar" -> {
        return new Choice(ScalarKernels.INSTANCE, "scalar (forced by -D" + PROPERTY + "=scalar)");
      }
      case "vector" -> {
        String missing = vectorModulePresent() ? null : moduleMissingReason();
        if (missing == null) {
          ParquetKernels vector = loadVectorKernels();
          if (vector != null) {
            return new Choice(vector, describeVector(vector) + ", forced by -D" + PROPERTY + "=vector");
          }
          missing = "the Vector API kernels failed to load";
        }
        return fallBack(missing + "; -D" + PROPERTY + "=vector ignored", log);
      }
      case "" -> {
        // automatic, below
      }
      default -> {
        if (log) {
          LOGGER.log(System.Logger.Level.WARNING, "Ignoring -D{0}={1}: expected scalar or vector", PROPERTY,
              property);
        }
      }
    }
    if (!vectorModulePresent()) {
      return fallBack(moduleMissingReason(), log);
    }
    String compilerProblem = compilerProblem();
    if (compilerProblem != null) {
      return fallBack(compilerProblem, log);
    }
    int preferredBits = preferredVectorBits();
    if (preferredBits < MINIMUM_VECTOR_BITS) {
      return fallBack("preferred vector size is " + preferredBits + " bits, below the " + MINIMUM_VECTOR_BITS
          + " bits the kernels need to pay off", log);
    }
    ParquetKernels vector = loadVectorKernels();
    if (vector == null) {
      return fallBack("the Vector API kernels failed to load", log);
    }
    return new Choice(vector, describeVector(vector));
  }

  private static String describeVector(ParquetKernels vector) {
    return "vector (" + vector.vectorBitSize() + "-bit, " + VECTOR_MODULE + ")";
  }

  private static Choice fallBack(String reason, boolean log) {
    if (log) {
      LOGGER.log(System.Logger.Level.INFO,
          "parquet-arrow uses scalar kernels: {0}. To use SIMD kernels run with --add-modules {1} (Java 17+, C2"
              + " compiler, AVX2 or wider CPU).", reason, VECTOR_MODULE);
    }
    return new Choice(ScalarKernels.INSTANCE, "scalar (" + reason + "; SIMD needs --add-modules " + VECTOR_MODULE
        + ")");
  }

  private static String moduleMissingReason() {
    return VECTOR_MODULE + " module not present";
  }

  static boolean vectorModulePresent() {
    return ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent();
  }

  /** Why C2 is not available, or null when it is (or when we cannot tell, which is the common case). */
  static String compilerProblem() {
    String vmInfo = System.getProperty("java.vm.info", "");
    if (vmInfo.contains("interpreted mode")) {
      return "the JVM runs interpreted (-Xint)";
    }
    try {
      List<String> arguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
      for (String argument : arguments) {
        if (argument.equals("-XX:-UseCompiler") || argument.equals("-Xint")) {
          return "the JIT compiler is off (" + argument + ")";
        }
        if (argument.startsWith("-XX:TieredStopAtLevel=")) {
          String level = argument.substring("-XX:TieredStopAtLevel=".length());
          if (!level.equals("4")) {
            return "C2 is off (" + argument + ")";
          }
        }
      }
    } catch (RuntimeException | LinkageError managementUnavailable) {
      // java.management absent from a jlinked runtime: assume the default (C2 on).
    }
    return null;
  }

  /**
   * The preferred int species' width, read reflectively so that this class never links against the incubator
   * module itself; 0 when it cannot be read.
   */
  static int preferredVectorBits() {
    try {
      Object preferred = Class.forName("jdk.incubator.vector.IntVector").getField("SPECIES_PREFERRED").get(null);
      return (Integer) Class.forName("jdk.incubator.vector.VectorSpecies").getMethod("vectorBitSize")
          .invoke(preferred);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return 0;
    }
  }

  private static ParquetKernels loadVectorKernels() {
    try {
      Class<?> type = Class.forName(VECTOR_CLASS);
      Constructor<?> constructor = type.getDeclaredConstructor();
      return (ParquetKernels) constructor.newInstance();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null;
    }
  }
}
