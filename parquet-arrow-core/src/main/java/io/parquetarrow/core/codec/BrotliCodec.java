package io.parquetarrow.core.codec;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.encoder.Encoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
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
      FixedSink sink = new FixedSink(ByteBuffer.wrap(output, outputOffset, uncompressedLength));
      decode(input, inputOffset, inputLength, sink, uncompressedLength);
    }

    @Override
    void decompressToDirect(
        byte[] input, int inputOffset, int inputLength, ByteBuffer output, int position, int uncompressedLength)
        throws ParquetCorruptionException {
      ByteBuffer destination = output.duplicate();
      destination.limit(position + uncompressedLength).position(position);
      decode(input, inputOffset, inputLength, new FixedSink(destination), uncompressedLength);
    }

    @Override
    public boolean growsWithStream() {
      return true;
    }

    @Override
    public byte[] decompressGrowing(
        byte[] input, int inputOffset, int inputLength, byte[] reuse, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
      if (outputOffset < 0 || uncompressedLength < 0
          || (long) outputOffset + uncompressedLength > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException(
            "output range [" + outputOffset + ", +" + uncompressedLength + ") is not a valid array range");
      }
      GrowingSink sink = new GrowingSink(reuse, outputOffset, uncompressedLength);
      if (inputLength == 0 && uncompressedLength == 0) {
        return reuse;
      }
      decode(input, inputOffset, inputLength, sink, uncompressedLength);
      return sink.array;
    }

    private void decode(byte[] input, int inputOffset, int inputLength, Sink sink, int uncompressedLength)
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
              take(decoder.pull(), sink, inputLength, uncompressedLength);
              drain(decoder, sink, inputLength, uncompressedLength);
            }
            case OK -> decoder.push(0);
            case DONE -> {
              drain(decoder, sink, inputLength, uncompressedLength);
              if (consumed != inputLength) {
                throw CodecChecks.malformed(codec, inputLength, uncompressedLength,
                    "the stream ends before the body's last byte");
              }
              CodecChecks.checkProduced(codec, sink.produced(), uncompressedLength);
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

    /** Moves the decoder's pending output to the sink, failing before it would overflow. */
    private void drain(DecoderJNI.Wrapper decoder, Sink sink, int inputLength, int uncompressedLength)
        throws ParquetCorruptionException {
      while (decoder.hasOutput()) {
        take(decoder.pull(), sink, inputLength, uncompressedLength);
      }
    }

    private void take(ByteBuffer chunk, Sink sink, int inputLength, int uncompressedLength)
        throws ParquetCorruptionException {
      if (chunk.remaining() > sink.room()) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength,
            "the stream holds more data than the page header's uncompressed size");
      }
      sink.put(chunk);
    }
  }

  /** Where decoded chunks go: room is what the page header's uncompressed size still allows. */
  private interface Sink {
    long room();

    void put(ByteBuffer chunk);

    long produced();
  }

  /** A destination of exactly the declared size, allocated by the caller. */
  private static final class FixedSink implements Sink {
    private final ByteBuffer destination;
    private final int start;

    FixedSink(ByteBuffer destination) {
      this.destination = destination;
      this.start = destination.position();
    }

    @Override
    public long room() {
      return destination.remaining();
    }

    @Override
    public void put(ByteBuffer chunk) {
      destination.put(chunk);
    }

    @Override
    public long produced() {
      return destination.position() - start;
    }
  }

  /**
   * A heap array that grows only when decoded bytes need the room: doubling, then straight to the declared end,
   * so the memory held is at most 16 times what the stream has really produced.
   */
  private static final class GrowingSink implements Sink {
    private byte[] array;
    private final int start;
    private final int end;
    private int position;

    GrowingSink(byte[] reuse, int outputOffset, int uncompressedLength) {
      this.array = reuse;
      this.start = outputOffset;
      this.end = outputOffset + uncompressedLength;
      this.position = outputOffset;
    }

    @Override
    public long room() {
      return end - position;
    }

    @Override
    public void put(ByteBuffer chunk) {
      int length = chunk.remaining();
      if (position + length > array.length) {
        long capacity = Math.max(Math.max(2L * array.length, 64 * 1024), (long) position + length);
        if (capacity >= end / 8) {
          // Jump to the declared size once the stream has produced a sixteenth of it: the copy then briefly
          // holds 1.125 times the page rather than the 1.5 times of doubling all the way (a 1 GiB page must fit
          // a 2 GiB heap), and the allocation is still at most 16 times what was really decoded.
          capacity = end;
        }
        array = Arrays.copyOf(array, (int) Math.min(end, capacity));
      }
      chunk.get(array, position, length);
      position += length;
    }

    @Override
    public long produced() {
      return position - start;
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
