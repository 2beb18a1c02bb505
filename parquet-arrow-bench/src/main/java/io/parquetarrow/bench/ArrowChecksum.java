package io.parquetarrow.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Feeds the values of Arrow batches into a {@link ValueChecksum}: the checksum side of every engine that
 * materialises Arrow (ours, Arrow C++, DuckDB through its Arrow export). Walks nested vectors from the top,
 * descending only into valid list entries and valid structs, so a leaf value counts exactly when the Parquet
 * definition level says it is present, whatever an engine leaves in the slots under a null parent.
 */
public final class ArrowChecksum {
  private ArrowChecksum() {}

  /** Adds the rows and values of one batch; leaf columns are numbered depth-first across the batch's fields. */
  public static void add(VectorSchemaRoot batch, ValueChecksum checksum) {
    checksum.addRows(batch.getRowCount());
    int leaf = 0;
    for (FieldVector vector : batch.getFieldVectors()) {
      add(vector, leaf, 0, batch.getRowCount(), checksum);
      leaf += leaves(vector.getField());
    }
  }

  /** The number of Parquet leaf columns under {@code field}. */
  static int leaves(Field field) {
    if (field.getChildren().isEmpty()) {
      return 1;
    }
    int count = 0;
    for (Field child : field.getChildren()) {
      count += leaves(child);
    }
    return count;
  }

  /** Adds the present values in slots {@code [start, end)} of {@code vector}, whose first leaf is {@code leaf}. */
  static void add(ValueVector vector, int leaf, int start, int end, ValueChecksum checksum) {
    if (vector instanceof StructVector struct) {
      addStruct(struct, leaf, start, end, checksum);
    } else if (vector instanceof ListVector list) {
      // Present lists next to each other hold one run of elements.
      forEachPresentRun(list, start, end, (from, to) -> add(list.getDataVector(), leaf,
          list.getElementStartIndex(from), list.getElementEndIndex(to - 1), checksum));
    } else if (vector instanceof LargeListVector list) {
      forEachPresentRun(list, start, end, (from, to) -> add(list.getDataVector(), leaf,
          Math.toIntExact(list.getElementStartIndex(from)), Math.toIntExact(list.getElementEndIndex(to - 1)),
          checksum));
    } else if (vector instanceof FixedSizeListVector list) {
      forEachPresentRun(list, start, end, (from, to) -> add(list.getDataVector(), leaf, from * list.getListSize(),
          to * list.getListSize(), checksum));
    } else {
      checksum.column(leaf);
      addLeaf(vector, start, end, checksum);
    }
  }

  private static void addStruct(StructVector struct, int leaf, int start, int end, ValueChecksum checksum) {
    forEachPresentRun(struct, start, end, (from, to) -> {
      int childLeaf = leaf;
      for (FieldVector child : struct.getChildrenFromFields()) {
        add(child, childLeaf, from, to, checksum);
        childLeaf += leaves(child.getField());
      }
    });
  }

  /** What is done with a run {@code [from, to)} of present slots. */
  private interface Run {
    void accept(int from, int to);
  }

  /**
   * Hands {@code run} each longest run of present slots in {@code [start, end)} of a list or struct, so its children
   * are visited a run at a time (each leaf keeps the order of its values) rather than a slot at a time.
   */
  private static void forEachPresentRun(ValueVector vector, int start, int end, Run run) {
    if (start >= end) {
      return;
    }
    // Its own copy of the bits: the children's checksums reuse the scratch arrays.
    Presence present = Presence.of(vector, start, end, new Growable(((end - (start & ~7)) + 7) >>> 3));
    int index = start;
    while (index < end) {
      while (index < end && !present.at(index)) {
        index++;
      }
      int from = index;
      while (index < end && present.at(index)) {
        index++;
      }
      if (from < index) {
        run.accept(from, index);
      }
    }
  }

