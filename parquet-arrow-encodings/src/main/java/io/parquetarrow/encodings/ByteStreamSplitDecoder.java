package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Decoders of BYTE_STREAM_SPLIT for FLOAT and INT32 ({@link IntValues}), DOUBLE and INT64 ({@link LongValues})
 * and FIXED_LEN_BYTE_ARRAY ({@link FixedLengthValues}). Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#byte-stream-split-byte_stream_split--9">
 * Encodings.md, Byte Stream Split (BYTE_STREAM_SPLIT = 9)</a>: "This encoding creates K byte-streams of length N
 * where K is the size in bytes of the data type and N is the number of elements in the data sequence. [...] The
 * streams are concatenated in the following order: 0-th stream, 1-st stream, etc.":
 *
 * <pre>
 * Element 0: AA BB CC DD   Element 1: 00 11 22 33   Element 2: A3 B4 C5 D6
 * encoded:   AA 00 A3 BB 11 B4 CC 22 C5 DD 33 D6
 * </pre>
 *
 * The page has no header: N is the page length divided by K, which must divide it exactly. Values are gathered
 * back together by {@link ParquetKernels#byteStreamSplitDecode}.
 */
public final class ByteStreamSplitDecoder {
  private ByteStreamSplitDecoder() {}

  private static final int CHUNK = 1024;

  /** Shared state: the page, its stream length and the next value's index. */
  private static final class Streams {
    final ParquetKernels kernels;
    final int width;
    final String what;
    byte[] page = new byte[0];
    int offset;
    int streamLength;
    int next;
    int valuesRemaining;

    Streams(ParquetKernels kernels, int width, String what) {
      this.kernels = Objects.requireNonNull(kernels, "kernels");
      if (width <= 0) {
        throw new IllegalArgumentException("BYTE_STREAM_SPLIT width must be positive, was " + width);
      }
      this.width = width;
      this.what = what;
    }

    void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      Objects.checkFromIndexSize(offset, length, page.length);
      PageCursor.checkValueCount(what, valueCount);
      if (length % width != 0) {
        throw ParquetCorruptionException.of(
            "%s: the page length %d is not a multiple of the %d streams", what, length, width);
      }
      int streamLength = length / width;
      if (streamLength < valueCount) {
        throw ParquetCorruptionException.of(
            "%s: %d values need %d bytes but the page has %d", what, valueCount, (long) valueCount * width, length);
      }
      this.page = page;
      this.offset = offset;
      this.streamLength = streamLength;
      this.next = 0;
      this.valuesRemaining = valueCount;
    }

    /** Decodes {@code count} values (bounds checked by the caller) into {@code output} from {@code outputOffset}. */
    void decode(int count, byte[] output, int outputOffset) {
      kernels.byteStreamSplitDecode(page, offset, streamLength, width, next, count, output, outputOffset);
      next += count;
      valuesRemaining -= count;
    }

    /** Checks, then decodes the next {@code count} values to their bytes in {@code destination}. */
    void readBytes(byte[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain(what, count, valuesRemaining);
      Objects.checkFromIndexSize(destinationOffset, (long) count * width, destination.length);
      decode(count, destination, destinationOffset);
    }

    void skip(int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain(what, count, valuesRemaining);
      next += count;
      valuesRemaining -= count;
    }
  }

  /** FLOAT (raw IEEE bits) and INT32: four streams, decoded to {@code int[]}. */
  public static final class IntValues implements ValueDecoder<int[]>, LittleEndianValues {
    private final Streams streams;
    private final byte[] scratch = new byte[CHUNK * Integer.BYTES];
    private final ByteBuffer scratchView = ByteBuffer.wrap(scratch).order(ByteOrder.LITTLE_ENDIAN);

    public IntValues(ParquetKernels kernels) {
      this.streams = new Streams(kernels, Integer.BYTES, "BYTE_STREAM_SPLIT FLOAT/INT32");
    }

    @Override
    public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      streams.init(page, offset, length, valueCount);
    }

    @Override
    public void read(int[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain(streams.what, count, streams.valuesRemaining);
      Objects.checkFromIndexSize(destinationOffset, count, destination.length);
      for (int done = 0; done < count; ) {
        int chunk = Math.min(CHUNK, count - done);
        streams.decode(chunk, scratch, 0);
        scratchView.clear();
        scratchView.asIntBuffer().get(destination, destinationOffset + done, chunk);
        done += chunk;
      }
    }

    @Override
    public void readLittleEndian(byte[] destination, int destinationOffset, int count)
        throws ParquetCorruptionException {
      streams.readBytes(destination, destinationOffset, count);
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      streams.skip(count);
    }
  }

  /** DOUBLE (raw IEEE bits) and INT64: eight streams, decoded to {@code long[]}. */
  public static final class LongValues implements ValueDecoder<long[]>, LittleEndianValues {
    private final Streams streams;
    private final byte[] scratch = new byte[CHUNK * Long.BYTES];
    private final ByteBuffer scratchView = ByteBuffer.wrap(scratch).order(ByteOrder.LITTLE_ENDIAN);

    public LongValues(ParquetKernels kernels) {
      this.streams = new Streams(kernels, Long.BYTES, "BYTE_STREAM_SPLIT DOUBLE/INT64");
    }

    @Override
    public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      streams.init(page, offset, length, valueCount);
    }

    @Override
    public void read(long[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain(streams.what, count, streams.valuesRemaining);
      Objects.checkFromIndexSize(destinationOffset, count, destination.length);
      for (int done = 0; done < count; ) {
        int chunk = Math.min(CHUNK, count - done);
        streams.decode(chunk, scratch, 0);
        scratchView.clear();
        scratchView.asLongBuffer().get(destination, destinationOffset + done, chunk);
        done += chunk;
      }
    }

    @Override
    public void readLittleEndian(byte[] destination, int destinationOffset, int count)
        throws ParquetCorruptionException {
      streams.readBytes(destination, destinationOffset, count);
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      streams.skip(count);
    }
  }

  /** FIXED_LEN_BYTE_ARRAY of {@code width} bytes: {@code width} streams, decoded to values back to back. */
  public static final class FixedLengthValues implements ValueDecoder<byte[]> {
    private final Streams streams;

    public FixedLengthValues(ParquetKernels kernels, int width) {
      this.streams = new Streams(kernels, width, "BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY(" + width + ")");
    }

    @Override
    public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      streams.init(page, offset, length, valueCount);
    }

    @Override
    public void read(byte[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      streams.readBytes(destination, destinationOffset, count);
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      streams.skip(count);
    }
  }
}
