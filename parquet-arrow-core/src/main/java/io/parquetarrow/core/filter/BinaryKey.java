package io.parquetarrow.core.filter;

import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A string or binary literal prepared for comparison with values in Arrow memory: unsigned lexicographic order
 * (a string as its UTF-8 bytes), eight bytes at a time, and a hash that {@link #hash(long, int)} computes alike
 * from memory.
 */
final class BinaryKey {
  private final byte[] bytes;
  private final long[] bigEndianWords;
  private final int hash;

  BinaryKey(byte[] bytes) {
    this.bytes = bytes;
    this.bigEndianWords = new long[bytes.length / 8];
    for (int word = 0; word < bigEndianWords.length; word++) {
      long value = 0;
      for (int index = 0; index < 8; index++) {
        value = (value << 8) | (bytes[8 * word + index] & 0xFFL);
      }
      bigEndianWords[word] = value;
    }
    int code = 0;
    for (byte value : bytes) {
      code = 31 * code + value;
    }
    this.hash = finish(code, bytes.length);
  }

  int length() {
    return bytes.length;
  }

  int hash() {
    return hash;
  }

  /** The order of the {@code length} bytes at {@code address} against this key. */
  int compare(long address, int length) {
    int common = Math.min(length, bytes.length);
    int index = 0;
    for (int word = 0; index + 8 <= common; word++, index += 8) {
      long value = Long.reverseBytes(MemoryUtil.getLong(address + index));
      if (value != bigEndianWords[word]) {
        return Long.compareUnsigned(value, bigEndianWords[word]);
      }
    }
    for (; index < common; index++) {
      int value = MemoryUtil.getByte(address + index) & 0xFF;
      int other = bytes[index] & 0xFF;
      if (value != other) {
        return value - other;
      }
    }
    return Integer.compare(length, bytes.length);
  }

  /** Whether the {@code length} bytes at {@code address} are this key's. */
  boolean matches(long address, int length) {
    return length == bytes.length && compare(address, length) == 0;
  }

  /** The order of two keys. */
  int compareTo(BinaryKey other) {
    return Arrays.compareUnsigned(bytes, other.bytes);
  }

  /** The hash of the {@code length} bytes at {@code address}, equal to {@link #hash()} of a key of those bytes. */
  static int hash(long address, int length) {
    int code = 0;
    for (int index = 0; index < length; index++) {
      code = 31 * code + MemoryUtil.getByte(address + index);
    }
    return finish(code, length);
  }

  private static int finish(int code, int length) {
    int mixed = (code ^ length) * 0x9E3779B9;
    return mixed ^ (mixed >>> 16);
  }
}
