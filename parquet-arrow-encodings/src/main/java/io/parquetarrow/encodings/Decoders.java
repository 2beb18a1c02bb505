package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Objects;

/**
 * Chooses the decoder for a data page's values or levels from the page header's encoding and the column's
 * physical type; the one place that knows which combinations the
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md">Encodings.md</a> allows.
 *
 * <p>The decoder's destination type follows {@link ValueDecoder}: {@code int[]} for INT32/FLOAT,
 * {@code long[]} for INT64/DOUBLE, {@code byte[]} for BOOLEAN, INT96 and FIXED_LEN_BYTE_ARRAY, and
 * {@link BinaryBuffer} for BYTE_ARRAY; for PLAIN_DICTIONARY and RLE_DICTIONARY it is a
 * {@link DictionaryIndexDecoder} producing {@code int[]} indices into the column chunk's {@link Dictionary}.
 */
public final class Decoders {
  private Decoders() {}

  /**
   * Returns a new decoder for values of physical type {@code type} in {@code encoding}.
   *
   * @param typeLength the schema's type_length, used for FIXED_LEN_BYTE_ARRAY only
   * @throws UnsupportedParquetFeatureException when the spec does not allow the encoding for the type, or the
   *     encoding is unknown to this library
   * @throws ParquetCorruptionException when a FIXED_LEN_BYTE_ARRAY column has no positive type length
   */
  public static ValueDecoder<?> valueDecoder(Encoding encoding, Type type, int typeLength, ParquetKernels kernels)
      throws ParquetException {
    Objects.requireNonNull(encoding, "encoding");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(kernels, "kernels");
    if (type == Type.FIXED_LEN_BYTE_ARRAY && typeLength <= 0) {
      throw ParquetCorruptionException.of(
          "FIXED_LEN_BYTE_ARRAY column needs a positive type length but the schema says %d", typeLength);
    }
    switch (encoding) {
      case PLAIN:
        return switch (type) {
          case BOOLEAN -> new PlainDecoder.BooleanValues();
          case INT32, FLOAT -> new PlainDecoder.IntValues();
          case INT64, DOUBLE -> new PlainDecoder.LongValues();
          case INT96 -> new PlainDecoder.FixedLengthValues(PhysicalTypes.INT96_BYTES);
          case FIXED_LEN_BYTE_ARRAY -> new PlainDecoder.FixedLengthValues(typeLength);
          case BYTE_ARRAY -> new PlainDecoder.ByteArrayValues(kernels);
        };
      case PLAIN_DICTIONARY:
      case RLE_DICTIONARY:
        return new DictionaryIndexDecoder(kernels);
      case RLE:
        if (type == Type.BOOLEAN) {
          return new RleBooleanDecoder(kernels);
        }
        break;
      case DELTA_BINARY_PACKED:
        if (type == Type.INT32) {
          return new DeltaBinaryPackedDecoder.Int32(kernels);
        }
        if (type == Type.INT64) {
          return new DeltaBinaryPackedDecoder.Int64(kernels);
        }
        break;
      case DELTA_LENGTH_BYTE_ARRAY:
        if (type == Type.BYTE_ARRAY) {
          return new DeltaLengthByteArrayDecoder(kernels);
        }
        break;
      case DELTA_BYTE_ARRAY:
        if (type == Type.BYTE_ARRAY) {
          return new DeltaByteArrayDecoder(kernels);
        }
        if (type == Type.FIXED_LEN_BYTE_ARRAY) {
          return new DeltaByteArrayDecoder.FixedLength(kernels, typeLength);
        }
        break;
      case BYTE_STREAM_SPLIT:
        switch (type) {
          case FLOAT, INT32 -> {
            return new ByteStreamSplitDecoder.IntValues(kernels);
          }
          case DOUBLE, INT64 -> {
            return new ByteStreamSplitDecoder.LongValues(kernels);
          }
          case FIXED_LEN_BYTE_ARRAY -> {
            return new ByteStreamSplitDecoder.FixedLengthValues(kernels, typeLength);
          }
          default -> {
          }
        }
        break;
      case BIT_PACKED:
      case UNKNOWN:
      default:
        break;
    }
    throw new UnsupportedParquetFeatureException(
        "encoding " + encoding + " is not supported for values of physical type " + type
            + (encoding == Encoding.BIT_PACKED ? " (BIT_PACKED is for repetition and definition levels only)" : ""));
  }

  /**
   * Returns a new decoder for repetition or definition levels of {@code bitWidth} bits (the bit width of the
   * maximum level) in {@code encoding}: RLE (the hybrid, without its length prefix, which the page reader
   * strips for data page v1) or the deprecated BIT_PACKED.
   */
  public static ValueDecoder<int[]> levelDecoder(Encoding encoding, int bitWidth, ParquetKernels kernels)
      throws UnsupportedParquetFeatureException {
    Objects.requireNonNull(encoding, "encoding");
    return switch (encoding) {
      case RLE -> new RleBitPackedHybridDecoder(kernels, bitWidth);
      case BIT_PACKED -> new BitPackedLevelDecoder(bitWidth);
      default -> throw new UnsupportedParquetFeatureException(
          "encoding " + encoding + " is not a level encoding (expected RLE or BIT_PACKED)");
    };
  }

  /** The number of bits needed for values {@code 0 .. maximum}: 0 for 0, else 32 minus leading zeros. */
  public static int bitWidth(int maximum) {
    if (maximum < 0) {
      throw new IllegalArgumentException("maximum level must not be negative, was " + maximum);
    }
    return 32 - Integer.numberOfLeadingZeros(maximum);
  }
}
