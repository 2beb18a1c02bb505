package io.parquetarrow.bench.simd;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** BYTE_STREAM_SPLIT decode of a 4096-value page of floats (width 4) or doubles (width 8), values/ns. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ByteStreamSplitBenchmark {

  @Param({"4", "8"})
  public int width;

  private byte[] page;
  private byte[] output;
  private ParquetKernels vector;
  private ParquetKernels scalar;

  @Setup
  public void setUp() {
    page = SimdBenchmarkSupport.randomBytes(new Random(SimdBenchmarkSupport.SEED), SimdBenchmarkSupport.VALUES * width);
    output = new byte[SimdBenchmarkSupport.VALUES * width];
    vector = SimdBenchmarkSupport.vector();
    scalar = SimdBenchmarkSupport.scalar();
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public byte vectorDecode() {
    vector.byteStreamSplitDecode(page, 0, SimdBenchmarkSupport.VALUES, width, 0, SimdBenchmarkSupport.VALUES, output, 0);
    return output[output.length - 1];
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public byte scalarDecode() {
    scalar.byteStreamSplitDecode(page, 0, SimdBenchmarkSupport.VALUES, width, 0, SimdBenchmarkSupport.VALUES, output, 0);
    return output[output.length - 1];
  }
}
