package io.parquetarrow.core.filter;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The {@link ColumnCheck} of string and binary columns: {@code Utf8}, {@code Binary} (32-bit offsets), their large
 * forms (64-bit offsets) and {@code FixedSizeBinary}. Values compare with the literal's UTF-8 bytes in unsigned
 * lexicographic order, in place in the data buffer; {@code IN} with many values probes a hash set. Offsets are
 * checked against the data buffer row by row, so a bad vector fails rather than reading outside its memory.
 */
final class BinaryColumnCheck implements ColumnCheck {
  private static final int SMALL_SET = 8;

  /** The form of the test. */
  private enum Shape { NONE, EQUAL, RANGE, NOT_EQUAL, IN }

  /** How values are laid out. */
  private enum Layout { OFFSETS_32, OFFSETS_64, FIXED }

  private final Layout layout;
  private final int fixedWidth;
  private final Shape shape;
  private final BinaryKey low;
  private final boolean lowInclusive;
  private final BinaryKey high;
  private final boolean highInclusive;
  private final BinaryKey[] values;
  private final BinaryKeySet set;

  private BinaryColumnCheck(ArrowType type, Shape shape, BinaryKey low, boolean lowInclusive, BinaryKey high,
      boolean highInclusive, BinaryKey[] values) {
    this.layout = switch (type.getTypeID()) {
      case LargeUtf8, LargeBinary -> Layout.OFFSETS_64;
      case FixedSizeBinary -> Layout.FIXED;
      default -> Layout.OFFSETS_32;
    };
    this.fixedWidth = type instanceof ArrowType.FixedSizeBinary fixed ? fixed.getByteWidth() : 0;
    this.shape = shape;
    this.low = low;
    this.lowInclusive = lowInclusive;
    this.high = high;
    this.highInclusive = highInclusive;
    this.values = values;
    this.set = shape == Shape.IN && values.length > SMALL_SET ? new BinaryKeySet(List.of(values)) : null;
  }

  static BinaryColumnCheck compile(Filter leaf, ArrowType type) {
    if (leaf instanceof Filter.Comparison comparison) {
      BinaryKey key = key(comparison.value());
      return switch (comparison.operator()) {
        case EQ -> new BinaryColumnCheck(type, Shape.EQUAL, null, false, null, false, new BinaryKey[] {key});
        case NE -> new BinaryColumnCheck(type, Shape.NOT_EQUAL, null, false, null, false, new BinaryKey[] {key});
        case LT -> new BinaryColumnCheck(type, Shape.RANGE, null, false, key, false, null);
        case LE -> new BinaryColumnCheck(type, Shape.RANGE, null, false, key, true, null);
        case GT -> new BinaryColumnCheck(type, Shape.RANGE, key, false, null, false, null);
        case GE -> new BinaryColumnCheck(type, Shape.RANGE, key, true, null, false, null);
      };
    }
    if (leaf instanceof Filter.Between between) {
      BinaryKey low = key(between.low());
      BinaryKey high = key(between.high());
      return new BinaryColumnCheck(type, low.compareTo(high) > 0 ? Shape.NONE : Shape.RANGE, low, true, high, true,
          null);
    }
    BinaryKey[] keys = ((Filter.In) leaf).values().stream().map(BinaryColumnCheck::key)
        .sorted(BinaryKey::compareTo).toArray(BinaryKey[]::new);
    return new BinaryColumnCheck(type, Shape.IN, null, false, null, false, keys);
  }

  private static BinaryKey key(Literal literal) {
    return new BinaryKey(((String) literal.value()).getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void evaluate(FieldVector vector, int rowCount, long[] truth) {
    if (shape == Shape.NONE) {
      Arrays.fill(truth, 0, Bitmaps.wordCount(rowCount), 0L);
      return;
    }
    ArrowBuf data = vector.getDataBuffer();
    long dataAddress = data.memoryAddress();
    long dataCapacity = data.capacity();
    long offsetAddress = 0;
    int offsetWidth = layout == Layout.OFFSETS_64 ? 8 : 4;
    if (layout == Layout.FIXED) {
      if (dataCapacity < (long) rowCount * fixedWidth) {
        throw new IllegalArgumentException("a data buffer of " + dataCapacity + " bytes cannot hold " + rowCount
            + " values of " + fixedWidth + " bytes");
      }
    } else {
      ArrowBuf offsets = vector.getOffsetBuffer();
      if (offsets.capacity() < (rowCount + 1L) * offsetWidth) {
        throw new IllegalArgumentException("an offset buffer of " + offsets.capacity() + " bytes cannot hold "
            + (rowCount + 1) + " offsets");
      }
      offsetAddress = offsets.memoryAddress();
    }
    long start = layout == Layout.FIXED ? 0 : offset(offsetAddress, 0);
    for (int word = 0, base = 0; base < rowCount; word++, base += 64) {
      int end = Math.min(64, rowCount - base);
      long bits = 0;
      for (int bit = 0; bit < end; bit++) {
        int row = base + bit;
        long valueEnd = layout == Layout.FIXED ? (long) (row + 1) * fixedWidth : offset(offsetAddress, row + 1);
        if (start < 0 || valueEnd < start || valueEnd > dataCapacity || valueEnd - start > Integer.MAX_VALUE) {
          throw new IllegalArgumentException("value " + row + " spans bytes [" + start + ", " + valueEnd
              + ") outside its data buffer of " + dataCapacity + " bytes");
        }
        bits |= (passes(dataAddress + start, (int) (valueEnd - start)) ? 1L : 0L) << bit;
        start = valueEnd;
      }
      truth[word] = bits;
    }
  }

  private long offset(long offsetAddress, int index) {
    return layout == Layout.OFFSETS_64 ? MemoryUtil.getLong(offsetAddress + 8L * index)
        : MemoryUtil.getInt(offsetAddress + 4L * index);
  }

  private boolean passes(long address, int length) {
    return switch (shape) {
      case RANGE -> {
        if (low != null) {
          int order = low.compare(address, length);
          if (order < 0 || (order == 0 && !lowInclusive)) {
            yield false;
          }
        }
        if (high != null) {
          int order = high.compare(address, length);
          yield order < 0 || (order == 0 && highInclusive);
        }
        yield true;
      }
      case EQUAL -> values[0].matches(address, length);
      case NOT_EQUAL -> !values[0].matches(address, length);
      default -> contains(address, length);
    };
  }

  private boolean contains(long address, int length) {
    if (set != null) {
      return set.contains(address, length);
    }
    for (BinaryKey value : values) {
      if (value.matches(address, length)) {
        return true;
      }
    }
    return false;
  }
}
