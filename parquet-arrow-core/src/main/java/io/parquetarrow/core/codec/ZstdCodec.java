package io.parquetarrow.core.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The {@code ZSTD} codec: each page body is one or more Zstandard frames (RFC 8878), through zstd-jni with one
 * reused native context per instance. Frames that do not record their content size are accepted: the
 * destination is bounded by the page header's uncompressed size, and the decoder stops with an error rather
 * than write past it.
 */
final class ZstdCodec {
  private ZstdCodec() {}

  /** Decompresses Zstandard frames; direct destinations are written by the native decoder in place. */
  static final class Decompressing extends AbstractDecompressor {
    private ZstdDecompressCtx context;

    Decompressing() {
      super("ZSTD");
    }

    private ZstdDecompressCtx context() {
      if (context == null) {
        context = new ZstdDecompressCtx();
      }
      return context;
    }

    @Override
    void decompressToArray(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      int produced;
      try {
        produced = context().decompressByteArray(
            output, outputOffset, uncompressedLength, input, inputOffset, inputLength);
      } catch (ZstdException | IllegalArgumentException e) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength, e);
      }
      CodecChecks.checkProduced(codec, produced, uncompressedLength);
    }

    @Override
    void decompressToDirect(
        byte[] input, int inputOffset, int inputLength, ByteBuffer output, int position, int uncompressedLength)
        throws ParquetCorruptionException {
      int produced;
      try {
        produced = context().decompressByteArrayToDirectByteBuffer(
            output, position, uncompressedLength, input, inputOffset, inputLength);
      } catch (ZstdException | IllegalArgumentException e) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength, e);
      }
      CodecChecks.checkProduced(codec, produced, uncompressedLength);
    }

    @Override
    public void close() {
      if (context != null) {
        context.close();
        context = null;
      }
    }
  }

  /** Compresses page bodies into one Zstandard frame at the configured level. */
  static final class Compressing implements Compressor {
    private final int level;
    private ZstdCompressCtx context;

    Compressing(int level) {
      if (level < Zstd.minCompressionLevel() || level > Zstd.maxCompressionLevel()) {
        throw new IllegalArgumentException(
            "ZSTD level " + level + " is outside [" + Zstd.minCompressionLevel() + ", "
                + Zstd.maxCompressionLevel() + "]");
      }
      this.level = level;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
      return Math.toIntExact(Zstd.compressBound(inputLength));
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset) {
      Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
      Objects.checkFromIndexSize(outputOffset, maxCompressedLength(inputLength), output.length);
      if (context == null) {
        context = new ZstdCompressCtx().setLevel(level);
      }
      return context.compressByteArray(
          output, outputOffset, maxCompressedLength(inputLength), input, inputOffset, inputLength);
    }

    @Override
    public void close() {
      if (context != null) {
        context.close();
        context = null;
      }
    }
  }
}
