package io.parquetarrow.core.codec;

/**
 * Compresses page bodies for the writer, one Parquet {@code CompressionCodec} at a configured level. Obtain
 * instances from {@link Codecs#compressor}; not thread-safe. {@link #close()} releases native scratch early.
 */
public interface Compressor extends AutoCloseable {

  /** An upper bound of the compressed size of {@code inputLength} bytes, for sizing the output. */
  int maxCompressedLength(int inputLength);

  /**
   * Compresses {@code input[inputOffset, +inputLength)} into {@code output} from {@code outputOffset}, which
   * has room for {@link #maxCompressedLength}; returns the number of bytes written.
   */
  int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset);

  /** Releases native scratch held by this instance; it must not be used afterwards. Idempotent. */
  @Override
  default void close() {}
}
