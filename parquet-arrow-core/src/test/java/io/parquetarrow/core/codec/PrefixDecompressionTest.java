package io.parquetarrow.core.codec;

import static io.parquetarrow.core.codec.CodecTestSupport.compress;
import static io.parquetarrow.core.codec.CodecTestSupport.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
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
        // Whole blocks of at most 128 KiB: the one holding the prefix's end is written whole.
        assertThat(produced).as("bytes written for a prefix of %d", prefix)
            .isBetween(prefix, prefix == 0 ? 0 : prefix + 131_071);
        assertThat(Arrays.copyOfRange(output, 8, 8 + produced)).as("prefix of %d", prefix)
            .isEqualTo(Arrays.copyOf(data, produced));
        // The decoder may use the output's room after the bytes it returns, never more.
        assertThat(output[8 + LENGTH]).as("first byte after the output, prefix of %d", prefix)
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
      int produced = decompressor.decompressPrefix(body, 0, body.length, output, 0, LENGTH, 50_000);
      assertThat(produced).isBetween(50_000, 50_000 + 131_071);
      assertThat(Arrays.copyOf(output, produced)).isEqualTo(Arrays.copyOf(data, produced));
    }
  }

  @Test
  void aFrameWhoseWindowOutgrowsThePageIsCutToo() throws Exception {
    byte[] page = Arrays.copyOf(data, 400_000);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    // Long-distance matching with a 16 MiB window, declared in a frame of 400,000 bytes: the leading blocks are
    // decoded into the output alone, which bounds what the decoder writes; no window is kept.
    try (ZstdOutputStream out = new ZstdOutputStream(sink).setLong(24)) {
      out.write(page);
    }
    byte[] body = sink.toByteArray();
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.ZSTD)) {
      byte[] output = new byte[page.length + 1];
      Arrays.fill(output, CodecTestSupport.GUARD);
      int produced = decompressor.decompressPrefix(body, 0, body.length, output, 0, page.length, 10_000);
      assertThat(produced).as("bytes written").isBetween(10_000, 10_000 + 131_071);
      assertThat(Arrays.copyOf(output, produced)).isEqualTo(Arrays.copyOf(page, produced));
      assertThat(output[page.length]).as("first byte after the output").isEqualTo(CodecTestSupport.GUARD);
    }
  }

  @Test
  void aFrameOfOneSegmentIsCut() throws Exception {
    // Zstd.compress records the content size and decodes as a single segment, the window the content itself.
    byte[] body = Zstd.compress(data, 3);
    assertThat(body[4] & 0x20).as("single segment").isNotZero();
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.ZSTD)) {
      byte[] output = new byte[LENGTH];
      int produced = decompressor.decompressPrefix(body, 0, body.length, output, 0, LENGTH, 300_000);
      assertThat(produced).isBetween(300_000, 300_000 + 131_071);
      assertThat(Arrays.copyOf(output, produced)).isEqualTo(Arrays.copyOf(data, produced));
    }
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
