package io.parquetarrow.core.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.RowRanges;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.DataPage;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.PageLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PageIndexReader} reads the column and offset indexes of a row group's columns with one request per run of
 * neighbouring indexes, and they describe the pages the chunks hold; an encrypted column's indexes decrypt; a file
 * without a page index has none; an offset index that contradicts itself is refused, naming where it is.
 */
class PageIndexReaderTest {
  private static final byte[] FOOTER_KEY = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] COLUMN_KEY = "1234567890123450".getBytes(StandardCharsets.US_ASCII);

  @TempDir Path temporary;

  @Test
  void corpusIndexesDescribeTheChunksPages() throws IOException {
    Path file = Corpus.assumeCorpus().resolve("alltypes_tiny_pages.parquet");
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroup(0);
      List<ColumnDescriptor> columns = parquet.metadata().schema().columns();
      PageIndexes indexes = PageIndexReader.read(parquet, rowGroup, columns, true);
      assertThat(indexes.requests()).as("requests for %d columns' two indexes", columns.size())
          .isLessThanOrEqualTo(2);
      int withColumnIndex = 0;
      for (ColumnDescriptor column : columns) {
        ColumnPageIndex index = indexes.column(column.leafIndex());
        assertThat(index).as("page index of %s", column.dottedPath()).isNotNull();
        if (index.columnIndex() != null) { // parquet-mr writes none for INT96
          assertThat(index.columnIndex().nullPages()).as("column index pages of %s", column.dottedPath())
              .hasSize(index.pageCount());
          withColumnIndex++;
        }
        List<Long> offsets = new ArrayList<>();
        for (PageLocation page : index.offsetIndex().pageLocations()) {
          offsets.add(page.offset());
        }
        assertThat(offsets).as("data pages of %s", column.dottedPath())
            .isEqualTo(dataPageOffsets(parquet, rowGroup.column(column.leafIndex())));
      }
      assertThat(withColumnIndex).as("columns with a column index").isGreaterThan(columns.size() / 2);
      ColumnPageIndex first = indexes.column(0);
      BitSet pages = first.pagesOverlapping(RowRanges.of(first.endRow(0) - 1, first.endRow(1) + 1));
      assertThat(pages.stream().toArray()).as("pages holding the rows around page 1").containsExactly(0, 1, 2);
    }
  }

  @Test
  void fileWithoutPageIndexHasNone() throws IOException {
    Path file = temporary.resolve("no-index.parquet");
    write(file, WriteOptions.builder().codec(Codec.SNAPPY).pageRowLimit(10).pageIndexEnabled(false).build());
    try (ParquetFile parquet = ParquetFile.open(file)) {
      PageIndexes indexes = PageIndexReader.read(parquet, parquet.metadata().rowGroup(0),
          parquet.metadata().schema().columns(), true);
      assertThat(indexes.column(0)).as("page index of a file written without one").isNull();
      assertThat(indexes.requests()).as("requests").isZero();
    }
  }

  @Test
  void encryptedIndexesDecrypt() throws IOException {
    Path file = temporary.resolve("encrypted.parquet");
    FileEncryptionProperties encryption = FileEncryptionProperties.builder(FOOTER_KEY)
        .columnKey("value", COLUMN_KEY).build();
    write(file, WriteOptions.builder().codec(Codec.SNAPPY).pageRowLimit(10).encryption(encryption).build());
    FileDecryptionProperties keys =
        FileDecryptionProperties.builder().footerKey(FOOTER_KEY).columnKey("value", COLUMN_KEY).build();
    try (ParquetFile parquet = ParquetFile.open(file, keys)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroup(0);
      ColumnPageIndex index =
          PageIndexReader.read(parquet, rowGroup, parquet.metadata().schema().columns(), true).column(0);
      assertThat(index.pageCount()).as("pages of 10 rows").isEqualTo(10);
      assertThat(index.columnIndex().nullPages()).as("column index pages").hasSize(10);
      assertThat(index.offsetIndex().pageLocations().get(0).offset()).as("first data page")
          .isEqualTo(rowGroup.column(0).dataPageOffset());
    }
    try (ParquetFile parquet = ParquetFile.open(file, FileDecryptionProperties.builder().footerKey(FOOTER_KEY)
        .build())) {
      assertThat(PageIndexReader.read(parquet, parquet.metadata().rowGroup(0),
          parquet.metadata().schema().columns(), true).column(0))
          .as("page index of a column whose key is not at hand").isNull();
    }
  }

  @Test
  void offsetIndexWithRowsOutOfOrderIsRefused() throws IOException {
    Path file = temporary.resolve("plain.parquet");
    write(file, WriteOptions.builder().codec(Codec.SNAPPY).pageRowLimit(10).build());
    byte[] bytes = Files.readAllBytes(file);
    long at;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      ColumnChunkMetadata chunk = parquet.metadata().rowGroup(0).column(0);
      at = chunk.offsetIndexOffset().getAsLong();
      int length = (int) chunk.offsetIndexLength().getAsLong();
      OffsetIndex index = OffsetIndex.decode(bytes, (int) at, length);
      List<PageLocation> pages = new ArrayList<>(index.pageLocations());
      PageLocation second = pages.get(1);
      // Page 1 starts at page 2's first row: same varint length, so the index keeps its size.
      pages.set(1, new PageLocation(second.offset(), second.compressedPageSize(), pages.get(2).firstRowIndex()));
      byte[] altered = new OffsetIndex(pages, index.unencodedByteArrayDataBytes()).encode();
      assertThat(altered).as("altered offset index").hasSize(length);
      System.arraycopy(altered, 0, bytes, (int) at, length);
    }
    Path damaged = temporary.resolve("damaged.parquet");
    Files.write(damaged, bytes);
    try (ParquetFile parquet = ParquetFile.open(damaged)) {
      assertThatThrownBy(() -> PageIndexReader.read(parquet, parquet.metadata().rowGroup(0),
          parquet.metadata().schema().columns(), false))
          .isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining(damaged.toString())
          .hasMessageContaining("row group 0, column value, offset index at offset " + at)
          .hasMessageContaining("page 2 has first_row_index 20");
    }
  }

  /** The file offsets of the chunk's data pages, as its page headers give them. */
  private static List<Long> dataPageOffsets(ParquetFile parquet, ColumnChunkMetadata chunk) throws IOException {
    CompressionCodec codec = chunk.codec();
    List<Long> offsets = new ArrayList<>();
    try (PageReader pages = new PageReader(parquet.inputFile(), chunk.startOffset(), chunk.chunkLength(),
        chunk.valueCount(), codec, codec == CompressionCodec.UNCOMPRESSED ? null : Codecs.decompressor(codec),
        false, new ChunkLocation(parquet.name(), 0, chunk.column().dottedPath()))) {
      while (true) {
        DataPage.Header header = pages.peekDataPage();
        if (header == null && pages.dictionaryPageNext()) {
          pages.nextPage();
        } else if (header == null) {
          return offsets;
        } else {
          offsets.add(header.fileOffset());
          pages.skipDataPage();
        }
      }
    }
  }

  /** 100 rows of one nullable int column, {@code value}. */
  private static void write(Path file, WriteOptions options) throws IOException {
    try (BufferAllocator allocator = TestAllocators.root();
        IntVector vector = new IntVector("value", allocator)) {
      vector.allocateNew(100);
      for (int i = 0; i < 100; i++) {
        if (i % 7 == 0) {
          vector.setNull(i);
        } else {
          vector.set(i, i * 3);
        }
      }
      vector.setValueCount(100);
      try (VectorSchemaRoot root = VectorSchemaRoot.of(vector)) {
        root.setRowCount(100);
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, root.getSchema(), options)) {
          writer.write(root);
        }
      }
    }
  }
}
