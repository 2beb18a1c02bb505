package io.parquetarrow.encodings;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encoder of the RLE / bit-packing hybrid (grammar quoted in {@link RleBitPackedHybridDecoder}), for levels,
 * dictionary indices and RLE booleans. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#run-length-encoding--bit-packing-hybrid-rle--3">
 * Encodings.md, Run Length Encoding / Bit-Packing Hybrid (RLE = 3)</a>.
 *
 * <p>Values are kept until {@link #flush}, which then chooses the runs: a value repeated at least eight times
 * becomes an RLE run (in the middle of bit-packed values only when the repeat is long enough to pay for the split,
 * see {@link #splitRun}), everything else goes into bit-packed runs of whole groups of eight (a pending bit-packed
 * run borrows values from the next repeat to complete its last group; the final group is padded with zeros,
 * which readers ignore since they know the value count). Packing goes through {@link ParquetKernels#packInts}.
 * {@link #flush} writes {@code <encoded-data>} alone; {@link #flushWithLengthPrefix} prepends the 4-byte
 * {@code <length>} (data page v1 levels, BOOLEAN values) and {@link #flushWithBitWidth} the 1-byte bit width of
 * dictionary indices.
 */
public final class RleBitPackedHybridEncoder implements ValueEncoder<int[]> {
  private static final int GROUP = 8;

  private final ParquetKernels kernels;
  private final int bitWidth;
  /**
   * What an RLE run in the middle of bit-packed values costs, counted in bits of packed values: its bytes (its
   * header, its value and the header of the bit-packed run after it, about 24 bits for narrow values) and a
   * reader's work per run, worth far more packed values than that. A repeat stays packed unless it saves more.
   */
  private static final int SPLIT_COST_BITS = 128;
  /**
   * The shortest repeat that interrupts a bit-packed run: eight, or as many values as {@link #SPLIT_COST_BITS}
   * hold when that is more (128 at bit width 1, 64 at width 2, 16 at width 8). Counting the byte cost alone still
   * left nested levels in thousands of short runs per column, each paid for by every reader; the measurements
   * behind 128 are in docs/decisions/0020-writer-level-runs.md.
   */
  private final int splitRun;
  private final ByteSink sink = new ByteSink(64);
  private int[] values = new int[64];
  private int count;

  /** @param bitWidth bits per value, 0 to 32; every value put must fit */
  public RleBitPackedHybridEncoder(ParquetKernels kernels, int bitWidth) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    if (bitWidth < 0 || bitWidth > 32) {
      throw new IllegalArgumentException("RLE/bit-packed hybrid bit width must be 0 to 32, was " + bitWidth);
    }
    this.bitWidth = bitWidth;
    this.splitRun = Math.max(GROUP, (SPLIT_COST_BITS + Math.max(bitWidth, 1) - 1) / Math.max(bitWidth, 1));
  }

  public int bitWidth() {
    return bitWidth;
  }

  @Override
  public void put(int[] source, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, source.length);
    if (bitWidth < 32) {
      // One OR over the values (a loop the JIT vectorizes) proves them all in range; only a failure looks closer.
      int union = 0;
      for (int i = offset; i < offset + count; i++) {
        union |= source[i];
      }
      for (int i = offset; (union >>> bitWidth) != 0 && i < offset + count; i++) {
        if ((source[i] >>> bitWidth) != 0) {
          throw new IllegalArgumentException(
              "value " + Integer.toUnsignedString(source[i]) + " does not fit in bit width " + bitWidth);
        }
      }
    }
    ensureCapacity((long) this.count + count + GROUP);
    System.arraycopy(source, offset, values, this.count, count);
    this.count += count;
  }

  @Override
  public int valueCount() {
    return count;
  }

  @Override
  public ByteSlice flush() {
    sink.reset();
    encode();
    return finish();
  }

  /** As {@link #flush}, with the 4-byte little-endian length of the encoded data in front. */
  public ByteSlice flushWithLengthPrefix() {
    sink.reset();
    sink.reserve(4);
    encode();
    int encodedLength = sink.length() - 4;
    byte[] buffer = sink.buffer();
    buffer[0] = (byte) encodedLength;
    buffer[1] = (byte) (encodedLength >>> 8);
    buffer[2] = (byte) (encodedLength >>> 16);
    buffer[3] = (byte) (encodedLength >>> 24);
    return finish();
  }

  /** As {@link #flush}, with the 1-byte bit width in front: the dictionary indices of a data page. */
  public ByteSlice flushWithBitWidth() {
    sink.reset();
    sink.writeByte(bitWidth);
    encode();
    return finish();
  }

  private ByteSlice finish() {
    count = 0;
    return sink.slice();
  }

  private void encode() {
    int n = count;
    ensureCapacity((long) n + GROUP);
    Arrays.fill(values, n, n + GROUP, 0); // padding of the last bit-packed group
    int literalStart = 0;
    int i = 0;
    while (i < n) {
      int value = values[i];
      int run = 1;
      while (i + run < n && values[i + run] == value) {
        run++;
      }
      if (run >= (i > literalStart ? splitRun : GROUP)) {
        int pending = i - literalStart;
        if (pending > 0) {
          int borrow = (GROUP - pending % GROUP) % GROUP;
          writeBitPacked(literalStart, pending + borrow);
          i += borrow;
          run -= borrow;
        }
        writeRle(value, run);
        i += run;
        literalStart = i;
      } else {
        i += run;
      }
    }
    if (n > literalStart) {
      writeBitPacked(literalStart, n - literalStart);
    }
  }

  private void writeBitPacked(int start, int length) {
    int groups = (length + GROUP - 1) / GROUP;
    sink.writeUnsignedVarInt(((long) groups << 1) | 1);
    int at = sink.reserve((long) groups * bitWidth);
    kernels.packInts(values, start, groups * GROUP, bitWidth, sink.buffer(), at);
  }

  private void writeRle(int value, int run) {
    sink.writeUnsignedVarInt((long) run << 1);
    for (int b = 0, bytes = (bitWidth + 7) >>> 3; b < bytes; b++) {
      sink.writeByte(value >>> (8 * b));
    }
  }

  private void ensureCapacity(long needed) {
    if (needed > values.length) {
      if (needed > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("too many values in one page: " + needed);
      }
      values = Arrays.copyOf(values, (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 16, 2L * values.length)));
    }
  }
}
