package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.KernelProvider;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Dictionary pages decoded into {@link Dictionary}, the {@link Decoders} factory, and {@link BinaryBuffer}. */
class DictionaryAndFactoryTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();

  @Test
  void decodesPlainDictionaryPagesAndGathersFromThem() throws ParquetCorruptionException {
    long seed = TestData.seed("dictionary");
    Random random = new Random(seed);
    int[] ints = TestData.ints(random, 100, 1);
    byte[] intPage = ParquetJavaEncoders.plainInts(ints);
    Dictionary intDictionary = Dictionary.ofInts(intPage, 0, intPage.length, ints.length);
    assertThat(intDictionary.kind()).isEqualTo(Dictionary.Kind.INTS);
    assertThat(intDictionary.ints()).as("INT32 dictionary, seed %d", seed).containsExactly(ints);

    assertThat(Dictionary.decode(Type.FLOAT, 0, intPage, 0, intPage.length, ints.length, KERNELS).ints())
        .as("decode by physical type").containsExactly(ints);

    long[] longs = TestData.longs(random, 50, 1);
    byte[] longPage = ParquetJavaEncoders.plainLongs(longs);
    assertThat(Dictionary.ofLongs(longPage, 0, longPage.length, longs.length).longs()).containsExactly(longs);

    byte[] fixed = TestData.fixed(random, 30, 12);
    byte[] fixedPage = ParquetJavaEncoders.plainFixed(fixed, 12);
    Dictionary fixedDictionary = Dictionary.ofFixedLength(fixedPage, 0, fixedPage.length, 30, 12);
    assertThat(fixedDictionary.fixedBytes()).containsExactly(fixed);
    assertThat(fixedDictionary.entryBytes(3)).containsExactly(java.util.Arrays.copyOfRange(fixed, 36, 48));

    byte[][] binaries = TestData.binaries(random, 40);
    byte[] binaryPage = ParquetJavaEncoders.plainBinaries(binaries);
    Dictionary binaryDictionary = Dictionary.ofBinary(binaryPage, 0, binaryPage.length, binaries.length);
    assertThat(binaryDictionary.size()).isEqualTo(40);
    for (int i = 0; i < binaries.length; i++) {
      assertThat(binaryDictionary.entryBytes(i)).as("entry %d, seed %d", i, seed).containsExactly(binaries[i]);
    }

    // Gather through the kernels, as core will: indices decoded and checked, then dictionary[indices].
    int[] indexValues = TestData.unsignedWithRuns(random, 500, 5);
    for (int i = 0; i < indexValues.length; i++) {
      indexValues[i] %= binaries.length;
    }
    byte[] hybrid = ParquetJavaEncoders.rleHybrid(indexValues, 6);
    byte[] page = new byte[hybrid.length + 1];
    page[0] = 6;
    System.arraycopy(hybrid, 0, page, 1, hybrid.length);
    DictionaryIndexDecoder decoder = new DictionaryIndexDecoder(KERNELS);
    decoder.init(page, 0, page.length, indexValues.length);
    int[] indices = new int[indexValues.length];
    decoder.readIndices(indices, 0, indices.length, binaryDictionary.size());
    int[] offsets = new int[indices.length + 1];
    long end = KERNELS.gatherBinaryOffsets(binaryDictionary.offsets(), indices, 0, indices.length, offsets, 0);
    byte[] data = new byte[(int) end];
    KERNELS.gatherBinaryData(binaryDictionary.binaryData(), binaryDictionary.offsets(), indices, 0, indices.length,
        data, 0);
    for (int i = 0; i < indices.length; i++) {
      assertThat(java.util.Arrays.copyOfRange(data, offsets[i], offsets[i + 1]))
          .as("gathered value %d, seed %d", i, seed).containsExactly(binaries[indexValues[i]]);
    }
  }

  /**
   * Dictionary.gatherBinary on each of its copy paths: entries of at most 8, 16 and 32 bytes (one pass from the word
   * table: one, two or four words per value), longer ones (copied by length), appended after a value already in
   * the buffer, into a buffer with and without spare capacity, and a dictionary page whose entries end exactly at
   * the array's end (no slack).
   */
  @Test
  void gathersBinaryEntriesOfEveryLengthClass() throws ParquetCorruptionException {
    long seed = TestData.seed("gather binary");
    Random random = new Random(seed);
    for (int maxLength : new int[] {0, 1, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 64, 65, 200}) {
      for (int count : new int[] {0, 1, 3, 100, 2000}) {
        byte[][] entries = new byte[1 + random.nextInt(40)][];
        for (int i = 0; i < entries.length; i++) {
          entries[i] = new byte[i == 0 ? maxLength : random.nextInt(maxLength + 1)];
          random.nextBytes(entries[i]);
        }
        byte[] page = ParquetJavaEncoders.plainBinaries(entries);
        Dictionary dictionary = Dictionary.ofBinary(page, 0, page.length, entries.length);
        int[] indices = new int[count + 2];
        for (int i = 0; i < indices.length; i++) {
          indices[i] = random.nextInt(entries.length);
        }
        for (BinaryBuffer buffer : new BinaryBuffer[] {new BinaryBuffer(), new BinaryBuffer(4000, 1 << 20)}) {
          buffer.append(new byte[] {1, 2, 3}, 0, 3);
          dictionary.gatherBinary(indices, 1, count, buffer);
          String what = "max length " + maxLength + ", count " + count + ", seed " + seed;
          assertThat(buffer.size()).as(what).isEqualTo(count + 1);
          assertThat(buffer.valueBytes(0)).as(what).containsExactly(1, 2, 3);
          for (int i = 0; i < count; i++) {
            assertThat(buffer.valueBytes(i + 1)).as("value %d, %s", i, what).containsExactly(entries[indices[i + 1]]);
          }
        }
      }
    }
  }

  /**
   * The one-pass gather from the word table reserves the most its values could need; a buffer whose data limit
   * leaves less than that (but enough for the values) takes the two-pass copy instead, and an index out of range
   * is corruption that leaves the buffer's values as they were.
   */
  @Test
  void wordTableGatherFallsBackUnderTheDataLimitAndRejectsBadIndices() throws ParquetCorruptionException {
    byte[][] entries = {"A".getBytes(), "TAKE BACK RETURN".getBytes(), "DELIVER IN PERSON".getBytes(), new byte[0]};
    byte[] page = ParquetJavaEncoders.plainBinaries(entries);
    Dictionary dictionary = Dictionary.ofBinary(page, 0, page.length, entries.length);
    int[] indices = new int[100];
    for (int i = 0; i < indices.length; i++) {
      indices[i] = i % 4 == 2 ? 0 : i % 4; // never the longest entry: 100 values need 425 bytes, not 1,700
    }
    BinaryBuffer limited = new BinaryBuffer();
    limited.setDataLimit(1_000);
    dictionary.gatherBinary(indices, 0, indices.length, limited);
    assertThat(limited.size()).isEqualTo(100);
    for (int i = 0; i < indices.length; i++) {
      assertThat(limited.valueBytes(i)).as("value %d under the data limit", i).containsExactly(entries[indices[i]]);
    }

    BinaryBuffer buffer = new BinaryBuffer(4000, 1 << 20);
    buffer.append(new byte[] {9}, 0, 1);
    int[] bad = {1, 2, 3, 4, 0};
    assertThatThrownBy(() -> dictionary.gatherBinary(bad, 0, bad.length, buffer))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("dictionary index 4 is out of range: the dictionary has 4 entries");
    assertThat(buffer.size()).as("values after a failed gather").isEqualTo(1);
    assertThat(buffer.valueBytes(0)).containsExactly(9);
    dictionary.gatherBinary(new int[] {2, 3, 1}, 0, 3, buffer);
    assertThat(buffer.valueBytes(1)).containsExactly(entries[2]);
    assertThat(buffer.valueBytes(2)).isEmpty();
    assertThat(buffer.valueBytes(3)).containsExactly(entries[1]);
  }

  @Test
  void rejectsDictionaryPagesTooShortForTheirEntryCount() {
    assertThatThrownBy(() -> Dictionary.ofInts(new byte[8], 0, 8, Integer.MAX_VALUE))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("but the page has 8");
    assertThatThrownBy(() -> Dictionary.ofBinary(new byte[8], 0, 8, 1 << 30))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("at least");
    assertThatThrownBy(() -> Dictionary.ofFixedLength(new byte[8], 0, 8, 1 << 29, 16))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("but the page has 8");
  }

  @Test
  void factoryReturnsTheDecoderForEachAllowedCombination() throws ParquetException {
    assertThat(Decoders.valueDecoder(Encoding.PLAIN, Type.BOOLEAN, 0, KERNELS))
        .isInstanceOf(PlainDecoder.BooleanValues.class);
    assertThat(Decoders.valueDecoder(Encoding.PLAIN, Type.INT96, 0, KERNELS))
        .isInstanceOf(PlainDecoder.FixedLengthValues.class);
    assertThat(((PlainDecoder.FixedLengthValues) Decoders.valueDecoder(Encoding.PLAIN, Type.INT96, 0, KERNELS))
        .width()).isEqualTo(12);
    assertThat(Decoders.valueDecoder(Encoding.PLAIN, Type.BYTE_ARRAY, 0, KERNELS))
        .isInstanceOf(PlainDecoder.ByteArrayValues.class);
    assertThat(Decoders.valueDecoder(Encoding.RLE, Type.BOOLEAN, 0, KERNELS)).isInstanceOf(RleBooleanDecoder.class);
    assertThat(Decoders.valueDecoder(Encoding.RLE_DICTIONARY, Type.DOUBLE, 0, KERNELS))
        .isInstanceOf(DictionaryIndexDecoder.class);
    assertThat(Decoders.valueDecoder(Encoding.PLAIN_DICTIONARY, Type.BYTE_ARRAY, 0, KERNELS))
        .isInstanceOf(DictionaryIndexDecoder.class);
    assertThat(Decoders.valueDecoder(Encoding.DELTA_BINARY_PACKED, Type.INT32, 0, KERNELS))
        .isInstanceOf(DeltaBinaryPackedDecoder.Int32.class);
    assertThat(Decoders.valueDecoder(Encoding.DELTA_BINARY_PACKED, Type.INT64, 0, KERNELS))
        .isInstanceOf(DeltaBinaryPackedDecoder.Int64.class);
    assertThat(Decoders.valueDecoder(Encoding.DELTA_LENGTH_BYTE_ARRAY, Type.BYTE_ARRAY, 0, KERNELS))
        .isInstanceOf(DeltaLengthByteArrayDecoder.class);
    assertThat(Decoders.valueDecoder(Encoding.DELTA_BYTE_ARRAY, Type.FIXED_LEN_BYTE_ARRAY, 16, KERNELS))
        .isInstanceOf(DeltaByteArrayDecoder.FixedLength.class);
    assertThat(Decoders.valueDecoder(Encoding.BYTE_STREAM_SPLIT, Type.FLOAT, 0, KERNELS))
        .isInstanceOf(ByteStreamSplitDecoder.IntValues.class);
    assertThat(Decoders.valueDecoder(Encoding.BYTE_STREAM_SPLIT, Type.INT64, 0, KERNELS))
        .isInstanceOf(ByteStreamSplitDecoder.LongValues.class);
    assertThat(Decoders.valueDecoder(Encoding.BYTE_STREAM_SPLIT, Type.FIXED_LEN_BYTE_ARRAY, 2, KERNELS))
        .isInstanceOf(ByteStreamSplitDecoder.FixedLengthValues.class);
    assertThat(Decoders.levelDecoder(Encoding.RLE, 3, KERNELS)).isInstanceOf(RleBitPackedHybridDecoder.class);
    assertThat(Decoders.levelDecoder(Encoding.BIT_PACKED, 3, KERNELS)).isInstanceOf(BitPackedLevelDecoder.class);
    assertThat(Decoders.bitWidth(0)).isZero();
    assertThat(Decoders.bitWidth(1)).isEqualTo(1);
    assertThat(Decoders.bitWidth(7)).isEqualTo(3);
    assertThat(Decoders.bitWidth(8)).isEqualTo(4);
  }

  @Test
  void factoryRejectsCombinationsTheSpecDoesNotAllow() {
    Object[][] rejected = {
        {Encoding.DELTA_BINARY_PACKED, Type.DOUBLE}, {Encoding.DELTA_BINARY_PACKED, Type.BYTE_ARRAY},
        {Encoding.DELTA_LENGTH_BYTE_ARRAY, Type.INT32}, {Encoding.DELTA_BYTE_ARRAY, Type.INT64},
        {Encoding.BYTE_STREAM_SPLIT, Type.BOOLEAN}, {Encoding.BYTE_STREAM_SPLIT, Type.BYTE_ARRAY},
        {Encoding.RLE, Type.INT32}, {Encoding.BIT_PACKED, Type.INT32}, {Encoding.UNKNOWN, Type.INT32},
    };
    for (Object[] combination : rejected) {
      assertThatThrownBy(() -> Decoders.valueDecoder((Encoding) combination[0], (Type) combination[1], 0, KERNELS))
          .as("%s on %s", combination[0], combination[1])
          .isInstanceOf(UnsupportedParquetFeatureException.class)
          .hasMessageContaining(combination[0].toString()).hasMessageContaining(combination[1].toString());
    }
    assertThatThrownBy(() -> Decoders.valueDecoder(Encoding.PLAIN, Type.FIXED_LEN_BYTE_ARRAY, 0, KERNELS))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("positive type length");
    assertThatThrownBy(() -> Decoders.levelDecoder(Encoding.PLAIN, 1, KERNELS))
        .isInstanceOf(UnsupportedParquetFeatureException.class);
  }

  @Test
  void binaryBufferAppendsAndResets() throws ParquetCorruptionException {
    BinaryBuffer buffer = new BinaryBuffer(0, 0);
    byte[] source = {1, 2, 3, 4, 5};
    for (int i = 0; i < 100; i++) {
      buffer.append(source, i % 5, 5 - i % 5);
    }
    assertThat(buffer.size()).isEqualTo(100);
    assertThat(buffer.valueBytes(7)).containsExactly(3, 4, 5);
    assertThat(buffer.offsets()[100]).isEqualTo(buffer.dataLength());
    buffer.reset();
    assertThat(buffer.size()).isZero();
    assertThat(buffer.dataLength()).isZero();
    buffer.append(source, 0, 0);
    assertThat(buffer.valueLength(0)).isZero();
    assertThatThrownBy(() -> buffer.ensureAdditional(1, Integer.MAX_VALUE))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("read fewer values at a time");
  }

  @Test
  void deltaByteArrayExpansionStopsAtTheBufferDataLimit() throws ParquetCorruptionException {
    // One 1000-byte value, then 999 values repeating it whole: a small page describing a megabyte.
    byte[][] values = new byte[1000][];
    byte[] value = new byte[1000];
    new Random(1).nextBytes(value);
    java.util.Arrays.fill(values, value);
    byte[] page = ParquetJavaEncoders.deltaByteArray(values);
    assertThat(page.length).as("the page is small").isLessThan(2000);
    DeltaByteArrayDecoder decoder = new DeltaByteArrayDecoder(KERNELS);
    decoder.init(page, 0, page.length, values.length);
    BinaryBuffer limited = new BinaryBuffer();
    limited.setDataLimit(64 * 1024);
    assertThatThrownBy(() -> decoder.read(limited, 0, values.length))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("more than the 65536");
    decoder.init(page, 0, page.length, values.length);
    BinaryBuffer unlimited = new BinaryBuffer();
    decoder.read(unlimited, 0, values.length);
    assertThat(unlimited.dataLength()).isEqualTo(1000 * 1000);
  }
}
