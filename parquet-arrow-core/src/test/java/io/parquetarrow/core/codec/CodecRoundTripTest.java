package io.parquetarrow.core.codec;

import static io.parquetarrow.core.codec.CodecTestSupport.assertDecompressesAllWays;
import static io.parquetarrow.core.codec.CodecTestSupport.compress;
import static io.parquetarrow.core.codec.CodecTestSupport.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.codec.CodecTestSupport.Payload;
import io.parquetarrow.format.CompressionCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every codec compresses and decompresses back to the same bytes, over sizes 0 .. 1 MiB and three payload kinds. */
class CodecRoundTripTest {
  private static final int[] SIZES = {0, 1, 2, 7, 100, 4096, 63 * 1024, 64 * 1024, 64 * 1024 + 1, 200_000, 1 << 20};

  static Stream<Arguments> codecsAndPayloads() {
    List<Arguments> arguments = new ArrayList<>();
    for (CompressionCodec codec : CodecTestSupport.KNOWN_CODECS) {
      for (Payload payload : Payload.values()) {
        arguments.add(Arguments.of(codec, payload));
      }
    }
    return arguments.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("codecsAndPayloads")
  void roundTripsEverySize(CompressionCodec codec, Payload payload) throws Exception {
    long seed = System.nanoTime();
    try (Decompressor decompressor = Codecs.decompressor(codec)) {
      // One decompressor for all sizes: scratch reuse across calls is part of what is tested.
      for (int size : SIZES) {
        String context = codec + " " + payload + " size " + size + " seed " + seed;
        byte[] data = payload(payload, size, seed + size);
        byte[] compressed = compress(codec, null, data);
        assertDecompressesAllWays(context, decompressor, compressed, data);
      }
    }
  }

  static Stream<Arguments> levels() {
    return Stream.of(
        Arguments.of(CompressionCodec.GZIP, 0), Arguments.of(CompressionCodec.GZIP, 1),
        Arguments.of(CompressionCodec.GZIP, 9), Arguments.of(CompressionCodec.ZSTD, -5),
        Arguments.of(CompressionCodec.ZSTD, 3), Arguments.of(CompressionCodec.ZSTD, 12),
        Arguments.of(CompressionCodec.BROTLI, 0), Arguments.of(CompressionCodec.BROTLI, 5),
        Arguments.of(CompressionCodec.BROTLI, 11));
  }

  @ParameterizedTest(name = "{0} level {1}")
  @MethodSource("levels")
  void roundTripsAtExplicitLevels(CompressionCodec codec, int level) throws Exception {
    long seed = System.nanoTime();
    try (Decompressor decompressor = Codecs.decompressor(codec)) {
      for (int size : new int[] {0, 1000, 100_000}) {
        byte[] data = payload(Payload.COMPRESSIBLE, size, seed);
        assertDecompressesAllWays(codec + " level " + level + " size " + size + " seed " + seed, decompressor,
            compress(codec, level, data), data);
      }
    }
  }

  @Test
  void compressibleDataShrinks() throws Exception {
    byte[] data = payload(Payload.COMPRESSIBLE, 100_000, 1);
    for (CompressionCodec codec : CodecTestSupport.KNOWN_CODECS) {
      if (codec != CompressionCodec.UNCOMPRESSED) {
        assertThat(compress(codec, null, data).length).as("%s output length", codec).isLessThan(data.length / 2);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = {"UNCOMPRESSED", "SNAPPY", "LZ4", "LZ4_RAW", "LZO"})
  void codecsWithoutLevelsRejectOne(CompressionCodec codec) {
    assertThatThrownBy(() -> Codecs.compressor(codec, 3)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("takes no compression level");
  }

  @Test
  void levelsOutOfRangeAreRejected() {
    assertThatThrownBy(() -> Codecs.compressor(CompressionCodec.GZIP, 10)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Codecs.compressor(CompressionCodec.BROTLI, 12)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Codecs.compressor(CompressionCodec.ZSTD, 1000)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void unknownCodecIsUnsupported() {
    assertThatThrownBy(() -> Codecs.decompressor(CompressionCodec.UNKNOWN))
        .isInstanceOf(io.parquetarrow.errors.UnsupportedParquetFeatureException.class);
  }
}
