package io.parquetarrow.core.write;

import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.format.BloomFilterAlgorithm;
import io.parquetarrow.format.BloomFilterCompression;
import io.parquetarrow.format.BloomFilterHash;
import io.parquetarrow.format.BloomFilterHeader;
import java.util.Arrays;
import net.openhft.hashing.LongHashFunction;

/**
 * A column chunk's split block Bloom filter, as BloomFilter.md specifies it: a bitset of {@code z} blocks of
 * 256 bits (eight 32-bit words); a value's 64-bit XXH64 hash (seed 0, over its PLAIN encoding without length
 * prefix) picks the block {@code ((hash >>> 32) * z) >>> 32} and, through the eight salts, one bit in each word
 * of that block from its low 32 bits:
 *
 * <pre>
 * block_insert(b, x): for i in 0..7: b[i] |= 1 << ((x * salt[i]) >>> 27)
 * </pre>
 *
 * Sized like Arrow C++'s {@code OptimalNumOfBytes}: the bits the expected number of distinct values needs for the
 * false positive probability ({@code -8 ndv / ln(1 - fpp^(1/8))}), rounded up to a power of two between 32 bytes
 * and 128 MiB. {@link #serialize()} gives the {@code BloomFilterHeader} followed by the bitset, the bytes
 * {@code ColumnMetaData.bloom_filter_offset} points to.
 */
final class SplitBlockBloomFilter {
  private static final int[] SALT = {0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b,
      0x9efc4947, 0x5c6bfb31};
  static final int MINIMUM_BYTES = 32;
  static final int MAXIMUM_BYTES = 128 * 1024 * 1024;
  private static final LongHashFunction XXH64 = LongHashFunction.xx(0);

  private final int[] words;
  private final int blockCount;

  SplitBlockBloomFilter(int byteCount) {
    if (byteCount < MINIMUM_BYTES || Integer.bitCount(byteCount) != 1 || byteCount > MAXIMUM_BYTES) {
      throw new IllegalArgumentException("bloom filter size must be a power of two from 32 bytes to 128 MiB, was "
          + byteCount);
    }
    this.words = new int[byteCount / 4];
    this.blockCount = byteCount / 32;
  }

  /** The bitset size for {@code distinctValues} at false positive probability {@code fpp}. */
  static int optimalByteCount(long distinctValues, double fpp) {
    if (!(fpp > 0 && fpp < 1) || distinctValues < 1) {
      throw new IllegalArgumentException("need 0 < fpp < 1 and at least one distinct value, got fpp " + fpp
          + " and " + distinctValues + " values");
    }
    double bits = -8.0 * distinctValues / Math.log(1 - Math.pow(fpp, 1.0 / 8));
    long bytes = (long) Math.ceil(bits / 8);
    if (bytes >= MAXIMUM_BYTES) {
      return MAXIMUM_BYTES;
    }
    int rounded = MINIMUM_BYTES;
    while (rounded < bytes) {
      rounded <<= 1;
    }
    return rounded;
  }

  void insertHash(long hash) {
    int block = (int) (((hash >>> 32) * blockCount) >>> 32);
    int key = (int) hash;
    int base = block * 8;
    for (int i = 0; i < 8; i++) {
      words[base + i] |= 1 << ((key * SALT[i]) >>> 27);
    }
  }

  boolean mightContainHash(long hash) {
    int block = (int) (((hash >>> 32) * blockCount) >>> 32);
    int key = (int) hash;
    int base = block * 8;
    for (int i = 0; i < 8; i++) {
      if ((words[base + i] & (1 << ((key * SALT[i]) >>> 27))) == 0) {
        return false;
      }
    }
    return true;
  }

  static long hashInt(int value) {
    return XXH64.hashInt(value);
  }

  static long hashLong(long value) {
    return XXH64.hashLong(value);
  }

  static long hashBytes(byte[] bytes, int offset, int length) {
    return XXH64.hashBytes(bytes, offset, length);
  }

  /** Inserts values {@code [from, from + count)} of a page's buffer. */
  void insert(ValueBuffer values, int from, int count) {
    if (values instanceof ValueBuffer.Ints ints) {
      for (int i = from; i < from + count; i++) {
        insertHash(hashInt(ints.values[i]));
      }
    } else if (values instanceof ValueBuffer.Longs longs) {
      for (int i = from; i < from + count; i++) {
        insertHash(hashLong(longs.values[i]));
      }
    } else if (values instanceof ValueBuffer.FixedLength fixed) {
      for (int i = from; i < from + count; i++) {
        insertHash(hashBytes(fixed.bytes, i * fixed.width, fixed.width));
      }
    } else if (values instanceof ValueBuffer.ByteArrays binary) {
      BinaryBuffer buffer = binary.values;
      int[] offsets = buffer.offsets();
      for (int i = from; i < from + count; i++) {
        insertHash(hashBytes(buffer.data(), offsets[i], offsets[i + 1] - offsets[i]));
      }
    } else {
      throw new IllegalStateException("booleans have no Bloom filter");
    }
  }

  void clear() {
    Arrays.fill(words, 0);
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
    return new BloomFilterHeader(words.length * 4, new BloomFilterAlgorithm.SplitBlockAlgorithm(),
        new BloomFilterHash.XxHash(), new BloomFilterCompression.Uncompressed()).encode();
  }

  /** The bitset, words little-endian (a module of its own in an encrypted column). */
  byte[] bitset() {
    byte[] bytes = new byte[words.length * 4];
    for (int i = 0; i < words.length; i++) {
      int at = 4 * i;
      bytes[at] = (byte) words[i];
      bytes[at + 1] = (byte) (words[i] >>> 8);
      bytes[at + 2] = (byte) (words[i] >>> 16);
      bytes[at + 3] = (byte) (words[i] >>> 24);
    }
    return bytes;
  }
}
