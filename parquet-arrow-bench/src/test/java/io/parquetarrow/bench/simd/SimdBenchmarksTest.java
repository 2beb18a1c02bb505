package io.parquetarrow.bench.simd;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Keeps the SIMD benchmarks from rotting: for every benchmark class and every value of its {@link Param}, builds
 * the state, runs its {@link Setup} methods and calls each {@link Benchmark} method once. No timing is asserted.
 */
class SimdBenchmarksTest {

  private static final List<Class<?>> BENCHMARKS = List.of(UnpackBenchmark.class, DeltaDecodeBenchmark.class,
      ByteStreamSplitBenchmark.class, LevelsBenchmark.class, DictionaryGatherBenchmark.class);

  @Test
  void everyBenchmarkMethodRunsOnceForEveryParameter() throws Exception {
    int calls = 0;
    for (Class<?> type : BENCHMARKS) {
      List<Method> benchmarks = annotated(type, Benchmark.class);
      assertThat(benchmarks).as("%s has @Benchmark methods", type.getSimpleName()).isNotEmpty();
      Field parameter = null;
      for (Field field : type.getFields()) {
        if (field.isAnnotationPresent(Param.class)) {
          assertThat(parameter).as("%s: this test handles one @Param field", type.getSimpleName()).isNull();
          parameter = field;
        }
      }
      String[] values = parameter == null ? new String[] {null} : parameter.getAnnotation(Param.class).value();
      for (String value : values) {
        Object state = type.getConstructor().newInstance();
        if (parameter != null) {
          parameter.setInt(state, Integer.parseInt(value));
        }
        for (Method setup : annotated(type, Setup.class)) {
          setup.invoke(state);
        }
        for (Method benchmark : benchmarks) {
          benchmark.invoke(state);
          calls++;
        }
      }
    }
    assertThat(calls).as("benchmark calls").isGreaterThanOrEqualTo(30);
  }

  @Test
  void forkFlagsComeFromTheBuildProperty() {
    String flags = System.getProperty("parquetArrow.jvmFlags", "");
    String[] forkFlags = RunSimdBenchmarks.jvmFlags();
    if (flags.isBlank()) {
      assertThat(forkFlags).as("defaults without parquetArrow.jvmFlags").containsExactly(
          RunSimdBenchmarks.DEFAULT_JVM_FLAGS);
    } else {
      assertThat(String.join(" ", forkFlags)).as("fork flags from parquetArrow.jvmFlags")
          .isEqualTo(flags.trim().replaceAll("\\s+", " "));
    }
  }

  private static List<Method> annotated(Class<?> type, Class<? extends java.lang.annotation.Annotation> annotation) {
    List<Method> methods = new ArrayList<>();
    for (Method method : type.getMethods()) {
      if (method.isAnnotationPresent(annotation)) {
        methods.add(method);
      }
    }
    return methods;
  }
}
