package io.parquetarrow.core.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Skipping rows in the column layer: for every skip, skip-then-read returns exactly what read-and-drop returns
 * (levels, value count, values), across page boundaries, for a nullable INT32 column, a nullable string column
 * and a {@code list<int64>} column, with data pages v1 and v2, with and without dictionary pages. Skips that
 * cover whole pages of a flat column, or whole v2 pages of a repeated one, skip them unread.
 */
class ColumnSkipTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();
  private static final int ROWS = 10_003;
  private static final int PAGE_ROWS = 1_000;
  private static final long[] SKIPS = {0, 1, 999, 1_000, 1_001, 2_500, 5_000, 9_000, 10_000};
  private static final int READ = 1_003;

  @TempDir Path directory;

  @ParameterizedTest(name = "{0}, dictionary {1}")
  @CsvSource({"V1, false", "V1, true", "V2, false", "V2, true"})
  void skipThenReadEqualsReadAndDrop(WriteOptions.DataPageVersion version, boolean dictionary) throws Exception {
    long seed = 20_261_127L + version.ordinal() * 2 + (dictionary ? 1 : 0);
    System.out.println("ColumnSkipTest seed " + seed);
    Path file = write(seed, version, dictionary);
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (int leaf = 0; leaf < 3; leaf++) {
        ColumnChunkMetadata chunk = parquet.metadata().rowGroup(0).column(leaf);
        ColumnDescriptor column = chunk.column();
        for (long skip : SKIPS) {
          int read = (int) Math.min(READ, ROWS - skip);
          String what = column.dottedPath() + " after skipping " + skip;
          if (column.maxRepetitionLevel() == 0) {
            assertFlatSkip(parquet, chunk, skip, read, what);
          } else {
            assertRepeatedSkip(parquet, chunk, skip, read, version, what);
          }
        }
      }
    }
  }

  private static void assertFlatSkip(ParquetFile parquet, ColumnChunkMetadata chunk, long skip, int read,
      String what) throws Exception {
    ColumnDescriptor column = chunk.column();
    ColumnBatch skipped = new ColumnBatch();
    ColumnBatch dropped = new ColumnBatch();
    PageReader skippingPages = pages(parquet, chunk);
    try (FlatColumnReader skipping = flat(skippingPages, column);
        FlatColumnReader dropping = flat(pages(parquet, chunk), column)) {
      skipping.skip(skip);
      skipping.read(read, skipped);
      if (skip > 0) {
        dropping.read((int) skip, dropped);
      }
      dropping.read(read, dropped);
      assertSameBatch(skipped, dropped, column, what);
      if (skip >= 2 * PAGE_ROWS) {
        assertThat(skippingPages.pagesSkipped()).as("%s: pages skipped unread", what).isPositive();
      }
    }
  }

  private static void assertRepeatedSkip(ParquetFile parquet, ColumnChunkMetadata chunk, long skip, int read,
      WriteOptions.DataPageVersion version, String what) throws Exception {
    ColumnDescriptor column = chunk.column();
    PageReader skippingPages = pages(parquet, chunk);
    try (NestedColumnReader skipping = nested(skippingPages, chunk);
        NestedColumnReader dropping = nested(pages(parquet, chunk), chunk)) {
      // A first batch leaves entries read ahead in the skipping reader too: those are dropped by the skip.
      skipping.readRecords(3);
      dropping.readRecords(3);
      long skipAfterFirst = Math.max(0, skip - 3);
      int records = (int) Math.min(read, ROWS - 3 - skipAfterFirst);
      skipping.skip(skipAfterFirst);
      if (skipAfterFirst > 0) {
        dropping.readRecords((int) skipAfterFirst);
      }
      ColumnBatch skipped = copy(skipping.readRecords(records), column);
      ColumnBatch dropped = copy(dropping.readRecords(records), column);
      assertSameBatch(skipped, dropped, column, what);
      if (version == WriteOptions.DataPageVersion.V2 && skip >= 3 * PAGE_ROWS) {
        assertThat(skippingPages.pagesSkipped()).as("%s: v2 pages skipped unread", what).isPositive();
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"V1", "V2"})
  void skippingPastTheChunkIsCorruption(WriteOptions.DataPageVersion version) throws Exception {
    Path file = write(5, version, false);
    try (ParquetFile parquet = ParquetFile.open(file)) {
      ColumnChunkMetadata chunk = parquet.metadata().rowGroup(0).column(0);
      try (FlatColumnReader reader = flat(pages(parquet, chunk), chunk.column())) {
        reader.skip(ROWS - 3);
        assertThatThrownBy(() -> reader.skip(4)).as("skipping a row more than the chunk holds")
            .isInstanceOf(ParquetCorruptionException.class)
            .hasMessageContaining("column chunk ended");
      }
    }
  }

  private static PageReader pages(ParquetFile parquet, ColumnChunkMetadata chunk) throws Exception {
    return new PageReader(parquet.inputFile(), chunk.startOffset(), chunk.chunkLength(), chunk.valueCount(),
        chunk.codec(), Codecs.decompressor(chunk.codec()), true,
        new ChunkLocation(parquet.name(), 0, chunk.column().dottedPath()));
  }

  private static FlatColumnReader flat(PageReader pages, ColumnDescriptor column) {
    return new FlatColumnReader(pages, column.physicalType(), column.typeLength(), column.maxDefinitionLevel(),
        ROWS, KERNELS, null);
  }

  private static NestedColumnReader nested(PageReader pages, ColumnChunkMetadata chunk) throws Exception {
    ColumnDescriptor column = chunk.column();
    RepeatedColumnReader entries = new RepeatedColumnReader(pages, column.physicalType(), column.typeLength(),
        column.maxDefinitionLevel(), column.maxRepetitionLevel(), chunk.valueCount(), KERNELS);
    return new NestedColumnReader(entries, pages.location(), column.physicalType(), column.typeLength(),
        column.maxDefinitionLevel(), column.maxRepetitionLevel(), chunk.valueCount(), KERNELS);
  }

  /** The batch's levels and values in a batch of its own, so that the next read does not change them. */
  private static ColumnBatch copy(ColumnBatch batch, ColumnDescriptor column) throws Exception {
    batch.ownViews();
    ColumnBatch copy = new ColumnBatch();
    int levels = batch.levelCount();
    copy.reset(levels, true, true);
    System.arraycopy(batch.definitionLevels(), 0, copy.ensureDefinitionLevels(levels), 0, levels);
    System.arraycopy(batch.repetitionLevels(), 0, copy.ensureRepetitionLevels(levels), 0, levels);
    System.arraycopy(batch.longs(), 0, copy.ensureLongs(batch.valueCount()), 0, batch.valueCount());
    copy.setLevelCount(levels);
    copy.setValueCount(batch.valueCount());
    return copy;
  }

  private static void assertSameBatch(ColumnBatch actual, ColumnBatch expected, ColumnDescriptor column,
      String what) {
    int levels = expected.levelCount();
    int values = expected.valueCount();
    assertThat(actual.levelCount()).as("%s: level entries", what).isEqualTo(levels);
    assertThat(actual.valueCount()).as("%s: values", what).isEqualTo(values);
    if (column.maxDefinitionLevel() > 0 && (values != levels || column.maxRepetitionLevel() > 0)) {
      assertThat(Arrays.copyOf(actual.definitionLevels(), levels)).as("%s: definition levels", what)
          .isEqualTo(Arrays.copyOf(expected.definitionLevels(), levels));
    }
    if (column.maxRepetitionLevel() > 0) {
      assertThat(Arrays.copyOf(actual.repetitionLevels(), levels)).as("%s: repetition levels", what)
          .isEqualTo(Arrays.copyOf(expected.repetitionLevels(), levels));
    }
    switch (column.physicalType()) {
      case INT32 -> assertThat(Arrays.copyOf(actual.ints(), values)).as("%s: values", what)
          .isEqualTo(Arrays.copyOf(expected.ints(), values));
      case INT64 -> assertThat(Arrays.copyOf(actual.longs(), values)).as("%s: values", what)
          .isEqualTo(Arrays.copyOf(expected.longs(), values));
      default -> {
        int[] actualOffsets = actual.binary().offsets();
        int[] expectedOffsets = expected.binary().offsets();
        assertThat(actual.binary().size()).as("%s: strings", what).isEqualTo(values);
        for (int i = 0; i < values; i++) {
          assertThat(Arrays.copyOfRange(actual.binary().data(), actualOffsets[i], actualOffsets[i + 1]))
              .as("%s: string %d", what, i)
              .isEqualTo(Arrays.copyOfRange(expected.binary().data(), expectedOffsets[i], expectedOffsets[i + 1]));
        }
      }
    }
  }

  /**
   * Nullable ints and strings (10% null, few distinct values, so a dictionary holds them) and a nullable
   * {@code list<int64>} of 0–5 nullable elements, in pages of {@value #PAGE_ROWS} rows.
   */
  private Path write(long seed, WriteOptions.DataPageVersion version, boolean dictionary) throws Exception {
    Field element = Field.nullable("element", new ArrowType.Int(64, true));
    Schema schema = new Schema(List.of(
        Field.nullable("ints", new ArrowType.Int(32, true)),
        Field.nullable("strings", ArrowType.Utf8.INSTANCE),
        new Field("lists", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element))));
    Path file = directory.resolve("skip-" + version + "-" + dictionary + "-" + seed + ".parquet");
    WriteOptions options = WriteOptions.builder().pageRowLimit(PAGE_ROWS).dataPageVersion(version)
        .dictionaryEnabled(dictionary).codec(Codec.SNAPPY).build();
    SplittableRandom random = new SplittableRandom(seed);
    try (BufferAllocator allocator = TestAllocators.root();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      IntVector ints = (IntVector) root.getVector("ints");
      VarCharVector strings = (VarCharVector) root.getVector("strings");
      ListVector lists = (ListVector) root.getVector("lists");
      BigIntVector elements = (BigIntVector) lists.getDataVector();
      ints.allocateNew(ROWS);
      strings.allocateNew(ROWS * 10L, ROWS);
      lists.setInitialCapacity(ROWS, 3);
      lists.allocateNew();
      for (int row = 0; row < ROWS; row++) {
        if (random.nextInt(10) == 0) {
          ints.setNull(row);
        } else {
          ints.set(row, random.nextInt(100));
        }
        if (random.nextInt(10) == 0) {
          strings.setNull(row);
        } else {
          strings.setSafe(row, ("value-" + random.nextInt(50)).getBytes(StandardCharsets.UTF_8));
        }
        if (random.nextInt(10) == 0) {
          lists.setNull(row);
          continue;
        }
        int first = lists.startNewValue(row);
        int count = random.nextInt(6);
        for (int i = 0; i < count; i++) {
          elements.setSafe(first + i, random.nextLong(1_000));
          if (random.nextInt(8) == 0) {
            elements.setNull(first + i);
          }
        }
        lists.endValue(row, count);
      }
      ints.setValueCount(ROWS);
      strings.setValueCount(ROWS);
      lists.setValueCount(ROWS);
      root.setRowCount(ROWS);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
        writer.write(root);
      }
    }
    return file;
  }
}
