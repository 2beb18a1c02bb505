package io.parquetarrow.core.codec;

import static io.parquetarrow.core.codec.CodecTestSupport.assertDecompressesAllWays;
import static io.parquetarrow.core.codec.CodecTestSupport.compress;
import static io.parquetarrow.core.codec.CodecTestSupport.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.codec.CodecTestSupport.Payload;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.CompressionCodec;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The deprecated LZ4 codec: Hadoop framing in its forms, and the raw-block fallback Arrow C++ uses. */
class Lz4HadoopFramingTest {

  private static byte[] rawBlock(byte[] data, int from, int to) throws Exception {
    return compress(CompressionCodec.LZ4_RAW, null, Arrays.copyOfRange(data, from, to));
  }

  private static byte[] bigEndian(int value) {
    return ByteBuffer.allocate(4).putInt(value).array();
  }

  @Test
  void ourWriterUsesHadoopFraming() throws Exception {
    byte[] data = payload(Payload.COMPRESSIBLE, 1000, 3);
    byte[] framed = compress(CompressionCodec.LZ4, null, data);
    assertThat(ByteBuffer.wrap(framed).getInt(0)).as("block's uncompressed length").isEqualTo(1000);
    assertThat(ByteBuffer.wrap(framed).getInt(4)).as("chunk's compressed length").isEqualTo(framed.length - 8);
  }

  @Test
  void arrowStylePairsAndMultiChunkBlocksBothRead() throws Exception {
    byte[] data = payload(Payload.COMPRESSIBLE, 30_000, 4);
    // Arrow C++ / parquet-java: (uncompressed, compressed) pairs, one chunk per block.
    ByteArrayOutputStream pairs = new ByteArrayOutputStream();
    for (int from = 0; from < data.length; from += 10_000) {
      byte[] chunk = rawBlock(data, from, from + 10_000);
      pairs.writeBytes(bigEndian(10_000));
      pairs.writeBytes(bigEndian(chunk.length));
      pairs.writeBytes(chunk);
    }
    // Hadoop when a block does not fit one buffer: one block length, then several chunks.
    ByteArrayOutputStream multiChunk = new ByteArrayOutputStream();
    multiChunk.writeBytes(bigEndian(30_000));
    for (int from = 0; from < data.length; from += 10_000) {
      byte[] chunk = rawBlock(data, from, from + 10_000);
      multiChunk.writeBytes(bigEndian(chunk.length));
      multiChunk.writeBytes(chunk);
    }
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.LZ4)) {
      assertDecompressesAllWays("pairs", decompressor, pairs.toByteArray(), data);
      assertDecompressesAllWays("multi-chunk block", decompressor, multiChunk.toByteArray(), data);
    }
  }

  @Test
  void aRawBlockFallsBack() throws Exception {
    byte[] data = payload(Payload.RANDOM, 5000, 5);
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.LZ4)) {
      assertDecompressesAllWays("raw block", decompressor, rawBlock(data, 0, data.length), data);
    }
  }

  @Test
  void neitherFramingNorRawBlockNamesBothProblems() throws Exception {
    byte[] garbage = payload(Payload.RANDOM, 100, 6);
    garbage[0] = 0; // a plausible block length prefix (small), followed by nonsense
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.LZ4)) {
      assertThatThrownBy(() -> decompressor.decompress(garbage, 0, garbage.length, new byte[500], 0, 500))
          .isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining("neither Hadoop-framed LZ4").hasMessageContaining("raw LZ4 block");
    }
  }

  @Test
  void emptyPagesInBothHadoopAndArrowFramingRead() throws Exception {
    byte[] hadoopEmpty = {0, 0, 0, 0};
    byte[] arrowEmpty = {0, 0, 0, 0, 0, 0, 0, 1, 0};
    for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.LZ4, CompressionCodec.LZO}) {
      try (Decompressor decompressor = Codecs.decompressor(codec)) {
        assertDecompressesAllWays(codec + " Hadoop empty page", decompressor, hadoopEmpty, new byte[0]);
        if (codec == CompressionCodec.LZ4) {
          assertDecompressesAllWays(codec + " Arrow C++ empty page", decompressor, arrowEmpty, new byte[0]);
        }
      }
    }
    assertThat(compress(CompressionCodec.LZ4, null, new byte[0])).as("LZ4 writer's empty page").isEqualTo(hadoopEmpty);
  }
}
