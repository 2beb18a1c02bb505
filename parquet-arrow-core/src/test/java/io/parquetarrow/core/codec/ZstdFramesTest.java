package io.parquetarrow.core.codec;

import static io.parquetarrow.core.codec.CodecTestSupport.assertDecompressesAllWays;
import static io.parquetarrow.core.codec.CodecTestSupport.compress;
import static io.parquetarrow.core.codec.CodecTestSupport.payload;

import com.github.luben.zstd.ZstdOutputStream;
import io.parquetarrow.core.codec.CodecTestSupport.Payload;
import io.parquetarrow.format.CompressionCodec;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/** ZSTD bodies as streaming writers produce them: frames without a content size, and several frames in a row. */
class ZstdFramesTest {
  private final byte[] first = payload(Payload.COMPRESSIBLE, 300_000, 11);
  private final byte[] second = payload(Payload.RANDOM, 5_000, 12);

  private static byte[] streamed(byte[] data) throws Exception {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    // A streaming compressor does not know the total size up front, so the frame header omits it.
    try (ZstdOutputStream out = new ZstdOutputStream(sink)) {
      out.write(data, 0, data.length / 2);
      out.flush();
      out.write(data, data.length / 2, data.length - data.length / 2);
    }
    return sink.toByteArray();
  }

  @Test
  void framesWithoutContentSizeAreRead() throws Exception {
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.ZSTD)) {
      assertDecompressesAllWays("streamed frame", decompressor, streamed(first), first);
    }
  }

  @Test
  void concatenatedFramesAreRead() throws Exception {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes(streamed(first));
    body.writeBytes(compress(CompressionCodec.ZSTD, null, second));
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes(first);
    expected.writeBytes(second);
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.ZSTD)) {
      assertDecompressesAllWays("two frames", decompressor, body.toByteArray(), expected.toByteArray());
    }
  }
}
