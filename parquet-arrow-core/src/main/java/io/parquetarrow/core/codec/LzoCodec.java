package io.parquetarrow.core.codec;

import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.Objects;

/**
 * The {@code LZO} codec as parquet-java writes it: Hadoop's block framing ({@link HadoopBlockFraming}) around
 * raw LZO1X chunks, the format of hadoop-lzo's {@code LzoCodec}, read and written with aircompressor. Arrow
 * C++, arrow-rs and DuckDB do not support LZO at all; Trino reads it this same way.
 */
final class LzoCodec {
  private LzoCodec() {}

  /** Hadoop-framed LZO1X; direct destinations go through heap scratch. */
  static final class Decompressing extends AbstractDecompressor {
    /**
     * Largest compressed chunk accepted. aircompressor's LZO decoder adds up run lengths in an {@code int}, which
     * a crafted chunk of more than about 8 MiB of zero bytes can overflow into a negative length it does not
     * bounds-check. Hadoop writes chunks no larger than its codec buffer (256 KiB by default), so the cap costs
     * nothing for real files.
     */
    static final int MAX_CHUNK_LENGTH = 4 * 1024 * 1024;

    private final LzoDecompressor decoder = new LzoDecompressor();

    Decompressing() {
      super("LZO");
    }

    @Override
    void decompressToArray(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      String problem = HadoopBlockFraming.unframe(
          input, inputOffset, inputLength, output, outputOffset, uncompressedLength, false, this::decompressChunk);
      if (problem != null
          && HadoopBlockFraming.unframe(
              input, inputOffset, inputLength, output, outputOffset, uncompressedLength, true, this::decompressChunk)
              != null) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength, "Hadoop LZO framing: " + problem);
      }
    }

    private int decompressChunk(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int maxOutput) {
      if (inputLength > MAX_CHUNK_LENGTH) {
        throw new IllegalArgumentException(
            "compressed chunk of " + inputLength + " bytes exceeds the supported " + MAX_CHUNK_LENGTH);
      }
      return decoder.decompress(input, inputOffset, inputLength, output, outputOffset, maxOutput);
    }
  }

  /** Compresses page bodies into Hadoop-framed LZO1X chunks. */
  static final class Compressing implements Compressor {
    private final LzoCompressor encoder = new LzoCompressor();

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
