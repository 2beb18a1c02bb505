package io.parquetarrow.core.codec;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;
import java.util.Objects;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * The two LZ4 codecs of Parquet, through lz4-java's bounds-checked ("safe") decoder.
 *
 * <ul>
 *   <li>{@code LZ4_RAW}: each page body is one raw LZ4 block, no framing.
 *   <li>{@code LZ4} (deprecated by the spec): parquet-java writes Hadoop's block framing around raw LZ4 blocks
 *       ({@link HadoopBlockFraming}), while parquet-cpp before Arrow 3 wrote a bare raw block. Like Arrow C++'s
 *       {@code Lz4HadoopCodec}, the reader tries the Hadoop framing first and falls back to one raw block when
 *       the framing does not parse or does not add up. (Arrow does not try the LZ4 frame format for Parquet, and
 *       neither does this reader.) The writer produces the Hadoop framing, which both parquet-java and Arrow
 *       read.
 * </ul>
 */
final class Lz4Codec {
  private Lz4Codec() {}

  private static final LZ4Factory FACTORY = LZ4Factory.fastestInstance();

  /** One raw LZ4 block; direct destinations are written by the native decoder in place. */
  static final class RawDecompressing extends AbstractDecompressor {
    private final LZ4SafeDecompressor decoder = FACTORY.safeDecompressor();

    RawDecompressing() {
      super("LZ4_RAW");
    }

    RawDecompressing(String codec) {
      super(codec);
    }

    @Override
    void decompressToArray(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      int produced;
      try {
        produced = decoder.decompress(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
      } catch (LZ4Exception | IllegalArgumentException | IndexOutOfBoundsException e) {
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
        produced = decoder.decompress(
            ByteBuffer.wrap(input), inputOffset, inputLength, output, position, uncompressedLength);
      } catch (LZ4Exception | IllegalArgumentException | IndexOutOfBoundsException e) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength, e);
      }
      CodecChecks.checkProduced(codec, produced, uncompressedLength);
    }

    /** The raw block decoder, shared with the Hadoop-framed codec; returns bytes produced or throws. */
    int decompressChunk(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int maxOutput) {
      return decoder.decompress(input, inputOffset, inputLength, output, outputOffset, maxOutput);
    }
  }

  /** The deprecated {@code LZ4}: Hadoop framing first, then one raw block, as Arrow C++ reads it. */
  static final class HadoopDecompressing extends AbstractDecompressor {
    private final RawDecompressing raw = new RawDecompressing("LZ4");

    HadoopDecompressing() {
      super("LZ4");
    }

    @Override
    void decompressToArray(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      String hadoopProblem = HadoopBlockFraming.unframe(
          input, inputOffset, inputLength, output, outputOffset, uncompressedLength, false, raw::decompressChunk);
      if (hadoopProblem == null
          || HadoopBlockFraming.unframe(
              input, inputOffset, inputLength, output, outputOffset, uncompressedLength, true, raw::decompressChunk)
              == null) {
        return;
      }
      try {
        raw.decompressToArray(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
      } catch (ParquetCorruptionException rawProblem) {
        throw ParquetCorruptionException.of(
            "LZ4 page body of %d bytes (expected to decompress to %d bytes) is neither Hadoop-framed LZ4 (%s) nor"
                + " a raw LZ4 block (%s)",
            inputLength, uncompressedLength, hadoopProblem, rawProblem.getMessage());
      }
    }
  }

  /** Compresses page bodies into one raw LZ4 block ({@code LZ4_RAW}). */
  static final class RawCompressing implements Compressor {
    private final LZ4Compressor encoder = FACTORY.fastCompressor();

    @Override
    public int maxCompressedLength(int inputLength) {
      return encoder.maxCompressedLength(inputLength);
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset) {
      Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
      Objects.checkFromIndexSize(outputOffset, maxCompressedLength(inputLength), output.length);
      return encoder.compress(input, inputOffset, inputLength, output, outputOffset, maxCompressedLength(inputLength));
    }
  }

  /** Compresses page bodies into Hadoop-framed raw LZ4 blocks (deprecated {@code LZ4}). */
  static final class HadoopCompressing implements Compressor {
    private final LZ4Compressor encoder = FACTORY.fastCompressor();

    @Override
    public int maxCompressedLength(int inputLength) {
      return Math.toIntExact(HadoopBlockFraming.maxFramedLength(inputLength, encoder::maxCompressedLength));
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset) {
      Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
      int outputLength = maxCompressedLength(inputLength);
      Objects.checkFromIndexSize(outputOffset, outputLength, output.length);
      return HadoopBlockFraming.frame(input, inputOffset, inputLength, output, outputOffset, outputLength, encoder::compress);
    }
  }
}
