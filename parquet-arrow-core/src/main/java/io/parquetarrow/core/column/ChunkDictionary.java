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
 *
 * <p>A filtered read that picks a few values of a page ({@link #pickIndices}) decodes a compressed dictionary of
 * fixed-width entries only as far as its highest picked index, decompressing only that prefix where the codec can
 * stop early (ZSTD), and decodes more when a later pick needs it: a point lookup needs one entry of each of its
 * columns' dictionaries, which are often as large as a page.
 */
final class ChunkDictionary {
  /**
   * Picks sparser than one in this many values decode the dictionary only as far as their highest index needs
   * ({@link #pickIndices}); a filtered read also decompresses their data pages only as far as they reach.
   */
  static final int SPARSE_PICK_GAP = 256;
  /**
   * Picks sparser than one in this many indices are read from their own bits ({@link #pickIndices}); denser ones
   * unpack every index, which costs less than a lookup per pick once picks are that close.
   */
  static final int PICKED_INDEX_GAP = 16;

  private final ChunkLocation location;
  private final ParquetKernels kernels;
  private final Type physicalType;
  /** Bytes per value of INT96 and FIXED_LEN_BYTE_ARRAY, 0 for the other types. */
  private final int width;
  /** Bytes per dictionary entry, 0 where entries have no fixed width (BOOLEAN, BYTE_ARRAY). */
  private final int entryWidth;
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
    this.entryWidth = ValueDecoders.plainWidth(physicalType, width);
    this.array = ValueDecoders.valueArray(physicalType);
    this.conversion = conversion;
    this.indexDecoder = new DictionaryIndexDecoder(kernels);
  }

  /**
   * Takes the chunk's dictionary page, which the dictionary-encoded data pages that follow gather from. Its encoding
   * is checked now. A compressed page is kept compressed ({@link #pending}) until the first such data page is about
   * to be read ({@link #decodeBefore}) or, in a filtered read, until its values are picked ({@link #pickIndices},
   * decoding only as far as the picks need), so a chunk read only where its dictionary fell back to PLAIN, or only
   * skipped, never decompresses it; an uncompressed one is decoded now.
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

  /** Decodes the whole pending dictionary page (and converts its entries, for a converting reader). */
  private void decodePending() throws ParquetException {
    decodePending(Integer.MAX_VALUE);
  }

  /** The dictionary's entries, decoded or not. */
  private int size() {
    return pending != null ? pending.valueCount() : dictionary.size();
  }

  /**
   * Makes sure the dictionary's first {@code count} entries are decoded ({@link #decodePending(int)}); none asked
   * for (the picks were all nulls) decodes nothing.
   */
  private void ensureDecoded(int count) throws ParquetException {
    if (count > 0 && pending != null && (dictionary == null || dictionary.size() < count)) {
      decodePending(count);
    }
  }

  /**
   * Decodes the pending dictionary page's first {@code needed} entries, or all of them: only a compressed page of
   * fixed-width entries is decoded in part, and then at least twice the entries decoded before, so that picks
   * climbing page by page decode it a bounded number of times. The page stays pending until decoded whole.
   */
  private void decodePending(int needed) throws ParquetException {
    DictionaryPage page = pending;
    long wanted = Math.max(needed, dictionary == null ? 0 : 2L * dictionary.size());
    long prefix = wanted * entryWidth;
    boolean part = page.compressed() && entryWidth > 0 && wanted < page.valueCount() && prefix < page.length();
    try {
      DictionaryPage.Entries bytes = part ? page.entries(entries, (int) prefix) : page.entries(entries);
      if (page.compressed()) {
        entries = bytes.data(); // else the bytes are the page reader's window, not ours
      }
      // A codec that cannot stop early gave the whole page: it is decoded whole.
      part &= bytes.length() < page.length();
      int count = part ? (int) wanted : page.valueCount();
      int length = part ? (int) prefix : bytes.length();
      dictionary = Dictionary.decode(physicalType, width, bytes.data(), bytes.offset(), length, count, kernels);
      // Decoded: the page's bytes go back now, not at the chunk's end (a dictionary may be as large as a page).
      entries = ScratchArrays.give(entries);
      if (!part) {
        pending = null;
        pendingBody = ScratchArrays.give(pendingBody);
      }
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
    if (dictionary == null && pending == null) {
      throw ParquetCorruptionException.of(
          "data page is %s encoded but the column chunk has no dictionary page", encoding);
    }
    indexDecoder.init(data, position, length, values);
  }

  /** Gathers the page's next {@code count} values into {@code batch} at value index {@code valueOffset}. */
  void gather(ColumnBatch batch, int valueOffset, int count) throws ParquetException {
    readIndices(count);
    ensureDecoded(Integer.MAX_VALUE);
    gatherIndices(batch, valueOffset, 0, count);
  }

  /**
   * Reads the page's next {@code count} indices and keeps those at {@code picks[first, first + pickCount)}
   * (ascending, relative to the next value), moved to the front: a filtered read then gathers only those values
   * ({@link #gatherPicked}). Every kept index is checked, as {@link #gather} checks them. When fewer than one in
   * {@value #PICKED_INDEX_GAP} is picked, each kept index is read from its own bits and the runs between picks are
   * passed over by their headers, so a sparse selection does not unpack a whole page of indices.
   * Sparse picks decode the dictionary only as far as the highest kept index needs; denser ones decode it whole,
   * as the next pages' picks would need most of it anyway.
   */
  void pickIndices(int count, int[] picks, int first, int pickCount) throws ParquetException {
    if ((long) pickCount * PICKED_INDEX_GAP < count) {
      if (indices.length < pickCount) {
        indices = ScratchArrays.replace(indices, Math.max(pickCount, indices.length * 2));
      }
      indexDecoder.readPickedIndices(count, picks, first, pickCount, indices, size());
      if ((long) pickCount * SPARSE_PICK_GAP >= count) {
        ensureDecoded(pickCount > 0 ? Integer.MAX_VALUE : 0);
        return;
      }
      int highest = -1;
      for (int i = 0; i < pickCount; i++) {
        highest = Math.max(highest, indices[i]);
      }
      ensureDecoded(highest + 1);
      return;
    }
    readIndices(count);
    int[] kept = indices;
    for (int i = 0; i < pickCount; i++) {
      kept[i] = kept[picks[first + i]];
    }
    ensureDecoded(pickCount > 0 ? Integer.MAX_VALUE : 0);
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
    indexDecoder.readIndices(indices, 0, count, size());
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
