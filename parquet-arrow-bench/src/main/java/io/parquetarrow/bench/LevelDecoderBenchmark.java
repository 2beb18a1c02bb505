package io.parquetarrow.bench;

import io.parquetarrow.encodings.RleBitPackedHybridDecoder;
import io.parquetarrow.encodings.RleBitPackedHybridEncoder;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Definition and repetition level decoding with {@link RleBitPackedHybridDecoder}: one page of {@link #LEVELS}
 * levels encoded once with {@link RleBitPackedHybridEncoder}, decoded whole per invocation. The shapes cover the
 * encoder's two run kinds: all present (one long RLE run), 10% nulls at random (bit-packed runs of width 1), and
 * nested levels of width 2 mixing both; and the same nested levels as parquet-java encodes them
 * ({@code NESTED_WIDTH_2_PARQUET_JAVA}: an RLE run at every repeat of eight, so runs of 8 to 30 values, the shape
 * files from parquet-java and Arrow C++ have). {@link #decode} reads the levels unchecked; {@link #decodeCounting}
 * as the column layer reads levels (checked against the maximum level, counting the present values); and
 * {@link #decodeCheckingBelow} as it reads dictionary indices (checked against a bound). Microseconds per page.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LevelDecoderBenchmark {
  static final int LEVELS = 64 * 1024;
  static final long SEED = 20261123L;

  @Param({"ALL_PRESENT", "TEN_PERCENT_NULLS", "NESTED_WIDTH_2", "NESTED_WIDTH_2_PARQUET_JAVA"})
  public String shape;

  private byte[] page;
  private int bitWidth;
  private int maximum;
  private RleBitPackedHybridDecoder decoder;
  private final int[] destination = new int[LEVELS];

  @Setup
  public void setUp() {
    ParquetKernels kernels = KernelProvider.get();
    SplittableRandom random = new SplittableRandom(SEED);
    int[] levels = new int[LEVELS];
    switch (shape) {
      case "ALL_PRESENT" -> {
        bitWidth = 1;
        Arrays.fill(levels, 1);
      }
      case "TEN_PERCENT_NULLS" -> {
        bitWidth = 1;
        for (int index = 0; index < LEVELS; index++) {
          levels[index] = random.nextInt(10) == 0 ? 0 : 1;
        }
      }
      case "NESTED_WIDTH_2", "NESTED_WIDTH_2_PARQUET_JAVA" -> {
        bitWidth = 2;
        for (int index = 0; index < LEVELS; index++) {
          // Runs of present elements (3) broken by empty lists (1) and null lists (0), as in a list column.
          int draw = random.nextInt(16);
          levels[index] = draw == 0 ? 0 : draw == 1 ? 1 : draw < 4 ? 2 : 3;
        }
      }
      default -> throw new IllegalArgumentException("unknown shape " + shape);
    }
    if (shape.endsWith("_PARQUET_JAVA")) {
      page = parquetJava(levels, bitWidth);
    } else {
      RleBitPackedHybridEncoder encoder = new RleBitPackedHybridEncoder(kernels, bitWidth);
      encoder.put(levels, 0, LEVELS);
      page = encoder.flush().toByteArray();
    }
    decoder = new RleBitPackedHybridDecoder(kernels, bitWidth);
    maximum = bitWidth == 1 ? 1 : 3;
  }

  private static byte[] parquetJava(int[] levels, int bitWidth) {
    try (RunLengthBitPackingHybridEncoder encoder = new RunLengthBitPackingHybridEncoder(bitWidth, 64, LEVELS,
        HeapByteBufferAllocator.getInstance())) {
      for (int level : levels) {
        encoder.writeInt(level);
      }
      return encoder.toBytes().toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Benchmark
  public int[] decode() throws ParquetException {
    decoder.init(page, 0, page.length, LEVELS);
    decoder.read(destination, 0, LEVELS);
    return destination;
  }

  @Benchmark
  public int decodeCounting() throws ParquetException {
    decoder.init(page, 0, page.length, LEVELS);
    return decoder.readCounting(destination, 0, LEVELS, maximum, maximum);
  }

  @Benchmark
  public long decodeCheckingBelow() throws ParquetException {
    decoder.init(page, 0, page.length, LEVELS);
    return decoder.readCheckingBelow(destination, 0, LEVELS, maximum + 1);
  }
}
