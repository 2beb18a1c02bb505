package io.parquetarrow.core.codec;

import static io.parquetarrow.core.codec.CodecTestSupport.compress;
import static io.parquetarrow.core.codec.CodecTestSupport.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.ZstdOutputStream;
import io.parquetarrow.core.codec.CodecTestSupport.Payload;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.CompressionCodec;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link Decompressor#decompressPrefix}: ZSTD stops after the prefix (and the block holding its end), every codec
 * writes the body's own leading bytes and never past the body's end, and a body shorter than its prefix, several
 * frames or a corrupt stream take the whole-page route with its checks.
 */
class PrefixDecompressionTest {
  private static final int LENGTH = 1_000_000;
  private final byte[] data = payload(Payload.COMPRESSIBLE, LENGTH, 21);

  @Test
  void zstdStopsAfterThePrefix() throws Exception {
    byte[] body = compress(CompressionCodec.ZSTD, null, data);
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.ZSTD)) {
      for (int prefix : new int[] {0, 1, 8, 4_096, 131_072, 131_073, 300_000, 749_999}) {
        byte[] output = new byte[LENGTH + 16];
        Arrays.fill(output, CodecTestSupport.GUARD);
        int produced = decompressor.decompressPrefix(body, 0, body.length, output, 8, LENGTH, prefix);
        assertThat(produced).as("bytes written for a prefix of %d", prefix).isEqualTo(prefix);
        assertThat(Arrays.copyOfRange(output, 8, 8 + produced)).as("prefix of %d", prefix)
            .isEqualTo(Arrays.copyOf(data, produced));
        assertThat(output[8 + produced]).as("first byte after a prefix of %d", prefix)
            .isEqualTo(CodecTestSupport.GUARD);
        assertThat(output[7]).as("byte before the output").isEqualTo(CodecTestSupport.GUARD);
      }
    }
  }

  @Test
  void mostOfThePageDecompressesAll() throws Exception {
    for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.ZSTD, CompressionCodec.SNAPPY,
        CompressionCodec.GZIP, CompressionCodec.LZ4_RAW, CompressionCodec.BROTLI}) {
      byte[] body = compress(codec, null, data);
      try (Decompressor decompressor = Codecs.decompressor(codec)) {
        int prefix = codec == CompressionCodec.ZSTD ? 750_000 : 10;
        byte[] output = new byte[LENGTH + 1];
        output[LENGTH] = CodecTestSupport.GUARD;
        assertThat(decompressor.decompressPrefix(body, 0, body.length, output, 0, LENGTH, prefix))
            .as("%s: bytes written", codec).isEqualTo(LENGTH);
        assertThat(Arrays.copyOf(output, LENGTH)).as("%s: the page", codec).isEqualTo(data);
        assertThat(output[LENGTH]).as("%s: byte after the page", codec).isEqualTo(CodecTestSupport.GUARD);
      }
    }
  }

  @Test
  void aZstdPageOfSeveralFramesIsReadWhole() throws Exception {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes(compress(CompressionCodec.ZSTD, null, Arrays.copyOf(data, 1_000)));
    body.writeBytes(compress(CompressionCodec.ZSTD, null, Arrays.copyOfRange(data, 1_000, LENGTH)));
    byte[] bytes = body.toByteArray();
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.ZSTD)) {
      byte[] output = new byte[LENGTH];
      int produced = decompressor.decompressPrefix(bytes, 0, bytes.length, output, 0, LENGTH, 200_000);
      assertThat(produced).as("bytes written").isGreaterThanOrEqualTo(200_000);
      assertThat(Arrays.copyOf(output, produced)).isEqualTo(Arrays.copyOf(data, produced));
    }
  }

  @Test
  void aStreamedFrameStopsAfterThePrefixToo() throws Exception {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (ZstdOutputStream out = new ZstdOutputStream(sink)) {
      out.write(data);
    }
    byte[] body = sink.toByteArray();
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.ZSTD)) {
      byte[] output = new byte[LENGTH];
      assertThat(decompressor.decompressPrefix(body, 0, body.length, output, 0, LENGTH, 50_000)).isEqualTo(50_000);
      assertThat(Arrays.copyOf(output, 50_000)).isEqualTo(Arrays.copyOf(data, 50_000));
    }
  }

  @Test
  void aFrameWhoseWindowOutgrowsThePageIsReadWhole() throws Exception {
    byte[] page = Arrays.copyOf(data, 200_000);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    // Long-distance matching with a 16 MiB window, declared in a frame of 200,000 bytes: a stream would keep it.
    try (ZstdOutputStream out = new ZstdOutputStream(sink).setLong(24)) {
      out.write(page);
    }
    byte[] body = sink.toByteArray();
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.ZSTD)) {
      byte[] output = new byte[page.length];
      assertThat(decompressor.decompressPrefix(body, 0, body.length, output, 0, page.length, 10_000))
          .as("bytes written").isEqualTo(page.length);
      assertThat(output).isEqualTo(page);
    }
  }

  @Test
  void aStreamKeepsAtMostTwiceThePageAsWindow() {
    assertThat(ZstdCodec.Decompressing.windowLogFor(0)).isEqualTo(10);
    assertThat(ZstdCodec.Decompressing.windowLogFor(1 << 20)).isEqualTo(21);
    assertThat(ZstdCodec.Decompressing.windowLogFor((1 << 20) + 1)).isEqualTo(22);
    assertThat(ZstdCodec.Decompressing.windowLogFor(Integer.MAX_VALUE)).isEqualTo(27);
  }

  @Test
  void aBodyShorterThanItsPrefixOrCorruptFails() throws Exception {
    byte[] body = compress(CompressionCodec.ZSTD, null, Arrays.copyOf(data, 100_000));
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.ZSTD)) {
      // The page says a million bytes, the frame holds a tenth of them: the prefix cannot be had.
      assertThatThrownBy(() -> decompressor.decompressPrefix(body, 0, body.length, new byte[LENGTH], 0, LENGTH,
          200_000)).isInstanceOf(ParquetCorruptionException.class);
      byte[] cut = Arrays.copyOf(body, body.length / 2);
      assertThatThrownBy(() -> decompressor.decompressPrefix(cut, 0, cut.length, new byte[100_000], 0, 100_000,
          90_000)).isInstanceOf(ParquetCorruptionException.class);
      byte[] garbage = payload(Payload.RANDOM, 5_000, 3);
      assertThatThrownBy(() -> decompressor.decompressPrefix(garbage, 0, garbage.length, new byte[100_000], 0,
          100_000, 1_000)).isInstanceOf(ParquetCorruptionException.class);
    }
  }
}
