package io.parquetarrow.encodings;

import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Objects;

/**
 * The writer's mirror of {@link Decoders}: the encoder for a column's values given the encoding chosen and the
 * physical type, with the same rules on which combinations the spec allows. Dictionary indices and levels are
 * written with {@link RleBitPackedHybridEncoder} directly ({@code flushWithBitWidth} /
 * {@code flushWithLengthPrefix}).
 */
public final class Encoders {
  private Encoders() {}

  /**
   * Returns a new encoder for values of physical type {@code type} in {@code encoding}.
   *
   * @throws UnsupportedParquetFeatureException when the spec does not allow the combination or this library
   *     does not write it (dictionary encodings are produced through {@link RleBitPackedHybridEncoder})
   */
  public static ValueEncoder<?> valueEncoder(Encoding encoding, Type type, int typeLength, ParquetKernels kernels)
      throws UnsupportedParquetFeatureException {
    Objects.requireNonNull(encoding, "encoding");
    Objects.requireNonNull(type, "type");
    if (type == Type.FIXED_LEN_BYTE_ARRAY && typeLength <= 0) {
      throw new IllegalArgumentException("FIXED_LEN_BYTE_ARRAY needs a positive type length, was " + typeLength);
    }
    switch (encoding) {
      case PLAIN:
        return switch (type) {
          case BOOLEAN -> new PlainEncoder.BooleanValues();
          case INT32, FLOAT -> new PlainEncoder.IntValues();
          case INT64, DOUBLE -> new PlainEncoder.LongValues();
          case INT96 -> new PlainEncoder.FixedLengthValues(PhysicalTypes.INT96_BYTES);
          case FIXED_LEN_BYTE_ARRAY -> new PlainEncoder.FixedLengthValues(typeLength);
          case BYTE_ARRAY -> new PlainEncoder.ByteArrayValues();
        };
      case RLE:
        if (type == Type.BOOLEAN) {
          return new RleBooleanEncoder(kernels);
        }
        break;
      case DELTA_BINARY_PACKED:
        if (type == Type.INT32) {
          return new DeltaBinaryPackedEncoder.Int32(kernels);
        }
        if (type == Type.INT64) {
          return new DeltaBinaryPackedEncoder.Int64(kernels);
        }
        break;
      case DELTA_LENGTH_BYTE_ARRAY:
        if (type == Type.BYTE_ARRAY) {
          return new DeltaLengthByteArrayEncoder(kernels);
        }
        break;
      case DELTA_BYTE_ARRAY:
        if (type == Type.BYTE_ARRAY) {
          return new DeltaByteArrayEncoder(kernels);
        }
        if (type == Type.FIXED_LEN_BYTE_ARRAY) {
          return new DeltaByteArrayEncoder.FixedLength(kernels, typeLength);
        }
        break;
      case BYTE_STREAM_SPLIT:
        switch (type) {
          case FLOAT, INT32 -> {
            return new ByteStreamSplitEncoder.IntValues(kernels);
          }
          case DOUBLE, INT64 -> {
            return new ByteStreamSplitEncoder.LongValues(kernels);
          }
          case FIXED_LEN_BYTE_ARRAY -> {
            return new ByteStreamSplitEncoder.FixedLengthValues(kernels, typeLength);
          }
          default -> {
          }
        }
        break;
      default:
        break;
    }
    throw new UnsupportedParquetFeatureException(
        "writing encoding " + encoding + " is not supported for values of physical type " + type);
  }
}
