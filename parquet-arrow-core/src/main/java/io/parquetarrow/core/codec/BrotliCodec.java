package io.parquetarrow.core.codec;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.encoder.Encoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The {@code BROTLI} codec (RFC 7932), through brotli4j's native library. The decoder is driven as a stream so
 * that output is pulled chunk by chunk and decoding stops as soon as it would exceed the page header's
 * uncompressed size: a small malicious page cannot make it allocate without bound. Input that follows the end
 * of the Brotli stream is rejected.
 *
 * <p>When the native library cannot be loaded on this platform, {@link #ensureAvailable()} reports that as an
 * {@link UnsupportedParquetFeatureException}. The default level is Arrow C++'s, 8.
 */
final class BrotliCodec {
  private BrotliCodec() {}

  /** Arrow C++'s default ("the best trade-off for Parquet workload"). */
  static final int DEFAULT_LEVEL = 8;

  /** Native input buffer size of the streaming decoder. */
  private static final int INPUT_BUFFER_LENGTH = 64 * 1024;

  /** Throws when brotli4j's native library is not available here, naming the cause. */
  static void ensureAvailable() throws UnsupportedParquetFeatureException {
    Throwable cause;
    try {
      Brotli4jLoader.ensureAvailability();
      return;
    } catch (Throwable t) { // UnsatisfiedLinkError and the like: the loader's own failure types vary
      cause = t;
    }
    throw new UnsupportedParquetFeatureException(
        "BROTLI pages cannot be read or written: brotli4j's native library is not available on "
            + System.getProperty("os.name") + "/" + System.getProperty("os.arch") + " (" + cause + ")",
        cause);
  }

  /** Streams Brotli into the destination, bounded by the page's uncompressed size. */
  static final class Decompressing extends AbstractDecompressor {
    Decompressing() {
      super("BROTLI");
    }

    @Override
    void decompressToArray(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      decode(input, inputOffset, inputLength, ByteBuffer.wrap(output, outputOffset, uncompressedLength),
          uncompressedLength);
    }

    @Override
    void decompressToDirect(
        byte[] input, int inputOffset, int inputLength, ByteBuffer output, int position, int uncompressedLength)
        throws ParquetCorruptionException {
      ByteBuffer destination = output.duplicate();
      destination.limit(position + uncompressedLength).position(position);
      decode(input, inputOffset, inputLength, destination, uncompressedLength);
    }

    private void decode(byte[] input, int inputOffset, int inputLength, ByteBuffer destination, int uncompressedLength)
        throws ParquetCorruptionException {
      DecoderJNI.Wrapper decoder;
      try {
        decoder = new DecoderJNI.Wrapper(Math.max(1, Math.min(inputLength, INPUT_BUFFER_LENGTH)));
      } catch (IOException e) {
        throw new UncheckedIOException("brotli4j could not create a decoder", e);
      }
      try {
        int consumed = 0;
        while (true) {
          DecoderJNI.Status status = decoder.getStatus();
          switch (status) {
            case NEEDS_MORE_INPUT -> {
              if (consumed == inputLength) {
                // Let the decoder finish what it has buffered; still needing input means a cut-off stream.
                decoder.push(0);
                if (decoder.getStatus() == DecoderJNI.Status.NEEDS_MORE_INPUT) {
                  throw CodecChecks.malformed(codec, inputLength, uncompressedLength, "the stream is cut off");
                }
              } else {
                ByteBuffer buffer = decoder.getInputBuffer();
                int length = Math.min(buffer.capacity(), inputLength - consumed);
                buffer.clear();
                buffer.put(input, inputOffset + consumed, length);
                decoder.push(length);
                consumed += length;
              }
            }
            case NEEDS_MORE_OUTPUT -> {
              take(decoder.pull(), destination, inputLength, uncompressedLength);
              drain(decoder, destination, inputLength, uncompressedLength);
            }
            case OK -> decoder.push(0);
            case DONE -> {
              drain(decoder, destination, inputLength, uncompressedLength);
              if (consumed != inputLength) {
                throw CodecChecks.malformed(codec, inputLength, uncompressedLength,
                    "the stream ends before the body's last byte");
              }
              CodecChecks.checkProduced(codec, destination.position() - (destination.limit() - uncompressedLength),
                  uncompressedLength);
              return;
            }
            default -> throw CodecChecks.malformed(codec, inputLength, uncompressedLength, "invalid Brotli stream");
          }
        }
      } catch (IllegalStateException e) { // the wrapper's protocol checks, reached only by a malformed stream
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength, e);
      } finally {
        decoder.destroy();
      }
    }

    /** Moves the decoder's pending output to the destination, failing before it would overflow. */
    private void drain(DecoderJNI.Wrapper decoder, ByteBuffer destination, int inputLength, int uncompressedLength)
        throws ParquetCorruptionException {
      while (decoder.hasOutput()) {
        take(decoder.pull(), destination, inputLength, uncompressedLength);
      }
    }

    private void take(ByteBuffer chunk, ByteBuffer destination, int inputLength, int uncompressedLength)
        throws ParquetCorruptionException {
      if (chunk.remaining() > destination.remaining()) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength,
            "the stream holds more data than the page header's uncompressed size");
      }
      destination.put(chunk);
    }
  }

  /** Compresses page bodies into one Brotli stream at the configured quality. */
  static final class Compressing implements Compressor {
    private final Encoder.Parameters parameters;

    Compressing(int level) {
      if (level < 0 || level > 11) {
        throw new IllegalArgumentException("BROTLI level " + level + " is outside [0, 11]");
      }
      this.parameters = new Encoder.Parameters().setQuality(level);
    }

    @Override
    public int maxCompressedLength(int inputLength) {
      // BrotliEncoderMaxCompressedSize: input + 4 bytes per 16 KiB block + small constant; padded.
      return Math.toIntExact((long) inputLength + 4L * (inputLength >> 14) + 16);
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset) {
      Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
      Objects.checkFromIndexSize(outputOffset, maxCompressedLength(inputLength), output.length);
      byte[] compressed;
      try {
        compressed = Encoder.compress(input, inputOffset, inputLength, parameters);
      } catch (IOException e) {
        throw new UncheckedIOException("Brotli compression failed", e);
      }
      if (compressed.length > maxCompressedLength(inputLength)) {
        throw new IllegalStateException("Brotli output exceeded its bound for " + inputLength + " bytes");
      }
      System.arraycopy(compressed, 0, output, outputOffset, compressed.length);
      return compressed.length;
    }
  }
}
