package io.parquetarrow.bench;

import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.codec.Compressor;
import io.parquetarrow.core.codec.Decompressor;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.CompressionCodec;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Page decompression per codec through {@link Codecs}: one 1 MiB page shaped like a data page of mixed columns
 * (little-endian integers of small range, then words of text, so it compresses about as real pages do),
 * compressed once at the codec's default level and decompressed into a heap array per invocation. Divide 1 MiB
 * by the time for the throughput.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DecompressionBenchmark {
  static final int PAGE_BYTES = 1 << 20;
  static final long SEED = 20261123L;

  @Param({"SNAPPY", "ZSTD", "GZIP", "LZ4_RAW", "BROTLI"})
  public String codec;

  private byte[] compressed;
  private int compressedLength;
  private byte[] output;
  private Decompressor decompressor;

  @Setup
  public void setUp() throws ParquetException {
    CompressionCodec parquetCodec = CompressionCodec.valueOf(codec);
    byte[] page = page(new SplittableRandom(SEED));
    try (Compressor compressor = Codecs.compressor(parquetCodec, null)) {
      compressed = new byte[compressor.maxCompressedLength(page.length)];
      compressedLength = compressor.compress(page, 0, page.length, compressed, 0);
    }
    output = new byte[PAGE_BYTES];
    decompressor = Codecs.decompressor(parquetCodec);
  }

  @TearDown
  public void tearDown() {
    decompressor.close();
  }

  @Benchmark
  public byte[] decompress() throws ParquetException {
    decompressor.decompress(compressed, 0, compressedLength, output, 0, PAGE_BYTES);
    return output;
  }

  /** Half small-range little-endian longs, half words of lineitem-like comments. */
  static byte[] page(SplittableRandom random) {
    byte[] page = new byte[PAGE_BYTES];
    int position = 0;
    while (position < PAGE_BYTES / 2) {
      long value = random.nextLong(100_000);
      for (int shift = 0; shift < 64 && position < PAGE_BYTES / 2; shift += 8) {
        page[position++] = (byte) (value >>> shift);
      }
    }
    String[] words = {"furiously", "carefully", "quickly", "final", "regular", "express", "ironic", "pending",
        "deposits", "requests", "packages", "accounts", "theodolites", "pinto beans", "asymptotes", "haggle"};
    while (position < PAGE_BYTES) {
      byte[] word = (words[random.nextInt(words.length)] + ' ').getBytes(StandardCharsets.US_ASCII);
      int length = Math.min(word.length, PAGE_BYTES - position);
      System.arraycopy(word, 0, page, position, length);
      position += length;
    }
    return Arrays.copyOf(page, PAGE_BYTES);
  }
}
