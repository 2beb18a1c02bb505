package io.parquetarrow.core.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdBufferDecompressingStreamNoFinalizer;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.IOException;
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

    /**
     * Decodes the frame as a stream into {@code output} and stops once the prefix is there, so the blocks after it
     * are not decoded (a stream decodes whole blocks of at most 128 KiB, so up to one block more is decoded and
     * dropped). A stream keeps a window of past output, which its frame header sizes: it is allowed at most twice
     * the page's size ({@link #windowLogFor}), so a header claiming more costs no allocation beyond what the page
     * justifies. A prefix of most of the page, a page of several frames, a larger window or a stream that fails or
     * ends early decompresses the whole page instead (one call, without a window), checked as {@link #decompress}
     * checks it: a corrupt page fails there, and a valid one the stream refused is still read.
     */
    @Override
    public int decompressPrefix(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset,
        int uncompressedLength, int prefixLength) throws ParquetCorruptionException {
      CodecChecks.checkArguments(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
      if (prefixLength >= 0 && (long) prefixLength * 4 < (long) uncompressedLength * 3
          && streamPrefix(input, inputOffset, inputLength, output, outputOffset, uncompressedLength, prefixLength)) {
        return prefixLength;
      }
      decompress(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
      return uncompressedLength;
    }

    /** Whether the stream produced the prefix; false when it could not (the caller decompresses the whole page). */
    private static boolean streamPrefix(byte[] input, int inputOffset, int inputLength, byte[] output,
        int outputOffset, int uncompressedLength, int prefixLength) {
      ByteBuffer target = ByteBuffer.wrap(output, outputOffset, prefixLength);
      try (ZstdBufferDecompressingStreamNoFinalizer stream =
          new ZstdBufferDecompressingStreamNoFinalizer(ByteBuffer.wrap(input, inputOffset, inputLength))) {
        stream.setLongMax(windowLogFor(uncompressedLength));
        // With all its input at hand, a call decodes as far as the target allows: none written means no more.
        boolean progress = true;
        while (progress && target.hasRemaining() && stream.hasRemaining()) {
          progress = stream.read(target) > 0;
        }
      } catch (IOException | RuntimeException e) {
        return false;
      }
      return !target.hasRemaining();
    }

    /** The largest window a stream may keep for a page of {@code length} bytes: twice that, from 1 KiB to 128 MiB. */
    static int windowLogFor(int length) {
      int log = 64 - Long.numberOfLeadingZeros(Math.max(1, length - 1L));
      return Math.min(27, Math.max(10, log + 1));
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
