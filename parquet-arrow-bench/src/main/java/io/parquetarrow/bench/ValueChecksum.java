package io.parquetarrow.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * An engine-independent fingerprint of a file's values, so the side-by-side runner can show that every engine
 * read the same data: each engine feeds it the leaf values it materialised, in the terms of the Parquet physical
 * type, whatever its own in-memory representation is.
 *
 * <p>Each leaf column (numbered depth-first through the schema, as Parquet numbers its column chunks) has its own
 * rolling 64-bit hash over its <em>present</em> values (definition level equal to the column's maximum: not null
 * and not under a null or empty parent) in file order: integers (INT32/INT64, including dates, and the unscaled
 * value of decimals whatever their physical type: a decimal in a FIXED_LEN_BYTE_ARRAY counts as its value, not as
 * bytes, see {@link #unscaledLowBits}), {@code Double.doubleToRawLongBits} of floating-point values (floats
 * widened to double), booleans, and byte arrays with their length and every byte. So two values swapped within a
 * column, a batch delivered out of order or one wrong byte anywhere in a string change the checksum. An engine
 * selects the column with {@link #column(int)} before adding its values, and may interleave columns (batch by
 * batch, row by row or column by column) as long as each column's values come in file order. Also counted, for
 * the printed summary: rows, present values and bytes of byte arrays.
 *
 * <p>Not thread-safe.
 */
public final class ValueChecksum {
  private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;
  private static final long SEED = 0x2545F4914F6CDD1DL;
  /** Eight bytes as one word, the first byte highest. */
  private static final VarHandle BIG_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

  private long rows;
  private long values;
  private long byteCount;
  private long[] columnHashes = new long[0];
  private int column;

  public void addRows(long count) {
    rows += count;
  }

  /** Makes {@code leaf} (depth-first leaf column number, from 0) the column that the next values belong to. */
  public void column(int leaf) {
    if (leaf >= columnHashes.length) {
      int old = columnHashes.length;
      columnHashes = Arrays.copyOf(columnHashes, Math.max(leaf + 1, old * 2));
      Arrays.fill(columnHashes, old, columnHashes.length, SEED);
    }
    column = leaf;
  }

  public void addInteger(long value) {
    values++;
    roll(value);
  }

  public void addDouble(double value) {
    values++;
    roll(Double.doubleToRawLongBits(value));
  }

  public void addBoolean(boolean value) {
    values++;
    roll(value ? 1 : 0);
  }

  /**
   * Adds the byte array {@code bytes[offset, offset + length)} as one value: a polynomial hash over its length and
   * its bytes taken eight at a time (the first byte highest, a short last word zero-extended), so one changed,
   * moved or missing byte changes it. One multiply per eight bytes keeps the checksum's cost well below any
   * reader's cost for the same bytes.
   */
  public void addBinary(byte[] bytes, int offset, int length) {
    values++;
    byteCount += length;
    long hash = length;
    int index = 0;
    for (; index + 8 <= length; index += 8) {
      hash = (hash + (long) BIG_ENDIAN_LONGS.get(bytes, offset + index)) * MULTIPLIER;
    }
    if (index < length && length >= 8) {
      // The short last word as the low bytes of the eight bytes ending the value: one load, not one per byte.
      long last = (long) BIG_ENDIAN_LONGS.get(bytes, offset + length - 8);
      hash = (hash + (last & lowBytes(length - index))) * MULTIPLIER;
    } else if (index < length) {
      long word = 0;
      for (; index < length; index++) {
        word = (word << 8) | (bytes[offset + index] & 0xFF);
      }
      hash = (hash + word) * MULTIPLIER;
    }
    roll(hash);
  }

  /**
   * Adds the {@code length} bytes at off-heap {@code address} as one value, exactly as
   * {@link #addBinary(byte[], int, int)} adds the same bytes from the heap. The caller guarantees the bytes are
   * readable (this reads them without bounds checks).
   */
  public void addBinaryAt(long address, int length) {
    values++;
    byteCount += length;
    long hash = length;
    int index = 0;
    for (; index + 8 <= length; index += 8) {
      long word = MemoryUtil.getLong(address + index);
      hash = (hash + (LITTLE_ENDIAN ? Long.reverseBytes(word) : word)) * MULTIPLIER;
    }
    if (index < length && length >= 8) {
      long word = MemoryUtil.getLong(address + length - 8);
      long last = LITTLE_ENDIAN ? Long.reverseBytes(word) : word;
      hash = (hash + (last & lowBytes(length - index))) * MULTIPLIER;
    } else if (index < length) {
      long word = 0;
      for (; index < length; index++) {
        word = (word << 8) | (MemoryUtil.getByte(address + index) & 0xFF);
      }
      hash = (hash + word) * MULTIPLIER;
    }
    roll(hash);
  }

  /** A mask of the low {@code count} bytes, {@code count} from 1 to 7. */
  private static long lowBytes(int count) {
    return -1L >>> (64 - 8 * count);
  }

  private void roll(long value) {
    if (columnHashes.length == 0) {
      column(0);
    }
    long hash = (columnHashes[column] ^ mix(value)) * MULTIPLIER;
    columnHashes[column] = Long.rotateLeft(hash, 29);
  }

  /** The finaliser of SplitMix64: spreads every input bit over the output, so sums of values do not cancel. */
  private static long mix(long value) {
    long z = value;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /**
   * The low 64 bits of a big-endian two's complement integer (a Parquet decimal stored as bytes), sign-extended
   * when shorter than eight bytes: equal to the unscaled value whenever that fits in a long.
   */
  public static long unscaledLowBits(byte[] bytes, int offset, int length) {
    if (length == 0) {
      return 0;
    }
    long value = bytes[offset] < 0 ? -1L : 0L;
    for (int index = Math.max(0, length - 8); index < length; index++) {
      value = (value << 8) | (bytes[offset + index] & 0xFF);
    }
    return value;
  }

  public long rows() {
    return rows;
  }

  public long values() {
    return values;
  }

  public long byteCount() {
    return byteCount;
  }

  /** One number mixing every component, for a short column in a table. */
  public long digest() {
    long hash = mix(rows) ^ Long.rotateLeft(mix(values), 17) ^ Long.rotateLeft(mix(byteCount), 37);
    for (long columnHash : touchedColumns()) {
      hash = Long.rotateLeft(hash ^ columnHash, 27) * 0x94D049BB133111EBL;
    }
    return hash;
  }

  /** True when every component, each column's hash included, equals {@code other}'s. */
  public boolean matches(ValueChecksum other) {
    return rows == other.rows && values == other.values && byteCount == other.byteCount
        && Arrays.equals(touchedColumns(), other.touchedColumns());
  }

  /** The column hashes without trailing columns that received no value (an engine need not select those). */
  private long[] touchedColumns() {
    int length = columnHashes.length;
    while (length > 0 && columnHashes[length - 1] == SEED) {
      length--;
    }
    return Arrays.copyOf(columnHashes, length);
  }

  @Override
  public String toString() {
    return String.format("rows=%d values=%d bytes=%d columns=%d digest=%016x", rows, values, byteCount,
        touchedColumns().length, digest());
  }
}
