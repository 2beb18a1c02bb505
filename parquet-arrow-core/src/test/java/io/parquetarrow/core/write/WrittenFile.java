package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.FileMetaData;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.PageHeader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A file this writer produced, decoded with the thrift records alone (not the reader under construction): the
 * footer, each chunk's page index and page headers, for tests that check what the writer stored.
 */
final class WrittenFile {
  final byte[] bytes;
  final FileMetaData footer;

  WrittenFile(Path path) throws IOException {
    bytes = Files.readAllBytes(path);
    assertThat(new String(bytes, 0, 4, java.nio.charset.StandardCharsets.US_ASCII)).as("leading magic")
        .isEqualTo("PAR1");
    assertThat(new String(bytes, bytes.length - 4, 4, java.nio.charset.StandardCharsets.US_ASCII))
        .as("trailing magic").isEqualTo("PAR1");
    int length = (bytes[bytes.length - 8] & 0xFF) | (bytes[bytes.length - 7] & 0xFF) << 8
        | (bytes[bytes.length - 6] & 0xFF) << 16 | (bytes[bytes.length - 5] & 0xFF) << 24;
    footer = FileMetaData.decode(bytes, bytes.length - 8 - length, length);
  }

  ColumnChunk chunk(int rowGroup, int column) {
    return footer.rowGroups().get(rowGroup).columns().get(column);
  }

  ColumnIndex columnIndex(int rowGroup, int column) throws IOException {
    ColumnChunk chunk = chunk(rowGroup, column);
    if (chunk.columnIndexOffset() == null) {
      return null;
    }
    return ColumnIndex.decode(bytes, Math.toIntExact(chunk.columnIndexOffset()), chunk.columnIndexLength());
  }

  OffsetIndex offsetIndex(int rowGroup, int column) throws IOException {
    ColumnChunk chunk = chunk(rowGroup, column);
    if (chunk.offsetIndexOffset() == null) {
      return null;
    }
    return OffsetIndex.decode(bytes, Math.toIntExact(chunk.offsetIndexOffset()), chunk.offsetIndexLength());
  }

  /** The header of the page starting at {@code offset}, and its length. */
  PageHeader.Decoded pageHeader(long offset) throws IOException {
    int start = Math.toIntExact(offset);
    return PageHeader.decodePrefix(bytes, start, bytes.length - start);
  }

  int columnIndexOf(String name) {
    List<ColumnChunk> columns = footer.rowGroups().get(0).columns();
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).metaData().pathInSchema().equals(List.of(name))) {
        return i;
      }
    }
    throw new IllegalArgumentException("no column " + name);
  }
}
