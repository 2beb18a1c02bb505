package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Objects;

/**
 * Decoder of DELTA_LENGTH_BYTE_ARRAY for BYTE_ARRAY pages, and of the suffixes inside DELTA_BYTE_ARRAY. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#delta-length-byte-array-delta_length_byte_array--6">
 * Encodings.md, Delta-length byte array (DELTA_LENGTH_BYTE_ARRAY = 6)</a>:
 *
 * <pre>
 * &lt;Delta Encoded Lengths&gt; &lt;Byte Array Data&gt;
 * </pre>
 *
 * The data starts where the DELTA_BINARY_PACKED lengths end, which is known only once every length has been
 * decoded. {@code init} therefore decodes the lengths once, checking that none is negative and that together
 * they fit in the bytes after them. When the page has at most {@link #CACHE_MINIMUM} values or no more values
 * than bytes, it keeps the lengths (so the cache costs at most four times the page's size and {@code read} does
 * not decode them again); otherwise (a page claiming many empty values) {@code read} decodes them a second time
 * in step with the data, keeping the decoder's memory at one chunk whatever the page claims. Because the value
 * bytes are contiguous, {@code read} turns a chunk of lengths into Arrow offsets and copies its bytes at once.
 */
public final class DeltaLengthByteArrayDecoder implements ValueDecoder<BinaryBuffer> {
  private static final int CHUNK = 512;
  /** Pages with up to this many values always keep their decoded lengths. */
  private static final int CACHE_MINIMUM = 1 << 16;

  private final DeltaBinaryPackedDecoder.Int32 lengths;
  private final int[] lengthChunk = new int[CHUNK];
  private int[] lengthCache = new int[0];
  /** Whether this page's lengths are in {@link #lengthCache}; {@link #cachePosition} is the next one's index. */
  private boolean cached;
  private int cachePosition;
  /** Where {@link #nextLengths}'s lengths start in the array it returned. */
  private int lengthsOffset;
  private String what = "DELTA_LENGTH_BYTE_ARRAY";
  private byte[] page = new byte[0];
  private int dataPosition;
  private int dataEnd;
  private int valuesRemaining;

  public DeltaLengthByteArrayDecoder(ParquetKernels kernels) {
    this.lengths = new DeltaBinaryPackedDecoder.Int32(kernels);
  }

  /** Names the stream in error messages (DELTA_BYTE_ARRAY calls its suffixes so). */
  DeltaLengthByteArrayDecoder describedAs(String what) {
    this.what = what;
    return this;
  }

