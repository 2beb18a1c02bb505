package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Arrays;
import java.util.Objects;

/**
 * Decoder of DELTA_BYTE_ARRAY (incremental encoding, front compression) for BYTE_ARRAY pages, and through
 * {@link FixedLength} for FIXED_LEN_BYTE_ARRAY pages. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#delta-strings-delta_byte_array--7">
 * Encodings.md, Delta Strings (DELTA_BYTE_ARRAY = 7)</a>: "stored as a sequence of delta-encoded prefix lengths
 * (DELTA_BINARY_PACKED), followed by the suffixes encoded as delta length byte arrays (DELTA_LENGTH_BYTE_ARRAY)":
 *
 * <pre>
 * &lt;Delta Encoded Prefix Lengths&gt; &lt;Delta Encoded Suffix Lengths&gt; &lt;Suffix Data&gt;
 * value[i] := value[i - 1][0, prefixLength[i]) ++ suffix[i]
 * </pre>
 *
 * Each prefix length is checked against the previous value's length, so a value grows by at most its suffix and
 * the previous-value buffer stays bounded by the page's suffix bytes.
 */
public final class DeltaByteArrayDecoder implements ValueDecoder<BinaryBuffer> {
  private static final int CHUNK = 512;

  private final DeltaBinaryPackedDecoder.Int32 prefixLengths;
  private final DeltaLengthByteArrayDecoder suffixes;
  private final ParquetKernels kernels;
  private final int[] prefixChunk = new int[CHUNK];
  private final int[] suffixLengths = new int[CHUNK];
  private final int[] suffixStarts = new int[CHUNK];
  private byte[] previous = new byte[64];
  private int previousLength;
  private int valuesRemaining;
  private int valueIndex;

