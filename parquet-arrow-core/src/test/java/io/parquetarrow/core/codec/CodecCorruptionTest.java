package io.parquetarrow.core.codec;

import static io.parquetarrow.core.codec.CodecTestSupport.compress;
import static io.parquetarrow.core.codec.CodecTestSupport.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.codec.CodecTestSupport.Payload;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.CompressionCodec;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Bad streams fail with {@link ParquetCorruptionException} and nothing else: no other exception, no crash, no
 * write outside the destination, no unbounded allocation.
 */
class CodecCorruptionTest {

  /** A small body mixing compressible and random bytes, so every codec emits both literals and matches. */
  private static byte[] smallPayload(long seed) {
    byte[] compressible = payload(Payload.COMPRESSIBLE, 300, seed);
    byte[] random = payload(Payload.RANDOM, 60, seed + 1);
    byte[] data = Arrays.copyOf(compressible, 360);
    System.arraycopy(random, 0, data, 300, 60);
    return data;
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void everyTruncationIsRejected(CompressionCodec codec) throws Exception {
    byte[] data = smallPayload(42);
    byte[] compressed = compress(codec, null, data);
    try (Decompressor decompressor = Codecs.decompressor(codec)) {
      for (int length = 0; length < compressed.length; length++) {
        byte[] truncated = Arrays.copyOf(compressed, length);
        String context = codec + " truncated to " + length + " of " + compressed.length + " bytes";
        assertRejected(context, decompressor, truncated, data.length);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void wrongUncompressedLengthIsRejected(CompressionCodec codec) throws Exception {
    byte[] data = smallPayload(7);
    byte[] compressed = compress(codec, null, data);
    try (Decompressor decompressor = Codecs.decompressor(codec)) {
      for (int length : new int[] {0, 1, data.length - 1, data.length + 1, data.length * 2}) {
        assertRejected(codec + " declared " + length + " instead of " + data.length, decompressor, compressed, length);
      }
      // Still usable after failures: scratch and native state were reset.
      byte[] output = new byte[data.length];
      decompressor.decompress(compressed, 0, compressed.length, output, 0, data.length);
      assertThat(output).as("%s after failures", codec).isEqualTo(data);
    }
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void corruptedBytesFailCleanlyOrDecodeToTheRightSize(CompressionCodec codec) throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    byte[] data = smallPayload(seed);
    byte[] compressed = compress(codec, null, data);
    try (Decompressor decompressor = Codecs.decompressor(codec)) {
      for (int trial = 0; trial < 300; trial++) {
        byte[] corrupted = compressed.clone();
        int flips = 1 + random.nextInt(3);
        for (int i = 0; i < flips; i++) {
          corrupted[random.nextInt(corrupted.length)] ^= (byte) (1 + random.nextInt(255));
        }
        String context = codec + " trial " + trial + " seed " + seed;
        byte[] output = new byte[data.length];
        try {
          decompressor.decompress(corrupted, 0, corrupted.length, output, 0, data.length);
        } catch (ParquetCorruptionException expected) {
          assertThat(expected.getMessage()).as(context).contains(codec.name());
        } catch (RuntimeException | Error unexpected) {
          throw new AssertionError(context + ": a corrupted stream must fail with ParquetCorruptionException", unexpected);
        }
        ByteBuffer direct = ByteBuffer.allocateDirect(data.length);
        try {
          decompressor.decompress(corrupted, 0, corrupted.length, direct, data.length);
        } catch (ParquetCorruptionException expected) {
          assertThat(expected.getMessage()).as(context).contains(codec.name());
        } catch (RuntimeException | Error unexpected) {
          throw new AssertionError(context + " (direct): a corrupted stream must fail with ParquetCorruptionException",
              unexpected);
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = {"GZIP", "ZSTD", "BROTLI", "SNAPPY", "LZ4", "LZ4_RAW", "LZO"})
  void aDecompressionBombStopsAtThePageSize(CompressionCodec codec) throws Exception {
    byte[] zeros = new byte[16 << 20];
    byte[] compressed = compress(codec, null, zeros);
    try (Decompressor decompressor = Codecs.decompressor(codec)) {
      assertRejected(codec + " 16 MiB of zeros declared as 1000 bytes", decompressor, compressed, 1000);
    }
  }

  @Test
  void emptyBodyOfAnEmptyPageIsAcceptedByEveryCodec() throws Exception {
    for (CompressionCodec codec : CodecTestSupport.KNOWN_CODECS) {
      try (Decompressor decompressor = Codecs.decompressor(codec)) {
        decompressor.decompress(new byte[0], 0, 0, new byte[0], 0, 0);
        decompressor.decompress(new byte[0], 0, 0, ByteBuffer.allocateDirect(0), 0);
        assertRejected(codec + " empty body for 10 bytes", decompressor, new byte[0], 10);
      }
    }
  }

  @Test
  void rangesOutsideTheCallersArraysAreMisuse() throws Exception {
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.SNAPPY)) {
      assertThatThrownBy(() -> decompressor.decompress(new byte[10], 5, 10, new byte[100], 0, 50))
          .isInstanceOf(IndexOutOfBoundsException.class);
      assertThatThrownBy(() -> decompressor.decompress(new byte[10], 0, 10, new byte[100], 60, 50))
          .isInstanceOf(IndexOutOfBoundsException.class);
      assertThatThrownBy(() -> decompressor.decompress(new byte[10], 0, 10, ByteBuffer.allocateDirect(20), 50))
          .isInstanceOf(IndexOutOfBoundsException.class);
    }
  }

  private static void assertRejected(String context, Decompressor decompressor, byte[] body, int uncompressedLength) {
    byte[] output = new byte[uncompressedLength + 2 * CodecTestSupport.GUARD_LENGTH];
    Arrays.fill(output, CodecTestSupport.GUARD);
    assertThatThrownBy(() -> decompressor.decompress(body, 0, body.length, output, CodecTestSupport.GUARD_LENGTH,
            uncompressedLength))
        .as(context).isInstanceOf(ParquetCorruptionException.class);
    for (int i = 0; i < CodecTestSupport.GUARD_LENGTH; i++) {
      assertThat(output[i]).as("%s: guard byte %d before the destination", context, i).isEqualTo(CodecTestSupport.GUARD);
      assertThat(output[output.length - 1 - i]).as("%s: guard byte after the destination", context)
          .isEqualTo(CodecTestSupport.GUARD);
    }
    ByteBuffer direct = ByteBuffer.allocateDirect(uncompressedLength);
    assertThatThrownBy(() -> decompressor.decompress(body, 0, body.length, direct, uncompressedLength))
        .as("%s (direct)", context).isInstanceOf(ParquetCorruptionException.class);
  }
}
