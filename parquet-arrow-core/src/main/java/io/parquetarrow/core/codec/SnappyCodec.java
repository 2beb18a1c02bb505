package io.parquetarrow.core.codec;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.xerial.snappy.Snappy;
import org.xerial.snappy.SnappyError;

/**
 * The {@code SNAPPY} codec: each page body is one raw Snappy block (no framing), through snappy-java.
 *
 * <p>The block starts with its uncompressed length as a varint. snappy-java's native decoder trusts the
 * destination to hold that many bytes, so the declared length is checked against the page header's first;
 * only then may the library write, and it writes no more than it declared.
 */
final class SnappyCodec {
  private SnappyCodec() {}

  /** Decompresses raw Snappy blocks; direct destinations are written by the native decoder in place. */
  static final class Decompressing extends AbstractDecompressor {
    Decompressing() {
      super("SNAPPY");
    }

    @Override
    void decompressToArray(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      int produced;
      try {
        checkDeclaredLength(Snappy.uncompressedLength(input, inputOffset, inputLength), inputLength, uncompressedLength);
        produced = Snappy.uncompress(input, inputOffset, inputLength, output, outputOffset);
      } catch (IOException | SnappyError | IllegalArgumentException e) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength, e);
      }
      CodecChecks.checkProduced(codec, produced, uncompressedLength);
    }

    @Override
    void decompressToDirect(
        byte[] input, int inputOffset, int inputLength, ByteBuffer output, int position, int uncompressedLength)
        throws ParquetCorruptionException {
      ByteBuffer compressed = scratch().directCopyOf(input, inputOffset, inputLength);
      // snappy-java moves the destination's limit; a view keeps the caller's buffer untouched.
      ByteBuffer destination = output.duplicate();
      destination.limit(position + uncompressedLength).position(position);
      int produced;
      try {
        checkDeclaredLength(Snappy.uncompressedLength(compressed), inputLength, uncompressedLength);
        produced = Snappy.uncompress(compressed, destination);
      } catch (IOException | SnappyError | IllegalArgumentException e) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength, e);
      }
      CodecChecks.checkProduced(codec, produced, uncompressedLength);
    }

    private void checkDeclaredLength(int declared, int inputLength, int uncompressedLength)
        throws ParquetCorruptionException {
      if (declared != uncompressedLength) {
        throw CodecChecks.malformed(
            codec, inputLength, uncompressedLength,
            "the Snappy block declares " + declared + " uncompressed bytes");
      }
    }
  }

  /** Compresses page bodies into one raw Snappy block. */
  static final class Compressing implements Compressor {
    @Override
    public int maxCompressedLength(int inputLength) {
      return Snappy.maxCompressedLength(inputLength);
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset) {
      Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
      Objects.checkFromIndexSize(outputOffset, maxCompressedLength(inputLength), output.length);
      try {
        return Snappy.compress(input, inputOffset, inputLength, output, outputOffset);
      } catch (IOException e) {
        throw new UncheckedIOException("Snappy compression failed", e);
      }
    }
  }
}
