package io.parquetarrow.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;

/**
 * {@link ValueChecksum} tells apart reads that an order-insensitive sum, or one looking only at a string's length
 * and first byte, would take for equal: values swapped within a column, a byte changed past the first, a value
 * moved to another column. Interleaving columns differently (batch by batch against column by column) does not
 * change it.
 */
class ValueChecksumTest {

  private static ValueChecksum integers(long... values) {
    ValueChecksum checksum = new ValueChecksum();
    checksum.column(0);
    for (long value : values) {
      checksum.addInteger(value);
    }
    return checksum;
  }

  private static ValueChecksum strings(String... values) {
    ValueChecksum checksum = new ValueChecksum();
    checksum.column(0);
    for (String value : values) {
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      checksum.addBinary(bytes, 0, bytes.length);
    }
    return checksum;
  }

  @Test
  void equalReadsMatch() {
    assertThat(integers(1, 2, 3).matches(integers(1, 2, 3))).as("the same values in the same order").isTrue();
    assertThat(strings("ab", "", "cde").matches(strings("ab", "", "cde"))).as("the same strings").isTrue();
  }

  @Test
  void swappedBatchesMismatch() {
    // Two "batches" of a column, delivered in the wrong order: every value and every sum is the same.
    assertThat(integers(1, 2, 3, 4).matches(integers(3, 4, 1, 2))).as("batches [1,2] and [3,4] swapped").isFalse();
    assertThat(strings("a", "b").matches(strings("b", "a"))).as("strings swapped").isFalse();
  }

  @Test
  void everyByteCounts() {
    assertThat(strings("abcdefghij").matches(strings("abcdefghiJ"))).as("the last of ten bytes changed").isFalse();
    assertThat(strings("axc").matches(strings("ayc"))).as("a middle byte changed, same length and first byte")
        .isFalse();
    assertThat(strings("ab", "c").matches(strings("a", "bc"))).as("a byte moved to the next value").isFalse();
  }

  @Test
  void everyByteOfEveryLengthCounts() {
    // Lengths around the 8-byte words, whose short last word is read as the end of an overlapping word.
    for (int length = 1; length <= 40; length++) {
      byte[] bytes = new byte[length + 3];
      for (int index = 0; index < bytes.length; index++) {
        bytes[index] = (byte) ('a' + index);
      }
      ValueChecksum original = new ValueChecksum();
      original.addBinary(bytes, 3, length);
      for (int changed = 0; changed < length; changed++) {
        byte[] other = bytes.clone();
        other[3 + changed] ^= 0x10;
        ValueChecksum checksum = new ValueChecksum();
        checksum.addBinary(other, 3, length);
        assertThat(checksum.matches(original)).as("byte %d of %d changed", changed, length).isFalse();
      }
    }
  }

  @Test
  void offHeapBytesHashAsHeapBytes() {
    String text = "the quick brown fox jumps over the lazy dog, twice";
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    try (BufferAllocator allocator = TestAllocators.root();
        ArrowBuf buffer = allocator.buffer(bytes.length)) {
      buffer.setBytes(0, bytes);
      for (int from = 0; from < bytes.length; from++) {
        for (int length = 0; from + length <= bytes.length; length++) {
          ValueChecksum heap = new ValueChecksum();
          heap.addBinary(bytes, from, length);
          ValueChecksum offHeap = new ValueChecksum();
          offHeap.addBinaryAt(buffer.memoryAddress() + from, length);
          assertThat(offHeap.matches(heap)).as("%d bytes from %d", length, from).isTrue();
        }
      }
    }
  }

  @Test
  void valuesBelongToTheirColumn() {
    ValueChecksum first = new ValueChecksum();
    first.column(0);
    first.addInteger(1);
    first.column(1);
    first.addInteger(2);
    ValueChecksum second = new ValueChecksum();
    second.column(0);
    second.addInteger(2);
    second.column(1);
    second.addInteger(1);
    assertThat(first.matches(second)).as("the values of two columns exchanged").isFalse();
  }

  @Test
  void columnsMayBeInterleavedDifferently() {
    // Batch by batch (as Arrow engines walk), against column by column (as parquet-java's column path reads).
    ValueChecksum batches = new ValueChecksum();
    for (int batch = 0; batch < 2; batch++) {
      batches.column(0);
      batches.addInteger(batch * 10);
      batches.addInteger(batch * 10 + 1);
      batches.column(1);
      batches.addDouble(batch + 0.5);
    }
    ValueChecksum columns = new ValueChecksum();
    columns.column(1);
    columns.addDouble(0.5);
    columns.addDouble(1.5);
    columns.column(0);
    for (long value : new long[] {0, 1, 10, 11}) {
      columns.addInteger(value);
    }
    assertThat(batches.matches(columns)).as("%s against %s", batches, columns).isTrue();
    assertThat(batches.digest()).isEqualTo(columns.digest());
  }
}
