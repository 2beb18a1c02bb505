package io.parquetarrow.core.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.CompressionCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;

/** Payloads, compression and guarded decompression shared by the codec tests. */
final class CodecTestSupport {
  private CodecTestSupport() {}

  /** Every codec this library knows. */
  static final Set<CompressionCodec> KNOWN_CODECS = EnumSet.complementOf(EnumSet.of(CompressionCodec.UNKNOWN));

  /** Bytes either side of a destination range, filled with this value, which no decompressor may touch. */
  static final int GUARD_LENGTH = 64;

  static final byte GUARD = (byte) 0xA5;

  enum Payload {
    RANDOM,
    COMPRESSIBLE,
    ZEROS
  }

  static byte[] payload(Payload kind, int length, long seed) {
    byte[] bytes = new byte[length];
    Random random = new Random(seed);
    switch (kind) {
      case RANDOM -> random.nextBytes(bytes);
      case COMPRESSIBLE -> {
        // Text-like runs with small random edits: compresses well but not trivially.
        byte[] words = "parquet arrow column page dictionary level value row group ".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < length; i++) {
          bytes[i] = random.nextInt(50) == 0 ? (byte) random.nextInt(256) : words[(i * 7 + (i >> 9)) % words.length];
        }
      }
      case ZEROS -> { }
    }
    return bytes;
  }

  static byte[] compress(CompressionCodec codec, Integer level, byte[] data) throws Exception {
    try (Compressor compressor = Codecs.compressor(codec, level)) {
      byte[] output = new byte[compressor.maxCompressedLength(data.length)];
      int length = compressor.compress(data, 0, data.length, output, 0);
      return Arrays.copyOf(output, length);
    }
  }

  /**
   * Decompresses through the byte-array path into a guarded array, a heap ByteBuffer and a direct ByteBuffer,
   * checks that all three hold {@code expected} and that no guard byte changed.
   */
  static void assertDecompressesAllWays(String context, Decompressor decompressor, byte[] compressed, byte[] expected)
      throws ParquetCorruptionException {
    int length = expected.length;

    // Input at an offset inside a larger array, so a codec reading outside its range would see garbage.
    byte[] input = new byte[compressed.length + 2 * GUARD_LENGTH];
    Arrays.fill(input, GUARD);
    System.arraycopy(compressed, 0, input, GUARD_LENGTH, compressed.length);

    byte[] output = new byte[length + 2 * GUARD_LENGTH];
    Arrays.fill(output, GUARD);
    decompressor.decompress(input, GUARD_LENGTH, compressed.length, output, GUARD_LENGTH, length);
    assertThat(Arrays.copyOfRange(output, GUARD_LENGTH, GUARD_LENGTH + length)).as("%s: array path", context)
        .isEqualTo(expected);
    assertGuards(context + ": array path", output, 0, GUARD_LENGTH);
    assertGuards(context + ": array path", output, GUARD_LENGTH + length, output.length);

    for (boolean direct : new boolean[] {false, true}) {
      ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(length + 2 * GUARD_LENGTH)
          : ByteBuffer.allocate(length + 2 * GUARD_LENGTH);
      while (buffer.hasRemaining()) {
        buffer.put(GUARD);
      }
      buffer.clear().position(GUARD_LENGTH).limit(GUARD_LENGTH + length);
      decompressor.decompress(input, GUARD_LENGTH, compressed.length, buffer, length);
      String path = context + (direct ? ": direct ByteBuffer path" : ": heap ByteBuffer path");
      assertThat(buffer.position()).as("%s: position after", path).isEqualTo(GUARD_LENGTH + length);
      assertThat(buffer.limit()).as("%s: limit after", path).isEqualTo(GUARD_LENGTH + length);
      byte[] all = new byte[buffer.capacity()];
      buffer.clear();
      buffer.get(all);
      assertThat(Arrays.copyOfRange(all, GUARD_LENGTH, GUARD_LENGTH + length)).as("%s", path).isEqualTo(expected);
      assertGuards(path, all, 0, GUARD_LENGTH);
      assertGuards(path, all, GUARD_LENGTH + length, all.length);
    }
  }

  private static void assertGuards(String context, byte[] bytes, int from, int to) {
    for (int i = from; i < to; i++) {
      if (bytes[i] != GUARD) {
        throw new AssertionError(context + ": byte " + i + " outside the destination range was overwritten");
      }
    }
  }
}
