package io.parquetarrow.core.codec;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The {@code UNCOMPRESSED} codec: page bodies are stored as they are, so decompression is a copy whose only
 * check is that the stored size equals the page header's uncompressed size.
 */
final class UncompressedCodec {
  private UncompressedCodec() {}

  /** Copies page bodies; fails when the compressed and uncompressed sizes differ. */
  static final class Decompressing extends AbstractDecompressor {
    Decompressing() {
      super("UNCOMPRESSED");
    }

    @Override
    void decompressToArray(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      CodecChecks.checkProduced(codec, inputLength, uncompressedLength);
      System.arraycopy(input, inputOffset, output, outputOffset, uncompressedLength);
    }

    @Override
    void decompressToDirect(
        byte[] input, int inputOffset, int inputLength, ByteBuffer output, int position, int uncompressedLength)
        throws ParquetCorruptionException {
      CodecChecks.checkProduced(codec, inputLength, uncompressedLength);
      output.put(position, input, inputOffset, uncompressedLength);
    }
  }

  /** Copies page bodies unchanged. */
  static final class Compressing implements Compressor {
    @Override
    public int maxCompressedLength(int inputLength) {
      return inputLength;
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset) {
      Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
      Objects.checkFromIndexSize(outputOffset, inputLength, output.length);
      System.arraycopy(input, inputOffset, output, outputOffset, inputLength);
      return inputLength;
    }
  }
}
