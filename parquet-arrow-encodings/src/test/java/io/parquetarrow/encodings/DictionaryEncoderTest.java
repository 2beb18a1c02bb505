package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link DictionaryEncoder}: every value maps to the entry holding it, entries are distinct and numbered in
 * order of first appearance, the dictionary page decodes with {@link PlainDecoder}, and the table survives
 * growth. Values are compared by bits (-0.0 and 0.0 are two entries).
 */
class DictionaryEncoderTest {

  @Test
  void int32ValuesMapToTheirEntries() throws Exception {
    long seed = 42;
    Random random = new Random(seed);
    int[] values = new int[10_000];
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextInt(3000) - 1500;
    }
    DictionaryEncoder.Int32 encoder = new DictionaryEncoder.Int32();
    int[] indices = new int[values.length];
    encoder.encode(values, 0, 6000, indices, 0);
    encoder.encode(values, 6000, 4000, indices, 6000);
    ByteSlice page = encoder.dictionaryPage();
    assertThat((long) page.length()).as("page size, seed " + seed).isEqualTo(encoder.dictionaryPageSize());
    PlainDecoder.IntValues decoder = new PlainDecoder.IntValues();
    decoder.init(page.array(), page.offset(), page.length(), encoder.size());
    int[] entries = new int[encoder.size()];
    decoder.read(entries, 0, entries.length);
    assertThat(java.util.Arrays.stream(entries).distinct().count()).as("entries are distinct")
        .isEqualTo(entries.length);
    for (int i = 0; i < values.length; i++) {
      assertThat(entries[indices[i]]).as("value %d (seed %d)", i, seed).isEqualTo(values[i]);
    }
    assertThat(indices[0]).as("first value is entry 0").isZero();
    assertThat(encoder.indexBitWidth()).as("bit width for %d entries", encoder.size())
        .isEqualTo(32 - Integer.numberOfLeadingZeros(encoder.size() - 1));
  }

  @Test
  void doublesAreComparedByBits() {
    DictionaryEncoder.Int64 encoder = new DictionaryEncoder.Int64();
    long[] values = {Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(-0.0),
        Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(Double.NaN)};
    int[] indices = new int[4];
    encoder.encode(values, 0, 4, indices, 0);
    assertThat(indices).as("indices of 0.0, -0.0, 0.0, NaN").containsExactly(0, 1, 0, 2);
  }

  @Test
  void byteArraysAndFixedLengthValues() throws Exception {
    BinaryBuffer strings = new BinaryBuffer();
    String[] texts = {"b", "", "日本", "b", "", "zz"};
    for (String text : texts) {
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      strings.append(bytes, 0, bytes.length);
    }
    DictionaryEncoder.ByteArray binary = new DictionaryEncoder.ByteArray();
    int[] indices = new int[texts.length];
    binary.encode(strings, 0, texts.length, indices, 0);
    assertThat(indices).as("string indices").containsExactly(0, 1, 2, 0, 1, 3);
    ByteSlice page = binary.dictionaryPage();
    PlainDecoder.ByteArrayValues decoder = new PlainDecoder.ByteArrayValues();
    decoder.init(page.array(), page.offset(), page.length(), binary.size());
    BinaryBuffer decoded = new BinaryBuffer();
    decoder.read(decoded, 0, binary.size());
    assertThat(new String(decoded.valueBytes(2), StandardCharsets.UTF_8)).as("entry 2").isEqualTo("日本");
    assertThat((long) page.length()).as("page size").isEqualTo(binary.dictionaryPageSize());

    DictionaryEncoder.FixedLength fixed = new DictionaryEncoder.FixedLength(3);
    byte[] triples = {1, 2, 3, 4, 5, 6, 1, 2, 3};
    int[] fixedIndices = new int[2];
    fixed.encode(triples, 3, 2, fixedIndices, 0);
    assertThat(fixedIndices).as("fixed-length indices from byte offset 3").containsExactly(0, 1);
    assertThat(fixed.dictionaryPage().toByteArray()).as("fixed-length page").containsExactly(4, 5, 6, 1, 2, 3);

    binary.reset();
    assertThat(binary.size()).as("size after reset").isZero();
    binary.encode(strings, 5, 1, indices, 0);
    assertThat(indices[0]).as("first entry after reset").isZero();
  }

  /**
   * Many values through every probe loop: runs of repeats (the previous-value shortcut), growth of the table far
   * past its first size, fixed widths compared as longs (7) and as bytes (12), and byte strings of every length
   * around the eight-byte hash step. Each value must map to an entry equal to it, entries must be distinct.
   */
  @Test
  void manyValuesThroughEveryProbeLoop() throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    int count = 50_000;
    long[] longs = new long[count];
    for (int i = 0; i < count; i++) {
      longs[i] = i > 0 && random.nextInt(4) != 0 ? longs[i - 1] : random.nextInt(20_000) * 0x1_0000_0001L;
    }
    DictionaryEncoder.Int64 int64 = new DictionaryEncoder.Int64();
    int[] indices = new int[count];
    int64.encode(longs, 0, count, indices, 0);
    long[] longEntries = new long[int64.size()];
    PlainDecoder.LongValues longDecoder = new PlainDecoder.LongValues();
    ByteSlice longPage = int64.dictionaryPage();
    longDecoder.init(longPage.array(), longPage.offset(), longPage.length(), int64.size());
    longDecoder.read(longEntries, 0, longEntries.length);
    assertThat(java.util.Arrays.stream(longEntries).distinct().count()).as("distinct INT64 entries, seed %d", seed)
        .isEqualTo(longEntries.length);
    for (int i = 0; i < count; i++) {
      assertThat(longEntries[indices[i]]).as("INT64 value %d, seed %d", i, seed).isEqualTo(longs[i]);
    }

    for (int width : new int[] {7, 12}) {
      byte[] fixedValues = new byte[count * width];
      for (int i = 0; i < count; i++) {
        if (i > 0 && random.nextInt(3) == 0) {
          System.arraycopy(fixedValues, (i - 1) * width, fixedValues, i * width, width);
        } else {
          int key = random.nextInt(30_000);
          for (int b = 0; b < width; b++) {
            fixedValues[i * width + b] = (byte) (b < 4 ? key >>> (8 * b) : random.nextInt(2));
          }
        }
      }
      DictionaryEncoder.FixedLength fixed = new DictionaryEncoder.FixedLength(width);
      fixed.encode(fixedValues, 0, count, indices, 0);
      byte[] page = fixed.dictionaryPage().toByteArray();
      assertThat(page.length).as("width %d page length", width).isEqualTo(fixed.size() * width);
      java.util.Set<String> distinct = new java.util.HashSet<>();
      for (int entry = 0; entry < fixed.size(); entry++) {
        distinct.add(java.util.Arrays.toString(java.util.Arrays.copyOfRange(page, entry * width,
            entry * width + width)));
      }
      assertThat(distinct).as("distinct width %d entries, seed %d", width, seed).hasSize(fixed.size());
      for (int i = 0; i < count; i++) {
        assertThat(java.util.Arrays.copyOfRange(page, indices[i] * width, indices[i] * width + width))
            .as("width %d value %d, seed %d", width, i, seed)
            .isEqualTo(java.util.Arrays.copyOfRange(fixedValues, i * width, i * width + width));
      }
    }

    BinaryBuffer strings = new BinaryBuffer();
    for (int i = 0; i < count; i++) {
      byte[] bytes = new byte[random.nextInt(20)];
      for (int b = 0; b < bytes.length; b++) {
        bytes[b] = (byte) ('a' + random.nextInt(3));
      }
      strings.append(bytes, 0, bytes.length);
    }
    DictionaryEncoder.ByteArray binary = new DictionaryEncoder.ByteArray();
    binary.encode(strings, 0, count, indices, 0);
    ByteSlice page = binary.dictionaryPage();
    assertThat((long) page.length()).as("byte array page size").isEqualTo(binary.dictionaryPageSize());
    PlainDecoder.ByteArrayValues decoder = new PlainDecoder.ByteArrayValues();
    decoder.init(page.array(), page.offset(), page.length(), binary.size());
    BinaryBuffer entries = new BinaryBuffer();
    decoder.read(entries, 0, binary.size());
    java.util.Set<String> distinct = new java.util.HashSet<>();
    for (int entry = 0; entry < binary.size(); entry++) {
      distinct.add(new String(entries.valueBytes(entry), StandardCharsets.ISO_8859_1));
    }
    assertThat(distinct).as("distinct byte array entries, seed %d", seed).hasSize(binary.size());
    for (int i = 0; i < count; i++) {
      assertThat(entries.valueBytes(indices[i])).as("byte array value %d, seed %d", i, seed)
          .isEqualTo(strings.valueBytes(i));
    }
  }
}
