package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.KernelProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Damaged pages: every valid page of every encoding is truncated at every length and has random bytes flipped.
 * Decoding must then end in {@code ParquetCorruptionException} or succeed; when a truncated page still decodes
 * (only padding was cut) the values must be the right ones. Nothing else may escape: no
 * {@code ArrayIndexOutOfBoundsException}, no {@code OutOfMemoryError}, no {@code NegativeArraySizeException}.
 */
class HostileInputTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();
  private static final int[] SIZES = {0, 1, 9, 100, 300};
  private static final int FLIPS_PER_PAGE = 300;

  private record Case<T>(String name, Supplier<ValueDecoder<T>> decoder, byte[] page, ExpectedValues<T> expected) {}

  @TestFactory
  Stream<DynamicTest> truncatedAndFlippedPagesFailCleanly() {
    long seed = TestData.seed("hostile input");
    Random random = new Random(seed);
    List<Case<?>> cases = new ArrayList<>();
    for (int size : SIZES) {
      addCases(cases, random, size);
    }
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> attack(c, seed)));
  }

  private static <T> void attack(Case<T> c, long seed) {
    Random random = new Random(seed ^ c.name().hashCode());
    ValueDecoder<T> decoder = c.decoder().get();
    String where = c.name() + " (seed " + seed + ")";
    assertThat(DecoderHarness.survives(decoder, c.page(), c.expected(), random, true, where + " intact"))
        .as("%s: the intact page decodes", where).isTrue();
    int rejected = 0;
    for (int length = 0; length < c.page().length; length++) {
      if (!DecoderHarness.survives(decoder, Arrays.copyOf(c.page(), length), c.expected(), random, true,
          where + " truncated to " + length + " bytes")) {
        rejected++;
      }
    }
    // Width-0 levels and indices take no bytes at all, so no truncation can be told apart from the intact page.
    if (c.expected().count() > 0 && !c.name().contains("width 0 ")) {
      assertThat(rejected).as("%s: truncations rejected (an empty page at least)", where).isPositive();
    }
    if (c.page().length == 0) {
      return;
    }
    for (int flip = 0; flip < FLIPS_PER_PAGE; flip++) {
      byte[] damaged = c.page().clone();
      int changes = 1 + random.nextInt(3);
      StringBuilder description = new StringBuilder();
      for (int i = 0; i < changes; i++) {
        int position = random.nextInt(damaged.length);
        int mask = 1 + random.nextInt(255);
        damaged[position] ^= (byte) mask;
        description.append(" byte ").append(position).append(" ^= ").append(mask);
      }
      DecoderHarness.survives(decoder, damaged, c.expected(), random, false, where + " flipped" + description);
    }
  }

  private static void addCases(List<Case<?>> cases, Random random, int size) {
    String suffix = " size " + size;
    for (int bitWidth : new int[] {0, 1, 3, 8, 13, 32}) {
      int[] values = TestData.unsignedWithRuns(random, size, bitWidth);
      cases.add(new Case<>("hybrid width " + bitWidth + suffix,
          () -> new RleBitPackedHybridDecoder(KERNELS, bitWidth), ParquetJavaEncoders.rleHybrid(values, bitWidth),
          ExpectedValues.ints(values)));
      byte[] hybrid = ParquetJavaEncoders.rleHybrid(values, bitWidth);
      byte[] indices = new byte[hybrid.length + 1];
      indices[0] = (byte) bitWidth;
      System.arraycopy(hybrid, 0, indices, 1, hybrid.length);
      cases.add(new Case<>("dictionary indices width " + bitWidth + suffix,
          () -> new DictionaryIndexDecoder(KERNELS), indices, ExpectedValues.ints(values)));
      if (bitWidth <= 8) {
        cases.add(new Case<>("BIT_PACKED width " + bitWidth + suffix, () -> new BitPackedLevelDecoder(bitWidth),
            ParquetJavaEncoders.bitPacked(values, (1 << bitWidth) - 1), ExpectedValues.ints(values)));
      }
    }
    boolean[] booleans = TestData.booleans(random, size);
    cases.add(new Case<>("RLE booleans" + suffix, () -> new RleBooleanDecoder(KERNELS),
        ParquetJavaEncoders.rleBooleans(booleans), ExpectedValues.fixed(TestData.asBytes(booleans), 1)));
    cases.add(new Case<>("PLAIN booleans" + suffix, PlainDecoder.BooleanValues::new,
        ParquetJavaEncoders.plainBooleans(booleans), ExpectedValues.fixed(TestData.asBytes(booleans), 1)));

    int[] ints = TestData.ints(random, size, random.nextInt(5));
    cases.add(new Case<>("PLAIN INT32" + suffix, PlainDecoder.IntValues::new, ParquetJavaEncoders.plainInts(ints),
        ExpectedValues.ints(ints)));
    cases.add(new Case<>("DELTA_BINARY_PACKED INT32" + suffix, () -> new DeltaBinaryPackedDecoder.Int32(KERNELS),
        ParquetJavaEncoders.deltaBinaryPacked(ints, 128, 4), ExpectedValues.ints(ints)));
    cases.add(new Case<>("BYTE_STREAM_SPLIT INT32" + suffix, () -> new ByteStreamSplitDecoder.IntValues(KERNELS),
        ParquetJavaEncoders.byteStreamSplitInts(ints), ExpectedValues.ints(ints)));

    long[] longs = TestData.longs(random, size, random.nextInt(5));
    cases.add(new Case<>("PLAIN INT64" + suffix, PlainDecoder.LongValues::new, ParquetJavaEncoders.plainLongs(longs),
        ExpectedValues.longs(longs)));
    cases.add(new Case<>("DELTA_BINARY_PACKED INT64" + suffix, () -> new DeltaBinaryPackedDecoder.Int64(KERNELS),
        ParquetJavaEncoders.deltaBinaryPacked(longs, 256, 8), ExpectedValues.longs(longs)));
    cases.add(new Case<>("BYTE_STREAM_SPLIT INT64" + suffix, () -> new ByteStreamSplitDecoder.LongValues(KERNELS),
        ParquetJavaEncoders.byteStreamSplitLongs(longs), ExpectedValues.longs(longs)));

    byte[][] binaries = TestData.binaries(random, Math.min(size, 100));
    cases.add(new Case<>("PLAIN BYTE_ARRAY" + suffix, PlainDecoder.ByteArrayValues::new,
        ParquetJavaEncoders.plainBinaries(binaries), ExpectedValues.binaries(binaries)));
    cases.add(new Case<>("DELTA_LENGTH_BYTE_ARRAY" + suffix, () -> new DeltaLengthByteArrayDecoder(KERNELS),
        ParquetJavaEncoders.deltaLengthByteArray(binaries), ExpectedValues.binaries(binaries)));
    cases.add(new Case<>("DELTA_BYTE_ARRAY" + suffix, () -> new DeltaByteArrayDecoder(KERNELS),
        ParquetJavaEncoders.deltaByteArray(binaries), ExpectedValues.binaries(binaries)));

    int width = 5;
    byte[] fixed = TestData.fixed(random, size, width);
    byte[][] split = new byte[size][];
    for (int i = 0; i < size; i++) {
      split[i] = Arrays.copyOfRange(fixed, i * width, (i + 1) * width);
    }
    cases.add(new Case<>("PLAIN FIXED(5)" + suffix, () -> new PlainDecoder.FixedLengthValues(width),
        ParquetJavaEncoders.plainFixed(fixed, width), ExpectedValues.fixed(fixed, width)));
    cases.add(new Case<>("DELTA_BYTE_ARRAY FIXED(5)" + suffix, () -> new DeltaByteArrayDecoder.FixedLength(KERNELS,
        width), ParquetJavaEncoders.deltaByteArray(split), ExpectedValues.fixed(fixed, width)));
    cases.add(new Case<>("BYTE_STREAM_SPLIT FIXED(5)" + suffix,
        () -> new ByteStreamSplitDecoder.FixedLengthValues(KERNELS, width),
        ParquetJavaEncoders.byteStreamSplitFixed(fixed, width), ExpectedValues.fixed(fixed, width)));
  }
}
