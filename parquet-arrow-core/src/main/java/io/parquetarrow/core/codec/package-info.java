/**
 * Page compression codecs: the layer between the page reader (which holds a page body as compressed bytes) and
 * the value decoders (which need the uncompressed body). {@link io.parquetarrow.core.codec.Codecs} maps a
 * column chunk's {@code CompressionCodec} to a {@link io.parquetarrow.core.codec.Decompressor} or
 * {@link io.parquetarrow.core.codec.Compressor}; every decompressor produces exactly the page header's
 * uncompressed size or throws {@link io.parquetarrow.errors.ParquetCorruptionException}, and never writes
 * outside its destination. The codecs know nothing of Arrow or of page structure.
 *
 * <p>Compatibility choices, each explained in its class: GZIP also reads zlib streams and concatenated members
 * ({@code GzipCodec}); the deprecated LZ4 reads Hadoop framing then falls back to a raw block, as Arrow C++
 * does ({@code Lz4Codec}); LZO is Hadoop-framed LZO1X as parquet-java writes it ({@code LzoCodec}).
 */
package io.parquetarrow.core.codec;
