package io.parquetarrow.core.write;

import io.parquetarrow.core.codec.Compressor;
import io.parquetarrow.encodings.ByteSlice;
import io.parquetarrow.encodings.DictionaryEncoder;
import io.parquetarrow.encodings.Encoders;
import io.parquetarrow.encodings.RleBitPackedHybridEncoder;
import io.parquetarrow.encodings.ValueEncoder;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Auto encoding, part of the column layer of the write path ({@code WriteOptions.Builder.autoEncoding}):
 * given the values of a column chunk's first data page, encodes them with every encoding the physical type allows
 * and returns the smallest, measured after compression with the file's codec when that codec is cheap, else as
 * encoded. {@link ChunkValueEncoder} asks once per chunk, before it writes the chunk's first page, and keeps the
 * choice for the rest of the chunk.
 *
 * <p>Dictionary encoding is measured as a data page would be written now (RLE/bit-packed indices with their
 * bit-width byte) plus the whole dictionary page (PLAIN entries): on the first page the dictionary is paid in
 * full, so a column whose values barely repeat loses to its plain form, as it should.
 */
final class EncodingSelector {
  /**
   * The non-dictionary candidates per physical type, in the order that breaks ties: PLAIN first (every reader
   * reads it), then the encodings of format 2.x. BYTE_STREAM_SPLIT on INT32, INT64 and FIXED_LEN_BYTE_ARRAY is
   * format 2.11 (Arrow C++ 16+ reads it, and so does our reader); AutoEncodingTest checks Arrow C++ 18 reads
   * every choice.
   */
  static List<Encoding> candidates(Type type) {
    return switch (type) {
      case BOOLEAN -> List.of(Encoding.PLAIN, Encoding.RLE);
      case INT32, INT64 -> List.of(Encoding.PLAIN, Encoding.DELTA_BINARY_PACKED, Encoding.BYTE_STREAM_SPLIT);
      case FLOAT, DOUBLE -> List.of(Encoding.PLAIN, Encoding.BYTE_STREAM_SPLIT);
      case BYTE_ARRAY -> List.of(Encoding.PLAIN, Encoding.DELTA_LENGTH_BYTE_ARRAY, Encoding.DELTA_BYTE_ARRAY);
      case FIXED_LEN_BYTE_ARRAY -> List.of(Encoding.PLAIN, Encoding.DELTA_BYTE_ARRAY, Encoding.BYTE_STREAM_SPLIT);
      case INT96 -> List.of(Encoding.PLAIN);
    };
  }

  /**
   * What auto encoding chose for a chunk: whether to keep dictionary encoding, the encoding of the values when
   * not dictionary encoded (the chunk's encoding, or its fallback when {@code dictionary}), and the measured size
   * of every candidate (RLE_DICTIONARY standing for dictionary encoding), in candidate order.
   */
  record Choice(boolean dictionary, Encoding valueEncoding, Map<Encoding, Long> sizes) {}

  private final Type type;
  private final int typeLength;
  private final ParquetKernels kernels;
  /** The file's compressor, or null when sizes are taken before compression. */
  private final Compressor compressor;
  private byte[] compressed = new byte[1024];

  EncodingSelector(Type type, int typeLength, ParquetKernels kernels, Compressor compressor,
      WriterSettings settings) {
    this.type = type;
    this.typeLength = typeLength;
    this.kernels = kernels;
    this.compressor = cheap(settings.codec(), settings.compressionLevel()) ? compressor : null;
  }

  /**
   * Whether compressing a sample once per candidate costs little next to writing the chunk: SNAPPY and LZ4_RAW
   * (and LZO and LZ4) always, ZSTD up to level 9 (higher levels, GZIP and BROTLI are several times slower than encoding).
   */
  static boolean cheap(CompressionCodec codec, Integer level) {
    return switch (codec) {
      case SNAPPY, LZ4_RAW, LZO, LZ4 -> true;
      case ZSTD -> level == null || level <= 9;
      case UNCOMPRESSED, GZIP, BROTLI, UNKNOWN -> false;
    };
  }

  /**
   * Chooses the encoding for a chunk whose first page holds {@code values}.
   *
   * @param dictionary the chunk's dictionary holding exactly the entries {@code indices} refer to, or null when
   *     dictionary encoding is not a candidate
   * @param indices the dictionary indices of {@code values}, when {@code dictionary} is not null
   */
  Choice choose(ValueBuffer values, DictionaryEncoder<?> dictionary, int[] indices) {
    Map<Encoding, Long> sizes = new LinkedHashMap<>();
    if (dictionary != null) {
      RleBitPackedHybridEncoder indexEncoder = new RleBitPackedHybridEncoder(kernels, dictionary.indexBitWidth());
      indexEncoder.put(indices, 0, values.size());
      long size = measure(indexEncoder.flushWithBitWidth()) + measure(dictionary.dictionaryPage());
      sizes.put(Encoding.RLE_DICTIONARY, size);
    }
    Encoding best = null;
    long bestSize = Long.MAX_VALUE;
    for (Encoding encoding : candidates(type)) {
      ValueEncoder<?> encoder = encoder(encoding);
      values.putAll(encoder);
      long size = measure(encoder.flush());
      sizes.put(encoding, size);
      if (size < bestSize) {
        best = encoding;
        bestSize = size;
      }
    }
    boolean useDictionary = dictionary != null && sizes.get(Encoding.RLE_DICTIONARY) <= bestSize;
    return new Choice(useDictionary, best, sizes);
  }

  ValueEncoder<?> encoder(Encoding encoding) {
    try {
      return Encoders.valueEncoder(encoding, type, typeLength, kernels);
    } catch (UnsupportedParquetFeatureException e) {
      // candidates() lists only combinations Encoders writes; reaching this is a bug here, not bad input.
      throw new IllegalStateException("auto encoding candidate " + encoding + " is not writable for " + type, e);
    }
  }

  private long measure(ByteSlice encoded) {
    if (compressor == null) {
      return encoded.length();
    }
    int bound = compressor.maxCompressedLength(encoded.length());
    if (compressed.length < bound) {
      compressed = new byte[Math.max(bound, 2 * compressed.length)];
    }
    return compressor.compress(encoded.array(), encoded.offset(), encoded.length(), compressed, 0);
  }
}
