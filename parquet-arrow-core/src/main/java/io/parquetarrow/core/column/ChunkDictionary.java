package io.parquetarrow.core.column;

import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.DataPage;
import io.parquetarrow.core.page.DictionaryPage;
import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.encodings.Dictionary;
import io.parquetarrow.encodings.DictionaryIndexDecoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;

/**
 * A column chunk's dictionary and the index stream of its current dictionary-encoded page: decodes the dictionary
 * page once (and converts its entries once, for a converting reader), then gathers each run of values by index.
 * Indices are checked against the dictionary's size as they are read; skipped ones are passed over unread.
 */
final class ChunkDictionary {
  /** Picks sparser than one in this many values are read one by one, the others skipped ({@link #pickIndices}). */
  static final int SPARSE_PICK_GAP = 256;

  private final ChunkLocation location;
  private final ParquetKernels kernels;
  private final Type physicalType;
  /** Bytes per value of INT96 and FIXED_LEN_BYTE_ARRAY, 0 for the other types. */
  private final int width;
  private final ValueDecoders.ValueArray array;
  /** Converts the values as they are decoded (see {@link ValueConversion}); null keeps them as stored. */
  private final ValueConversion conversion;
  private final DictionaryIndexDecoder indexDecoder;
  private Dictionary dictionary;
  /** The chunk's dictionary page, kept undecoded until a dictionary-encoded data page needs it; null after. */
  private DictionaryPage pending;
  /** The pending page's body, moved out of the page reader's window ({@link DictionaryPage#keep}). */
  private byte[] pendingBody = new byte[0];
  /** The pending page's entries, decompressed. */
  private byte[] entries = new byte[0];
  /** The dictionary's entries converted, {@code conversion.width()} bytes each; with {@link #conversion} only. */
  private byte[] converted = new byte[0];
  private int[] indices = new int[0];

  ChunkDictionary(ChunkLocation location, Type physicalType, int width, ValueConversion conversion,
      ParquetKernels kernels) {
    this.location = location;
    this.kernels = kernels;
    this.physicalType = physicalType;
    this.width = width;
    this.array = ValueDecoders.valueArray(physicalType);
    this.conversion = conversion;
    this.indexDecoder = new DictionaryIndexDecoder(kernels);
  }

  /**
   * Takes the chunk's dictionary page, which the dictionary-encoded data pages that follow gather from. Its encoding
   * is checked now. A compressed page is kept compressed ({@link #pending}) until the first such data page is about
   * to be read ({@link #decodeBefore}, or {@link #startPage} at the latest), so a chunk read only where its
   * dictionary fell back to PLAIN, or only skipped, never decompresses it; an uncompressed one is decoded now.
   */
  void use(DictionaryPage dictionaryPage) throws ParquetException {
    Encoding encoding = dictionaryPage.encoding();
    if (encoding != Encoding.PLAIN && encoding != Encoding.PLAIN_DICTIONARY) {
      throw new UnsupportedParquetFeatureException(location.describe(dictionaryPage.fileOffset())
          + ": dictionary page encoding " + encoding + " is not supported");
    }
    dictionary = null;
    pending = dictionaryPage;
    if (dictionaryPage.compressed()) {
      pendingBody = dictionaryPage.keep(pendingBody);
    } else {
      decodePending();
    }
  }

  /** Whether the chunk's dictionary page is kept undecoded ({@link #use}). */
  boolean pending() {
    return pending != null;
  }

  /**
   * Decodes the pending dictionary page if the data page {@code next}, about to be read, is dictionary-encoded:
   * before that page is decompressed, so that its bytes are still in the cache when they are decoded.
   */
  void decodeBefore(DataPage.Header next) throws ParquetException {
    Encoding encoding = next.valueEncoding();
    if (pending != null && (encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY)) {
      decodePending();
    }
  }

