package io.parquetarrow.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Keeps the JMH benchmarks of {@code io.parquetarrow.bench} from rotting: for every benchmark class and every
 * value of its {@link Param}, builds the state, runs its {@link Setup} methods, calls each {@link Benchmark}
 * method once (checking it returns something), then its {@link TearDown} methods. No timing is asserted.
 */
class BenchmarksTest {

  private static final List<Class<?>> BENCHMARKS = List.of(FooterDecodeBenchmark.class,
      DecompressionBenchmark.class, DecoderBenchmark.class, LevelDecoderBenchmark.class, ReaderBenchmark.class);

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
          if (parameter.getType() == int.class) {
            parameter.setInt(state, Integer.parseInt(value));
          } else {
            parameter.set(state, value);
          }
        }
        for (Method setup : annotated(type, Setup.class)) {
          setup.invoke(state);
        }
        for (Method benchmark : benchmarks) {
          Object result = benchmark.invoke(state);
          assertThat(result).as("%s.%s(%s) returns its work so JMH can consume it", type.getSimpleName(),
              benchmark.getName(), value).isNotNull();
          calls++;
        }
        for (Method tearDown : annotated(type, TearDown.class)) {
          tearDown.invoke(state);
        }
      }
    }
    assertThat(calls).as("benchmark calls").isGreaterThanOrEqualTo(4 + 5 + 12 + 3 + 2);
  }

  @Test
  void footerDecodersAgreeOnTheWideFooter() throws Exception {
    FooterDecodeBenchmark benchmark = new FooterDecodeBenchmark();
    benchmark.columns = 10_000;
    benchmark.setUp();
    assertThat(benchmark.oursDecode().schema()).as("schema elements: root plus 10,000 columns").hasSize(10_001);
    ParquetMetadata parquetJava = (ParquetMetadata) benchmark.parquetJavaConverted();
    assertThat(parquetJava.getFileMetaData().getSchema().getColumns())
        .as("parquet-java's columns").hasSize(10_000);
    assertThat(benchmark.oursDecodeAndValidate().rowGroups().get(0).columns()).as("our validated chunks")
        .hasSize(10_000);
  }

  @Test
  void forkFlagsComeFromTheBuildProperty() {
    String flags = System.getProperty("parquetArrow.jvmFlags", "");
    String[] forkFlags = RunBenchmarks.jvmFlags();
    if (flags.isBlank()) {
      assertThat(String.join(" ", forkFlags)).as("defaults without parquetArrow.jvmFlags")
          .isEqualTo(RunBenchmarks.DEFAULT_JVM_FLAGS);
    } else {
      assertThat(String.join(" ", forkFlags)).as("fork flags from parquetArrow.jvmFlags")
          .isEqualTo(flags.trim().replaceAll("\\s+", " "));
    }
  }

  private static List<Method> annotated(Class<?> type, Class<? extends Annotation> annotation) {
    List<Method> methods = new ArrayList<>();
    for (Method method : type.getMethods()) {
      if (method.isAnnotationPresent(annotation)) {
        methods.add(method);
      }
    }
    return methods;
  }
}
