package io.parquetarrow.core.filter;

import java.util.Arrays;

/**
 * A fixed set of {@code long} values for {@code IN} tests with many values: open addressing over one array, no
 * boxing. The empty slot is marked by a value that is not in the set.
 */
final class LongHashSet {
  private final long[] slots;
  private final long empty;
  private final int mask;

  LongHashSet(long[] values) {
    int capacity = Integer.highestOneBit(Math.max(4, values.length * 2 - 1)) << 1;
    this.slots = new long[capacity];
    this.mask = capacity - 1;
    this.empty = absentValue(values);
    Arrays.fill(slots, empty);
    for (long value : values) {
      int slot = slot(value);
      while (slots[slot] != empty && slots[slot] != value) {
        slot = (slot + 1) & mask;
      }
      slots[slot] = value;
    }
  }

  boolean contains(long value) {
    if (value == empty) {
      return false;
    }
    int slot = slot(value);
    long held;
    while ((held = slots[slot]) != empty) {
      if (held == value) {
        return true;
      }
      slot = (slot + 1) & mask;
    }
    return false;
  }

  private int slot(long value) {
    long mixed = value * 0x9E3779B97F4A7C15L;
    return (int) (mixed ^ (mixed >>> 32)) & mask;
  }

  /** The least value from Long.MIN_VALUE up that is not among {@code values}. */
  private static long absentValue(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    long candidate = Long.MIN_VALUE;
    for (long value : sorted) {
      if (value == candidate) {
        candidate++;
      } else if (value > candidate) {
        break;
      }
    }
    return candidate;
  }
}
