package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * Decoder of the RLE / bit-packing hybrid, the encoding of repetition and definition levels, of dictionary
 * indices (behind {@link DictionaryIndexDecoder}) and of BOOLEAN values under the RLE encoding (behind
 * {@link RleBooleanDecoder}). It decodes to unsigned values in {@code int}s. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#run-length-encoding--bit-packing-hybrid-rle--3">
 * Encodings.md, Run Length Encoding / Bit-Packing Hybrid (RLE = 3)</a>:
 *
 * <pre>
 * rle-bit-packed-hybrid: &lt;length&gt; &lt;encoded-data&gt;
 * length := length of the &lt;encoded-data&gt; in bytes stored as 4 bytes little endian (unsigned int32)
 * encoded-data := &lt;run&gt;*
 * run := &lt;bit-packed-run&gt; | &lt;rle-run&gt;
 * bit-packed-run := &lt;bit-packed-header&gt; &lt;bit-packed-values&gt;
 * bit-packed-header := varint-encode(&lt;bit-pack-scaled-run-len&gt; &lt;&lt; 1 | 1)
 * bit-pack-scaled-run-len := (bit-packed-run-len) / 8
 * rle-run := &lt;rle-header&gt; &lt;repeated-value&gt;
 * rle-header := varint-encode( (rle-run-len) &lt;&lt; 1)
 * repeated-value := value that is repeated, using a fixed-width of round-up-to-next-byte(bit-width)
 * </pre>
 *
 * This decoder reads {@code <encoded-data>} only; where a page kind prepends {@code <length>} (levels of data
 * page v1, BOOLEAN values) the caller reads it with {@link #readLengthPrefix}. RLE runs become
 * {@link Arrays#fill} calls and bit-packed runs go through {@link ParquetKernels#unpackInts} eight values (one
 * group) at a time or more.
 *
 * <p>Every run header is checked before use: an RLE run may not claim more values than the page has left, a
 * bit-packed run may not claim more groups than those values need (the last group may be padding), its bytes
 * must be in the page, and a repeated value must fit in the bit width.
 */
public final class RleBitPackedHybridDecoder implements ValueDecoder<int[]> {
  private static final int GROUP = 8;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final ParquetKernels kernels;
  private final int[] group = new int[GROUP];
  private int bitWidth;
  private String what = "RLE/bit-packed hybrid";

  private byte[] page = new byte[0];
  private int position;
  private int limit;
  private int valuesRemaining;

  private boolean inRleRun;
  private int runRemaining;
  private int rleValue;
  private int packedPosition;
  private int unpackedRemaining;
  private int groupIndex;
  private int groupFilled;

  /**
   * @param kernels the bit-unpacking kernels
   * @param bitWidth the width of every value, 0 to 32; {@link #init(byte[], int, int, int, int)} may change it
   */
  public RleBitPackedHybridDecoder(ParquetKernels kernels, int bitWidth) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    checkBitWidthArgument(bitWidth);
    this.bitWidth = bitWidth;
  }

  /** The bit width in use. */
  public int bitWidth() {
    return bitWidth;
  }

  /**
   * Reads the 4-byte little-endian {@code <length>} that precedes {@code <encoded-data>} in data page v1 levels
   * and in BOOLEAN RLE values, and returns it after checking that many bytes follow it within {@code length}.
   * The encoded data then starts at {@code offset + 4}.
   */
  public static int readLengthPrefix(byte[] page, int offset, int length) throws ParquetCorruptionException {
    Objects.checkFromIndexSize(offset, length, page.length);
    if (length < 4) {
      throw ParquetCorruptionException.of(
          "RLE/bit-packed hybrid: expected a 4-byte length prefix but only %d bytes remain", length);
    }
    long encodedLength = ((page[offset] & 0xFF) | (page[offset + 1] & 0xFF) << 8 | (page[offset + 2] & 0xFF) << 16
        | (long) (page[offset + 3] & 0xFF) << 24);
    if (encodedLength > length - 4) {
      throw ParquetCorruptionException.of(
          "RLE/bit-packed hybrid: length prefix says %d bytes of encoded data but only %d bytes follow it",
          encodedLength, length - 4);
    }
    return (int) encodedLength;
  }

  @Override
  public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
    init(page, offset, length, valueCount, bitWidth);
  }

  /** As {@link #init(byte[], int, int, int)} with a new bit width (0 to 32). */
  public void init(byte[] page, int offset, int length, int valueCount, int bitWidth)
      throws ParquetCorruptionException {
    Objects.checkFromIndexSize(offset, length, page.length);
    PageCursor.checkValueCount(what, valueCount);
    checkBitWidthArgument(bitWidth);
    this.bitWidth = bitWidth;
    this.page = page;
    this.position = offset;
    this.limit = offset + length;
    this.valuesRemaining = valueCount;
    this.runRemaining = 0;
    this.groupIndex = 0;
    this.groupFilled = 0;
  }

  /** Names the stream (e.g. "definition levels") in error messages. */
  public RleBitPackedHybridDecoder describedAs(String what) {
    this.what = Objects.requireNonNull(what, "what");
    return this;
  }

  /** Values not yet read or skipped. */
  public int valuesRemaining() {
    return valuesRemaining;
  }

  @Override
  public void read(int[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(what, count, valuesRemaining);
    Objects.checkFromIndexSize(destinationOffset, count, destination.length);
    int offset = destinationOffset;
    int left = count;
    while (left > 0) {
      if (runRemaining == 0) {
        int whole = readShortRuns(destination, offset, left);
        offset += whole;
        left -= whole;
        if (left > 0) {
          readRunHeader();
        }
        continue;
      }
      int take = Math.min(left, runRemaining);
      if (inRleRun) {
        Arrays.fill(destination, offset, offset + take, rleValue);
      } else {
        readPacked(destination, offset, take);
      }
      offset += take;
      left -= take;
      runRemaining -= take;
      valuesRemaining -= take;
    }
  }

  /**
   * Consumes the next {@code count} values when they all lie in one RLE run repeating {@code value} (the levels
   * of a page without nulls), and returns true; otherwise returns false and the values are still to be read (a
   * run header read ahead stays with the decoder). Nothing is written: the caller knows every value.
   */
  public boolean skipRun(int count, int value) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(what, count, valuesRemaining);
    if (count == 0) {
      return true;
    }
    if (runRemaining == 0) {
      readRunHeader();
    }
    if (!inRleRun || rleValue != value || runRemaining < count) {
      return false;
    }
    runRemaining -= count;
    valuesRemaining -= count;
    return true;
  }

  /**
   * For a bit width of 1 (the definition levels of a flat optional column): reads the next {@code count} values as
   * the bits {@code 0} to {@code count - 1} of {@code bitmap} (LSB first, as Arrow's validity) and returns how many
   * are 1. A bit-packed run's bytes are that bitmap already and are copied a byte at a time, an RLE run filled.
   *
   * @throws ParquetCorruptionException the stream is malformed
   */
  public int readBits(byte[] bitmap, int count) throws ParquetCorruptionException {
    if (bitWidth != 1) {
      throw new IllegalStateException(what + ": readBits needs a bit width of 1, not " + bitWidth);
    }
    PageCursor.checkValuesRemain(what, count, valuesRemaining);
    Objects.checkFromIndexSize(0, (count + 7) >>> 3, bitmap.length);
    int ones = 0;
    int bit = 0;
    while (bit < count) {
      if (runRemaining == 0) {
        readRunHeader();
        continue;
      }
      int take = Math.min(count - bit, runRemaining);
      if (inRleRun) {
        Bitmaps.fill(bitmap, bit, take, rleValue != 0);
        ones += rleValue != 0 ? take : 0;
      } else {
        ones += readPackedBits(bitmap, bit, take);
      }
      bit += take;
      runRemaining -= take;
      valuesRemaining -= take;
    }
    return ones;
  }

  /** {@link #readPacked} for a bit width of 1, into bits {@code bit} on of {@code bitmap}; returns the ones. */
  private int readPackedBits(byte[] bitmap, int bit, int count) {
    int ones = 0;
    int buffered = Math.min(count, groupFilled - groupIndex);
    for (int i = 0; i < buffered; i++) {
      int value = group[groupIndex++];
      Bitmaps.fill(bitmap, bit++, 1, value != 0);
      ones += value;
    }
    int left = count - buffered;
    int wholeGroups = left / GROUP;
    if (wholeGroups > 0) {
      // One byte per group of eight: the run's bytes for these values were checked when its header was read.
      ones += Bitmaps.copy(page, packedPosition * 8, bitmap, bit, wholeGroups * GROUP);
      packedPosition += wholeGroups;
      unpackedRemaining -= wholeGroups * GROUP;
      bit += wholeGroups * GROUP;
      left -= wholeGroups * GROUP;
    }
    if (left > 0) {
      fillGroup();
      for (int i = 0; i < left; i++) {
        int value = group[i];
        Bitmaps.fill(bitmap, bit++, 1, value != 0);
        ones += value;
      }
      groupIndex = left;
    }
    return ones;
  }

  /**
   * Reads like {@link #read} and returns how many of the values equal {@code target}, rejecting any value above
   * it (unsigned): one step for levels, which must not exceed the column's maximum level and whose count at the
   * maximum is the number of values present. An RLE run is counted and checked once, not value by value, so a
   * page without nulls (one run of the maximum level) costs no pass over its levels beyond the fill.
   *
   * @throws ParquetCorruptionException a value exceeds {@code target}, or the stream is malformed
   */
  public int readCountingEqual(int[] destination, int destinationOffset, int count, int target)
      throws ParquetCorruptionException {
    return readCounting(destination, destinationOffset, count, target, target);
  }

  /**
   * Reads like {@link #read} and returns how many of the values equal {@code counted}, rejecting any value above
   * {@code maximum} (unsigned): for repetition levels, which must not exceed the column's maximum and whose zeros
   * are the record starts, {@code readCounting(levels, 0, n, 0, maxRepetitionLevel)}. Runs are counted and checked
   * as in {@link #readCountingEqual}.
   *
   * @throws ParquetCorruptionException a value exceeds {@code maximum}, or the stream is malformed
   */
  public int readCounting(int[] destination, int destinationOffset, int count, int counted, int maximum)
      throws ParquetCorruptionException {
    return CheckedRunReads.readCounting(this, destination, destinationOffset, count, counted, maximum);
  }

  /**
   * Reads like {@link #read} and checks every value is below {@code bound} (unsigned), as dictionary indices must
   * be: an RLE run is checked once, a bit-packed run by one branch-free pass over the values just unpacked.
   *
   * @return -1 when every value is below {@code bound}, otherwise the first value found that is not (unsigned)
   */
  public long readCheckingBelow(int[] destination, int destinationOffset, int count, int bound)
      throws ParquetCorruptionException {
    return CheckedRunReads.readCheckingBelow(this, destination, destinationOffset, count, bound);
  }

  /**
   * Moves past the next {@code count} values and writes to {@code destination} from 0 on only those at
   * {@code picks[first, first + pickCount)} (ascending, relative to the next value, each below {@code count}),
   * checking each kept value below {@code bound} (unsigned) as {@link #readCheckingBelow} does: a bit-packed value
   * is read from its own bits, not unpacked with its group, and runs without a pick are passed over by their
   * headers. For a few values of a page, as a filtered read keeps.
   *
   * @return -1 when every kept value is below {@code bound}, otherwise the first kept value that is not (unsigned)
   */
  public long readPickedCheckingBelow(int count, int[] picks, int first, int pickCount, int[] destination,
      int bound) throws ParquetCorruptionException {
    return CheckedRunReads.readPickedCheckingBelow(this, count, picks, first, pickCount, destination, bound);
  }

  // Run state and primitives for CheckedRunReads' run walks; trivial and on a final class, so the JIT inlines them.
  String what() {
    return what;
  }

  ParquetKernels kernels() {
    return kernels;
  }

  /** Values left in the current run; 0 between runs, when {@link #readRunHeader} comes next. */
  int runRemaining() {
    return runRemaining;
  }

  boolean inRleRun() {
    return inRleRun;
  }

  int rleValue() {
    return rleValue;
  }

  /** Marks the next {@code count} values of the current run (no more than it has left) as read. */
  void consumeRun(int count) {
    runRemaining -= count;
    valuesRemaining -= count;
  }

  /**
   * The value {@code index} values past the next one of the current bit-packed run, not moving: buffered, or read
   * from its own bits, within the bytes checked when the run began (the bytes read past them are masked off).
   */
  int packedValueAhead(int index) {
    int buffered = groupFilled - groupIndex;
    if (index < buffered) {
      return group[groupIndex + index];
    }
    long bit = (long) (index - buffered) * bitWidth;
    int at = packedPosition + (int) (bit >>> 3);
    long word;
    if (page.length - at >= Long.BYTES) {
      word = (long) LONGS.get(page, at);
    } else {
      word = 0;
      for (int i = 0; i < page.length - at; i++) {
        word |= (long) (page[at + i] & 0xFF) << (8 * i);
      }
    }
    return (int) ((word >>> (bit & 7)) & ((1L << bitWidth) - 1));
  }

  @Override
  public void skip(int count) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(what, count, valuesRemaining);
    int left = count;
    while (left > 0) {
      if (runRemaining == 0) {
        readRunHeader();
        continue;
      }
      int take = Math.min(left, runRemaining);
      if (!inRleRun) {
        skipPacked(take);
      }
      left -= take;
      runRemaining -= take;
      valuesRemaining -= take;
    }
  }

  /**
   * Decodes whole runs with a one-byte header (RLE runs of fewer than 64 values, bit-packed runs of fewer than 64
   * groups) into {@code destination[offset, +left)} while each fits there whole, and returns how many values it
   * wrote. Called between runs; it stops at the first header of another kind, at a run that does not fit or at
   * anything the checks of {@link #readRunHeader} would reject, leaving that header for the general path.
   *
   * <p>Why: writers that start an RLE run at every repeat of eight (parquet-java, Arrow C++) leave nested and
   * nullable levels in runs of 10 to 30 values, and the general path's per-run state (fields written back per run,
   * the group buffer, a header parser for five-byte varints) cost more than the values. With this loop such levels
   * decode in a little over half the time (docs/decisions/0021-reader-short-level-runs.md).
   */
  int readShortRuns(int[] destination, int offset, int left) {
    int width = bitWidth;
    if (width == 0) {
      return 0;
    }
    byte[] bytes = page;
    int at = position;
    int end = offset + left;
    int start = offset;
    int valueBytes = (width + 7) >>> 3;
    while (at < limit) {
      int header = bytes[at];
      if (header <= 0) {
        break; // a header of two bytes or more, or an empty RLE run
      }
      if ((header & 1) == 0) {
        int run = header >>> 1;
        if (run > end - offset || valueBytes >= limit - at) {
          break;
        }
        int value = 0;
        for (int i = 0; i < valueBytes; i++) {
          value |= (bytes[at + 1 + i] & 0xFF) << (8 * i);
        }
        if (width < 32 && (value >>> width) != 0) {
          break;
        }
        Arrays.fill(destination, offset, offset + run, value);
        offset += run;
        at += 1 + valueBytes;
      } else {
        int groups = header >>> 1;
        int run = groups * GROUP;
        if (run > end - offset || groups * width > limit - at - 1) {
          break;
        }
        kernels.unpackInts(bytes, at + 1, destination, offset, run, width);
        offset += run;
        at += 1 + groups * width;
      }
    }
    position = at;
    valuesRemaining -= offset - start;
    return offset - start;
  }

  void readPacked(int[] destination, int offset, int count) {
    int buffered = Math.min(count, groupFilled - groupIndex);
    if (buffered > 0) {
      System.arraycopy(group, groupIndex, destination, offset, buffered);
      groupIndex += buffered;
      offset += buffered;
      count -= buffered;
    }
    int wholeGroups = count / GROUP;
    if (wholeGroups > 0) {
      // The run's bytes for these values were checked when its header was read.
      kernels.unpackInts(page, packedPosition, destination, offset, wholeGroups * GROUP, bitWidth);
      packedPosition += wholeGroups * bitWidth;
      unpackedRemaining -= wholeGroups * GROUP;
      offset += wholeGroups * GROUP;
      count -= wholeGroups * GROUP;
    }
    if (count > 0) {
      fillGroup();
      System.arraycopy(group, 0, destination, offset, count);
      groupIndex = count;
    }
  }

  void skipPacked(int count) {
    int buffered = Math.min(count, groupFilled - groupIndex);
    groupIndex += buffered;
    count -= buffered;
    int wholeGroups = count / GROUP;
    packedPosition += wholeGroups * bitWidth;
    unpackedRemaining -= wholeGroups * GROUP;
    count -= wholeGroups * GROUP;
    if (count > 0) {
      fillGroup();
      groupIndex = count;
    }
  }

  /** Decodes the next group of the current bit-packed run (eight values, fewer at the end of the page). */
  private void fillGroup() {
    int valid = Math.min(GROUP, unpackedRemaining);
    // Reads exactly ceil(valid * bitWidth / 8) bytes, all within the bytes checked when the run began.
    kernels.unpackInts(page, packedPosition, group, 0, valid, bitWidth);
    packedPosition += bitWidth;
    unpackedRemaining -= valid;
    groupIndex = 0;
    groupFilled = valid;
  }

  void readRunHeader() throws ParquetCorruptionException {
    if (position >= limit && bitWidth == 0) {
      // Some writers omit the runs entirely when every value is 0 (a one-entry dictionary): nothing to read.
      inRleRun = true;
      rleValue = 0;
      runRemaining = valuesRemaining;
      return;
    }
    int headerOffset = position;
    long header = readRunHeaderVarInt();
    long runLength = header >>> 1;
    if ((header & 1) == 0) {
      if (runLength > valuesRemaining) {
        throw ParquetCorruptionException.of(
            "%s: RLE run at offset %d claims %d values but only %d remain", what, headerOffset, runLength,
            valuesRemaining);
      }
      int valueBytes = (bitWidth + 7) >>> 3;
      if (valueBytes > limit - position) {
        throw ParquetCorruptionException.of(
            "%s: RLE run at offset %d needs a %d-byte repeated value but only %d bytes remain", what, headerOffset,
            valueBytes, limit - position);
      }
      long value = 0;
      for (int i = 0; i < valueBytes; i++) {
        value |= (long) (page[position + i] & 0xFF) << (8 * i);
      }
      position += valueBytes;
      if (bitWidth < 32 && (value >>> bitWidth) != 0) {
        throw ParquetCorruptionException.of(
            "%s: RLE run at offset %d repeats value %d, which does not fit in bit width %d", what, headerOffset,
            value, bitWidth);
      }
      inRleRun = true;
      rleValue = (int) value;
      runRemaining = (int) runLength;
    } else {
      // A bit-packed run may declare more groups than the values that remain: writers pad the last run (DuckDB
      // 1.4 writes 32 groups for 10 remaining levels) and Arrow C++ reads such pages. Only the values needed are
      // unpacked, and the bytes they need are checked below; the padding is skipped up to the page end.
      long groups = runLength;
      int used = (int) Math.min(groups * GROUP, valuesRemaining);
      long neededBytes = ((long) used * bitWidth + 7) >>> 3;
      if (neededBytes > limit - position) {
        throw ParquetCorruptionException.of(
            "%s: bit-packed run at offset %d needs %d bytes for %d values of bit width %d but only %d remain", what,
            headerOffset, neededBytes, used, bitWidth, limit - position);
      }
      inRleRun = false;
      runRemaining = used;
      unpackedRemaining = used;
      packedPosition = position;
      groupIndex = 0;
      groupFilled = 0;
      position = (int) Math.min(limit, position + groups * bitWidth);
    }
  }

  private long readRunHeaderVarInt() throws ParquetCorruptionException {
    long value = 0;
    int start = position;
    for (int shift = 0; shift < 35; shift += 7) {
      if (position >= limit) {
        throw ParquetCorruptionException.of(
            "%s: expected a run header at offset %d (%d values still to decode) but the data ends at offset %d",
            what, start, valuesRemaining, limit);
      }
      int b = page[position++] & 0xFF;
      value |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        if (value > 0xFFFFFFFFL) {
          throw ParquetCorruptionException.of(
              "%s: run header varint at offset %d exceeds 32 bits (%d)", what, start, value);
        }
        return value;
      }
    }
    throw ParquetCorruptionException.of(
        "%s: run header varint at offset %d is longer than 5 bytes", what, start);
  }

  private static void checkBitWidthArgument(int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new IllegalArgumentException("RLE/bit-packed hybrid bit width must be 0 to 32, was " + bitWidth);
    }
  }
}
