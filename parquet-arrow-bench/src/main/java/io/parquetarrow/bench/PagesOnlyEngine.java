package io.parquetarrow.bench;

import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.DictionaryPage;
import io.parquetarrow.core.page.Page;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.format.CompressionCodec;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Not a reader but a floor under every reader in the table: reads each column chunk's pages from the file and
 * decompresses each page into heap scratch with our codecs (the same native zstd, snappy, ... libraries Arrow
 * C++ uses), without CRC checks, level or value decoding, or any Arrow output. A real read cannot take less than
 * this, so where it already exceeds a target time the target is out of reach for the decompressor's own speed.
 * Its checksum counts rows only, so the runner prints it as a floor rather than matching it.
 */
final class PagesOnlyEngine implements ReadEngine {
  static final String NAME = "pages-only";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  @Override
  public Materialized read(Path path, int threads, BufferAllocator allocator) throws Exception {
    ValueChecksum checksum = new ValueChecksum();
    byte[] dictionaryEntries = new byte[0];
    try (ParquetFile file = ParquetFile.open(path)) {
      for (int index = 0; index < file.metadata().rowGroups().size(); index++) {
        RowGroupMetadata rowGroup = file.metadata().rowGroup(index);
        for (ColumnChunkMetadata chunk : rowGroup.columns()) {
          CompressionCodec codec = chunk.codec();
          try (PageReader pages = new PageReader(file.inputFile(), chunk.startOffset(), chunk.chunkLength(),
              chunk.valueCount(), codec, codec == CompressionCodec.UNCOMPRESSED ? null : Codecs.decompressor(codec),
              false, new ChunkLocation(file.name(), index, "column"))) {
            // Reading and decompressing the pages is the whole work; a dictionary page is decompressed only
            // when asked for its entries.
            for (Page page = pages.nextPage(); page != null; page = pages.nextPage()) {
              if (page instanceof DictionaryPage dictionary && dictionary.compressed()) {
                dictionaryEntries = dictionary.entries(dictionaryEntries).data();
              }
            }
          }
        }
        checksum.addRows(rowGroup.rowCount());
      }
    }
    return new Consumed(checksum);
  }
}