  @Override
  public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
    Objects.checkFromIndexSize(offset, length, page.length);
    lengths.describedAs(what + " lengths");
    lengths.init(page, offset, length, valueCount);
    if (lengths.totalValueCount() != valueCount) {
      throw ParquetCorruptionException.of(
          "%s: the lengths header holds %d values but the page has %d", what, lengths.totalValueCount(), valueCount);
    }
    cached = valueCount <= Math.max(CACHE_MINIMUM, length);
    long totalLength = 0;
    if (cached) {
      if (lengthCache.length < valueCount) {
        lengthCache = new int[Math.max(valueCount, Math.min(Integer.MAX_VALUE - 16, lengthCache.length * 2))];
      }
      lengths.read(lengthCache, 0, valueCount);
      totalLength = checkedSum(lengthCache, 0, valueCount, 0);
      cachePosition = 0;
    } else {
      for (int done = 0; done < valueCount; ) {
        int chunk = Math.min(CHUNK, valueCount - done);
        lengths.read(lengthChunk, 0, chunk);
        totalLength += checkedSum(lengthChunk, 0, chunk, done);
        done += chunk;
      }
    }
    int dataStart = lengths.position();
    int end = offset + length;
    if (totalLength > end - dataStart) {
      throw ParquetCorruptionException.of(
          "%s: the lengths add up to %d bytes but only %d bytes of data follow them at offset %d", what, totalLength,
          end - dataStart, dataStart);
    }
    if (!cached) {
      lengths.init(page, offset, length, valueCount);
    }
    this.page = page;
    this.dataPosition = dataStart;
    this.dataEnd = end;
    this.valuesRemaining = valueCount;
  }

  /** The sum of {@code values[from, from + count)}, after checking none is negative (value numbers from {@code first}). */
  private long checkedSum(int[] values, int from, int count, int first) throws ParquetCorruptionException {
    long sum = 0;
    int negative = 0;
    for (int i = from; i < from + count; i++) {
      sum += values[i];
      negative |= values[i];
    }
    if (negative < 0) {
      for (int i = from; i < from + count; i++) {
        if (values[i] < 0) {
          throw ParquetCorruptionException.of(
              "%s: length of value %d is negative (%d)", what, first + i - from, values[i]);
        }
      }
    }
    return sum;
  }

  /**
   * The next {@code count} (at most {@link #CHUNK} unless cached) lengths: their array, with the first at
   * {@link #lengthsOffset}.
   */
  private int[] nextLengths(int count) throws ParquetCorruptionException {
    if (cached) {
      lengthsOffset = cachePosition;
      cachePosition += count;
      return lengthCache;
    }
    lengths.read(lengthChunk, 0, count);
    lengthsOffset = 0;
    return lengthChunk;
  }

  /** The offset just past the data of the values decoded so far (the page's end once all are read). */
  int dataPosition() {
    return dataPosition;
  }

  @Override
  public void read(BinaryBuffer destination, int destinationOffset, int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(what, count, valuesRemaining);
    PlainDecoder.checkAppendPosition(destination, destinationOffset);
    int step = cached ? count : CHUNK;
    for (int done = 0; done < count; ) {
      int chunk = Math.min(step, count - done);
      int[] valueLengths = nextLengths(chunk);
      int from = lengthsOffset;
      destination.ensureAdditional(chunk, 0);
      int[] offsets = destination.offsets();
      int first = destination.size();
      long base = offsets[first];
      long end = base;
      for (int i = 0; i < chunk; i++) {
        end += valueLengths[from + i];
        // A wrapped offset is harmless: the checks below reject the chunk before anything reads it.
        offsets[first + 1 + i] = (int) end;
      }
      long bytes = end - base;
      // Checked in init already; kept as a guard because the page bytes are the caller's to keep unchanged.
      if (bytes > dataEnd - dataPosition) {
        throw ParquetCorruptionException.of("%s: value data runs past the end of the page", what);
      }
      destination.ensureAdditional(0, bytes);
      System.arraycopy(page, dataPosition, destination.data(), (int) base, (int) bytes);
      destination.commit(chunk);
      dataPosition += (int) bytes;
      done += chunk;
    }
    valuesRemaining -= count;
  }

  /**
   * Reads the next {@code count} values as positions in the page instead of copies: value {@code i} spans
   * {@code page()[starts[i], starts[i] + lengths[i])}. DELTA_BYTE_ARRAY joins these suffixes to its prefixes.
   */
  void readPositions(int[] valueLengths, int[] starts, int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(what, count, valuesRemaining);
    if (cached) {
      System.arraycopy(lengthCache, cachePosition, valueLengths, 0, count);
      cachePosition += count;
    } else {
      lengths.read(valueLengths, 0, count);
    }
    for (int i = 0; i < count; i++) {
      int length = valueLengths[i];
      // The lengths were checked in init; a guard in case of a caller changing the page in between.
      if (length < 0 || length > dataEnd - dataPosition) {
        throw ParquetCorruptionException.of("%s: value data runs past the end of the page", what);
      }
      starts[i] = dataPosition;
      dataPosition += length;
    }
    valuesRemaining -= count;
  }

  byte[] page() {
    return page;
  }

  @Override
  public void skip(int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(what, count, valuesRemaining);
    for (int done = 0; done < count; ) {
      int chunk = Math.min(CHUNK, count - done);
      int[] valueLengths = nextLengths(chunk);
      for (int i = lengthsOffset; i < lengthsOffset + chunk; i++) {
        dataPosition += valueLengths[i];
      }
      done += chunk;
    }
    valuesRemaining -= count;
  }
}
