package io.parquetarrow.core;

import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.read.ReadSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What {@link ParquetArrowReader} reads and how: the columns (projection), the row groups, the batch size, and
 * a few representation choices. Immutable; build one with {@link #builder()}, or use {@link #defaults()}.
 *
 * <p>Defaults: all columns, all row groups, batches of 65,536 rows, checksums verified, no dictionary vectors,
 * INT96 read as {@code timestamp[ns]}, one thread, compressed column chunks read up to 64 MiB ahead.
 *
 * <p><b>Checksums are verified by default</b>, unlike Arrow C++ (whose {@code page_checksum_verification} is
 * off): a page whose header carries a {@code crc} is checked before it is decompressed, so a damaged page is
 * reported as a {@code ParquetCorruptionException} naming the page instead of being decoded into wrong values.
 * The cost is one CRC-32 pass over the compressed bytes of those pages (the JDK's intrinsic, several GB/s);
 * pages without a {@code crc} cost nothing. Turn it off with {@link Builder#verifyChecksums(boolean)} to read a
 * file whose checksums are known to be wrong.
 */
public final class ReadOptions implements ReadSettings {

  /** The default for {@link #readAheadBytes()}: 64 MiB. */
  public static final long DEFAULT_READ_AHEAD_BYTES = 64L << 20;

  /** The default number of rows per batch, as in Arrow C++'s {@code batch_size}. */
  public static final int DEFAULT_BATCH_ROWS = 65_536;

  private static final ReadOptions DEFAULTS = builder().build();

  private final List<String> columns;
  private final int[] rowGroups;
  private final int batchRows;
  private final boolean verifyChecksums;
  private final Set<String> dictionaryColumns;
  private final boolean int96AsTimestamp;
  private final int threads;
  private final long readAheadBytes;
  private final FileDecryptionProperties decryption;
  private final Filter filter;
  private final boolean filterRows;

  private ReadOptions(Builder builder) {
    this.columns = Collections.unmodifiableList(new ArrayList<>(builder.columns));
    this.rowGroups = builder.rowGroups == null ? null : builder.rowGroups.clone();
    this.batchRows = builder.batchRows;
    this.verifyChecksums = builder.verifyChecksums;
    this.dictionaryColumns = Collections.unmodifiableSet(new LinkedHashSet<>(builder.dictionaryColumns));
    this.int96AsTimestamp = builder.int96AsTimestamp;
    this.threads = builder.threads;
    this.readAheadBytes = builder.readAheadBytes;
    this.decryption = builder.decryption;
    this.filter = builder.filter;
    this.filterRows = builder.filterRows;
  }

  /** The options used by {@code ParquetArrowReader.open(path, allocator)}. */
  public static ReadOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Column names or dotted paths to read; empty means every column. The schema keeps the file's column order
   * whatever the order given here, as Arrow C++ does.
   */
  @Override
  public List<String> columns() {
    return columns;
  }

  /** Row group indices to read, in the order given, or {@code null} for all row groups in file order. */
  @Override
  public int[] rowGroups() {
    return rowGroups == null ? null : rowGroups.clone();
  }

  /**
   * The most rows in one batch. Batches never span row groups, so a batch may be shorter; it is also shorter in a
   * row group whose byte-array values average more than 1 GiB per {@code batchRows} rows in one column, so that
   * each batch's values fit an Arrow buffer with 32-bit offsets (a row group of two 1 GiB strings reads as two
   * batches of one row).
   */
  @Override
  public int batchRows() {
    return batchRows;
  }

  /** Whether page CRC-32 checksums are verified where a page header carries one. */
  @Override
  public boolean verifyChecksums() {
    return verifyChecksums;
  }

  /** Column names or dotted paths to read as Arrow dictionary-encoded vectors. */
  @Override
  public Set<String> dictionaryColumns() {
    return dictionaryColumns;
  }

  /** Whether INT96 columns are read as {@code timestamp[ns]} (true) or as {@code fixed_size_binary(12)}. */
  @Override
  public boolean int96AsTimestamp() {
    return int96AsTimestamp;
  }

  /**
   * How many threads decode: 1 (the default) decodes every column on the thread that calls
   * {@link ParquetArrowReader#loadNextBatch()}. More uses worker threads shared by all readers: {@code threads}
   * workers read different row groups at once, or, with fewer than twice as many row groups as threads, groups
   * of a row group's columns (holding at most {@code threads} such parts' batches until the caller takes them);
   * with a field read as an Arrow dictionary the calling thread and {@code threads - 1} workers share each
   * batch's columns instead. The batches are the same either way.
   */
  @Override
  public int threads() {
    return threads;
  }

  /**
   * The most bytes of compressed column chunks read from the file ahead of decoding, on a worker thread, so that
   * reading the next chunks overlaps decoding the current ones (as Arrow C++'s I/O thread does); 0 reads each
   * chunk when its column needs it, on the decoding thread. Neighbouring chunks are read with one request (up to
   * 32 MiB), which matters where requests are costly (object stores). A reader holds at most this much beyond the
   * row group it is decoding; with {@link #threads()} above 1 each worker instead reads the chunks of the row group
   * it takes up, coalesced, on its own thread. Chunks above 16 MiB, which are read in pieces, and uncompressed
   * chunks, whose PLAIN pages go from the file straight into the vectors, are not read ahead. The
   * {@code InputFile} must then allow reads from two threads at once.
   */
  @Override
  public long readAheadBytes() {
    return readAheadBytes;
  }

  /**
   * The keys for a file written with Parquet Modular Encryption, or null (the default): without them an encrypted
   * footer cannot be read, and in a file with a plaintext footer only the columns that are not encrypted can.
   */
  public FileDecryptionProperties decryption() {
    return decryption;
  }

  /**
   * The rows to read, or null for all (the default). Row groups and pages that cannot hold a matching row are
   * skipped (by statistics, dictionaries, bloom filters and the page index); with {@link #filterRows()} the
   * batches then hold exactly the matching rows. The filter's columns need not be among {@link #columns()}.
   */
  @Override
  public Filter filter() {
    return filter;
  }

  /**
   * Whether a {@link #filter()} selects exact rows (the default) or only prunes: false returns every row of the
   * row groups and pages that may hold a match.
   */
  @Override
  public boolean filterRows() {
    return filterRows;
  }

  @Override
  public String toString() {
    return "ReadOptions{columns=" + columns + ", rowGroups=" + (rowGroups == null ? "all" : Arrays.toString(rowGroups))
        + ", batchRows=" + batchRows + ", verifyChecksums=" + verifyChecksums + ", dictionaryColumns="
        + dictionaryColumns + ", int96AsTimestamp=" + int96AsTimestamp + ", threads=" + threads + ", readAheadBytes=" + readAheadBytes
        + ", decryption=" + (decryption == null ? "none" : decryption)
        + (filter == null ? "" : ", filter=" + filter + ", filterRows=" + filterRows) + "}";
  }

  /** Builds {@link ReadOptions}; every setter checks its argument at once. */
  public static final class Builder {
    private List<String> columns = List.of();
    private int[] rowGroups;
    private int batchRows = DEFAULT_BATCH_ROWS;
    private boolean verifyChecksums = true;
    private Set<String> dictionaryColumns = Set.of();
    private boolean int96AsTimestamp = true;
    private int threads = 1;
    private long readAheadBytes = DEFAULT_READ_AHEAD_BYTES;
    private FileDecryptionProperties decryption;
    private Filter filter;
    private boolean filterRows = true;

    private Builder() {}

    /** Reads only these columns (top-level names or dotted paths); the file's column order is kept. */
    public Builder columns(String... names) {
      return columns(Arrays.asList(names));
    }

    /** Reads only these columns (top-level names or dotted paths); empty means all. */
    public Builder columns(List<String> names) {
      Objects.requireNonNull(names, "names");
      for (String name : names) {
        if (name == null || name.isEmpty()) {
          throw new IllegalArgumentException("column names must be non-empty, got " + names);
        }
      }
      this.columns = List.copyOf(names);
      return this;
    }

    /** Reads only these row groups, in this order. */
    public Builder rowGroups(int... indices) {
      Objects.requireNonNull(indices, "indices");
      for (int index : indices) {
        if (index < 0) {
          throw new IllegalArgumentException("row group indices must be >= 0, got " + Arrays.toString(indices));
        }
      }
      this.rowGroups = indices.clone();
      return this;
    }

    /** Reads all row groups (the default). */
    public Builder allRowGroups() {
      this.rowGroups = null;
      return this;
    }

    /** The most rows per batch; at least 1. */
    public Builder batchRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("batchRows must be >= 1, got " + rows);
      }
      this.batchRows = rows;
      return this;
    }

    /** Whether to verify page checksums where present (default true; see {@link ReadOptions}). */
    public Builder verifyChecksums(boolean verify) {
      this.verifyChecksums = verify;
      return this;
    }

    /** Reads these columns as Arrow dictionary-encoded vectors. */
    public Builder dictionaryColumns(String... names) {
      Objects.requireNonNull(names, "names");
      this.dictionaryColumns = Set.copyOf(Arrays.asList(names));
      return this;
    }

    /** INT96 as {@code timestamp[ns]} (default true) or as {@code fixed_size_binary(12)}. */
    public Builder int96AsTimestamp(boolean asTimestamp) {
      this.int96AsTimestamp = asTimestamp;
      return this;
    }

    /**
     * Decodes on this many threads (default 1; see {@link ReadOptions#threads()}): different row groups at once
     * when the file has several, else each batch's columns.
     */
    public Builder threads(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("threads must be >= 1, got " + count);
      }
      this.threads = count;
      return this;
    }

    /**
     * Reads compressed column chunks up to this many bytes ahead of decoding (default 64 MiB; 0 turns it off; see
     * {@link ReadOptions#readAheadBytes()}).
     */
    public Builder readAheadBytes(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("readAheadBytes must be >= 0, got " + bytes);
      }
      this.readAheadBytes = bytes;
      return this;
    }

    /**
     * Keys (and AAD prefix) for reading a file written with Parquet Modular Encryption; null for none (see
     * {@link ReadOptions#decryption()}).
     */
    public Builder decryption(FileDecryptionProperties properties) {
      this.decryption = properties;
      return this;
    }

    /** Reads only the rows {@code filter} may match; null for all (see {@link ReadOptions#filter()}). */
    public Builder filter(Filter filter) {
      this.filter = filter;
      return this;
    }

    /**
     * Reads only the rows the filter text may match ({@link Filter#parse}).
     *
     * @throws IllegalArgumentException when the text is not a filter
     */
    public Builder filter(String text) {
      return filter(Filter.parse(Objects.requireNonNull(text, "text")));
    }

    /** Exact rows (default true) or whole surviving pages (see {@link ReadOptions#filterRows()}). */
    public Builder filterRows(boolean exact) {
      this.filterRows = exact;
      return this;
    }

    public ReadOptions build() {
      return new ReadOptions(this);
    }
  }
}
