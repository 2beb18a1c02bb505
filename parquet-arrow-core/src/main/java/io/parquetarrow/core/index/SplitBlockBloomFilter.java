package io.parquetarrow.core.index;

import io.parquetarrow.core.filter.ColumnSummary;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
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
 * {@link #bitset()}; {@link BloomFilterReader} wraps a column chunk's stored bitset, as read, and filter
 * pushdown probes it through {@link ColumnSummary.BloomFilter#mightContain}. Probing is read-only, so a filter read
 * once may be probed from several threads; inserting is not synchronized.
 */
public final class SplitBlockBloomFilter implements ColumnSummary.BloomFilter {
  /** The smallest bitset: one block. */
  public static final int MINIMUM_BYTES = 32;
  /** The bytes of one block: eight 32-bit words. */
  public static final int BLOCK_BYTES = 32;
  /** The largest bitset writers make (parquet-java's and Arrow C++'s bound), and the largest this library reads. */
  public static final int MAXIMUM_BYTES = 128 * 1024 * 1024;

  private static final int[] SALT = {0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b,
      0x9efc4947, 0x5c6bfb31};
  private static final int WORDS_PER_BLOCK = 8;
  private static final LongHashFunction XXH64 = LongHashFunction.xx(0);
  /** The bitset's words: 32-bit, little-endian, as stored. */
  private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private final byte[] bitset;
  private final int offset;
  private final int byteCount;
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
    this.bitset = new byte[byteCount];
    this.offset = 0;
    this.byteCount = byteCount;
    this.blockCount = byteCount / BLOCK_BYTES;
  }

  private SplitBlockBloomFilter(byte[] bitset, int offset, int byteCount) {
    this.bitset = bitset;
    this.offset = offset;
    this.byteCount = byteCount;
    this.blockCount = byteCount / BLOCK_BYTES;
  }

  /**
   * The filter whose stored bitset (words little-endian) is {@code bitset[offset, offset + length)}: the bytes are
   * probed where they are, not copied, so the caller hands them over and no longer changes them.
   *
   * @throws IllegalArgumentException unless {@code length} {@link #isValidSize} and the range lies in {@code bitset}
   */
  public static SplitBlockBloomFilter fromBitset(byte[] bitset, int offset, int length) {
    if (!isValidSize(length)) {
      throw new IllegalArgumentException("bloom filter size must be a power of two from 32 bytes to 128 MiB, was "
          + length);
    }
    Objects.checkFromIndexSize(offset, length, bitset.length);
    return new SplitBlockBloomFilter(bitset, offset, length);
  }

  /** Whether {@code byteCount} is a bitset size this library makes and reads: a power of two in [32, 128 MiB]. */
  public static boolean isValidSize(long byteCount) {
    return byteCount >= MINIMUM_BYTES && byteCount <= MAXIMUM_BYTES && Long.bitCount(byteCount) == 1;
  }

  /** The bitset's size in bytes. */
  public int byteCount() {
    return byteCount;
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
    int base = offset + block(hash) * BLOCK_BYTES;
    int key = (int) hash;
    for (int i = 0; i < WORDS_PER_BLOCK; i++) {
      int at = base + Integer.BYTES * i;
      WORD.set(bitset, at, (int) WORD.get(bitset, at) | 1 << ((key * SALT[i]) >>> 27));
    }
  }

  /** False only when a value of this hash was certainly never inserted. */
  public boolean mightContainHash(long hash) {
    return blockMightContain(bitset, offset + block(hash) * BLOCK_BYTES, hash);
  }

  @Override
  public boolean mightContain(byte[] plainValue) {
    return mightContainHash(hashBytes(plainValue, 0, plainValue.length));
  }

  private int block(long hash) {
    return blockIndex(hash, blockCount);
  }

  /** The block of {@code blockCount} that {@code hash} picks. */
  static int blockIndex(long hash, int blockCount) {
    return (int) (((hash >>> 32) * blockCount) >>> 32);
  }

  /**
   * {@code block_check}: whether the block stored at {@code bytes[start, start + BLOCK_BYTES)} has the eight bits of
   * {@code hash} set.
   */
  static boolean blockMightContain(byte[] bytes, int start, long hash) {
    int key = (int) hash;
    for (int i = 0; i < WORDS_PER_BLOCK; i++) {
      if (((int) WORD.get(bytes, start + Integer.BYTES * i) & (1 << ((key * SALT[i]) >>> 27))) == 0) {
        return false;
      }
    }
    return true;
  }

  /** Clears every bit, for the next column chunk. */
  public void clear() {
    Arrays.fill(bitset, offset, offset + byteCount, (byte) 0);
  }

  /** The bitset as stored in the file: the words little-endian. */
  public byte[] bitset() {
    return Arrays.copyOfRange(bitset, offset, offset + byteCount);
  }

  @Override
  public String toString() {
    return "SplitBlockBloomFilter[" + byteCount() + " bytes]";
  }
}
