package io.parquetarrow.core.index;

import io.parquetarrow.core.crypto.ColumnDecryptor;
import io.parquetarrow.core.crypto.FileDecryptor;
import io.parquetarrow.core.crypto.ModuleType;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.PageLocation;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the page index (column index and offset index) of some columns of one row group: the first step of
 * pruning by page and of reading only the pages of some rows. Writers store the indexes of a file's chunks next to
 * one another before the footer, so the ranges asked for are sorted and read with one request per run of ranges
 * at most {@link #HOLE_LIMIT} bytes apart (and at most {@link #REQUEST_LIMIT} bytes long). The index of an encrypted
 * column is a module (COLUMN_INDEX, OFFSET_INDEX) decrypted with the column's key; a column whose key is not at
 * hand gets none (reading the column fails anyway, with the reason).
 *
 * <p>Each index is validated before it is handed out, and one that is not valid is a
 * {@link ParquetCorruptionException} naming the file, row group, column and the index's offset, not an index
 * silently ignored: a reader that trusted a wrong offset index would return wrong rows, and one written wrong says
 * the file's writer is broken (docs/decisions/0044-page-index-read.md). The offset index must list at least one
 * page when the row group has rows; its pages must lie inside the chunk, after its start and one after another
 * without overlapping; their first rows must start at 0, ascend strictly and stay below the row count. A column
 * index must list as many pages as the offset index (null pages, minimums, maximums, null counts when present).
 * The ranges were checked to lie inside the file when the footer was read.
 */
public final class PageIndexReader {
  /** The largest gap between two indexes read with one request. */
  static final int HOLE_LIMIT = 64 << 10;
  /** The most bytes one request reads. */
  static final int REQUEST_LIMIT = 16 << 20;

  private enum Kind { COLUMN_INDEX, OFFSET_INDEX }

  /** One index to read: whose, which, where. */
  private record Module(ColumnDescriptor column, Kind kind, long offset, int length) {}

  private PageIndexReader() {}

  /**
   * Reads the offset indexes, and with {@code withColumnIndexes} the column indexes, of {@code columns} in row
   * group {@code rowGroup}. Columns without them are left out of the result.
   *
   * @throws ParquetCorruptionException for an index that does not decode or is not valid (see the class comment)
   * @throws io.parquetarrow.errors.ParquetEncryptionException for an encrypted index that does not authenticate
   */
  public static PageIndexes read(ParquetFile file, RowGroupMetadata rowGroup, List<ColumnDescriptor> columns,
      boolean withColumnIndexes) throws IOException {
    List<Module> modules = new ArrayList<>();
    for (ColumnDescriptor column : columns) {
      ColumnChunkMetadata chunk = rowGroup.column(column.leafIndex());
      if (!readable(file, chunk, column)) {
        continue;
      }
      add(modules, column, Kind.OFFSET_INDEX, chunk.offsetIndexOffset().orElse(-1),
          chunk.offsetIndexLength().orElse(-1));
      if (withColumnIndexes) {
        add(modules, column, Kind.COLUMN_INDEX, chunk.columnIndexOffset().orElse(-1),
            chunk.columnIndexLength().orElse(-1));
      }
    }
    modules.sort(Comparator.comparingLong(Module::offset));
    Map<Integer, ColumnIndex> columnIndexes = new HashMap<>();
    Map<Integer, OffsetIndex> offsetIndexes = new HashMap<>();
    int requests = 0;
    for (int first = 0; first < modules.size(); ) {
      int last = first;
      long start = modules.get(first).offset();
      long end = start + modules.get(first).length();
      while (last + 1 < modules.size()) {
        Module next = modules.get(last + 1);
        long nextEnd = Math.max(end, next.offset() + next.length());
        if (next.offset() - end > HOLE_LIMIT || nextEnd - start > REQUEST_LIMIT) {
          break;
        }
        end = nextEnd;
        last++;
      }
      byte[] bytes = readRange(file, rowGroup, modules.get(first), start, (int) (end - start));
      requests++;
      for (int i = first; i <= last; i++) {
        Module module = modules.get(i);
        int leaf = module.column().leafIndex();
        if (module.kind() == Kind.OFFSET_INDEX) {
          offsetIndexes.put(leaf, decodeOffsetIndex(file, rowGroup, module, bytes, (int) (module.offset() - start)));
        } else {
          columnIndexes.put(leaf, decodeColumnIndex(file, rowGroup, module, bytes, (int) (module.offset() - start)));
        }
      }
      first = last + 1;
    }
    Map<Integer, ColumnPageIndex> result = new HashMap<>();
    for (ColumnDescriptor column : columns) {
      int leaf = column.leafIndex();
      OffsetIndex offsets = offsetIndexes.get(leaf);
      ColumnIndex statistics = columnIndexes.get(leaf);
      if (offsets != null || statistics != null) {
        validateColumnIndex(file, rowGroup, column, statistics, offsets);
        result.put(leaf, new ColumnPageIndex(statistics, offsets, rowGroup.rowCount()));
      }
    }
    return new PageIndexes(result, requests);
  }

  /** Whether the chunk's indexes can be read: its metadata is at hand, and its key when it is encrypted. */
  private static boolean readable(ParquetFile file, ColumnChunkMetadata chunk, ColumnDescriptor column) {
    if (!chunk.isMetadataAvailable() || chunk.decryptionFailure() != null) {
      return false;
    }
    FileDecryptor decryptor = file.decryptor();
    return !chunk.isEncrypted() || decryptor != null && decryptor.hasKey(chunk.columnChunk(), column.dottedPath());
  }

  private static void add(List<Module> modules, ColumnDescriptor column, Kind kind, long offset, long length) {
    if (offset >= 0 && length > 0) {
      modules.add(new Module(column, kind, offset, (int) length));
    }
  }

  private static byte[] readRange(ParquetFile file, RowGroupMetadata rowGroup, Module first, long start, int length)
      throws IOException {
    try {
      return file.inputFile().readFully(start, length);
    } catch (EOFException e) {
      throw new ParquetCorruptionException(place(file, rowGroup, first) + ": file ends inside the page index ("
          + length + " bytes from offset " + start + "): " + e.getMessage(), e);
    }
  }

  /** The plaintext of a module: its stored bytes, or for an encrypted column its decrypted bytes. */
  private static byte[] plaintext(ParquetFile file, RowGroupMetadata rowGroup, Module module, byte[] bytes,
      int offset) throws ParquetException {
    ColumnDescriptor column = module.column();
    ColumnChunkMetadata chunk = rowGroup.column(column.leafIndex());
    if (!chunk.isEncrypted()) {
      return null;
    }
    ColumnDecryptor decryptor = file.decryptor().columnDecryptor(chunk.columnChunk(), rowGroup.ordinal(),
        column.leafIndex(), column.dottedPath(), chunk.dictionaryPageOffset().isPresent(),
        file.name() + ": row group " + rowGroup.index() + ", column " + column.dottedPath());
    ModuleType type = module.kind() == Kind.OFFSET_INDEX ? ModuleType.OFFSET_INDEX : ModuleType.COLUMN_INDEX;
    return decryptor.decryptModule(type, bytes, offset, module.length(), module.offset());
  }

  private static OffsetIndex decodeOffsetIndex(ParquetFile file, RowGroupMetadata rowGroup, Module module,
      byte[] bytes, int offset) throws ParquetException {
    byte[] plaintext = plaintext(file, rowGroup, module, bytes, offset);
    OffsetIndex index;
    try {
      index = plaintext == null ? OffsetIndex.decode(bytes, offset, module.length())
          : OffsetIndex.decode(plaintext, 0, plaintext.length);
    } catch (ParquetCorruptionException e) {
      throw new ParquetCorruptionException(place(file, rowGroup, module) + ": " + e.getMessage(), e);
    }
    validateOffsetIndex(file, rowGroup, module, index);
    return index;
  }

  private static ColumnIndex decodeColumnIndex(ParquetFile file, RowGroupMetadata rowGroup, Module module,
      byte[] bytes, int offset) throws ParquetException {
    byte[] plaintext = plaintext(file, rowGroup, module, bytes, offset);
    try {
      return plaintext == null ? ColumnIndex.decode(bytes, offset, module.length())
          : ColumnIndex.decode(plaintext, 0, plaintext.length);
    } catch (ParquetCorruptionException e) {
      throw new ParquetCorruptionException(place(file, rowGroup, module) + ": " + e.getMessage(), e);
    }
  }

  /** See the class comment. */
  private static void validateOffsetIndex(ParquetFile file, RowGroupMetadata rowGroup, Module module,
      OffsetIndex index) throws ParquetException {
    ColumnChunkMetadata chunk = rowGroup.column(module.column().leafIndex());
    long chunkStart = chunk.startOffset();
    long chunkEnd = chunkStart + chunk.chunkLength();
    long rows = rowGroup.rowCount();
    List<PageLocation> pages = index.pageLocations();
    check(!pages.isEmpty() || rows == 0, file, rowGroup, module, "lists no page for the row group's %d rows", rows);
    long previousEnd = chunkStart;
    long previousRow = -1;
    for (int i = 0; i < pages.size(); i++) {
      PageLocation page = pages.get(i);
      long offset = page.offset();
      int size = page.compressedPageSize();
      check(offset >= previousEnd && size > 0 && size <= chunkEnd - offset, file, rowGroup, module,
          "page %d at offset %d of %d bytes is not inside the column chunk [%d, %d) after the page before it (which"
              + " ends at %d)", i, offset, size, chunkStart, chunkEnd, previousEnd);
      long row = page.firstRowIndex();
      check(i == 0 ? row == 0 : row > previousRow && row < rows, file, rowGroup, module,
          "page %d has first_row_index %d (expected %s)", i, row,
          i == 0 ? "0" : "above " + previousRow + " and below the row group's " + rows + " rows");
      previousEnd = offset + size;
      previousRow = row;
    }
  }

  /** A column index lists as many pages as the offset index. */
  private static void validateColumnIndex(ParquetFile file, RowGroupMetadata rowGroup, ColumnDescriptor column,
      ColumnIndex statistics, OffsetIndex offsets) throws ParquetCorruptionException {
    if (statistics == null || offsets == null) {
      return;
    }
    ColumnChunkMetadata chunk = rowGroup.column(column.leafIndex());
    Module module = new Module(column, Kind.COLUMN_INDEX, chunk.columnIndexOffset().orElse(-1), 0);
    int pages = offsets.pageLocations().size();
    check(statistics.nullPages().size() == pages && statistics.minValues().size() == pages
        && statistics.maxValues().size() == pages
        && (statistics.nullCounts() == null || statistics.nullCounts().size() == pages), file, rowGroup, module,
        "lists %d null_pages, %d min_values, %d max_values and %s null_counts but the offset index %d pages",
        statistics.nullPages().size(), statistics.minValues().size(), statistics.maxValues().size(),
        statistics.nullCounts() == null ? "no" : String.valueOf(statistics.nullCounts().size()), pages);
  }

  private static void check(boolean condition, ParquetFile file, RowGroupMetadata rowGroup, Module module,
      String format, Object... args) throws ParquetCorruptionException {
    if (!condition) {
      throw new ParquetCorruptionException(place(file, rowGroup, module) + ": " + String.format(format, args));
    }
  }

  private static String place(ParquetFile file, RowGroupMetadata rowGroup, Module module) {
    return file.name() + ": row group " + rowGroup.index() + ", column " + module.column().dottedPath() + ", "
        + (module.kind() == Kind.OFFSET_INDEX ? "offset index" : "column index") + " at offset " + module.offset();
  }
}
