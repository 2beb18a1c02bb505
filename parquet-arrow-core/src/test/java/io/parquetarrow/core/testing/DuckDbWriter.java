package io.parquetarrow.core.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Test fixture writer: generates Parquet files with DuckDB's writer from SQL, so tests can build matrices of
 * type × nullability × codec × page version without checking in files:
 *
 * <pre>{@code
 * DuckDbWriter.write("SELECT i::INT AS a, CASE WHEN i % 3 = 0 THEN NULL ELSE i::VARCHAR END AS b FROM range(1000) t(i)",
 *     file, DuckDbWriter.Options.defaults().compression("zstd").rowGroupSize(100).parquetVersion("V2"));
 * }</pre>
 *
 * Runs {@code COPY (query) TO 'file' (FORMAT parquet, ...)}. Options map one to one onto DuckDB 1.4's COPY
 * options; those left null are not passed, so DuckDB's defaults apply (snappy, row groups of 122,880 rows,
 * format V1, dictionary encoding where it pays).
 */
public final class DuckDbWriter {
  private DuckDbWriter() {}

  /**
   * COPY options. {@code compression}: uncompressed, snappy, gzip, zstd, brotli, lz4 or lz4_raw (DuckDB writes
   * LZ4_RAW for both lz4 spellings). {@code parquetVersion}: V1 (data page V1, PLAIN/RLE_DICTIONARY) or V2 (data
   * page V2 with DELTA_* and BYTE_STREAM_SPLIT encodings where DuckDB chooses them).
   */
  public record Options(
      String compression,
      Integer compressionLevel,
      Long rowGroupSize,
      String parquetVersion,
      Long dictionarySizeLimit,
      Long stringDictionaryPageSizeLimit) {

    public static Options defaults() {
      return new Options(null, null, null, null, null, null);
    }

    public Options compression(String value) {
      return new Options(value, compressionLevel, rowGroupSize, parquetVersion, dictionarySizeLimit,
          stringDictionaryPageSizeLimit);
    }

    public Options compressionLevel(Integer value) {
      return new Options(compression, value, rowGroupSize, parquetVersion, dictionarySizeLimit,
          stringDictionaryPageSizeLimit);
    }

    public Options rowGroupSize(long value) {
      return new Options(compression, compressionLevel, value, parquetVersion, dictionarySizeLimit,
          stringDictionaryPageSizeLimit);
    }

    public Options parquetVersion(String value) {
      return new Options(compression, compressionLevel, rowGroupSize, value, dictionarySizeLimit,
          stringDictionaryPageSizeLimit);
    }

    /** Limits the dictionary size in entries; 0 turns dictionary encoding off. */
    public Options dictionarySizeLimit(long value) {
      return new Options(compression, compressionLevel, rowGroupSize, parquetVersion, value,
          stringDictionaryPageSizeLimit);
    }

    public Options stringDictionaryPageSizeLimit(long value) {
      return new Options(compression, compressionLevel, rowGroupSize, parquetVersion, dictionarySizeLimit, value);
    }

    String toSql() {
      List<String> parts = new ArrayList<>();
      parts.add("FORMAT parquet");
      if (compression != null) {
        parts.add("COMPRESSION " + identifier(compression));
      }
      if (compressionLevel != null) {
        parts.add("COMPRESSION_LEVEL " + compressionLevel);
      }
      if (rowGroupSize != null) {
        parts.add("ROW_GROUP_SIZE " + rowGroupSize);
      }
      if (parquetVersion != null) {
        parts.add("PARQUET_VERSION " + identifier(parquetVersion));
      }
      if (dictionarySizeLimit != null) {
        parts.add("DICTIONARY_SIZE_LIMIT " + dictionarySizeLimit);
      }
      if (stringDictionaryPageSizeLimit != null) {
        parts.add("STRING_DICTIONARY_PAGE_SIZE_LIMIT " + stringDictionaryPageSizeLimit);
      }
      return String.join(", ", parts);
    }

    private static String identifier(String value) {
      if (!value.matches("[A-Za-z0-9_]+")) {
        throw new IllegalArgumentException("not a DuckDB option value: " + value);
      }
      return value.toLowerCase(Locale.ROOT);
    }
  }

  /** Writes the rows of {@code query} to {@code file} (overwriting it) with DuckDB's Parquet writer. */
  public static void write(String query, Path file, Options options) throws SQLException {
    String target = file.toAbsolutePath().toString().replace("'", "''");
    try (Connection connection = DuckDbOracle.open();
        Statement statement = connection.createStatement()) {
      statement.execute("COPY (" + query + ") TO '" + target + "' (" + options.toSql() + ")");
    }
  }
}
