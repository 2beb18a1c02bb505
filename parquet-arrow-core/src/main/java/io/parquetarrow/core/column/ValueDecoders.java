package io.parquetarrow.core.column;

import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.encodings.ValueDecoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.Type;

/**
 * The adapter seam between the encodings module and the column reader: moves what a {@link ValueDecoder}
 * (chosen by {@code Decoders.valueDecoder}) produces into a {@link ColumnBatch}'s array for the column's physical
 * type. Dictionary encodings are gathered from the chunk's dictionary instead (indices, then a gather).
 */
final class ValueDecoders {
  private ValueDecoders() {}

  /** Which {@link ColumnBatch} array a physical type's values go to. */
  enum ValueArray { BOOLEANS, INTS, LONGS, FIXED, BINARY }

  static ValueArray valueArray(Type type) {
    return switch (type) {
      case BOOLEAN -> ValueArray.BOOLEANS;
      case INT32, FLOAT -> ValueArray.INTS;
      case INT64, DOUBLE -> ValueArray.LONGS;
      case INT96, FIXED_LEN_BYTE_ARRAY -> ValueArray.FIXED;
      case BYTE_ARRAY -> ValueArray.BINARY;
      default -> throw new IllegalArgumentException("physical type " + type);
    };
  }

  /**
   * Bytes per PLAIN value of {@code type}: 4 or 8 for INT32, FLOAT, INT64, DOUBLE, {@code width} (12 for INT96,
   * {@code type_length} for FIXED_LEN_BYTE_ARRAY) for the fixed-length types; 0 for BOOLEAN (bits) and BYTE_ARRAY.
   */
  static int plainWidth(Type type, int width) {
    return switch (type) {
      case INT32, FLOAT -> Integer.BYTES;
      case INT64, DOUBLE -> Long.BYTES;
      case INT96, FIXED_LEN_BYTE_ARRAY -> width;
      default -> 0;
    };
  }

  /** Decodes {@code count} values into {@code batch} at value index {@code valueOffset}. */
  @SuppressWarnings("unchecked")
  static void read(ValueDecoder<?> decoder, ValueArray array, int width, ColumnBatch batch, int valueOffset,
      int count) throws ParquetCorruptionException {
    switch (array) {
      case BOOLEANS -> ((ValueDecoder<byte[]>) decoder).read(batch.bytes(), valueOffset, count);
      case INTS -> ((ValueDecoder<int[]>) decoder).read(batch.ints(), valueOffset, count);
      case LONGS -> ((ValueDecoder<long[]>) decoder).read(batch.longs(), valueOffset, count);
      case FIXED -> ((ValueDecoder<byte[]>) decoder).read(batch.bytes(), valueOffset * width, count);
      case BINARY -> ((ValueDecoder<BinaryBuffer>) decoder).read(batch.binary(), valueOffset, count);
    }
  }
}
