package io.parquetarrow.core.index;

import io.parquetarrow.core.filter.ColumnSummary;
import java.util.Arrays;
import net.openhft.hashing.LongHashFunction;

/**
 * A split block Bloom filter's bitset and its hashing, as
 * <a href="https://github.com/apache/parquet-format/blob/master/BloomFilter.md">BloomFilter.md</a> specifies them:
 * {@code z} blocks of 256 bits (eight 32-bit words); a value's 64-bit XXH64 hash (seed 0, over its PLAIN
 * encoding without length prefix) picks the block {@code ((hash >>> 32) * z) >>> 32} and, through the eight salts,
 * one bit in each word of that block from its low 32 bits:
 *
 * <pre>
 * block_insert(b, x): for i in 0..7: b[i] |= 1 << ((x * salt[i]) >>> 27)
 * block_check(b, x):  for i in 0..7: if (b[i] & (1 << ((x * salt[i]) >>> 27))) == 0 return false
 * </pre>
 *
 * <p>Shared by both sides: the writer's {@code BloomFilterBuilder} inserts into an empty one and stores its
 * {@link #bitset()}; {@link BloomFilterReader} rebuilds one from a column chunk's stored bitset, and filter
 * pushdown probes it through {@link ColumnSummary.BloomFilter#mightContain}. Probing is read-only, so a filter read
 * once may be probed from several threads; inserting is not synchronized.
 */
public final class SplitBlockBloomFilter implements ColumnSummary.BloomFilter {
  /** The smallest bitset: one block. */
  public static final int MINIMUM_BYTES = 32;
  /** The largest bitset writers make (parquet-java's and Arrow C++'s bound), and the largest this library reads. */
  public static final int MAXIMUM_BYTES = 128 * 1024 * 1024;

  private static final int[] SALT = {0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b,
      0x9efc4947, 0x5c6bfb31};
  private static final int WORDS_PER_BLOCK = 8;
  private static final LongHashFunction XXH64 = LongHashFunction.xx(0);

  private final int[] words;
  private final int blockCount;

  /**
   * An empty filter of {@code byteCount} bytes.
   *
   * @throws IllegalArgumentException unless {@link #isValidSize}
   */
  public SplitBlockBloomFilter(int byteCount) {
    if (!isValidSize(byteCount)) {
      throw new IllegalArgumentException("bloom filter size must be a power of two from 32 bytes to 128 MiB, was "
          + byteCount);
    }
    this.words = new int[byteCount / Integer.BYTES];
    this.blockCount = byteCount / (WORDS_PER_BLOCK * Integer.BYTES);
  }

  /**
   * The filter whose stored bitset (words little-endian) is {@code bitset[offset, offset + length)}.
   *
   * @throws IllegalArgumentException unless {@code length} {@link #isValidSize}
   */
  public static SplitBlockBloomFilter fromBitset(byte[] bitset, int offset, int length) {
    SplitBlockBloomFilter filter = new SplitBlockBloomFilter(length);
    int[] words = filter.words;
    for (int i = 0; i < words.length; i++) {
      int at = offset + Integer.BYTES * i;
      words[i] = (bitset[at] & 0xFF) | (bitset[at + 1] & 0xFF) << 8 | (bitset[at + 2] & 0xFF) << 16
          | (bitset[at + 3] & 0xFF) << 24;
    }
    return filter;
  }

  /** Whether {@code byteCount} is a bitset size this library makes and reads: a power of two in [32, 128 MiB]. */
  public static boolean isValidSize(long byteCount) {
    return byteCount >= MINIMUM_BYTES && byteCount <= MAXIMUM_BYTES && Long.bitCount(byteCount) == 1;
  }

  /** The bitset's size in bytes. */
  public int byteCount() {
    return words.length * Integer.BYTES;
  }

  /** XXH64 (seed 0) of a plain value's bytes. */
  public static long hashBytes(byte[] bytes, int offset, int length) {
    return XXH64.hashBytes(bytes, offset, length);
  }

  /** XXH64 of an INT32 or FLOAT's plain value (its 4 bytes little-endian), without making them. */
  public static long hashInt(int value) {
    return XXH64.hashInt(value);
  }

  /** XXH64 of an INT64 or DOUBLE's plain value (its 8 bytes little-endian), without making them. */
  public static long hashLong(long value) {
    return XXH64.hashLong(value);
  }

  /** Sets the eight bits of {@code hash}. */
  public void insertHash(long hash) {
    int base = block(hash) * WORDS_PER_BLOCK;
    int key = (int) hash;
    for (int i = 0; i < WORDS_PER_BLOCK; i++) {
      words[base + i] |= 1 << ((key * SALT[i]) >>> 27);
    }
  }

  /** False only when a value of this hash was certainly never inserted. */
  public boolean mightContainHash(long hash) {
    int base = block(hash) * WORDS_PER_BLOCK;
    int key = (int) hash;
    for (int i = 0; i < WORDS_PER_BLOCK; i++) {
      if ((words[base + i] & (1 << ((key * SALT[i]) >>> 27))) == 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean mightContain(byte[] plainValue) {
    return mightContainHash(hashBytes(plainValue, 0, plainValue.length));
  }

  private int block(long hash) {
    return (int) (((hash >>> 32) * blockCount) >>> 32);
  }

  /** Clears every bit, for the next column chunk. */
  public void clear() {
    Arrays.fill(words, 0);
  }

  /** The bitset as stored in the file: the words little-endian. */
  public byte[] bitset() {
    byte[] bytes = new byte[words.length * Integer.BYTES];
    for (int i = 0; i < words.length; i++) {
      int at = Integer.BYTES * i;
      bytes[at] = (byte) words[i];
      bytes[at + 1] = (byte) (words[i] >>> 8);
      bytes[at + 2] = (byte) (words[i] >>> 16);
      bytes[at + 3] = (byte) (words[i] >>> 24);
    }
    return bytes;
  }

  @Override
  public String toString() {
    return "SplitBlockBloomFilter[" + byteCount() + " bytes]";
  }
}
