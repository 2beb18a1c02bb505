package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Objects;

/**
 * Decoder of DELTA_BINARY_PACKED, for INT32 ({@link Int32}) and INT64 ({@link Int64}) pages and for the length
 * streams inside DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#delta-encoding-delta_binary_packed--5">
 * Encodings.md, Delta Encoding (DELTA_BINARY_PACKED = 5)</a>:
 *
 * <pre>
 * header: &lt;block size in values&gt; &lt;number of miniblocks in a block&gt; &lt;total value count&gt; &lt;first value&gt;
 *           (ULEB128)                (ULEB128)                         (ULEB128)             (zigzag ULEB128)
 * block:  &lt;min delta&gt; &lt;list of bitwidths of miniblocks&gt; &lt;miniblocks&gt;
 *           (zigzag ULEB128)  (one byte per miniblock)       (bit packed, LSB first)
 * </pre>
 *
 * Miniblocks are unpacked with {@link ParquetKernels#unpackInts} / {@link ParquetKernels#unpackLongs} and turned
 * into values with {@code deltaPrefixSum*}, all in wrapping arithmetic as the spec requires. The last block's
 * unneeded miniblocks have bit width bytes (of any value, ignored) and no bodies.
 *
 * <p>Checked before use: the block size (a positive multiple of 128, at most {@value #MAXIMUM_BLOCK_SIZE}; the
 * spec's own examples use 8, so multiples of 8 are accepted too), the miniblock count (dividing the block size
 * into miniblocks of a multiple of 8 values), the total count (at least the page's value count), each bit width
 * (at most the type's width) and each miniblock's bytes.
 */
