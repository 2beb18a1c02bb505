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
}