  /**
   * Adds the present leaf values in slots {@code [start, end)}. The slots' validity bits, fixed-width values and
   * offsets are copied to the heap in one bulk copy each and walked there, as a reader with Java-array output is
   * walked; the bytes of variable-width values are hashed where they lie. So the checksum visits every value once,
   * without a checked getter per value, and costs an Arrow engine what it costs one with Java-array output.
   */
  private static void addLeaf(ValueVector vector, int start, int end, ValueChecksum checksum) {
    if (start >= end) {
      return;
    }
    Scratch scratch = SCRATCH.get();
    Presence present = Presence.of(vector, start, end, scratch.validity);
    if (vector instanceof BigIntVector || vector instanceof TimeStampVector) {
      addLongs(vector.getDataBuffer(), 8, start, end, present, scratch, checksum);
    } else if (vector instanceof IntVector || vector instanceof DateDayVector) {
      byte[] data = scratch.values(vector.getDataBuffer(), (long) start * 4, (long) (end - start) * 4);
      for (int index = start; index < end; index++) {
        if (present.at(index)) {
          checksum.addInteger((int) INTS.get(data, (index - start) * 4));
        }
      }
    } else if (vector instanceof DecimalVector) {
      // The low eight bytes of the little-endian two's complement value are the unscaled value as a long, exact
      // for the precisions Parquet stores in INT32/INT64 and a consistent wrap beyond.
      addLongs(vector.getDataBuffer(), DecimalVector.TYPE_WIDTH, start, end, present, scratch, checksum);
    } else if (vector instanceof Decimal256Vector) {
      addLongs(vector.getDataBuffer(), Decimal256Vector.TYPE_WIDTH, start, end, present, scratch, checksum);
    } else if (vector instanceof DateMilliVector) {
      byte[] data = scratch.values(vector.getDataBuffer(), (long) start * 8, (long) (end - start) * 8);
      for (int index = start; index < end; index++) {
        if (present.at(index)) {
          checksum.addInteger((long) LONGS.get(data, (index - start) * 8) / 86_400_000L);
        }
      }
    } else if (vector instanceof BaseIntVector integers) {
      for (int index = start; index < end; index++) {
        if (present.at(index)) {
          checksum.addInteger(integers.getValueAsLong(index));
        }
      }
    } else if (vector instanceof Float8Vector) {
      // A double counts as its raw bits (ValueChecksum.addDouble), which are the buffer's eight bytes.
      addLongs(vector.getDataBuffer(), 8, start, end, present, scratch, checksum);
    } else if (vector instanceof Float4Vector) {
      byte[] data = scratch.values(vector.getDataBuffer(), (long) start * 4, (long) (end - start) * 4);
      for (int index = start; index < end; index++) {
        if (present.at(index)) {
          checksum.addDouble(Float.intBitsToFloat((int) INTS.get(data, (index - start) * 4)));
        }
      }
    } else if (vector instanceof BitVector bits) {
      Presence set = Presence.bits(bits.getDataBuffer(), start, end, scratch.values);
      for (int index = start; index < end; index++) {
        if (present.at(index)) {
          checksum.addBoolean(set.at(index));
        }
      }
    } else if (vector instanceof BaseVariableWidthVector binary) {
      byte[] offsets = scratch.offsets(binary.getOffsetBuffer(), (long) start * 4, (long) (end - start + 1) * 4);
      ArrowBuf data = binary.getDataBuffer();
      long address = data.memoryAddress();
      int last = (int) INTS.get(offsets, (end - start) * 4);
      checkEnd(data, last, vector);
      for (int index = start; index < end; index++) {
        if (present.at(index)) {
          int from = (int) INTS.get(offsets, (index - start) * 4);
          int to = (int) INTS.get(offsets, (index - start + 1) * 4);
          checkRange(from, to, last, vector, index);
          checksum.addBinaryAt(address + from, to - from);
        }
      }
    } else if (vector instanceof BaseLargeVariableWidthVector binary) {
      byte[] offsets = scratch.offsets(binary.getOffsetBuffer(), (long) start * 8, (long) (end - start + 1) * 8);
      ArrowBuf data = binary.getDataBuffer();
      long address = data.memoryAddress();
      long last = (long) LONGS.get(offsets, (end - start) * 8);
      checkEnd(data, last, vector);
      for (int index = start; index < end; index++) {
        if (present.at(index)) {
          long from = (long) LONGS.get(offsets, (index - start) * 8);
          long to = (long) LONGS.get(offsets, (index - start + 1) * 8);
          checkRange(from, to, last, vector, index);
          checksum.addBinaryAt(address + from, Math.toIntExact(to - from));
        }
      }
    } else if (vector instanceof FixedSizeBinaryVector binary) {
      int width = binary.getByteWidth();
      byte[] data = scratch.values(binary.getDataBuffer(), (long) start * width, (long) (end - start) * width);
      for (int index = start; index < end; index++) {
        if (present.at(index)) {
          checksum.addBinary(data, (index - start) * width, width);
        }
      }
    } else {
      throw new UnsupportedOperationException(
          "no checksum for Arrow vector " + vector.getClass().getSimpleName() + " (" + vector.getField() + ")");
    }
  }

