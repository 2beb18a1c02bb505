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

  /** Releases native scratch held by this instance; it must not be used afterwards. Idempotent. */
  @Override
  default void close() {}
}
