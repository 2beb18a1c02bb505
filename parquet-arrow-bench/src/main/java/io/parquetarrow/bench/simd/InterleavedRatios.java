package io.parquetarrow.bench.simd;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * A companion to {@link RunSimdBenchmarks} for shared, noisy machines: runs the same JMH benchmark methods, but
 * interleaved round-robin in short batches and keeping each method's best batch, so that the vector/scalar ratios
 * compare moments when each had the CPU rather than whatever the neighbours were doing during its own JMH
 * iterations. Each benchmark class and parameter value runs in its own JVM (as JMH forks do), so one kernel's
 * profile never pollutes another's compilation. Prints one line per method in values/ns.
 *
 * <p>Arguments: none (every SIMD benchmark) or simple class names. Fork flags as in {@link RunSimdBenchmarks}.
 * Not a substitute for JMH's statistics; it exists to give usable ratios when the load average exceeds the cores.
 */
public final class InterleavedRatios {

  private static final List<Class<?>> BENCHMARKS = List.of(UnpackBenchmark.class, DeltaDecodeBenchmark.class,
      ByteStreamSplitBenchmark.class, LevelsBenchmark.class, DictionaryGatherBenchmark.class);
  private static final int WARM_UP_ROUNDS = 3000;
  private static final int ROUNDS = 3000;
  private static final int CALLS_PER_BATCH = 10;

  private InterleavedRatios() {}

  public static void main(String[] arguments) throws Exception {
    if (arguments.length == 3 && arguments[0].equals("--fork")) {
      measure(Class.forName(arguments[1]), arguments[2].equals("-") ? null : arguments[2]);
      return;
    }
    List<String> wanted = List.of(arguments);
    for (Class<?> type : BENCHMARKS) {
      if (!wanted.isEmpty() && !wanted.contains(type.getSimpleName())) {
        continue;
      }
      Field parameter = parameterField(type);
      String[] values = parameter == null ? new String[] {"-"} : parameter.getAnnotation(Param.class).value();
      for (String value : values) {
        fork(type, value);
      }
    }
  }

  private static void fork(Class<?> type, String value) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(RunSimdBenchmarks.jvmFlags()));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(InterleavedRatios.class.getName());
    command.add("--fork");
    command.add(type.getName());
    command.add(value);
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
        .redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
    if (process.waitFor() != 0) {
      throw new IllegalStateException("fork for " + type.getSimpleName() + " " + value + " failed");
    }
  }

  private static void measure(Class<?> type, String value) throws Exception {
    Object state = type.getConstructor().newInstance();
    Field parameter = parameterField(type);
    if (parameter != null) {
      parameter.setInt(state, Integer.parseInt(value));
    }
    for (Method method : type.getMethods()) {
      if (method.isAnnotationPresent(Setup.class)) {
        method.invoke(state);
      }
    }
    List<Method> methods = new ArrayList<>();
    for (Method method : type.getMethods()) {
      if (method.isAnnotationPresent(Benchmark.class)) {
        methods.add(method);
      }
    }
    methods.sort((a, b) -> a.getName().compareTo(b.getName()));
    long[] best = new long[methods.size()];
    Arrays.fill(best, Long.MAX_VALUE);
    for (int round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
      for (int m = 0; m < methods.size(); m++) {
        long start = System.nanoTime();
        for (int call = 0; call < CALLS_PER_BATCH; call++) {
          methods.get(m).invoke(state);
        }
        long elapsed = System.nanoTime() - start;
        if (round >= WARM_UP_ROUNDS) {
          best[m] = Math.min(best[m], elapsed);
        }
      }
    }
    for (int m = 0; m < methods.size(); m++) {
      double valuesPerNanosecond = (double) CALLS_PER_BATCH * SimdBenchmarkSupport.VALUES / best[m];
      System.out.printf(Locale.ROOT, "%-28s %-6s %-24s %8.3f values/ns (best of %d interleaved batches)%n",
          type.getSimpleName(), parameter == null ? "" : value, methods.get(m).getName(), valuesPerNanosecond,
          ROUNDS);
    }
  }

  private static Field parameterField(Class<?> type) {
    for (Field field : type.getFields()) {
      if (field.isAnnotationPresent(Param.class)) {
        return field;
      }
    }
    return null;
  }
}
