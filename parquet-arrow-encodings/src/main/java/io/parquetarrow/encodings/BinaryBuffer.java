package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.ScalarKernels;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * The destination of BYTE_ARRAY decoders: a reusable list of variable-length values in Arrow's layout, one
 * {@code int} offset per value plus one ({@link #offsets()}, starting at 0 after {@link #reset()}) over one
 * {@code byte[]} of concatenated value bytes ({@link #data()}). {@code parquet-arrow-core} copies both halves into
 * an Arrow {@code VarBinaryVector} / {@code VarCharVector}.
 *
 * <p>Decoders append to it. Every append is sized from bytes a decoder has already checked against its page, so
 * the buffer only grows by what the page can justify; growth past what a 32-bit Arrow offset can address is
 * reported as a {@link ParquetCorruptionException} rather than attempted.
 */
public final class BinaryBuffer {
  /** From this data length on, the buffer grows by an eighth rather than doubling or projecting. */
  private static final long LARGE_DATA_LENGTH = 256L << 20;

  /**
   * Where a buffer takes the arrays it grows into and gives back the ones it outgrew, so that a reader can reuse
   * the arrays of readers before it instead of having the JVM allocate and zero new ones (decision record 0009).
   * Arrays taken may be longer than asked for and hold stale bytes; an array given back is never touched again by
   * the buffer.
   */
  public interface ArrayPool {
    /** A byte array of at least {@code length} entries. */
    byte[] bytes(int length);

    /** An int array of at least {@code length} entries. */
    int[] ints(int length);

    void give(byte[] array);

    void give(int[] array);
  }

  /** New arrays every time, nothing kept. */
  public static final ArrayPool NEW_ARRAYS = new ArrayPool() {
    @Override
    public byte[] bytes(int length) {
      return new byte[length];
    }

    @Override
    public int[] ints(int length) {
      return new int[length];
    }

    @Override
    public void give(byte[] array) {}

    @Override
    public void give(int[] array) {}
  };

  /** Drops the data array when it holds more than {@code bytes} of capacity, so an idle buffer does not keep it. */
  public void releaseDataAbove(long bytes) {
    if (data.length > bytes) {
      pool.give(data);
      data = new byte[COPY_SLACK];
      size = 0;
      offsets[0] = 0;
    }
  }

  /**
   * Forgets all values and gives both arrays back to the pool, keeping small new ones: for an owner that reads no
   * more for now (the buffer may be filled again afterwards).
   */
  public void release() {
    pool.give(offsets);
    pool.give(data);
    offsets = new int[16];
    data = new byte[COPY_SLACK];
    size = 0;
  }

  /** The largest data length a Java array (and a 32-bit Arrow offset) can hold, with headroom for the JVM. */
  static final int MAXIMUM_DATA_LENGTH = Integer.MAX_VALUE - 16;
  /**
   * Bytes {@link #copyValue} may touch past a value on either side (the kernels' span); values up to this long take
   * the fast path.
   */
  static final int COPY_SLACK = ParquetKernels.SHORT_VALUE_SPAN;
  /** How many times the bytes needed a projected growth may reserve. */
  private static final int PROJECTION_LIMIT = 8;
  static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  private final ArrayPool pool;
  private int[] offsets;
  private byte[] data;
  private int size;
  private int dataLimit = MAXIMUM_DATA_LENGTH;

  public BinaryBuffer() {
    this(16, 256);
  }

  /** An empty buffer that grows into arrays taken from {@code pool} and gives the outgrown ones back to it. */
  public BinaryBuffer(ArrayPool pool) {
    this(16, 256, pool);
  }

  /** Creates a buffer with room for {@code valueCapacity} values and {@code dataCapacity} bytes. */
  public BinaryBuffer(int valueCapacity, int dataCapacity) {
    this(valueCapacity, dataCapacity, NEW_ARRAYS);
  }

  private BinaryBuffer(int valueCapacity, int dataCapacity, ArrayPool pool) {
    if (valueCapacity < 0 || dataCapacity < 0) {
      throw new IllegalArgumentException("capacities must not be negative: " + valueCapacity + ", " + dataCapacity);
    }
    this.pool = Objects.requireNonNull(pool, "pool");
    offsets = new int[valueCapacity + 1];
    data = new byte[dataCapacity];
  }

  /**
   * Caps the data bytes this buffer may grow to. PLAIN and DELTA_LENGTH_BYTE_ARRAY values are bounded by their
   * page, but DELTA_BYTE_ARRAY repeats prefixes, so a small page can describe far more bytes than it holds; the
   * column reader sets its batch byte budget here so that such a page fails with
   * {@link ParquetCorruptionException} instead of exhausting the heap. Defaults to the largest Java array.
   */
  public void setDataLimit(int dataLimit) {
    if (dataLimit < 0 || dataLimit > MAXIMUM_DATA_LENGTH) {
      throw new IllegalArgumentException("data limit must be 0 to " + MAXIMUM_DATA_LENGTH + ", was " + dataLimit);
    }
    this.dataLimit = dataLimit;
  }

  /** Forgets all values, keeping the arrays for reuse. */
  public void reset() {
    size = 0;
    offsets[0] = 0;
  }

  /** The number of values held. */
  public int size() {
    return size;
  }

  /**
   * The offsets array: value {@code i} spans {@code data()[offsets()[i], offsets()[i + 1])}. Only the first
   * {@code size() + 1} entries are meaningful; the array may be longer.
   */
  public int[] offsets() {
    return offsets;
  }

  /** The value bytes; only the first {@link #dataLength()} bytes are meaningful. */
  public byte[] data() {
    return data;
  }

  /** The number of data bytes used. */
  public int dataLength() {
    return offsets[size];
  }

  /** The length of value {@code index}. */
  public int valueLength(int index) {
    Objects.checkIndex(index, size);
    return offsets[index + 1] - offsets[index];
  }

  /** A copy of value {@code index}, for tests and diagnostics. */
  public byte[] valueBytes(int index) {
    Objects.checkIndex(index, size);
    return Arrays.copyOfRange(data, offsets[index], offsets[index + 1]);
  }

  /** Appends {@code source[offset, offset + length)} as one new value. */
  public void append(byte[] source, int offset, int length) throws ParquetCorruptionException {
    Objects.checkFromIndexSize(offset, length, source.length);
    ensureAdditional(1, length);
    int end = offsets[size];
    System.arraycopy(source, offset, data, end, length);
    offsets[++size] = end + length;
  }

  /**
   * Keeps only the values at positions {@code picks[first, first + count)} minus {@code base} (ascending, distinct,
   * within the buffer), moved to the front in order: the values a filter selected among those decoded.
   */
  public void keep(int[] picks, int first, int count, int base) {
    int end = 0;
    int previous = -1;
    for (int i = 0; i < count; i++) {
      int index = picks[first + i] - base;
      if (index <= previous || index >= size) {
        throw new IllegalArgumentException("pick " + index + " is not ascending within " + size + " values");
      }
      previous = index;
      // offsets[index] and offsets[index + 1] are not yet overwritten: only offsets[1, i] were, and i <= index;
      // where i == index every value before it was kept in place, so offsets[i] holds its old value.
      int start = offsets[index];
      int length = offsets[index + 1] - start;
      System.arraycopy(data, start, data, end, length);
      end += length;
      offsets[i + 1] = end;
    }
    size = count;
  }

  /** Whether {@link #ensureAdditional} can reserve {@code byteCount} more data bytes within the data limit. */
  boolean canReserve(long byteCount) {
    return (long) offsets[size] + byteCount <= dataLimit;
  }

  /**
   * Makes the {@code valueCount} values that a decoder has written past the current end visible: their end
   * offsets are in {@code offsets()[size() + 1 .. size() + valueCount]} and their bytes in {@link #data()} up to
   * the last of them. The decoder reserved the room with {@link #ensureAdditional} and checked every length
   * against its page before writing, so this only moves the size.
   */
  void commit(int valueCount) {
    size += valueCount;
  }

  /**
   * Copies {@code length} bytes between two arrays; values of up to {@link #COPY_SLACK} bytes where both sides
   * have that many bytes to spare move as two, four or eight 8-byte words ({@link ScalarKernels#copyShortValue})
   * instead of through a {@code System.arraycopy} call, whose fixed cost dominates below a few dozen bytes. The
   * bytes written past {@code destinationOffset + length} are scratch that the next value (values are appended in
   * order) or nothing meaningful ever reads: only {@code data()[0, dataLength())} is the buffer's content.
   */
  static void copyValue(byte[] source, int sourceOffset, byte[] destination, int destinationOffset, int length) {
    copyValue(ScalarKernels.INSTANCE, source, sourceOffset, destination, destinationOffset, length);
  }

  /**
   * As {@link #copyValue(byte[], int, byte[], int, int)}, with short values moved by
   * {@code kernels.copyShortValue} (the vector kernels copy them without a branch on the length).
   */
  static void copyValue(
      ParquetKernels kernels, byte[] source, int sourceOffset, byte[] destination, int destinationOffset,
      int length) {
    if (length <= COPY_SLACK && sourceOffset <= source.length - COPY_SLACK
        && destinationOffset <= destination.length - COPY_SLACK) {
      kernels.copyShortValue(source, sourceOffset, destination, destinationOffset, length);
    } else {
      System.arraycopy(source, sourceOffset, destination, destinationOffset, length);
    }
  }

  /**
   * Copies 16 bytes (two words) from {@code source[sourceOffset]} to {@code destination[destinationOffset]}: a
   * value of at most 16 bytes where both arrays have {@link #COPY_SLACK} bytes to spare beyond it (the caller
   * checked once for a whole run of values).
   */
  static void copyWords16(byte[] source, int sourceOffset, byte[] destination, int destinationOffset) {
    WORDS.set(destination, destinationOffset, (long) WORDS.get(source, sourceOffset));
    WORDS.set(destination, destinationOffset + 8, (long) WORDS.get(source, sourceOffset + 8));
  }

  /** As {@link #copyWords16} for values of at most 32 bytes (four words). */
  static void copyWords32(byte[] source, int sourceOffset, byte[] destination, int destinationOffset) {
    copyWords16(source, sourceOffset, destination, destinationOffset);
    copyWords16(source, sourceOffset + 16, destination, destinationOffset + 16);
  }

  /** Appends one value made of {@code first[0, firstLength)} followed by {@code second[offset, offset + length)}. */
  void appendConcatenation(byte[] first, int firstLength, byte[] second, int offset, int length)
      throws ParquetCorruptionException {
    ensureAdditional(1, (long) firstLength + length);
    int end = offsets[size];
    System.arraycopy(first, 0, data, end, firstLength);
    System.arraycopy(second, offset, data, end + firstLength, length);
    offsets[++size] = end + firstLength + length;
  }

  /**
   * Makes room for {@code valueCount} more values and {@code byteCount} more data bytes. Decoders call it with
   * counts they have checked against their page, so one batch costs at most one growth of each array.
   */
  public void ensureAdditional(int valueCount, long byteCount) throws ParquetCorruptionException {
    if (valueCount < 0 || byteCount < 0) {
      throw new IllegalArgumentException("negative reservation: " + valueCount + " values, " + byteCount + " bytes");
    }
    long neededValues = (long) size + valueCount + 1;
    if (neededValues > offsets.length) {
      if (neededValues > MAXIMUM_DATA_LENGTH) {
        throw ParquetCorruptionException.of(
            "a batch of %d byte array values exceeds what one buffer can hold", neededValues - 1);
      }
      int[] grown = pool.ints((int) Math.min(MAXIMUM_DATA_LENGTH, Math.max(neededValues, (long) offsets.length * 2)));
      System.arraycopy(offsets, 0, grown, 0, size + 1);
      pool.give(offsets);
      offsets = grown;
    }
    long neededBytes = (long) offsets[size] + byteCount;
    if (neededBytes > data.length - COPY_SLACK) {
      if (neededBytes > dataLimit) {
        throw ParquetCorruptionException.of(
            "a batch of byte array values needs %d bytes, more than the %d this buffer may hold (at most what a"
                + " 32-bit Arrow offset addresses); read fewer values at a time", neededBytes, dataLimit);
      }
      // COPY_SLACK spare bytes let copyValue write whole words at the end; a buffer at the limit works without.
      long wanted = Math.max(neededBytes + COPY_SLACK, (long) data.length * 2);
      if (neededBytes >= LARGE_DATA_LENGTH) {
        // Large buffers grow by an eighth, without projection: a single 1 GiB value must not cost a 2 GiB array.
        wanted = neededBytes + (neededBytes >> 3) + COPY_SLACK;
      }
      // When the offsets have room for more values than are being reserved (the column reader reserves a whole
      // batch of values first), the bytes per value so far project the batch's bytes: growing to that at once
      // saves the copies of repeated doubling, which cost as much as the data itself. Capped at a few times what
      // is needed, as a guess made from a file's first page.
      long values = (long) size + valueCount;
      long expected = offsets.length - 1;
      if (values > 0 && expected > values && neededBytes < LARGE_DATA_LENGTH) {
        long projected = (long) ((double) neededBytes / values * expected * 1.0625) + COPY_SLACK;
        wanted = Math.max(wanted, Math.min(projected, neededBytes * PROJECTION_LIMIT));
      }
      long capacity = Math.min(MAXIMUM_DATA_LENGTH, Math.min((long) dataLimit + COPY_SLACK, wanted));
      if (capacity > data.length) {
        byte[] grown = pool.bytes((int) capacity);
        System.arraycopy(data, 0, grown, 0, offsets[size]);
        pool.give(data);
        data = grown;
      }
    }
  }
}
