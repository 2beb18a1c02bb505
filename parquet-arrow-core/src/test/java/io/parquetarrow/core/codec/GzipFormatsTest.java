package io.parquetarrow.core.codec;

import static io.parquetarrow.core.codec.CodecTestSupport.assertDecompressesAllWays;
import static io.parquetarrow.core.codec.CodecTestSupport.payload;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.codec.CodecTestSupport.Payload;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.CompressionCodec;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.Test;

/** The gzip variants the GZIP decompressor accepts (and one it must not). */
class GzipFormatsTest {
  private final byte[] first = payload(Payload.COMPRESSIBLE, 50_000, 1);
  private final byte[] second = payload(Payload.RANDOM, 3_000, 2);

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }

  @Test
  void concatenatedMembersAreReadInTurn() throws Exception {
    byte[] body = concat(CodecCrossCheckTest.jdkGzip(first), CodecCrossCheckTest.jdkGzip(second),
        CodecCrossCheckTest.jdkGzip(new byte[0]), CodecCrossCheckTest.jdkGzip(first));
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.GZIP)) {
      assertDecompressesAllWays("three gzip members", decompressor, body, concat(first, second, first));
    }
  }

  @Test
  void zlibWrappedBodiesAreAcceptedAsArrowCppDoes() throws Exception {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (DeflaterOutputStream out = new DeflaterOutputStream(sink, new Deflater(6, false))) {
      out.write(first);
    }
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.GZIP)) {
      assertDecompressesAllWays("zlib stream", decompressor, sink.toByteArray(), first);
    }
  }

  @Test
  void optionalHeaderFieldsAreSkippedAndTheHeaderCrcChecked() throws Exception {
    byte[] plain = CodecCrossCheckTest.jdkGzip(first);
    byte[] deflateAndTrailer = Arrays.copyOfRange(plain, 10, plain.length);
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    header.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 0x02 | 0x04 | 0x08 | 0x10, 0, 0, 0, 0, 0, 3});
    header.writeBytes(new byte[] {5, 0, 'A', 'B', 2, 0, 'x'}); // extra field: subfield AB of length 2
    header.writeBytes("page.bin\0".getBytes(StandardCharsets.ISO_8859_1));
    header.writeBytes("a comment\0".getBytes(StandardCharsets.ISO_8859_1));
    CRC32 crc = new CRC32();
    crc.update(header.toByteArray());
    int headerCrc = (int) crc.getValue() & 0xffff;
    header.writeBytes(new byte[] {(byte) headerCrc, (byte) (headerCrc >>> 8)});
    byte[] body = concat(header.toByteArray(), deflateAndTrailer);
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.GZIP)) {
      assertDecompressesAllWays("gzip with FEXTRA FNAME FCOMMENT FHCRC", decompressor, body, first);
      byte[] badHeaderCrc = body.clone();
      badHeaderCrc[header.size() - 1] ^= 1;
      assertThatThrownBy(() -> decompressor.decompress(badHeaderCrc, 0, badHeaderCrc.length, new byte[first.length], 0,
              first.length))
          .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("header CRC");
    }
  }

  @Test
  void bytesAfterACompletePageAreIgnoredAsArrowCppIgnoresThem() throws Exception {
    byte[] body = concat(CodecCrossCheckTest.jdkGzip(first), new byte[] {0, 0, 0, 0, 1, 2, 3});
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.GZIP)) {
      assertDecompressesAllWays("trailing bytes", decompressor, body, first);
    }
  }

  @Test
  void aTrailerWithTheWrongCrcIsCorruption() throws Exception {
    byte[] body = CodecCrossCheckTest.jdkGzip(first);
    body[body.length - 8] ^= 1;
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.GZIP)) {
      assertThatThrownBy(() -> decompressor.decompress(body, 0, body.length, new byte[first.length], 0, first.length))
          .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("CRC-32");
    }
  }

  @Test
  void aSecondMemberThatIsNotGzipIsCorruption() throws Exception {
    byte[] body = concat(CodecCrossCheckTest.jdkGzip(first), new byte[] {1, 2, 3, 4});
    try (Decompressor decompressor = Codecs.decompressor(CompressionCodec.GZIP)) {
      assertThatThrownBy(() -> decompressor.decompress(body, 0, body.length, new byte[first.length + 10], 0,
              first.length + 10))
          .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("member 1");
    }
  }
}