  public DeltaByteArrayDecoder(ParquetKernels kernels) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    this.prefixLengths = new DeltaBinaryPackedDecoder.Int32(kernels);
    this.prefixLengths.describedAs("DELTA_BYTE_ARRAY prefix lengths");
    this.suffixes = new DeltaLengthByteArrayDecoder(kernels).describedAs("DELTA_BYTE_ARRAY suffixes");
  }

  @Override
  public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
    Objects.checkFromIndexSize(offset, length, page.length);
    prefixLengths.init(page, offset, length, valueCount);
    if (prefixLengths.totalValueCount() != valueCount) {
      throw ParquetCorruptionException.of(
          "DELTA_BYTE_ARRAY: the prefix lengths header holds %d values but the page has %d",
          prefixLengths.totalValueCount(), valueCount);
    }
    // The suffixes start where the prefix lengths end, known only after decoding them all once.
    for (int done = 0; done < valueCount; ) {
      int chunk = Math.min(CHUNK, valueCount - done);
      prefixLengths.read(prefixChunk, 0, chunk);
      done += chunk;
    }
    int suffixStart = prefixLengths.position();
    prefixLengths.init(page, offset, length, valueCount);
    suffixes.init(page, suffixStart, offset + length - suffixStart, valueCount);
    previousLength = 0;
    valuesRemaining = valueCount;
    valueIndex = 0;
  }

  /**
   * Builds each value in place in {@code destination}: its prefix is copied from the value before it (already in
   * the destination, except for the first value of a call, which takes it from {@link #previous}) and its suffix
   * from the page. A first pass over each chunk checks the prefix lengths and writes the offsets, so the chunk's
   * bytes are reserved (and held to the buffer's data limit) before any is written.
   */
  @Override
  public void read(BinaryBuffer destination, int destinationOffset, int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain("DELTA_BYTE_ARRAY", count, valuesRemaining);
    PlainDecoder.checkAppendPosition(destination, destinationOffset);
    boolean previousInDestination = false;
    for (int done = 0; done < count; ) {
      int chunk = nextChunk(count - done);
      destination.ensureAdditional(chunk, 0);
      int[] offsets = destination.offsets();
      int first = destination.size();
      long base = offsets[first];
      long end = base;
      int lastLength = previousLength;
      for (int i = 0; i < chunk; i++) {
        int prefix = prefixChunk[i];
        if (prefix < 0 || prefix > lastLength) {
          throw ParquetCorruptionException.of(
              "DELTA_BYTE_ARRAY: value %d has prefix length %d but the previous value is %d bytes long",
              valueIndex + i, prefix, lastLength);
        }
        lastLength = prefix + suffixLengths[i]; // no overflow: both are bounded by the page length
        end += lastLength;
        // A wrapped offset is harmless: ensureAdditional below rejects the chunk before anything reads it.
        offsets[first + 1 + i] = (int) end;
      }
      destination.ensureAdditional(0, end - base);
      byte[] data = destination.data();
      byte[] suffixPage = suffixes.page();
      for (int i = 0; i < chunk; i++) {
        int start = offsets[first + i];
        int prefix = prefixChunk[i];
        if (previousInDestination) {
          // The previous value ends where this one starts, so the prefix never overlaps what it is copied to.
          BinaryBuffer.copyValue(data, offsets[first + i - 1], data, start, prefix);
        } else {
          System.arraycopy(previous, 0, data, start, prefix);
          previousInDestination = true;
        }
        BinaryBuffer.copyValue(kernels, suffixPage, suffixStarts[i], data, start + prefix, suffixLengths[i]);
      }
      destination.commit(chunk);
      int lastStart = offsets[first + chunk - 1];
      if (lastLength > previous.length) {
        previous = new byte[Math.max(lastLength, (int) Math.min(BinaryBuffer.MAXIMUM_DATA_LENGTH,
            2L * previous.length))];
      }
      System.arraycopy(data, lastStart, previous, 0, lastLength);
      previousLength = lastLength;
      valuesRemaining -= chunk;
      valueIndex += chunk;
      done += chunk;
    }
  }

  @Override
  public void skip(int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain("DELTA_BYTE_ARRAY", count, valuesRemaining);
    for (int done = 0; done < count; ) {
      int chunk = nextChunk(count - done);
      for (int i = 0; i < chunk; i++) {
        advance(i);
      }
      done += chunk;
    }
  }

  /** Decodes the next chunk's prefix lengths and suffix positions; returns its size. */
  final int nextChunk(int wanted) throws ParquetCorruptionException {
    int chunk = Math.min(CHUNK, wanted);
    prefixLengths.read(prefixChunk, 0, chunk);
    suffixes.readPositions(suffixLengths, suffixStarts, chunk);
    return chunk;
  }

  /** Builds value {@code i} of the current chunk in {@link #previous}. */
  final void advance(int i) throws ParquetCorruptionException {
    int prefix = prefixChunk[i];
    if (prefix < 0 || prefix > previousLength) {
      throw ParquetCorruptionException.of(
          "DELTA_BYTE_ARRAY: value %d has prefix length %d but the previous value is %d bytes long", valueIndex,
          prefix, previousLength);
    }
    int suffixLength = suffixLengths[i];
    int length = prefix + suffixLength; // no overflow: both are bounded by the page length
    if (length > previous.length) {
      previous = Arrays.copyOf(previous, Math.max(length, (int) Math.min(BinaryBuffer.MAXIMUM_DATA_LENGTH,
          2L * previous.length)));
    }
    System.arraycopy(suffixes.page(), suffixStarts[i], previous, prefix, suffixLength);
    previousLength = length;
    valuesRemaining--;
    valueIndex++;
  }

  final byte[] previousValue() {
    return previous;
  }

  final int previousValueLength() {
    return previousLength;
  }

  final int valuesRemaining() {
    return valuesRemaining;
  }

  /**
   * DELTA_BYTE_ARRAY for FIXED_LEN_BYTE_ARRAY: the same stream ("even for FIXED_LEN_BYTE_ARRAY, all lengths are
   * encoded despite the redundancy"), decoded to values back to back, each checked to be {@code width} long.
   */
  public static final class FixedLength implements ValueDecoder<byte[]> {
    private final DeltaByteArrayDecoder decoder;
    private final int width;

    public FixedLength(ParquetKernels kernels, int width) {
      if (width <= 0) {
        throw new IllegalArgumentException("fixed length width must be positive, was " + width);
      }
      this.decoder = new DeltaByteArrayDecoder(kernels);
      this.width = width;
    }

    @Override
    public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
      decoder.init(page, offset, length, valueCount);
    }

    @Override
    public void read(byte[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain("DELTA_BYTE_ARRAY FIXED_LEN_BYTE_ARRAY", count, decoder.valuesRemaining());
      Objects.checkFromIndexSize(destinationOffset, (long) count * width, destination.length);
      int position = destinationOffset;
      for (int done = 0; done < count; ) {
        int chunk = decoder.nextChunk(count - done);
        for (int i = 0; i < chunk; i++) {
          decoder.advance(i);
          if (decoder.previousValueLength() != width) {
            throw ParquetCorruptionException.of(
                "DELTA_BYTE_ARRAY FIXED_LEN_BYTE_ARRAY(%d): value %d is %d bytes long", width, done + i,
                decoder.previousValueLength());
          }
          System.arraycopy(decoder.previousValue(), 0, destination, position, width);
          position += width;
        }
        done += chunk;
      }
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      decoder.skip(count);
    }
  }
}
