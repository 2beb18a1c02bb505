package io.parquetarrow.core.write;

import io.parquetarrow.core.index.SplitBlockBloomFilter;
import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.format.BloomFilterAlgorithm;
import io.parquetarrow.format.BloomFilterCompression;
import io.parquetarrow.format.BloomFilterHash;
import io.parquetarrow.format.BloomFilterHeader;

/**
 * Builds a column chunk's split block Bloom filter as its pages are written: each page's values are hashed (XXH64
 * of their PLAIN bytes) and inserted into a {@link SplitBlockBloomFilter}, which holds the bitset and the spec's
 * block logic for the writer and the reader alike.
 *
 * <p>Sized like Arrow C++'s {@code OptimalNumOfBytes}: the bits the expected number of distinct values needs for
 * the false positive probability ({@code -8 ndv / ln(1 - fpp^(1/8))}), rounded up to a power of two between 32
 * bytes and 128 MiB. {@link #serialize()} gives the {@code BloomFilterHeader} followed by the bitset, the bytes
 * {@code ColumnMetaData.bloom_filter_offset} points to.
 */
final class BloomFilterBuilder {
  private final SplitBlockBloomFilter filter;

  BloomFilterBuilder(int byteCount) {
    this.filter = new SplitBlockBloomFilter(byteCount);
  }

  /** The bitset size for {@code distinctValues} at false positive probability {@code fpp}. */
  static int optimalByteCount(long distinctValues, double fpp) {
    if (!(fpp > 0 && fpp < 1) || distinctValues < 1) {
      throw new IllegalArgumentException("need 0 < fpp < 1 and at least one distinct value, got fpp " + fpp
          + " and " + distinctValues + " values");
    }
    double bits = -8.0 * distinctValues / Math.log(1 - Math.pow(fpp, 1.0 / 8));
    long bytes = (long) Math.ceil(bits / 8);
    if (bytes >= SplitBlockBloomFilter.MAXIMUM_BYTES) {
      return SplitBlockBloomFilter.MAXIMUM_BYTES;
    }
    int rounded = SplitBlockBloomFilter.MINIMUM_BYTES;
    while (rounded < bytes) {
      rounded <<= 1;
    }
    return rounded;
  }

  /** Inserts values {@code [from, from + count)} of a page's buffer. */
  void insert(ValueBuffer values, int from, int count) {
    if (values instanceof ValueBuffer.Ints ints) {
      for (int i = from; i < from + count; i++) {
        filter.insertHash(SplitBlockBloomFilter.hashInt(ints.values[i]));
      }
    } else if (values instanceof ValueBuffer.Longs longs) {
      for (int i = from; i < from + count; i++) {
        filter.insertHash(SplitBlockBloomFilter.hashLong(longs.values[i]));
      }
    } else if (values instanceof ValueBuffer.FixedLength fixed) {
      for (int i = from; i < from + count; i++) {
        filter.insertHash(SplitBlockBloomFilter.hashBytes(fixed.bytes, i * fixed.width, fixed.width));
      }
    } else if (values instanceof ValueBuffer.ByteArrays binary) {
      BinaryBuffer buffer = binary.values;
      int[] offsets = buffer.offsets();
      for (int i = from; i < from + count; i++) {
        filter.insertHash(SplitBlockBloomFilter.hashBytes(buffer.data(), offsets[i], offsets[i + 1] - offsets[i]));
      }
    } else {
      throw new IllegalStateException("booleans have no Bloom filter");
    }
  }

  void clear() {
    filter.clear();
  }

  /** The header and the bitset (words little-endian), as stored in the file. */
  byte[] serialize() {
    byte[] header = header();
    byte[] bitset = bitset();
    byte[] bytes = new byte[header.length + bitset.length];
    System.arraycopy(header, 0, bytes, 0, header.length);
    System.arraycopy(bitset, 0, bytes, header.length, bitset.length);
    return bytes;
  }

  /** The serialized {@code BloomFilterHeader} (a module of its own in an encrypted column). */
  byte[] header() {
    return new BloomFilterHeader(filter.byteCount(), new BloomFilterAlgorithm.SplitBlockAlgorithm(),
        new BloomFilterHash.XxHash(), new BloomFilterCompression.Uncompressed()).encode();
  }

  /** The bitset, words little-endian (a module of its own in an encrypted column). */
  byte[] bitset() {
    return filter.bitset();
  }
}
