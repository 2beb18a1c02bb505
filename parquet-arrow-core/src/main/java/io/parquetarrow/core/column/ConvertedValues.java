package io.parquetarrow.core.column;

import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.encodings.ValueDecoder;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.Type;

/**
 * The values of a data page read through the column's {@link ValueConversion}, for {@link DataPageCursor}: a
 * dictionary-encoded page's values are gathered from the dictionary, converted once when it was decoded; another
 * page's are decoded {@value ChunkedValues#CHUNK} at a time into their stored form and each run converted
 * while it is in the cache, so that the stored values of a whole batch are never held.
 */
final class ConvertedValues {
  private final ValueConversion conversion;
  private final ChunkDictionary dictionary;
  private final Type physicalType;
  private final ValueDecoders.ValueArray array;
  /** Bytes per stored value of INT96 and FIXED_LEN_BYTE_ARRAY, 0 for the other types. */
  private final int width;
  private final ChunkLocation location;
  /** The stored values of a run of a page without dictionary, before their conversion. */
  private ColumnBatch unconverted;

  ConvertedValues(ValueConversion conversion, ChunkDictionary dictionary, Type physicalType, int width,
      ChunkLocation location) {
    this.conversion = conversion;
    this.dictionary = dictionary;
    this.physicalType = physicalType;
    this.array = ValueDecoders.valueArray(physicalType);
    this.width = width;
    this.location = location;
  }

  /**
   * Reads the page's next {@code count} values, converted, into {@code batch}'s bytes at value index
   * {@code valueOffset}: gathered from the dictionary when {@code dictionaryEncoded}, else decoded by {@code values}.
   */
  void read(ValueDecoder<?> values, boolean dictionaryEncoded, ColumnBatch batch, int valueOffset, int count)
      throws ParquetException {
    if (dictionaryEncoded) {
      dictionary.gather(batch, valueOffset, count);
      return;
    }
    int convertedWidth = conversion.width();
    byte[] out = batch.bytes();
    if (unconverted == null) {
      unconverted = new ColumnBatch();
    }
    unconverted.ensureValueCapacity(array, width, 0, Math.min(count, ChunkedValues.CHUNK), location);
    for (int done = 0; done < count; done += ChunkedValues.CHUNK) {
      int run = Math.min(ChunkedValues.CHUNK, count - done);
      ValueDecoders.read(values, array, width, unconverted, 0, run);
      ChunkDictionary.convert(conversion, physicalType, unconverted.ints(), unconverted.longs(),
          unconverted.bytes(), run, out, (valueOffset + done) * convertedWidth);
    }
  }

  /**
   * Copies the page's next {@code count} values, converted, to {@code sink} from byte {@code byteOffset},
   * {@value ChunkedValues#CHUNK} at a time through {@code scratch}.
   */
  void copyTo(ValueDecoder<?> values, boolean dictionaryEncoded, ValueSink sink, long byteOffset, int count,
      ColumnBatch scratch) throws ParquetException {
    int convertedWidth = conversion.width();
    scratch.reset(0, false, false);
    byte[] converted = scratch.ensureBytes(Math.min(count, ChunkedValues.CHUNK) * convertedWidth);
    for (int done = 0; done < count; done += ChunkedValues.CHUNK) {
      int run = Math.min(ChunkedValues.CHUNK, count - done);
      read(values, dictionaryEncoded, scratch, 0, run);
      sink.putBytes(byteOffset + (long) done * convertedWidth, converted, 0, run * convertedWidth);
    }
  }

  /** Gives the stored values' arrays to {@link ScratchArrays} for the next reader. */
  void release() {
    if (unconverted != null) {
      unconverted.release();
    }
  }
}
