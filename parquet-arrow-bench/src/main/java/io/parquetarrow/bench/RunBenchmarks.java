package io.parquetarrow.bench;

import java.util.Arrays;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the JMH benchmarks of {@code io.parquetarrow.bench} (footer, decompression, decoders, levels; not the SIMD
 * kernels, which {@code io.parquetarrow.bench.simd.RunSimdBenchmarks} runs), or those matching the regular
 * expressions given as arguments: 1 fork, 3 warm-up and 5 measured iterations of 1 s. Forks get the JVM flags
 * from the system property {@code parquetArrow.jvmFlags} (the build and {@code ./bench jmh} set it), else
 * {@link #DEFAULT_JVM_FLAGS}, which Arrow and the vector kernels need. {@code -prof NAME} adds a JMH profiler, e.g.
 * {@code ./bench jmh ReaderBenchmark -prof gc} for {@code gc.alloc.rate.norm} (heap bytes per operation).
 */
public final class RunBenchmarks {

  static final String DEFAULT_JVM_FLAGS =
      "--add-opens=java.base/java.nio=org.apache.arrow.memory.core,ALL-UNNAMED --add-modules=jdk.incubator.vector";

  private RunBenchmarks() {}

  public static void main(String[] arguments) throws RunnerException {
    ChainedOptionsBuilder options = new OptionsBuilder()
        .forks(1)
        .warmupIterations(3)
        .warmupTime(TimeValue.seconds(1))
        .measurementIterations(5)
        .measurementTime(TimeValue.seconds(1))
        .jvmArgsAppend(jvmFlags());
    int patterns = 0;
    for (int index = 0; index < arguments.length; index++) {
      if (arguments[index].equals("-prof") || arguments[index].equals("--prof")) {
        if (index + 1 == arguments.length) {
          throw new IllegalArgumentException(arguments[index] + " needs a profiler name, e.g. gc");
        }
        options.addProfiler(arguments[++index]);
      } else {
        options.include(arguments[index]);
        patterns++;
      }
    }
    if (patterns == 0) {
      options.include("^" + RunBenchmarks.class.getPackageName().replace(".", "\\.") + "\\.[A-Z]\\w*\\.");
    }
    new Runner(options.build()).run();
  }

  /** The fork flags: {@code parquetArrow.jvmFlags} split on white space, or {@link #DEFAULT_JVM_FLAGS}. */
  static String[] jvmFlags() {
    String flags = System.getProperty("parquetArrow.jvmFlags", "").trim();
    if (flags.isEmpty()) {
      flags = DEFAULT_JVM_FLAGS;
    }
    return Arrays.stream(flags.split("\\s+")).filter(flag -> !flag.isEmpty()).toArray(String[]::new);
  }
}
