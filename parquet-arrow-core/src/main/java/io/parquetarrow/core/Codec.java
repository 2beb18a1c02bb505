package io.parquetarrow.core;

import io.parquetarrow.format.CompressionCodec;

/**
 * The compression codecs {@link ParquetArrowWriter} writes, chosen with {@link WriteOptions.Builder#codec}. Each
 * maps to the Parquet {@code CompressionCodec} of the same name ({@link #parquetCodec()}). LZ4 means LZ4_RAW, the
 * unframed block format the spec defines; the deprecated Hadoop-framed {@code LZ4} and {@code LZO} are not
 * offered for writing because readers disagree on them.
 */
public enum Codec {
  UNCOMPRESSED(CompressionCodec.UNCOMPRESSED),
  SNAPPY(CompressionCodec.SNAPPY),
  GZIP(CompressionCodec.GZIP),
  BROTLI(CompressionCodec.BROTLI),
  ZSTD(CompressionCodec.ZSTD),
  LZ4_RAW(CompressionCodec.LZ4_RAW);

  private final CompressionCodec parquetCodec;

  Codec(CompressionCodec parquetCodec) {
    this.parquetCodec = parquetCodec;
  }

  /** The footer's name for this codec. */
  public CompressionCodec parquetCodec() {
    return parquetCodec;
  }
}
