package io.parquetarrow.core;

import io.parquetarrow.format.CompressionCodec;

/**
 * The compression codecs {@link ParquetArrowWriter} writes, chosen with {@link WriteOptions.Builder#codec}. Each
 * maps to the Parquet {@code CompressionCodec} of the same name ({@link #parquetCodec()}).
 *
 * <p>Prefer {@link #LZ4_RAW} (the unframed block format the spec defines) over the deprecated {@link #LZ4}, and any
 * other codec over {@link #LZO}: both are written in Hadoop's block framing (what parquet-java with Hadoop's codecs
 * writes and reads), but they exist only for readers that need them. Arrow C++ (and so pyarrow) and DuckDB cannot
 * read LZO at all, and readers disagree on how LZ4 is framed.
 */
public enum Codec {
  UNCOMPRESSED(CompressionCodec.UNCOMPRESSED),
  SNAPPY(CompressionCodec.SNAPPY),
  GZIP(CompressionCodec.GZIP),
  BROTLI(CompressionCodec.BROTLI),
  ZSTD(CompressionCodec.ZSTD),
  LZ4_RAW(CompressionCodec.LZ4_RAW),
  /**
   * LZO in Hadoop block framing (aircompressor's LZO). Readable by parquet-java with Hadoop's LZO codec and by this
   * library's reader; Arrow C++, pyarrow and DuckDB cannot read LZO.
   */
  LZO(CompressionCodec.LZO),
  /**
   * Deprecated: the Hadoop-framed LZ4 codec of old parquet-java files. Use {@link #LZ4_RAW}, which every current
   * reader handles; this exists only for readers that require {@code LZ4}.
   */
  @Deprecated
  LZ4(CompressionCodec.LZ4);

  private final CompressionCodec parquetCodec;

  Codec(CompressionCodec parquetCodec) {
    this.parquetCodec = parquetCodec;
  }

  /** The footer's name for this codec. */
  public CompressionCodec parquetCodec() {
    return parquetCodec;
  }
}
