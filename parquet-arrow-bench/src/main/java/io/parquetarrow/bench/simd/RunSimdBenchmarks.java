package io.parquetarrow.bench.simd;

import java.util.Arrays;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the SIMD kernel benchmarks (all of {@code io.parquetarrow.bench.simd}, or the regular expressions given
 * as arguments) briefly: 1 fork, 5 warm-up and 5 measured iterations of 1 s (five warm-ups rather than three
 * because Vector API code runs boxed, hundreds of times slower, until C2 has compiled it). The forks get the JVM
 * flags from the system property {@code parquetArrow.jvmFlags} (set by the build, see the root pom), else the
 * incubator module flag, because a fork without {@code --add-modules jdk.incubator.vector} cannot measure the
 * vector kernels.
 *
 * <p>Example, from the repository root after {@code mvn -pl parquet-arrow-bench -am install -DskipTests}:
 * <pre>
 * mvn -q -pl parquet-arrow-bench dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java --add-modules jdk.incubator.vector -cp parquet-arrow-bench/target/classes:$(cat parquet-arrow-bench/target/cp.txt) \
 *     io.parquetarrow.bench.simd.RunSimdBenchmarks UnpackBenchmark
 * </pre>
 */
public final class RunSimdBenchmarks {

  static final String DEFAULT_JVM_FLAGS = "--add-modules=jdk.incubator.vector";

  private RunSimdBenchmarks() {}

  public static void main(String[] arguments) throws RunnerException {
    ChainedOptionsBuilder options = new OptionsBuilder()
        .forks(1)
        .warmupIterations(5)
        .warmupTime(TimeValue.seconds(1))
        .measurementIterations(5)
        .measurementTime(TimeValue.seconds(1))
        .jvmArgsAppend(jvmFlags());
    if (arguments.length == 0) {
      options.include(RunSimdBenchmarks.class.getPackageName() + ".*");
    }
    for (String pattern : arguments) {
      options.include(pattern);
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
