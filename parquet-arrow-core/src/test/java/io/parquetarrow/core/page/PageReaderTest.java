package io.parquetarrow.core.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.format.CompressionCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The page layer on corpus chunks: reading a chunk in small pieces (the path big chunks take) yields exactly the
 * pages of reading it whole — headers that straddle a piece boundary are re-read with more bytes — and the
 * pages' level counts add up to the chunk's {@code num_values}.
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
        new PageLocation(file.name(), chunk.rowGroupIndex(), chunk.column().dottedPath()))) {
      for (Page page = reader.nextPage(); page != null; page = reader.nextPage()) {
        if (page instanceof DataPage data) {
          pages.add(new PageSummary("data v" + data.version(), data.valueCount(), data.fileOffset(),
              Arrays.copyOfRange(data.data(), data.offset(), data.offset() + data.length())));
        } else if (page instanceof DictionaryPage dictionary) {
          pages.add(new PageSummary("dictionary", dictionary.valueCount(), dictionary.fileOffset(),
              Arrays.copyOfRange(dictionary.data(), dictionary.offset(), dictionary.offset() + dictionary.length())));
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
}