  /** Decompresses and decodes the pending dictionary page (and converts its entries, for a converting reader). */
  private void decodePending() throws ParquetException {
    DictionaryPage page = pending;
    pending = null;
    try {
      DictionaryPage.Entries bytes = page.entries(entries);
      if (page.compressed()) {
        entries = bytes.data(); // else the bytes are the page reader's window, not ours
      }
      dictionary = Dictionary.decode(physicalType, width, bytes.data(), bytes.offset(), bytes.length(),
          page.valueCount(), kernels);
      // Decoded: the page's bytes go back now, not at the chunk's end (a dictionary may be as large as a page).
      entries = ScratchArrays.give(entries);
      pendingBody = ScratchArrays.give(pendingBody);
      if (conversion != null) {
        convertEntries();
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(location.describe(page.fileOffset()) + ": dictionary page");
    } catch (UnsupportedParquetFeatureException e) {
      throw new UnsupportedParquetFeatureException(location.describe(page.fileOffset()) + ": " + e.getMessage(), e);
    }
  }

  /** Starts a dictionary-encoded page's {@code values} indices, in {@code data[position, + length)}. */
  void startPage(byte[] data, int position, int length, int values, Encoding encoding) throws ParquetException {
    if (dictionary == null && pending != null) {
      decodePending();
    }
    if (dictionary == null) {
      throw ParquetCorruptionException.of(
          "data page is %s encoded but the column chunk has no dictionary page", encoding);
    }
    indexDecoder.init(data, position, length, values);
  }

  /** Gathers the page's next {@code count} values into {@code batch} at value index {@code valueOffset}. */
  void gather(ColumnBatch batch, int valueOffset, int count) throws ParquetCorruptionException {
    readIndices(count);
    gatherIndices(batch, valueOffset, 0, count);
  }

  /**
   * Reads the page's next {@code count} indices and keeps those at {@code picks[first, first + pickCount)}
   * (ascending, relative to the next value), moved to the front: a filtered read then gathers only those values
   * ({@link #gatherPicked}). Every kept index is checked, as {@link #gather} checks them. When fewer than one in
   * {@value #SPARSE_PICK_GAP} is picked, the indices between picks are skipped ({@link #skip}: bit-packed groups
   * passed over by their length) rather than decoded, so a point lookup does not unpack a whole page of indices.
   */
  void pickIndices(int count, int[] picks, int first, int pickCount) throws ParquetCorruptionException {
    if ((long) pickCount * SPARSE_PICK_GAP < count) {
      if (indices.length < pickCount) {
        indices = ScratchArrays.replace(indices, Math.max(pickCount, indices.length * 2));
      }
      int next = 0;
      for (int i = 0; i < pickCount; i++) {
        int pick = picks[first + i];
        indexDecoder.skip(pick - next);
        indexDecoder.readIndices(indices, i, 1, dictionary.size());
        next = pick + 1;
      }
      indexDecoder.skip(count - next);
      return;
    }
    readIndices(count);
    int[] kept = indices;
    for (int i = 0; i < pickCount; i++) {
      kept[i] = kept[picks[first + i]];
    }
  }

  /** Gathers the values of the kept indices {@code [from, from + count)} ({@link #pickIndices}) at value 0. */
  void gatherPicked(ColumnBatch batch, int from, int count) throws ParquetCorruptionException {
    gatherIndices(batch, 0, from, count);
  }

  private void gatherIndices(ColumnBatch batch, int valueOffset, int from, int count)
      throws ParquetCorruptionException {
    if (conversion != null) {
      int convertedWidth = conversion.width();
      kernels.gatherFixed(converted, convertedWidth, indices, from, count, batch.bytes(),
          valueOffset * convertedWidth);
      return;
    }
    switch (array) {
      case INTS -> kernels.gatherInts(dictionary.ints(), indices, from, count, batch.ints(), valueOffset);
      case LONGS -> kernels.gatherLongs(dictionary.longs(), indices, from, count, batch.longs(), valueOffset);
      case BOOLEANS -> kernels.gatherFixed(
          dictionary.fixedBytes(), 1, indices, from, count, batch.bytes(), valueOffset);
      case FIXED -> kernels.gatherFixed(
          dictionary.fixedBytes(), width, indices, from, count, batch.bytes(), valueOffset * width);
      case BINARY -> dictionary.gatherBinary(indices, from, count, batch.binary());
    }
  }

  /**
   * Skips the page's next {@code count} values: their indices are passed over, bit-packed groups by their length,
   * not decoded; a skipped value is never looked up, so its index is not checked.
   */
  void skip(int count) throws ParquetCorruptionException {
    indexDecoder.skip(count);
  }

  /** The page's next {@code count} indices into {@link #indices}, checked. */
  private void readIndices(int count) throws ParquetCorruptionException {
    if (indices.length < count) {
      indices = ScratchArrays.replace(indices, Math.max(count, indices.length * 2));
    }
    indexDecoder.readIndices(indices, 0, count, dictionary.size());
  }

  /**
   * Converts the dictionary's entries once ({@link #conversion}); they take at most 32 times the bytes of the
   * dictionary page's values (one-byte FIXED_LEN_BYTE_ARRAY to decimal256), which the page's size bounds.
   */
  private void convertEntries() throws ParquetException {
    int entries = dictionary.size();
    long bytes = (long) entries * conversion.width();
    if (bytes > Integer.MAX_VALUE - 16) {
      throw new UnsupportedParquetFeatureException(location.describe() + ": a dictionary of " + entries
          + " entries is too large to convert");
    }
    if (converted.length < bytes) {
      converted = ScratchArrays.replace(converted, (int) bytes);
    }
    convert(conversion, physicalType, dictionary.ints(), dictionary.longs(), dictionary.fixedBytes(), entries,
        converted, 0);
  }

  /**
   * Converts the first {@code count} stored values of {@code physicalType}, held in its array among {@code ints},
   * {@code longs} and {@code fixed}, to {@code out} from {@code outOffset} on.
   */
  static void convert(ValueConversion conversion, Type physicalType, int[] ints, long[] longs, byte[] fixed,
      int count, byte[] out, int outOffset) {
    switch (physicalType) {
      case INT32 -> conversion.convertInts(ints, 0, count, out, outOffset);
      case INT64 -> conversion.convertLongs(longs, 0, count, out, outOffset);
      default -> conversion.convertFixed(fixed, 0, count, out, outOffset);
    }
  }

  /** Gives the index and conversion arrays to {@link ScratchArrays} for the next reader. */
  void release() {
    indices = ScratchArrays.give(indices);
    converted = ScratchArrays.give(converted);
    pendingBody = ScratchArrays.give(pendingBody);
    entries = ScratchArrays.give(entries);
    pending = null;
  }
}
