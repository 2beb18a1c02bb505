package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.Statistics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A single string value larger than the 16 MiB that some writers take as a page's ceiling (and far larger than
 * the 1 MiB page and dictionary page targets): alone, and in a batch of small strings and nulls around it. The
 * page holding it must be written whole (a value is never split across pages), the dictionary must fall back
 * to plain, statistics must be truncated rather than copied, and both our reader and Arrow C++ must read it
 * back equal, with no Arrow memory left behind.
 */
class WriterLargeValueTest {
  /** 16 MiB and a bit: past 2^24, so a length that kept only 24 bits would also be caught. */
  private static final int LARGE_LENGTH = 16 * 1024 * 1024 + 12_345;

  private static final Schema SCHEMA = new Schema(List.of(
      FlatTables.nullable("id", new ArrowType.Int(32, true)),
      FlatTables.nullable("text", ArrowType.Utf8.INSTANCE)));

  @TempDir Path directory;
  private BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  static Stream<Arguments> layouts() {
    return Stream.of(
        Arguments.of("dictionary on, V1, uncompressed",
            WriteOptions.builder().build()),
        Arguments.of("dictionary off, V2, ZSTD",
            WriteOptions.builder().dictionaryEnabled(false).dataPageVersion(WriteOptions.DataPageVersion.V2)
                .codec(Codec.ZSTD).build()),
        Arguments.of("DELTA_LENGTH_BYTE_ARRAY, V1, SNAPPY, small pages",
            WriteOptions.builder().dictionaryEnabled(false)
                .columnEncoding("text", io.parquetarrow.format.Encoding.DELTA_LENGTH_BYTE_ARRAY)
                .codec(Codec.SNAPPY).pageSizeBytes(64 * 1024).build()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layouts")
  void singleLargeValueRoundTrips(String layout, WriteOptions options) throws Exception {
    long seed = 7_001;
    System.out.println("seed " + seed);
    try (VectorSchemaRoot expected = batch(List.of(largeText(seed)))) {
      Path file = write(expected, options);
      assertReadersReturn(layout + ", one value of " + LARGE_LENGTH + " bytes", file, expected);
      Statistics statistics = new WrittenFile(file).chunk(0, 1).metaData().statistics();
      assertThat(statistics.maxValue().length).as("%s: the max is truncated to the statistics limit", layout)
          .isLessThanOrEqualTo(WriteOptions.DEFAULT_STATISTICS_TRUNCATE_LENGTH);
      assertThat(statistics.minValue().length).as("%s: the min is truncated to the statistics limit", layout)
          .isLessThanOrEqualTo(WriteOptions.DEFAULT_STATISTICS_TRUNCATE_LENGTH);
      assertThat(statistics.isMaxValueExact()).as("%s: a truncated max is not exact", layout).isFalse();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layouts")
  void largeValueAmongSmallOnesAndNullsRoundTrips(String layout, WriteOptions options) throws Exception {
    long seed = 7_002;
    System.out.println("seed " + seed);
    Random random = new Random(seed);
    List<String> values = new ArrayList<>();
    for (int row = 0; row < 3_000; row++) {
      if (row == 1_500) {
        values.add(largeText(seed));
      } else if (row % 7 == 3) {
        values.add(null);
      } else {
        values.add(FlatTables.randomString(random, row));
      }
    }
    try (VectorSchemaRoot expected = batch(values)) {
      Path file = write(expected, options);
      assertReadersReturn(layout + ", a large value at row 1500 of 3000", file, expected);
    }
  }

  /** A text of {@link #LARGE_LENGTH} ASCII bytes, random so that no codec shrinks it to nothing. */
  private static String largeText(long seed) {
    Random random = new Random(seed);
    byte[] bytes = new byte[LARGE_LENGTH];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) ('a' + random.nextInt(26));
    }
    return new String(bytes, StandardCharsets.US_ASCII);
  }

  private VectorSchemaRoot batch(List<String> texts) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
    try {
      IntVector id = (IntVector) root.getVector("id");
      VarCharVector text = (VarCharVector) root.getVector("text");
      id.allocateNew(texts.size());
      text.allocateNew(texts.size());
      for (int row = 0; row < texts.size(); row++) {
        id.set(row, row);
        if (texts.get(row) == null) {
          text.setNull(row);
        } else {
          text.setSafe(row, texts.get(row).getBytes(StandardCharsets.UTF_8));
        }
      }
      root.setRowCount(texts.size());
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  private Path write(VectorSchemaRoot batch, WriteOptions options) throws Exception {
    Path file = directory.resolve("large.parquet");
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, SCHEMA, options)) {
      writer.write(batch);
    }
    return file;
  }

  private void assertReadersReturn(String context, Path file, VectorSchemaRoot expected) throws Exception {
    int offset = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        // The reader reuses its root, so each batch is compared at once with the rows it should hold.
        try (VectorSchemaRoot slice = expected.slice(offset, batch.getRowCount())) {
          ArrowAssertions.assertRootsEqual(context + ": our reader, rows from " + offset, slice, batch);
        }
        offset += batch.getRowCount();
      }
    }
    assertThat(offset).as("%s: rows our reader read", context).isEqualTo(expected.getRowCount());
    try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file)) {
      ArrowAssertions.assertBatchesEqual(context + ": Arrow C++", List.of(expected), arrowCpp.batches());
    }
  }
}
