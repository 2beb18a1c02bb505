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
 * decoded. {@code init} therefore walks the lengths once, checking that none is negative and that together they
 * fit in the bytes after them, without storing them; {@code read} then decodes them a second time in step with
 * the data. That keeps the decoder's memory at one miniblock whatever the page claims.
 */
public final class DeltaLengthByteArrayDecoder implements ValueDecoder<BinaryBuffer> {
  private static final int CHUNK = 512;

  private final DeltaBinaryPackedDecoder.Int32 lengths;
  private final int[] lengthChunk = new int[CHUNK];
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
    long totalLength = 0;
    for (int done = 0; done < valueCount; ) {
      int chunk = Math.min(CHUNK, valueCount - done);
      lengths.read(lengthChunk, 0, chunk);
      for (int i = 0; i < chunk; i++) {
        if (lengthChunk[i] < 0) {
          throw ParquetCorruptionException.of(
              "%s: length of value %d is negative (%d)", what, done + i, lengthChunk[i]);
        }
        totalLength += lengthChunk[i];
      }
      done += chunk;
    }
    int dataStart = lengths.position();
    int end = offset + length;
    if (totalLength > end - dataStart) {
      throw ParquetCorruptionException.of(
          "%s: the lengths add up to %d bytes but only %d bytes of data follow them at offset %d", what, totalLength,
          end - dataStart, dataStart);
    }
    lengths.init(page, offset, length, valueCount);
    this.page = page;
    this.dataPosition = dataStart;
    this.dataEnd = end;
    this.valuesRemaining = valueCount;
  }

  /** The offset just past the data of the values decoded so far (the page's end once all are read). */
  int dataPosition() {
    return dataPosition;
  }

  @Override
  public void read(BinaryBuffer destination, int destinationOffset, int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(what, count, valuesRemaining);
    PlainDecoder.checkAppendPosition(destination, destinationOffset);
    for (int done = 0; done < count; ) {
      int chunk = Math.min(CHUNK, count - done);
      lengths.read(lengthChunk, 0, chunk);
      long bytes = 0;
      for (int i = 0; i < chunk; i++) {
        bytes += lengthChunk[i];
      }
      // Checked in init already; kept as a guard because the page bytes are the caller's to keep unchanged.
      if (bytes > dataEnd - dataPosition) {
        throw ParquetCorruptionException.of("%s: value data runs past the end of the page", what);
      }
      destination.ensureAdditional(chunk, bytes);
      for (int i = 0; i < chunk; i++) {
        destination.append(page, dataPosition, lengthChunk[i]);
        dataPosition += lengthChunk[i];
      }
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
    lengths.read(valueLengths, 0, count);
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
      lengths.read(lengthChunk, 0, chunk);
      for (int i = 0; i < chunk; i++) {
        dataPosition += lengthChunk[i];
      }
      done += chunk;
    }
    valuesRemaining -= count;
  }
}
