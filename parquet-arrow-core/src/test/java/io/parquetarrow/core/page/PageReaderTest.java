package io.parquetarrow.core.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.codec.Compressor;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.DataPageHeader;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The page layer on corpus chunks: reading a chunk in small pieces (the path big chunks take) yields exactly the
 * pages of reading it whole — headers that straddle a piece boundary are re-read with more bytes — and the
 * pages' level counts add up to the chunk's {@code num_values}; pages above 1 GiB read, and a page size that
 * only a lie could explain fails on the codec stream rather than on an allocation.
 */
class PageReaderTest {

  record PageSummary(String kind, int valueCount, long fileOffset, byte[] body) {}

  private static List<PageSummary> pages(ParquetFile file, ColumnChunkMetadata chunk, long wholeLimit, int piece)
      throws Exception {
    CompressionCodec codec = chunk.codec();
    ColumnChunkBytes bytes =
        new ColumnChunkBytes(file.inputFile(), chunk.startOffset(), chunk.chunkLength(), wholeLimit, piece);
    List<PageSummary> pages = new ArrayList<>();
    try (PageReader reader = new PageReader(bytes, chunk.startOffset(), chunk.valueCount(), codec,
        codec == CompressionCodec.UNCOMPRESSED ? null : Codecs.decompressor(codec), true,
        new ChunkLocation(file.name(), chunk.rowGroupIndex(), chunk.column().dottedPath()))) {
      for (Page page = reader.nextPage(); page != null; page = reader.nextPage()) {
        if (page instanceof DataPage data) {
          pages.add(new PageSummary("data v" + data.version(), data.valueCount(), data.fileOffset(),
              Arrays.copyOfRange(data.data(), data.offset(), data.offset() + data.length())));
        } else if (page instanceof DictionaryPage dictionary) {
          DictionaryPage.Entries entries = dictionary.entries(new byte[0]);
          pages.add(new PageSummary("dictionary", dictionary.valueCount(), dictionary.fileOffset(),
              Arrays.copyOfRange(entries.data(), entries.offset(), entries.offset() + entries.length())));
        }
      }
    }
    return pages;
  }

  @ParameterizedTest
  @ValueSource(strings = {"alltypes_tiny_pages.parquet", "datapage_v2_empty_datapage.snappy.parquet",
      "page_v2_empty_compressed.parquet", "delta_length_byte_array.parquet", "dict-page-offset-zero.parquet"})
  void readingInPiecesGivesTheSamePages(String name) throws Exception {
    try (ParquetFile file = ParquetFile.open(Corpus.file(name))) {
      for (ColumnChunkMetadata chunk : file.metadata().rowGroup(0).columns()) {
        List<PageSummary> whole = pages(file, chunk, Long.MAX_VALUE, 1);
        long levels = whole.stream().filter(page -> page.kind().startsWith("data")).mapToLong(PageSummary::valueCount)
            .sum();
        assertThat(levels).as("%s %s: level entries over the data pages", name, chunk).isEqualTo(chunk.valueCount());
        for (int piece : new int[] {1, 7, 64}) {
          List<PageSummary> pieces = pages(file, chunk, 0, piece);
          assertThat(pieces).as("%s %s read in pieces of %d bytes", name, chunk, piece).hasSameSizeAs(whole);
          for (int i = 0; i < whole.size(); i++) {
            assertThat(pieces.get(i).kind()).isEqualTo(whole.get(i).kind());
            assertThat(pieces.get(i).valueCount()).isEqualTo(whole.get(i).valueCount());
            assertThat(pieces.get(i).fileOffset()).isEqualTo(whole.get(i).fileOffset());
            assertThat(pieces.get(i).body()).as("%s page %d body", chunk, i).isEqualTo(whole.get(i).body());
          }
        }
      }
    }
  }

