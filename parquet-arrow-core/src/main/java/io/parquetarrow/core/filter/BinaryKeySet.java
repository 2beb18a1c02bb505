package io.parquetarrow.core.filter;

import java.util.List;

/**
 * A fixed set of {@link BinaryKey}s for {@code IN} tests with many string or binary values, probed with bytes in
 * Arrow memory without copying them: open addressing on the keys' hashes.
 */
final class BinaryKeySet {
  private final BinaryKey[] slots;
  private final int mask;

  BinaryKeySet(List<BinaryKey> keys) {
    int capacity = Integer.highestOneBit(Math.max(4, keys.size() * 2 - 1)) << 1;
    this.slots = new BinaryKey[capacity];
    this.mask = capacity - 1;
    for (BinaryKey key : keys) {
      int slot = key.hash() & mask;
      while (slots[slot] != null && slots[slot].compareTo(key) != 0) {
        slot = (slot + 1) & mask;
      }
      slots[slot] = key;
    }
  }

  /** Whether the {@code length} bytes at {@code address} are one of the keys. */
  boolean contains(long address, int length) {
    int hash = BinaryKey.hash(address, length);
    int slot = hash & mask;
    BinaryKey key;
    while ((key = slots[slot]) != null) {
      if (key.hash() == hash && key.matches(address, length)) {
        return true;
      }
      slot = (slot + 1) & mask;
    }
    return false;
  }
}
