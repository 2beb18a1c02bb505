package io.parquetarrow.core.column;

import io.parquetarrow.encodings.BitPackedLevelDecoder;
import io.parquetarrow.encodings.Decoders;
import io.parquetarrow.encodings.RleBitPackedHybridDecoder;
import io.parquetarrow.encodings.ValueDecoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.simd.ParquetKernels;

/**
 * The repetition and definition level sections of a data page, for {@link DataPageCursor}: which decoder reads a
 * v1 section (RLE with its 4-byte length prefix, or the deprecated BIT_PACKED), where it ends, and the check that
 * no decoded level exceeds the column's maximum. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md">Encodings.md</a>, levels.
 */
final class LevelSections {
  private LevelSections() {}

  /** The decoder of a v1 level section in {@code encoding}: the reader's own RLE decoder, or a BIT_PACKED one. */
  static ValueDecoder<int[]> levelDecoder(Encoding encoding, RleBitPackedHybridDecoder rle, int maxLevel)
      throws ParquetException {
    return switch (encoding) {
      case RLE -> rle;
      case BIT_PACKED -> new BitPackedLevelDecoder(Decoders.bitWidth(maxLevel));
      default -> throw new UnsupportedParquetFeatureException("level encoding " + encoding + " is not supported");
    };
  }

  /** Points {@code decoder} at the v1 level section at {@code position}; returns where the section ends. */
  static int initLevels(ValueDecoder<int[]> decoder, byte[] data, int position, int end, int levelCount,
      int maxLevel) throws ParquetCorruptionException {
    if (decoder instanceof RleBitPackedHybridDecoder rle) {
      int length = RleBitPackedHybridDecoder.readLengthPrefix(data, position, end - position);
      rle.init(data, position + 4, length, levelCount);
      return position + 4 + length;
    }
    BitPackedLevelDecoder bitPacked = (BitPackedLevelDecoder) decoder;
    bitPacked.init(data, position, end - position, levelCount);
    return position + (int) BitPackedLevelDecoder.encodedLength(levelCount, Decoders.bitWidth(maxLevel));
  }

  /** Checks that none of the first {@code count} levels exceeds {@code maxLevel}. */
  static void checkLevels(ParquetKernels kernels, int[] levels, int count, int maxLevel, String kind)
      throws ParquetCorruptionException {
    int maximum = kernels.maxUnsigned(levels, 0, count);
    if (Integer.compareUnsigned(maximum, maxLevel) > 0) {
      throw ParquetCorruptionException.of(
          "%s level %d exceeds the column's maximum %s level %d", kind, Integer.toUnsignedLong(maximum), kind,
          maxLevel);
    }
  }
}