  /**
   * {@code large_string_map.brotli.parquet} holds one string of 2^30 'a's per row, so its key chunk has pages
   * above 1 GiB made from about 1.6 KiB of brotli: valid, and read whole (the page size check once refused them
   * as an impossible expansion). The bodies are checked in place, without copying a gigabyte.
   */
  @Test
  void brotliPagesAboveOneGibibyteRead() throws Exception {
    try (ParquetFile file = ParquetFile.open(Corpus.file("large_string_map.brotli.parquet"))) {
      ColumnChunkMetadata chunk = file.metadata().rowGroup(0).columns().stream()
          .filter(column -> column.column().dottedPath().equals("arr.key_value.key")).findFirst().orElseThrow();
      List<String> pages = new ArrayList<>();
      // Without the default limit of half the heap per page: the test JVM's 2 GiB holds one 1 GiB page at a time.
      try (PageReader reader = new PageReader(
          new ColumnChunkBytes(file.inputFile(), chunk.startOffset(), chunk.chunkLength()), chunk.startOffset(),
          chunk.valueCount(), chunk.codec(), Codecs.decompressor(chunk.codec()), true,
          new ChunkLocation(file.name(), 0, "arr.key_value.key"), Long.MAX_VALUE, null, null)) {
        Page page;
        while ((page = reader.nextPage()) != null) {
          pages.add(describe(page));
          // Drop the reference before the next call, so a 1 GiB body is not kept alive while the next one grows.
          page = null;
        }
      }
      System.out.println("large_string_map.brotli.parquet arr.key_value.key pages: " + pages);
      assertThat(pages).as("pages of arr.key_value.key: the first row through the dictionary, the second PLAIN")
          .containsExactly("dictionary of 1: " + ((1 << 30) + 4) + " bytes, " + (1 << 30) + " 'a'",
              "data RLE_DICTIONARY of 1: 15 bytes, 0 'a'",
              "data PLAIN of 1: " + ((1 << 30) + 16) + " bytes, " + (1 << 30) + " 'a'");
    }
  }

  private static String describe(Page page) throws ParquetCorruptionException {
    if (page instanceof DictionaryPage dictionary) {
      DictionaryPage.Entries entries = dictionary.entries(new byte[0]);
      return "dictionary of " + dictionary.valueCount() + ": " + entries.length() + " bytes, "
          + letters(entries.data(), entries.offset(), entries.length()) + " 'a'";
    }
    DataPage data = (DataPage) page;
    return "data " + data.valueEncoding() + " of " + data.valueCount() + ": " + data.length() + " bytes, "
        + letters(data.data(), data.offset(), data.length()) + " 'a'";
  }

  private static long letters(byte[] data, int offset, int length) {
    long count = 0;
    for (int i = offset; i < offset + length; i++) {
      if (data[i] == 'a') {
        count++;
      }
    }
    return count;
  }

  /**
   * A brotli page of a few bytes whose header claims nearly 2 GiB (the largest page accepted) fails on the stream,
   * which ends far short of that, without the reader first allocating the claimed size: the test JVM's 2 GiB heap
   * could not hold it, so an up-front allocation would fail with OutOfMemoryError instead.
   */
  @Test
  void lyingBrotliPageSizeFailsOnTheStreamWithoutAllocatingIt() throws Exception {
    byte[] values = new byte[4096];
    Compressor compressor = Codecs.compressor(CompressionCodec.BROTLI, null);
    byte[] body = new byte[compressor.maxCompressedLength(values.length)];
    int bodyLength = compressor.compress(values, 0, values.length, body, 0);
    byte[] header = new PageHeader(PageType.DATA_PAGE, PageReader.MAXIMUM_PAGE_SIZE, bodyLength, null,
        new DataPageHeader(1024, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null), null, null, null).encode();
    byte[] chunk = Arrays.copyOf(header, header.length + bodyLength);
    System.arraycopy(body, 0, chunk, header.length, bodyLength);
    try (PageReader reader = new PageReader(new ColumnChunkBytes(new ArrayInputFile(chunk), 0, chunk.length), 0,
        1024, CompressionCodec.BROTLI, Codecs.decompressor(CompressionCodec.BROTLI), true,
        new ChunkLocation("lying.parquet", 0, "values"), Long.MAX_VALUE, null, null)) {
      assertThatThrownBy(reader::nextPage).as("a %d-byte brotli page claiming %d bytes", bodyLength,
              PageReader.MAXIMUM_PAGE_SIZE)
          .isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining("lying.parquet")
          .hasMessageContaining("decompressed to 4096 bytes");
    }
  }

  /** The chunk bytes of a hand-made page, as a file. */
  private record ArrayInputFile(byte[] bytes) implements InputFile {
    @Override
    public String name() {
      return "lying.parquet";
    }

    @Override
    public long length() {
      return bytes.length;
    }

    @Override
    public void readFully(long position, ByteBuffer destination) throws EOFException {
      int length = destination.remaining();
      if (position < 0 || position + length > bytes.length) {
        throw new EOFException("read of " + length + " bytes at " + position + " past " + bytes.length);
      }
      destination.put(bytes, (int) position, length);
    }

    @Override
    public void close() {}
  }
}
