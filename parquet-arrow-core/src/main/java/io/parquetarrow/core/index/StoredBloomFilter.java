package io.parquetarrow.core.index;

import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.core.filter.ColumnSummary;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * A plaintext split block Bloom filter probed where it is stored, for pruning: {@link BloomFilterReader#open} has
 * read and checked its header, and each probe reads only the 32-byte block its value's hash picks (BloomFilter.md,
 * "Technical Approach": a value's bits all lie in one block). A point lookup then reads a few dozen bytes of each
 * row group's filter instead of its whole bitset (hundreds of kilobytes for a key column; 0048).
 *
 * <p>After {@value #BLOCK_READS_BEFORE_WHOLE} block reads (a long {@code IN} list) the whole bitset is read once and
 * probed in memory. The last block read is kept, so that a value probed again (pruning evaluates the filter after
 * each means) costs no read. One thread probes it: it belongs to one row group's pruning.
 *
 * <p>Its place was checked against the file when the header was read; a read failing later (the file changed
 * under the reader) is an {@link UncheckedIOException} from {@link #mightContain}, whose cause the pruner
 * rethrows.
 */
final class StoredBloomFilter implements ColumnSummary.BloomFilter {
  /** Block reads after which the whole bitset is read instead. */
  static final int BLOCK_READS_BEFORE_WHOLE = 16;

  private final InputFile input;
  /** The file, row group, column and the filter's offset, for messages. */
  private final String where;
  /** Where the bitset starts in the file, after the header. */
  private final long bitsetOffset;
  private final int byteCount;
  private final int blockCount;
  private final byte[] block = new byte[SplitBlockBloomFilter.BLOCK_BYTES];
  /** The index of the block held in {@link #block}, -1 when none. */
  private int heldBlock = -1;
  private int blockReads;
  /** The whole bitset, once {@link #BLOCK_READS_BEFORE_WHOLE} blocks were read; null until then. */
  private SplitBlockBloomFilter whole;

  /**
   * @param bitsetOffset where the bitset starts in the file
   * @param byteCount the bitset's size, a valid size ({@link SplitBlockBloomFilter#isValidSize}) checked by the
   *     caller to lie within the file
   * @param where the file, row group, column and offset of the filter, for messages
   */
  StoredBloomFilter(InputFile input, long bitsetOffset, int byteCount, String where) {
    if (!SplitBlockBloomFilter.isValidSize(byteCount)) {
      throw new IllegalArgumentException("bloom filter size must be a power of two from 32 bytes to 128 MiB, was "
          + byteCount);
    }
    this.input = input;
    this.where = where;
    this.bitsetOffset = bitsetOffset;
    this.byteCount = byteCount;
    this.blockCount = byteCount / SplitBlockBloomFilter.BLOCK_BYTES;
  }

  /** The bitset's size in bytes. */
  int byteCount() {
    return byteCount;
  }

  /** Block reads made so far (for tests). */
  int blockReads() {
    return blockReads;
  }

  @Override
  public boolean mightContain(byte[] plainValue) {
    long hash = SplitBlockBloomFilter.hashBytes(plainValue, 0, plainValue.length);
    if (whole != null) {
      return whole.mightContainHash(hash);
    }
    int index = SplitBlockBloomFilter.blockIndex(hash, blockCount);
    try {
      if (index != heldBlock) {
        if (blockReads == BLOCK_READS_BEFORE_WHOLE) {
          whole = SplitBlockBloomFilter.fromBitset(input.readFully(bitsetOffset, byteCount), 0, byteCount);
          return whole.mightContainHash(hash);
        }
        heldBlock = -1;
        input.readFully(bitsetOffset + (long) index * SplitBlockBloomFilter.BLOCK_BYTES, ByteBuffer.wrap(block));
        heldBlock = index;
        blockReads++;
      }
    } catch (EOFException e) {
      throw new UncheckedIOException(new ParquetCorruptionException(
          where + ": the bitset ends before block " + index + " (the file is shorter than when its header was read)",
          e));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return SplitBlockBloomFilter.blockMightContain(block, 0, hash);
  }

  @Override
  public String toString() {
    return "StoredBloomFilter[" + byteCount + " bytes at offset " + bitsetOffset + "]";
  }
}
