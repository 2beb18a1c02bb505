package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.WriteOptions.DataPageVersion;
import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.RowRanges;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.DuckDbWriter;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.simd.KernelProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reading only some rows of each row group ({@link RowGroupBatches#selectRows}) returns exactly those rows of a
 * read of every row, for flat columns of several types (required and nullable, dictionary and plain, every page
 * layout and codec) and nested ones (a list, which falls back to reading its pages, and a struct, whose leaves skip
 * by the offset index), with nothing left allocated; and the pages holding no selected row are not read: fewer
 * bytes, pages counted as not read. Also files of the corpus that have an offset index, and an encrypted file.
 * Random ranges print their seed.
 */
class RowRangesReadTest {
  private static final int ROWS = 9_000;
  private static final int PAGE_ROWS = 100;
  private static final int ROW_GROUP_ROWS = 4_000;
  private static final byte[] FOOTER_KEY = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ID_KEY = "1234567890123450".getBytes(StandardCharsets.US_ASCII);

  @TempDir static Path temporary;
  private static Path source;

  @BeforeAll
  static void writeSource() throws Exception {
    source = temporary.resolve("source.parquet");
    DuckDbWriter.write("SELECT i::BIGINT AS id,"
        + " CASE WHEN i % 3 = 0 THEN NULL ELSE i * 7 END::INT AS nullable_int,"
        + " CASE WHEN i % 17 = 0 THEN NULL ELSE 'label ' || (i % 13) END AS label,"
        + " CASE WHEN i % 5 = 0 THEN NULL ELSE repeat('x', (i % 17)::INT) || i END AS text,"
        + " i / 7.0 AS ratio, i % 2 = 0 AS flag,"
        + " CASE WHEN i % 11 = 0 THEN NULL WHEN i % 7 = 0 THEN []::BIGINT[]"
        + " ELSE [i, NULL, i + 1, i + 2][1:(i % 4)] END AS numbers,"
        + " CASE WHEN i % 13 = 0 THEN NULL ELSE {'x': i % 1000, 'name': 'n' || (i % 7)} END AS point"
        + " FROM range(" + ROWS + ") t(i)", source, DuckDbWriter.Options.defaults());
  }

  static Stream<Arguments> layouts() {
    return Stream.of(
        Arguments.of(Codec.SNAPPY, DataPageVersion.V1, true, 1L << 20),
        Arguments.of(Codec.UNCOMPRESSED, DataPageVersion.V2, true, 0L),
        Arguments.of(Codec.UNCOMPRESSED, DataPageVersion.V1, false, 1L << 20),
        Arguments.of(Codec.ZSTD, DataPageVersion.V2, false, 0L),
        Arguments.of(Codec.GZIP, DataPageVersion.V1, true, 0L));
  }

  @ParameterizedTest(name = "{0} {1} dictionary={2} readAhead={3}")
  @MethodSource("layouts")
  void selectedRowsAreThoseOfAFullRead(Codec codec, DataPageVersion version, boolean dictionary, long readAhead)
      throws Exception {
    Path file = temporary.resolve(codec + "-" + version + "-" + dictionary + ".parquet");
    writeWithRequiredId(file, options().codec(codec).dataPageVersion(version).dictionaryEnabled(dictionary)
        .dictionaryEnabled("text", false).build());
    ReadOptions read = ReadOptions.builder().dictionaryColumns("label").batchRows(700).build();
    assertSelectionsMatch(file, read, readAhead, 4);

    // The list column is read whole (a repeated column falls back): the pages of the others alone are counted.
    ReadOptions flat = ReadOptions.builder().dictionaryColumns("label")
        .columns("id", "nullable_int", "label", "text", "ratio", "flag", "point").build();
    SelectedRowsReads.Result all = SelectedRowsReads.read(file, flat, null, readAhead);
    IntFunction<RowRanges> few = group -> RowRanges.of(1234, 1240);
    SelectedRowsReads.Result some = SelectedRowsReads.read(file, flat, few, readAhead);
    long[] rowGroupRows = rowGroupRows(file, null);
    assertThat(some.rows()).as("rows 1234 to 1239 of each row group")
        .isEqualTo(SelectedRowsReads.slice(all.rows(), rowGroupRows, few));
    assertThat(some.pagesNotRead()).as("pages passed over unread").isGreaterThan(0);
    // Dictionary pages are read whatever the rows (those of the columns of distinct values are large).
    assertThat(some.bytesRead()).as("bytes read for 6 rows per row group, of %d for all", all.bytesRead())
        .isLessThan(all.bytesRead() / (dictionary ? 2 : 5));
    assertThat(some.pageIndexRequests()).as("page index requests, one per row group with rows 1234 to 1239")
        .isEqualTo(Arrays.stream(rowGroupRows).filter(rows -> rows > 1234).count());
    assertThat(all.pagesNotRead()).as("pages not read in a full read").isZero();
    if (readAhead > 0 && codec != Codec.UNCOMPRESSED) {
      assertThat(some.rangesReadAhead()).as("page ranges taken from the read-ahead").isGreaterThan(0);
    }
  }

  @Test
  void batchesAreFullInsideARangeAndEndAtItsEnd() throws Exception {
    Path file = temporary.resolve("batches.parquet");
    writeWithRequiredId(file, options().codec(Codec.SNAPPY).build());
    ReadOptions read = ReadOptions.builder().batchRows(300).build();
    IntFunction<RowRanges> rows = group -> group == 1 ? RowRanges.none()
        : RowRanges.union(new long[] {10, 2000}, new long[] {710, 2050});
    SelectedRowsReads.Result result = SelectedRowsReads.read(file, read, rows, 0);
    // Row groups 0 and 2 (1,000 rows, cut at its end to [10, 710) only); row group 1 is not opened.
    assertThat(result.batchSizes()).as("batch sizes").containsExactly(300, 300, 100, 50, 300, 300, 100);
  }

  @Test
  void rowsOutsideThePlanStillReadRight() throws Exception {
    Path file = temporary.resolve("outside.parquet");
    writeWithRequiredId(file, options().codec(Codec.SNAPPY).build());
    ReadOptions read = ReadOptions.builder().columns("id", "nullable_int", "text").build();
    SelectedRowsReads.Result all = SelectedRowsReads.read(file, read, null, 0);
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetFile parquet = ParquetFile.open(file)) {
      ReadPlan plan = ReadPlan.create(parquet, read, KernelProvider.get());
      RowGroupMetadata metadata = parquet.metadata().rowGroup(0);
      int[] fields = {0, 1, 2};
      FieldReaderFactory[] factories = new FieldReaderFactory[3];
      List<FieldVector> vectors = new ArrayList<>();
      try (ColumnChunks chunks = new ColumnChunks(parquet, true, 0, Runnable::run)) {
        for (int field : fields) {
          factories[field] = plan.fields().get(field).newReaderFactory(plan, null);
          vectors.add(plan.schema().getFields().get(field).createVector(allocator));
        }
        List<ColumnDescriptor> leaves = new ArrayList<>();
        plan.fields().forEach(field -> leaves.addAll(field.leaves()));
        chunks.selectRows(metadata, leaves, RowRanges.of(2000, 2100));
        try (VectorSchemaRoot root = new VectorSchemaRoot(vectors);
            RowGroupReader reader = RowGroupReader.open(0, metadata, fields, factories, chunks)) {
          // Against the protocol: rows 150 to 249 and 2050 to 2149 lie outside the ranges the plans were made for.
          reader.skipRows(150);
          reader.readBatch(100, root);
          root.setRowCount(100);
          for (int row = 0; row < 100; row++) {
            assertThat(SelectedRowsReads.render(root, row, null)).as("row %d", 150 + row)
                .isEqualTo(all.rows().get(150 + row));
          }
          reader.skipRows(1800);
          reader.readBatch(100, root);
          for (int row = 0; row < 100; row++) {
            assertThat(SelectedRowsReads.render(root, row, null)).as("row %d", 2050 + row)
                .isEqualTo(all.rows().get(2050 + row));
          }
        }
        assertThat(chunks.pagesNotRead()).as("pages passed over unread").isGreaterThan(0);
      } finally {
        for (FieldReaderFactory factory : factories) {
          if (factory != null) {
            factory.close();
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  @Test
  void encryptedFileReadsOnlyTheSelectedPages() throws Exception {
    Path file = temporary.resolve("encrypted.parquet");
    FileEncryptionProperties encryption = FileEncryptionProperties.builder(FOOTER_KEY)
        .footerKeyMetadata("footer".getBytes(StandardCharsets.US_ASCII))
        .columnKey("id", ID_KEY, "id".getBytes(StandardCharsets.US_ASCII)).build();
    writeWithRequiredId(file, options().codec(Codec.SNAPPY).encryption(encryption).build());
    FileDecryptionProperties keys =
        FileDecryptionProperties.builder().footerKey(FOOTER_KEY).columnKey("id", ID_KEY).build();
    ReadOptions read = ReadOptions.builder().decryption(keys).batchRows(500).build();
    assertSelectionsMatch(file, read, 1L << 20, 3);
    SelectedRowsReads.Result some = SelectedRowsReads.read(file, read, group -> RowRanges.of(3000, 3003), 0);
    assertThat(some.pagesNotRead()).as("encrypted pages passed over unread").isGreaterThan(0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"alltypes_tiny_pages.parquet", "alltypes_tiny_pages_plain.parquet",
      "data_index_bloom_encoding_stats.parquet", "datapage_v1-snappy-compressed-checksum.parquet",
      "plain-dict-uncompressed-checksum.parquet", "int32_with_null_pages.parquet",
      "floating_orders_nan_count.parquet", "delta_encoding_required_column.parquet",
      "fixed_length_byte_array.parquet", "dict-page-offset-zero.parquet"})
  void corpusFilesWithAnOffsetIndex(String name) throws Exception {
    Path file = Corpus.assumeCorpus().resolve(name);
    if (!Files.exists(file)) {
      return; // not in every copy of the corpus
    }
    assertSelectionsMatch(file, ReadOptions.defaults(), 1L << 20, 6);
    if (name.startsWith("alltypes_tiny_pages")) {
      // random selections may touch every page; one row per row group never does on these small pages
      SelectedRowsReads.Result one = SelectedRowsReads.read(file, ReadOptions.defaults(),
          group -> RowRanges.of(7, 8), 1L << 20);
      assertThat(one.pagesNotRead()).as("pages of %s passed over unread", name).isGreaterThan(0);
    }
  }

  /**
   * Reads {@code file} with {@code seeds} random selections and compares each with a full read cut to the same
   * rows.
   */
  private static void assertSelectionsMatch(Path file, ReadOptions options, long readAhead, int seeds)
      throws Exception {
    SelectedRowsReads.Result all = SelectedRowsReads.read(file, options, null, readAhead);
    long[] rowGroupRows = rowGroupRows(file, options.decryption());
    long base = Long.getLong("parquet.arrow.test.seed", System.nanoTime());
    System.out.println("RowRangesReadTest " + file.getFileName() + " seed " + base
        + " (-Dparquet.arrow.test.seed=" + base + " replays it)");
    for (int i = 0; i < seeds; i++) {
      long seed = base + i;
      Random random = new Random(seed);
      RowRanges[] ranges = new RowRanges[rowGroupRows.length];
      for (int group = 0; group < ranges.length; group++) {
        ranges[group] = SelectedRowsReads.randomRanges(random, rowGroupRows[group]);
      }
      SelectedRowsReads.Result some = SelectedRowsReads.read(file, options, group -> ranges[group], readAhead);
      assertThat(some.rows()).as("%s read for rows %s (seed %d)", file.getFileName(), List.of(ranges), seed)
          .isEqualTo(SelectedRowsReads.slice(all.rows(), rowGroupRows, group -> ranges[group]));
    }
  }

  private static long[] rowGroupRows(Path file, FileDecryptionProperties keys) throws Exception {
    try (ParquetFile parquet = ParquetFile.open(file, keys)) {
      List<RowGroupMetadata> groups = parquet.metadata().rowGroups();
      long[] rows = new long[groups.size()];
      for (int i = 0; i < rows.length; i++) {
        rows[i] = groups.get(i).rowCount();
      }
      return rows;
    }
  }

  private static WriteOptions.Builder options() {
    return WriteOptions.builder().pageRowLimit(PAGE_ROWS).rowGroupRowLimit(ROW_GROUP_ROWS);
  }

  /** Rewrites the source with our writer and {@code options}, its {@code id} column required. */
  private static void writeWithRequiredId(Path file, WriteOptions options) throws Exception {
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(source, allocator)) {
      ParquetArrowWriter writer = null;
      try {
        while (reader.loadNextBatch()) {
          try (VectorSchemaRoot batch = withRequiredId(reader.getVectorSchemaRoot(), allocator)) {
            if (writer == null) {
              writer = ParquetArrowWriter.open(file, batch.getSchema(), options);
            }
            writer.write(batch);
          }
        }
      } finally {
        if (writer != null) {
          writer.close();
        }
      }
    }
  }

  /** The batch's vectors moved to a root of their own, {@code id} into a vector whose field is not nullable. */
  private static VectorSchemaRoot withRequiredId(VectorSchemaRoot root, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>();
    for (FieldVector vector : root.getFieldVectors()) {
      TransferPair transfer;
      if (vector.getName().equals("id")) {
        Field required = new Field("id", FieldType.notNullable(vector.getField().getType()), null);
        transfer = vector.makeTransferPair(required.createVector(allocator));
      } else {
        transfer = vector.getTransferPair(allocator);
      }
      transfer.transfer();
      vectors.add((FieldVector) transfer.getTo());
    }
    VectorSchemaRoot moved = new VectorSchemaRoot(vectors);
    moved.setRowCount(root.getRowCount());
    return moved;
  }
}
