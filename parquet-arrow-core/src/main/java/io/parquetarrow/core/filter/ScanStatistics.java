package io.parquetarrow.core.filter;

/**
 * What a filtered read did so far: how many row groups it considered and how many each means pruned (tried in
 * this order: statistics, bloom filter, dictionary, page index — a row group counts for the first that prunes it),
 * how many data pages of the read columns it met in the row groups left (read, or passed over by their header or
 * by the offset index), how many of those it skipped without reading a byte of them (by the offset index) and how
 * many of the pages read it decompressed only as far as the rows it kept needed (compressed pages of which a sparse
 * selection keeps only early rows), how many rows the filter's columns decoded and how many rows were returned,
 * and the bytes of column data read.
 */
public record ScanStatistics(int rowGroups, int rowGroupsPrunedByStatistics, int rowGroupsPrunedByDictionary,
    int rowGroupsPrunedByBloomFilter, int rowGroupsPrunedByPageIndex, long pages, long pagesSkipped,
    long pagesDecompressedInPart, long rowsDecoded, long rowsReturned, long bytesRead) {

  /** Row groups pruned by any means. */
  public int rowGroupsPruned() {
    return rowGroupsPrunedByStatistics + rowGroupsPrunedByDictionary + rowGroupsPrunedByBloomFilter
        + rowGroupsPrunedByPageIndex;
  }

  /** One line per figure, as the CLI prints it. */
  public String describe() {
    return "row groups: " + rowGroups + " total, " + rowGroupsPruned() + " pruned (statistics "
        + rowGroupsPrunedByStatistics + ", dictionary " + rowGroupsPrunedByDictionary + ", bloom filter "
        + rowGroupsPrunedByBloomFilter + ", page index " + rowGroupsPrunedByPageIndex + ")\n"
        + "pages: " + pages + " total, " + pagesSkipped + " skipped unread, " + pagesDecompressedInPart
        + " decompressed in part\n"
        + "rows: " + rowsDecoded + " decoded, " + rowsReturned + " returned\n"
        + "bytes read: " + bytesRead + "\n";
  }
}
