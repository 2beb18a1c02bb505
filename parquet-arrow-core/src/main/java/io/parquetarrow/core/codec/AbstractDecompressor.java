package io.parquetarrow.core.codec;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;

/**
 * The common frame of the decompressors: checks the caller's ranges, accepts the empty page (no input, no
 * output) that some writers emit without running a codec over it, and routes a heap {@link ByteBuffer}
 * destination to the array path. Codecs whose library writes into direct memory override
 * {@link #decompressToDirect}; the others inherit the heap-scratch-and-copy fallback.
 */
abstract class AbstractDecompressor implements Decompressor {
  /** The Parquet codec name, used in every error message. */
  final String codec;

  private HeapScratch scratch;

  AbstractDecompressor(String codec) {
    this.codec = codec;
  }

  @Override
  public final void decompress(
      byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
      throws ParquetCorruptionException {
    CodecChecks.checkArguments(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
    if (inputLength == 0 && uncompressedLength == 0) {
      return;
    }
    decompressToArray(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
  }

  @Override
  public final void decompress(byte[] input, int inputOffset, int inputLength, ByteBuffer output, int uncompressedLength)
      throws ParquetCorruptionException {
    CodecChecks.checkArguments(input, inputOffset, inputLength, output, uncompressedLength);
    if (inputLength == 0 && uncompressedLength == 0) {
      return;
    }
    int position = output.position();
    if (output.hasArray()) {
      decompressToArray(
          input, inputOffset, inputLength, output.array(), output.arrayOffset() + position, uncompressedLength);
    } else {
      decompressToDirect(input, inputOffset, inputLength, output, position, uncompressedLength);
    }
    output.position(position + uncompressedLength);
  }

  /** Decompresses into a heap array; ranges are already checked. Must produce exactly {@code uncompressedLength}. */
  abstract void decompressToArray(
      byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
      throws ParquetCorruptionException;

  /**
   * Decompresses into direct {@code output[position, +uncompressedLength)} without moving its position; ranges
   * are already checked. The default decompresses to heap scratch and copies.
   */
  void decompressToDirect(
      byte[] input, int inputOffset, int inputLength, ByteBuffer output, int position, int uncompressedLength)
      throws ParquetCorruptionException {
    byte[] heap = scratch().array(uncompressedLength);
    decompressToArray(input, inputOffset, inputLength, heap, 0, uncompressedLength);
    output.put(position, heap, 0, uncompressedLength);
  }

  /** Scratch owned by this decompressor, created on first use. */
  final HeapScratch scratch() {
    if (scratch == null) {
      scratch = new HeapScratch();
    }
    return scratch;
  }
}
