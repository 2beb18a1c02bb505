package io.parquetarrow.core.codec;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;

/**
 * Decompresses one page (or dictionary page) body for one Parquet {@code CompressionCodec}. Stateless from call
 * to call apart from reusable scratch, so one instance serves a whole column chunk; not thread-safe.
 *
 * <p>Each call must produce exactly {@code uncompressedLength} bytes (the page header's
 * {@code uncompressed_page_size}); anything else — more, fewer, or a malformed stream — is a
 * {@link ParquetCorruptionException}. Implementations never write outside the destination range.
 *
 * <p>Obtain instances from {@link Codecs#decompressor}. {@link #close()} releases native scratch (zlib, zstd
 * contexts) early; instances that are never closed are cleaned up by the garbage collector.
 */
public interface Decompressor extends AutoCloseable {

  /** Decompresses {@code input[inputOffset, +inputLength)} into {@code output[outputOffset, +uncompressedLength)}. */
  void decompress(
      byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
      throws ParquetCorruptionException;

  /**
   * Decompresses into {@code output} from its position, which has at least {@code uncompressedLength} bytes
   * remaining; on return the position has advanced by {@code uncompressedLength}. {@code output} may be direct
   * (an Arrow buffer's {@code nioBuffer()}), which lets PLAIN fixed-width pages land in the vector without a
   * copy.
   */
  void decompress(byte[] input, int inputOffset, int inputLength, ByteBuffer output, int uncompressedLength)
      throws ParquetCorruptionException;

  /**
   * Whether {@link #decompressGrowing} allocates its output as the stream actually produces bytes (a codec
   * decoded as a stream, such as Brotli) rather than for the whole declared size up front. The page layer relies
   * on it for codecs without a bounded expansion ratio: a lying {@code uncompressed_page_size} on a tiny page
   * then fails on the stream itself instead of costing an allocation of that size first.
   */
  default boolean growsWithStream() {
    return false;
  }

  /**
   * Decompresses {@code input[inputOffset, +inputLength)} into a heap array at
   * {@code [outputOffset, +uncompressedLength)} and returns that array: {@code reuse} when it is large enough,
   * otherwise a larger one ({@code [0, outputOffset)} of the returned array is then unspecified). The default
   * allocates the declared size up front; decompressors that {@link #growsWithStream()} start from {@code reuse}
   * and grow only as decoded bytes arrive, failing as soon as the stream exceeds {@code uncompressedLength}.
   */
  default byte[] decompressGrowing(
      byte[] input, int inputOffset, int inputLength, byte[] reuse, int outputOffset, int uncompressedLength)
      throws ParquetCorruptionException {
    byte[] output = reuse;
    if ((long) outputOffset + uncompressedLength > reuse.length) {
      output = new byte[Math.addExact(outputOffset, uncompressedLength)];
    }
    decompress(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
    return output;
  }

  /**
   * Decompresses at least the first {@code prefixLength} of the body's {@code uncompressedLength} bytes into
   * {@code output[outputOffset, ...)} and returns how many leading bytes are written: {@code prefixLength} or more,
   * up to {@code uncompressedLength}. A codec that can stop early (a stream decoded block by block) spares the rest
   * of the body; the others decompress all of it, checked as {@link #decompress} checks it. Only the bytes returned
   * are decoded; the rest of the body is not checked. {@code output} must have room for {@code uncompressedLength},
   * and that room after the bytes returned may be written (a decoder's scratch) with bytes that mean nothing.
   */
  default int decompressPrefix(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset,
      int uncompressedLength, int prefixLength) throws ParquetCorruptionException {
    decompress(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
    return uncompressedLength;
  }

  /** Releases native scratch held by this instance; it must not be used afterwards. Idempotent. */
  @Override
  default void close() {}
}