  /** Fails unless the data buffer holds the bytes up to {@code end}, the range's last offset. */
  private static void checkEnd(ArrowBuf data, long end, ValueVector vector) {
    if (end < 0 || end > data.capacity()) {
      throw new IllegalStateException("offsets of " + vector.getField() + " end at " + end + ", past the "
          + data.capacity() + " bytes of its data buffer");
    }
  }

  /** Fails unless {@code [from, to)} is a range within {@code [0, end)}, so reading it stays in the buffer. */
  private static void checkRange(long from, long to, long end, ValueVector vector, int index) {
    if (from < 0 || to < from || to > end) {
      throw new IllegalStateException("value " + index + " of " + vector.getField() + " has offsets " + from + ".."
          + to + ", outside 0.." + end);
    }
  }

  /** Adds the low eight bytes of each present {@code width}-byte little-endian value. */
  private static void addLongs(ArrowBuf buffer, int width, int start, int end, Presence present, Scratch scratch,
      ValueChecksum checksum) {
    byte[] data = scratch.values(buffer, (long) start * width, (long) (end - start) * width);
    for (int index = start; index < end; index++) {
      if (present.at(index)) {
        checksum.addInteger((long) LONGS.get(data, (index - start) * width));
      }
    }
  }

  /** Which slots of a range are set: every one, or as a heap copy of the range's bits. */
  private static final class Presence {
    private static final Presence ALL = new Presence(null, 0);

    private final byte[] bits;
    /** The slot of {@code bits[0]}'s lowest bit (a multiple of eight). */
    private final int base;

    private Presence(byte[] bits, int base) {
      this.bits = bits;
      this.base = base;
    }

    /**
     * The validity of {@code vector}'s slots {@code [start, end)}, {@link #ALL} when every one is set. Only the
     * range's bits are read: a list's elements are visited one list at a time, and Arrow's {@code getNullCount()}
     * counts the whole vector on every call.
     */
    static Presence of(ValueVector vector, int start, int end, Growable into) {
      Presence present = bits(vector.getValidityBuffer(), start, end, into);
      return present.allSet(start, end) ? ALL : present;
    }

    /** The bits of slots {@code [start, end)} of {@code buffer}, copied to {@code into} (grown when short). */
    static Presence bits(ArrowBuf buffer, int start, int end, Growable into) {
      int base = start & ~7;
      byte[] copy = into.copy(buffer, base >>> 3, ((end - base) + 7) >>> 3);
      return new Presence(copy, base);
    }

    /** Whether slots {@code [start, end)} are all set (this presence holds their bits). */
    private boolean allSet(int start, int end) {
      int index = start;
      for (; index < end && ((index - base) & 7) != 0; index++) {
        if (!at(index)) {
          return false;
        }
      }
      for (; index + 8 <= end; index += 8) {
        if (bits[(index - base) >>> 3] != (byte) 0xFF) {
          return false;
        }
      }
      for (; index < end; index++) {
        if (!at(index)) {
          return false;
        }
      }
      return true;
    }

    boolean at(int index) {
      if (bits == null) {
        return true;
      }
      int slot = index - base;
      return (bits[slot >>> 3] & (1 << (slot & 7))) != 0;
    }
  }

  /** Heap buffers reused by one thread: validity bits, values and offsets are copied into them. */
  private static final class Scratch {
    final Growable validity = new Growable();
    final Growable values = new Growable();
    final Growable offsets = new Growable();

    byte[] values(ArrowBuf buffer, long offset, long length) {
      return values.copy(buffer, offset, length);
    }

    byte[] offsets(ArrowBuf buffer, long offset, long length) {
      return offsets.copy(buffer, offset, length);
    }
  }

  /** A heap array that grows to the largest copy asked of it. */
  private static final class Growable {
    private byte[] bytes;

    Growable() {
      this(4096);
    }

    Growable(int size) {
      bytes = new byte[size];
    }

    byte[] copy(ArrowBuf buffer, long offset, long length) {
      int size = Math.toIntExact(length);
      if (bytes.length < size) {
        bytes = new byte[Math.max(size, bytes.length * 2)];
      }
      buffer.getBytes(offset, bytes, 0, size);
      return bytes;
    }
  }

  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);
}
