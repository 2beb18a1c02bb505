package io.parquetarrow.core.codec;

import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.CompressionCodec;

/**
 * Entry point of the codec layer: maps a column chunk's {@link CompressionCodec} to a {@link Decompressor} for
 * the page reader, and to a {@link Compressor} at a level for the page writer. Each call returns a new instance
 * owning its own scratch; use one per column chunk reader (they are not thread-safe) and close it when done.
 *
 * <p>Default levels follow Arrow C++'s Parquet writer: ZSTD 1, GZIP 6 (Arrow's nominal 9 reaches zlib as its
 * memory level, so it compresses at zlib's default 6), BROTLI 8. SNAPPY, LZ4, LZ4_RAW, LZO and UNCOMPRESSED
 * take no level.
 */
public final class Codecs {
  private Codecs() {}

  /** Arrow C++'s default ZSTD level. */
  public static final int ZSTD_DEFAULT_LEVEL = 1;

  /** The effective default GZIP (zlib) level of Arrow C++. */
  public static final int GZIP_DEFAULT_LEVEL = GzipCodec.DEFAULT_LEVEL;

  /** Arrow C++'s default BROTLI level. */
  public static final int BROTLI_DEFAULT_LEVEL = BrotliCodec.DEFAULT_LEVEL;

  /**
   * A decompressor for {@code codec}.
   *
   * @throws UnsupportedParquetFeatureException for {@link CompressionCodec#UNKNOWN} (a codec newer than this
   *     library) and for BROTLI when its native library cannot be loaded on this platform
   */
  public static Decompressor decompressor(CompressionCodec codec) throws UnsupportedParquetFeatureException {
    return switch (codec) {
      case UNCOMPRESSED -> new UncompressedCodec.Decompressing();
      case SNAPPY -> new SnappyCodec.Decompressing();
      case GZIP -> new GzipCodec.Decompressing();
      case LZO -> new LzoCodec.Decompressing();
      case BROTLI -> {
        BrotliCodec.ensureAvailable();
        yield new BrotliCodec.Decompressing();
      }
      case LZ4 -> new Lz4Codec.HadoopDecompressing();
      case ZSTD -> new ZstdCodec.Decompressing();
      case LZ4_RAW -> new Lz4Codec.RawDecompressing();
      case UNKNOWN -> throw new UnsupportedParquetFeatureException(
          "the column chunk's compression codec is not one this library knows (a newer format version?)");
    };
  }

  /**
   * A compressor for {@code codec} at {@code level}, or at the codec's default when {@code level} is null.
   *
   * @throws IllegalArgumentException when a level is given for a codec without levels, or is out of range
   * @throws UnsupportedParquetFeatureException for {@link CompressionCodec#UNKNOWN}, and for BROTLI when its
   *     native library cannot be loaded on this platform
   */
  public static Compressor compressor(CompressionCodec codec, Integer level) throws UnsupportedParquetFeatureException {
    return switch (codec) {
      case UNCOMPRESSED -> withoutLevel(codec, level, new UncompressedCodec.Compressing());
      case SNAPPY -> withoutLevel(codec, level, new SnappyCodec.Compressing());
      case GZIP -> new GzipCodec.Compressing(level == null ? GZIP_DEFAULT_LEVEL : level);
      case LZO -> withoutLevel(codec, level, new LzoCodec.Compressing());
      case BROTLI -> {
        BrotliCodec.ensureAvailable();
        yield new BrotliCodec.Compressing(level == null ? BROTLI_DEFAULT_LEVEL : level);
      }
      case LZ4 -> withoutLevel(codec, level, new Lz4Codec.HadoopCompressing());
      case ZSTD -> new ZstdCodec.Compressing(level == null ? ZSTD_DEFAULT_LEVEL : level);
      case LZ4_RAW -> withoutLevel(codec, level, new Lz4Codec.RawCompressing());
      case UNKNOWN -> throw new UnsupportedParquetFeatureException("cannot compress with an unknown codec");
    };
  }

  private static Compressor withoutLevel(CompressionCodec codec, Integer level, Compressor compressor) {
    if (level != null) {
      throw new IllegalArgumentException(codec + " takes no compression level, but " + level + " was given");
    }
    return compressor;
  }
}
