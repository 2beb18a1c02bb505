package io.parquetarrow.core.page;

/**
 * Where a column chunk lives, for error messages: the file, the row group, the column's dotted path. Every
 * exception of the page and column layers starts with {@link #describe(long)} so a failure names the file, row
 * group, column and page offset.
 */
public record ChunkLocation(String file, int rowGroup, String columnPath) {

  /** "file: row group N, column a.b" */
  public String describe() {
    return file + ": row group " + rowGroup + ", column " + columnPath;
  }

  /** "file: row group N, column a.b, page at offset P" */
  public String describe(long pageOffset) {
    return describe() + ", page at offset " + pageOffset;
  }
}