public abstract sealed class DeltaBinaryPackedDecoder<T> implements ValueDecoder<T>
    permits DeltaBinaryPackedDecoder.Int32, DeltaBinaryPackedDecoder.Int64 {

  /** The largest block size accepted: writers use 128 to 4096; the bound keeps buffers small and limits how many
   * values a hostile page can claim per byte. */
  public static final int MAXIMUM_BLOCK_SIZE = 1 << 16;

  final ParquetKernels kernels;
  private final int maximumBitWidth;
  final PageCursor cursor = new PageCursor();
  String what;

  int valuesPerMiniblock;
  private int miniblocksPerBlock;
  private int totalValueCount;
  long firstValue;

  /** Values the caller may read: the page's value count. */
  int valuesToDecode;
  /** Values produced so far (handed out or sitting in the buffer), the first value included. */
  int valuesDecoded;
  /** Values handed out (read or skipped). */
  int valuesDelivered;

  long minDelta;
  private int bitWidthsOffset;
  private int miniblockIndex;
  int miniblockBitWidth;
  int miniblockDataOffset;

  DeltaBinaryPackedDecoder(ParquetKernels kernels, int maximumBitWidth, String what) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    this.maximumBitWidth = maximumBitWidth;
    this.what = what;
  }

  /** Names the stream (e.g. "DELTA_LENGTH_BYTE_ARRAY lengths") in error messages. */
  public DeltaBinaryPackedDecoder<T> describedAs(String what) {
    this.what = Objects.requireNonNull(what, "what");
    return this;
  }

  @Override
  public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
    PageCursor.checkValueCount(what, valueCount);
    cursor.reset(page, offset, length, what);
    if (length == 0 && valueCount == 0) {
      // A page of nulls only: some writers leave the values section empty instead of writing a header.
      totalValueCount = 0;
      valuesToDecode = 0;
      valuesDecoded = 0;
      valuesDelivered = 0;
      resetBuffer(0);
      return;
    }
    long blockSize = cursor.readUnsignedVarInt32("block size");
    if (blockSize == 0 || blockSize % 8 != 0 || blockSize > MAXIMUM_BLOCK_SIZE) {
      throw ParquetCorruptionException.of(
          "%s: block size must be a positive multiple of 128 (8 is tolerated), at most %d, but the header says %d", what,
          MAXIMUM_BLOCK_SIZE, blockSize);
    }
    long miniblocks = cursor.readUnsignedVarInt32("miniblock count");
    if (miniblocks == 0 || miniblocks > blockSize || blockSize % miniblocks != 0
        || (blockSize / miniblocks) % 8 != 0) {
      throw ParquetCorruptionException.of(
          "%s: the miniblock count must divide the block size %d into miniblocks of a multiple of 32 values"
              + " but the header says %d miniblocks", what, blockSize, miniblocks);
    }
    long total = cursor.readUnsignedVarInt32("total value count");
    if (total < valueCount) {
      throw ParquetCorruptionException.of(
          "%s: the header holds %d values but the page has %d", what, total, valueCount);
    }
    if (total > Integer.MAX_VALUE) {
      throw ParquetCorruptionException.of("%s: total value count %d exceeds 2^31 - 1", what, total);
    }
    firstValue = cursor.readZigZagVarInt64("first value");
    miniblocksPerBlock = (int) miniblocks;
    valuesPerMiniblock = (int) (blockSize / miniblocks);
    totalValueCount = (int) total;
    valuesToDecode = valueCount;
    valuesDecoded = 0;
    valuesDelivered = 0;
    miniblockIndex = miniblocksPerBlock; // the first miniblock read starts a block
    resetBuffer(Math.min(valuesPerMiniblock, valueCount));
  }

  /** The header's total value count. */
  public int totalValueCount() {
    return totalValueCount;
  }

  /** Values not yet read or skipped. */
  public int valuesRemaining() {
    return valuesToDecode - valuesDelivered;
  }

  /**
   * The offset just past the bytes decoded so far; once all of the header's values are read this is where the
   * encoded stream ends (DELTA_LENGTH_BYTE_ARRAY's data starts there).
   */
  public int position() {
    return cursor.position();
  }

  /** Prepares the typed buffer for a page whose miniblocks hand out at most {@code capacity} values at once. */
  abstract void resetBuffer(int capacity);

  /** How many values the next miniblock will produce. */
  final int nextMiniblockSize() {
    return Math.min(valuesPerMiniblock, valuesToDecode - valuesDecoded);
  }

  /**
   * Moves to the next miniblock, reading a block header when the previous block is used up, checks its bit
   * width and bytes, and returns how many values it produces; {@link #miniblockBitWidth} and
   * {@link #miniblockDataOffset} then describe it.
   */
  final int beginMiniblock() throws ParquetCorruptionException {
    if (miniblockIndex == miniblocksPerBlock) {
      minDelta = cursor.readZigZagVarInt64("block min delta");
      bitWidthsOffset = cursor.take(miniblocksPerBlock, "miniblock bit widths");
      miniblockIndex = 0;
    }
    int bitWidth = cursor.page()[bitWidthsOffset + miniblockIndex] & 0xFF;
    if (bitWidth > maximumBitWidth) {
      throw ParquetCorruptionException.of(
          "%s: miniblock %d of the block at offset %d has bit width %d, more than the type's %d bits", what,
          miniblockIndex, bitWidthsOffset, bitWidth, maximumBitWidth);
    }
    int count = nextMiniblockSize();
    long fullBytes = (long) valuesPerMiniblock * bitWidth / 8;
    long neededBytes = ((long) count * bitWidth + 7) >>> 3;
    cursor.require(neededBytes, "miniblock of bit width " + bitWidth);
    miniblockBitWidth = bitWidth;
    miniblockDataOffset = cursor.position();
    // Only the values needed must be present; a padded miniblock is skipped whole, a cut-short last one ends here.
    cursor.moveTo((int) Math.min(cursor.limit(), cursor.position() + fullBytes));
    miniblockIndex++;
    valuesDecoded += count;
    return count;
  }

  /** INT32 values (and byte array lengths), decoded to {@code int[]} in wrapping 32-bit arithmetic. */
  public static final class Int32 extends DeltaBinaryPackedDecoder<int[]> {
    private int[] buffer = new int[0];
    private int bufferPosition;
    private int bufferCount;
    private int last;

    public Int32(ParquetKernels kernels) {
      super(kernels, 32, "DELTA_BINARY_PACKED INT32");
    }

    @Override
    void resetBuffer(int capacity) {
      if (buffer.length < capacity) {
        buffer = new int[capacity];
      }
      bufferPosition = 0;
      bufferCount = 0;
    }

    @Override
    public void read(int[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain(what, count, valuesRemaining());
      Objects.checkFromIndexSize(destinationOffset, count, destination.length);
      int offset = destinationOffset;
      int left = count;
      while (left > 0) {
        if (bufferPosition < bufferCount) {
          int take = Math.min(left, bufferCount - bufferPosition);
          System.arraycopy(buffer, bufferPosition, destination, offset, take);
          bufferPosition += take;
          offset += take;
          left -= take;
        } else if (valuesDecoded == 0) {
          last = (int) firstValue;
          destination[offset++] = last;
          valuesDecoded = 1;
          left--;
        } else if (left >= nextMiniblockSize()) {
          int produced = decodeMiniblock(destination, offset);
          offset += produced;
          left -= produced;
        } else {
          bufferCount = decodeMiniblock(buffer, 0);
          bufferPosition = 0;
        }
      }
      valuesDelivered += count;
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain(what, count, valuesRemaining());
      int left = count;
      while (left > 0) {
        if (bufferPosition < bufferCount) {
          int take = Math.min(left, bufferCount - bufferPosition);
          bufferPosition += take;
          left -= take;
        } else if (valuesDecoded == 0) {
          last = (int) firstValue;
          valuesDecoded = 1;
          left--;
        } else {
          bufferCount = decodeMiniblock(buffer, 0);
          bufferPosition = 0;
        }
      }
      valuesDelivered += count;
    }

    private int decodeMiniblock(int[] target, int offset) throws ParquetCorruptionException {
      int count = beginMiniblock();
      kernels.unpackInts(cursor.page(), miniblockDataOffset, target, offset, count, miniblockBitWidth);
      last = kernels.deltaPrefixSumInts(target, offset, count, (int) minDelta, last);
      return count;
    }
  }

  /** INT64 values, decoded to {@code long[]} in wrapping 64-bit arithmetic. */
  public static final class Int64 extends DeltaBinaryPackedDecoder<long[]> {
    private long[] buffer = new long[0];
    private int bufferPosition;
    private int bufferCount;
    private long last;

    public Int64(ParquetKernels kernels) {
      super(kernels, 64, "DELTA_BINARY_PACKED INT64");
    }

    @Override
    void resetBuffer(int capacity) {
      if (buffer.length < capacity) {
        buffer = new long[capacity];
      }
      bufferPosition = 0;
      bufferCount = 0;
    }

    @Override
    public void read(long[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain(what, count, valuesRemaining());
      Objects.checkFromIndexSize(destinationOffset, count, destination.length);
      int offset = destinationOffset;
      int left = count;
      while (left > 0) {
        if (bufferPosition < bufferCount) {
          int take = Math.min(left, bufferCount - bufferPosition);
          System.arraycopy(buffer, bufferPosition, destination, offset, take);
          bufferPosition += take;
          offset += take;
          left -= take;
        } else if (valuesDecoded == 0) {
          last = firstValue;
          destination[offset++] = last;
          valuesDecoded = 1;
          left--;
        } else if (left >= nextMiniblockSize()) {
          int produced = decodeMiniblock(destination, offset);
          offset += produced;
          left -= produced;
        } else {
          bufferCount = decodeMiniblock(buffer, 0);
          bufferPosition = 0;
        }
      }
      valuesDelivered += count;
    }

    @Override
    public void skip(int count) throws ParquetCorruptionException {
      PageCursor.checkValuesRemain(what, count, valuesRemaining());
      int left = count;
      while (left > 0) {
        if (bufferPosition < bufferCount) {
          int take = Math.min(left, bufferCount - bufferPosition);
          bufferPosition += take;
          left -= take;
        } else if (valuesDecoded == 0) {
          last = firstValue;
          valuesDecoded = 1;
          left--;
        } else {
          bufferCount = decodeMiniblock(buffer, 0);
          bufferPosition = 0;
        }
      }
      valuesDelivered += count;
    }

    private int decodeMiniblock(long[] target, int offset) throws ParquetCorruptionException {
      int count = beginMiniblock();
      kernels.unpackLongs(cursor.page(), miniblockDataOffset, target, offset, count, miniblockBitWidth);
      last = kernels.deltaPrefixSumLongs(target, offset, count, minDelta, last);
      return count;
    }
  }
}
