package io.parquetarrow.core.column;

import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.encodings.ByteStreamSplitDecoder;
import io.parquetarrow.encodings.DeltaBinaryPackedDecoder;
import io.parquetarrow.encodings.DeltaByteArrayDecoder;
import io.parquetarrow.encodings.DeltaLengthByteArrayDecoder;
import io.parquetarrow.encodings.PlainDecoder;
import io.parquetarrow.encodings.RleBooleanDecoder;
import io.parquetarrow.encodings.ValueDecoder;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;

/**
 * The adapter seam between the encodings module and the column reader: picks the {@link ValueDecoder} for a
 * (value encoding, physical type) pair, and moves decoded values into a {@link ColumnBatch}'s array for that
 * physical type. Dictionary encodings are handled by {@link FlatColumnReader} itself (indices, then a gather).
 */
final class ValueDecoders {
  private ValueDecoders() {}

  /** Which {@link ColumnBatch} array a physical type's values go to. */
  enum Destination { BOOLEANS, INTS, LONGS, FIXED, BINARY }

  static Destination destination(Type type) {
    return switch (type) {
      case BOOLEAN -> Destination.BOOLEANS;
      case INT32, FLOAT -> Destination.INTS;
      case INT64, DOUBLE -> Destination.LONGS;
      case INT96, FIXED_LEN_BYTE_ARRAY -> Destination.FIXED;
      case BYTE_ARRAY -> Destination.BINARY;
      default -> throw new IllegalArgumentException("physical type " + type);
    };
  }

  /** A new decoder for {@code encoding} of {@code type}; throws when the pair is not defined or not supported. */
  static ValueDecoder<?> create(Encoding encoding, Type type, int width, ParquetKernels kernels)
      throws UnsupportedParquetFeatureException {
    ValueDecoder<?> decoder = switch (encoding) {
      case PLAIN -> switch (type) {
        case BOOLEAN -> new PlainDecoder.BooleanValues();
        case INT32, FLOAT -> new PlainDecoder.IntValues();
        case INT64, DOUBLE -> new PlainDecoder.LongValues();
        case INT96, FIXED_LEN_BYTE_ARRAY -> new PlainDecoder.FixedLengthValues(width);
        case BYTE_ARRAY -> new PlainDecoder.ByteArrayValues(kernels);
        default -> null;
      };
      case RLE -> type == Type.BOOLEAN ? new RleBooleanDecoder(kernels) : null;
      case DELTA_BINARY_PACKED -> switch (type) {
        case INT32 -> new DeltaBinaryPackedDecoder.Int32(kernels);
        case INT64 -> new DeltaBinaryPackedDecoder.Int64(kernels);
        default -> null;
      };
      case DELTA_LENGTH_BYTE_ARRAY -> type == Type.BYTE_ARRAY ? new DeltaLengthByteArrayDecoder(kernels) : null;
      case DELTA_BYTE_ARRAY -> switch (type) {
        case BYTE_ARRAY -> new DeltaByteArrayDecoder(kernels);
        case FIXED_LEN_BYTE_ARRAY -> new DeltaByteArrayDecoder.FixedLength(kernels, width);
        default -> null;
      };
      case BYTE_STREAM_SPLIT -> switch (type) {
        case INT32, FLOAT -> new ByteStreamSplitDecoder.IntValues(kernels);
        case INT64, DOUBLE -> new ByteStreamSplitDecoder.LongValues(kernels);
        case FIXED_LEN_BYTE_ARRAY -> new ByteStreamSplitDecoder.FixedLengthValues(kernels, width);
        default -> null;
      };
      default -> null;
    };
    if (decoder == null) {
      throw new UnsupportedParquetFeatureException(
          "value encoding " + encoding + " is not supported for physical type " + type);
    }
    return decoder;
  }

  /** Decodes {@code count} values into {@code batch} at value index {@code valueOffset}. */
  @SuppressWarnings("unchecked")
  static void read(ValueDecoder<?> decoder, Destination destination, int width, ColumnBatch batch, int valueOffset,
      int count) throws io.parquetarrow.errors.ParquetCorruptionException {
    switch (destination) {
      case BOOLEANS -> ((ValueDecoder<byte[]>) decoder).read(batch.bytes(), valueOffset, count);
      case INTS -> ((ValueDecoder<int[]>) decoder).read(batch.ints(), valueOffset, count);
      case LONGS -> ((ValueDecoder<long[]>) decoder).read(batch.longs(), valueOffset, count);
      case FIXED -> ((ValueDecoder<byte[]>) decoder).read(batch.bytes(), valueOffset * width, count);
      case BINARY -> ((ValueDecoder<BinaryBuffer>) decoder).read(batch.binary(), valueOffset, count);
    }
  }
}
