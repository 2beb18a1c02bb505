package io.parquetarrow.core.column;

import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.DataPage;
import io.parquetarrow.core.page.DictionaryPage;
import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.encodings.Bitmaps;
import io.parquetarrow.encodings.Decoders;
import io.parquetarrow.encodings.PlainDecoder;
import io.parquetarrow.encodings.ValueDecoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;

/**
 * The column layer's state for one data page of a column chunk: the page's levels (decoded for the whole page when
 * it starts, since only they say how many values it holds), its value decoder or the chunk's dictionary
 * ({@link ChunkDictionary}), and how many level entries and values remain. The readers take entries in order:
 * {@link #present} or {@link #validity} says which of the next entries are values, {@link #readValues},
 * {@link #skipValues}, {@link #copyValues} or {@link ChunkedValues} consume those values,
 * {@link #advance} moves past the entries. Decoder errors name the file, row group, column and page offset.
 */
final class DataPageCursor {
  private final ChunkLocation location;
  private final ParquetKernels kernels;
  private final Type physicalType;
  /** Bytes per value of INT96 and FIXED_LEN_BYTE_ARRAY, 0 for the other types. */
  private final int width;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final ValueDecoders.ValueArray array;
  /** Converts the values as they are decoded (see {@link ValueConversion}); null keeps them as stored. */
  private final ValueConversion conversion;
  private final Map<Encoding, ValueDecoder<?>> decoders = new EnumMap<>(Encoding.class);
  private final PageLevels levels;
  private final ChunkDictionary dictionary;
  /** Reads the values through {@link #conversion}; null without one. */
  private final ConvertedValues converted;
  private byte[] chunkBytes = new byte[0];

  private DataPage page;
  /** Counts the pages started, so that a reader keeping its own per-page counts sees when a new page began. */
  private long pagesStarted;
  private boolean allPresent;
  private int levelPosition;
  private int levelsRemaining;
  private int presentRemaining;
  /**
   * Of a page started from a decompressed prefix ({@link #startPrefix}): the entries after those the prefix holds,
   * and the values among them. They are not in {@link #levelsRemaining}; {@link #skipHeldBack} passes over them by
   * their levels alone, {@link #resume} makes them readable from the whole page.
   */
  private int heldBack;
  private int heldBackPresent;
  /** The values of the whole page, counted from its levels when it started. */
  private int pagePresent;
  private ValueDecoder<?> values;
  private boolean dictionaryEncoded;
  /**
   * PLAIN values of a fixed width that Arrow takes unchanged, in {@link #plainValues}. While those are in the file
   * the value decoder is not initialised: {@link #loadValuesFromFile} brings them to the heap first.
   */
  private boolean plain;
  private final PlainValues plainValues = new PlainValues();

  DataPageCursor(ChunkLocation location, Type physicalType, int typeLength, int maxDefinitionLevel,
      int maxRepetitionLevel, ParquetKernels kernels, ValueConversion conversion) {
    this.location = location;
    this.kernels = kernels;
    this.physicalType = physicalType;
    this.width = switch (physicalType) {
      case INT96 -> PhysicalTypes.INT96_BYTES;
      case FIXED_LEN_BYTE_ARRAY -> typeLength;
      default -> 0;
    };
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.maxRepetitionLevel = maxRepetitionLevel;
    this.array = ValueDecoders.valueArray(physicalType);
    this.conversion = conversion;
    this.levels = new PageLevels(maxDefinitionLevel, maxRepetitionLevel, kernels);
    this.dictionary = new ChunkDictionary(location, physicalType, width, conversion, kernels);
    this.converted = conversion == null ? null : new ConvertedValues(conversion, dictionary, physicalType, width,
        location);
  }

  int levelsRemaining() {
    return levelsRemaining;
  }

  int levelPosition() {
    return levelPosition;
  }

  /** Whether every level entry of the page is a value (no nulls). */
  boolean allPresent() {
    return allPresent;
  }

  int presentRemaining() {
    return presentRemaining;
  }

  /** Record starts among all of the page's entries, counted as they were decoded; -1 when not counted. */
  int recordStarts() {
    return levels.recordStarts();
  }

  int[] repetitionLevels() {
    return levels.repetitionLevels();
  }

  /** The page's definition levels, written out first when the page only knew them to be all the maximum. */
  int[] definitionLevels() {
    return levels.definitionLevels(levelPosition + levelsRemaining);
  }

  /** How many of the next {@code count} entries (at most those remaining) are values, not nulls. */
  int present(int count) {
    if (maxDefinitionLevel == 0 || allPresent) {
      return count;
    }
    if (count == levelsRemaining) {
      return presentRemaining; // the rest of the page: counted when the page started
    }
    return levels.present(levelPosition, count);
  }

  /**
   * Writes the validity of the next {@code count} entries (at most those remaining) to bits {@code bitOffset} to
   * {@code bitOffset + count - 1} of {@code bitmap} (set: a value) and returns how many are nulls.
   */
  int validity(int count, byte[] bitmap, int bitOffset) {
    if (maxDefinitionLevel == 0 || allPresent) {
      Bitmaps.fill(bitmap, bitOffset, count, true);
      return 0;
    }
    return levels.validity(levelPosition, count, bitmap, bitOffset);
  }

  /** Moves past {@code count} entries, {@code present} of them values that were read or skipped. */
  void advance(int count, int present) {
    levelPosition += count;
    levelsRemaining -= count;
    presentRemaining -= present;
  }

  long pagesStarted() {
    return pagesStarted;
  }

  /**
   * Whether the page's values are PLAIN INT32, FLOAT, INT64 or DOUBLE, unconverted: their bytes in the page are
   * Arrow's layout, so a reader may view them there ({@link #pageData}, {@link #plainPosition}).
   */
  boolean plainIntsOrLongs() {
    return plain && conversion == null && !plainValues.inFile()
        && (array == ValueDecoders.ValueArray.INTS || array == ValueDecoders.ValueArray.LONGS);
  }

  /** The page's bytes; with {@link #plainIntsOrLongs}, the next value starts at {@link #plainPosition}. */
  byte[] pageData() {
    return plainValues.data();
  }

  int plainPosition() {
    return plainValues.position();
  }

  /** "file: row group N, column a.b, page at offset P", for messages. */
  String where() {
    return page == null ? location.describe() : location.describe(page.fileOffset());
  }

  /**
   * Bytes per PLAIN value, which a vector of the same width takes unchanged: 4 or 8 for INT32, FLOAT, INT64,
   * DOUBLE, 12 for INT96, {@code type_length} for FIXED_LEN_BYTE_ARRAY; 0 for BOOLEAN (bits) and BYTE_ARRAY.
   */
  int valueWidth() {
    return ValueDecoders.plainWidth(physicalType, width);
  }

  /** Whether the values are BOOLEAN, which {@link #appendBits} writes to a vector. */
  boolean booleanValues() {
    return array == ValueDecoders.ValueArray.BOOLEANS;
  }

  /** Whether the values are BYTE_ARRAY taken as they are, which {@link ChunkedValues#appendBinary} writes out. */
  boolean binaryValues() {
    return array == ValueDecoders.ValueArray.BINARY && conversion == null;
  }

  /** Takes the chunk's dictionary page, which the data pages that follow gather from ({@link ChunkDictionary#use}). */
  void useDictionary(DictionaryPage dictionaryPage) throws ParquetException {
    dictionary.use(dictionaryPage);
  }

  /**
   * Makes {@code page} the current page: decodes its levels and sets up its value decoder. Of a page whose first
   * values went to the page reader's destination only the rest is left to read (a required flat column's page,
   * without levels).
   */
  void start(DataPage page) throws ParquetException {
    this.page = page;
    pagesStarted++;
    try {
      if (page.valuesInDestination() > 0) {
        startRest(page);
      } else {
        startLevelsAndValues(page, -1);
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(location.describe(page.fileOffset()));
    } catch (UnsupportedParquetFeatureException e) {
      throw new UnsupportedParquetFeatureException(location.describe(page.fileOffset()) + ": " + e.getMessage(), e);
    }
  }

  /**
   * Makes {@code page}, of which only a decompressed prefix is at hand ({@link DataPage#prefixEntries()}), the
   * current page as far as the prefix holds its levels and its first {@code prefixEntries} entries' values: those
   * are {@link #levelsRemaining}, the rest are held back ({@link #heldBack}). The prefix is a guess from the page's
   * sizes, verified here by the decoders themselves: they pass over the values it must hold, each within its bounds.
   * Returns false, with nothing started, when the prefix falls short (or the page is bad: the whole page then says
   * how); the caller then starts the whole page ({@link #start}).
   */
  boolean startPrefix(DataPage page) {
    this.page = page;
    try {
      startLevelsAndValues(page, page.prefixEntries());
    } catch (ParquetException e) {
      return false;
    }
    pagesStarted++;
    return true;
  }

  /** Entries of the current page after those {@link #levelsRemaining} counts, whose values are not at hand yet. */
  int heldBack() {
    return heldBack;
  }

  /**
   * Moves past {@code count} of the held-back entries (at most {@link #heldBack}) once the others are used up, by
   * their levels alone: their values are passed over when the page is {@link #resume resumed}, if it is.
   */
  void skipHeldBack(int count) {
    if (levelsRemaining != 0 || count > heldBack) {
      throw new IllegalStateException(where() + ": " + count + " held-back entries cannot be skipped now");
    }
    int present = present(count);
    levelPosition += count;
    heldBack -= count;
    heldBackPresent -= present;
  }

  /**
   * Makes the held-back entries readable from {@code whole}, the same page decompressed whole: starts it again and
   * passes over the entries and values already used or skipped.
   */
  void resume(DataPage whole) throws ParquetException {
    if (levelsRemaining != 0 || heldBack == 0) {
      throw new IllegalStateException(where() + ": no held-back entries to resume");
    }
    int entriesDone = levelPosition;
    int valuesDone = pagePresent - heldBackPresent;
    start(whole);
    skipValues(valuesDone);
    advance(entriesDone, valuesDone);
  }

  /**
   * Starts the values of a page after the first {@code valuesInDestination}, which went to the destination: none
   * when all did, else the rest of an uncompressed PLAIN page, in its bytes or in the file.
   */
  private void startRest(DataPage page) throws ParquetException {
    int rest = page.valueCount() - page.valuesInDestination();
    heldBack = 0;
    allPresent = true;
    levels.noLevels();
    levelPosition = page.valuesInDestination();
    levelsRemaining = rest;
    presentRemaining = rest;
    dictionaryEncoded = false;
    plain = rest > 0;
    if (page.valuesInFile() != null) {
      plainValues.inFile(page.valuesInFile());
    } else {
      plainValues.inMemory(page.data(), page.offset(), page.offset() + page.length());
      if (rest > 0) {
        values = decoder(Encoding.PLAIN);
        values.init(page.data(), page.offset(), page.length(), rest);
      }
    }
  }

  /**
   * Brings the rest of a page still in the file to the heap and decodes from there: for a batch that does not go
   * straight into a vector, which a column that offered the page reader a destination seldom has.
   */
  private void loadValuesFromFile() throws IOException {
    plainValues.load();
    values = decoder(Encoding.PLAIN);
    values.init(plainValues.data(), 0, plainValues.remaining(), presentRemaining);
  }

  /**
   * Decodes the page's levels and sets up its values: all of them, or with {@code prefixEntries} at least 0 those of
   * the first {@code prefixEntries} entries, checked to lie within the page's bytes (see {@link #startPrefix}).
   */
  private void startLevelsAndValues(DataPage page, int prefixEntries) throws ParquetException {
    DataPage.Header header = page.header();
    byte[] data = page.data();
    int levelCount = header.valueCount();
    int end = page.offset() + page.length();
    int present = levels.decode(header, data, page.offset(), end);
    int position = levels.valuesOffset();
    allPresent = present == levelCount;
    pagePresent = present;
    presentRemaining = present;
    levelPosition = 0;
    levelsRemaining = levelCount;
    heldBack = 0;
    heldBackPresent = 0;
    int entries = levelCount;
    if (prefixEntries >= 0 && prefixEntries < levelCount) {
      entries = prefixEntries;
      present = present(entries);
    }
    // Decoders are told exactly how many values the page holds: only the definition levels say so (v1 pages do
    // not record their null count), which is why the levels are decoded for the whole page first.
    Encoding encoding = header.valueEncoding();
    if (entries < levelCount) {
      // A prefix: the decoders pass over the values it must hold before they are set up for reading them.
      startValues(encoding, data, position, end, present);
      skipValues(present);
    }
    startValues(encoding, data, position, end, present);
    levelsRemaining = entries;
    presentRemaining = present;
    heldBack = levelCount - entries;
    heldBackPresent = pagePresent - present;
  }

  /** Sets up the decoder of the page's {@code present} values in {@code data[position, end)}. */
  private void startValues(Encoding encoding, byte[] data, int position, int end, int present)
      throws ParquetException {
    int valuesLength = end - position;
    plainValues.inMemory(data, position, end);
    if (encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY) {
      dictionary.startPage(data, position, valuesLength, present, encoding);
      dictionaryEncoded = true;
      plain = false;
    } else {
      dictionaryEncoded = false;
      values = decoder(encoding);
      values.init(data, position, valuesLength, present);
      plain = encoding == Encoding.PLAIN && valueWidth() > 0;
    }
  }

  private ValueDecoder<?> decoder(Encoding encoding) throws ParquetException {
    ValueDecoder<?> decoder = decoders.get(encoding);
    if (decoder == null) {
      decoder = Decoders.valueDecoder(encoding, physicalType, width, kernels);
      decoders.put(encoding, decoder);
    }
    return decoder;
  }

  /**
   * Room for {@code count} more values after the batch's first {@code values}, keeping those, in the array the
   * values go to (the converted bytes with a conversion).
   */
  void ensureValueCapacity(ColumnBatch batch, int values, int count) throws ParquetException {
    if (conversion != null) {
      batch.ensureValueCapacity(ValueDecoders.ValueArray.FIXED, conversion.width(), values, count, location);
    } else {
      batch.ensureValueCapacity(array, width, values, count, location);
    }
  }

  /** Decodes the page's next {@code count} values into {@code batch} at value index {@code valueOffset}. */
  void readValues(ColumnBatch batch, int valueOffset, int count) throws IOException {
    if (plainValues.inFile()) {
      loadValuesFromFile(); // its errors name the page already
    }
    try {
      decodeValues(batch, valueOffset, count);
      if (plain) {
        plainValues.skip(count * valueWidth());
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(where());
    }
  }

  /** Skips the page's next {@code count} values without decoding them into a batch. */
  void skipValues(int count) throws ParquetException {
    if (count == 0) {
      return;
    }
    try {
      if (dictionaryEncoded) {
        dictionary.skip(count); // a skipped bad index is still found
      } else if (plainValues.inFile()) {
        plainValues.skip(count * valueWidth()); // the page's body is exactly its values: checked when read
      } else {
        values.skip(count);
        if (plain) {
          plainValues.skip(count * valueWidth());
        }
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(where());
    }
  }

  void decodeValues(ColumnBatch batch, int valueOffset, int count) throws ParquetException {
    if (conversion != null) {
      converted.read(values, dictionaryEncoded, batch, valueOffset, count);
      return;
    }
    if (dictionaryEncoded) {
      dictionary.gather(batch, valueOffset, count);
    } else {
      ValueDecoders.read(values, array, width, batch, valueOffset, count);
    }
  }

  /**
   * Whether the next values are PLAIN, unconverted and in memory, so that {@link #spreadPlainValues} can write
   * them from the page.
   */
  boolean plainInMemory() {
    return plain && conversion == null && !plainValues.inFile();
  }

  /**
   * Writes the page's next {@code present} values, PLAIN and in memory ({@link #plainInMemory}), to slots
   * {@code firstSlot} to {@code firstSlot + slots - 1} of {@code sink} among the nulls that {@code validity}'s bits
   * say (as many set bits as values), in one pass from the page.
   */
  void spreadPlainValues(ValueSink sink, int firstSlot, int slots, int present, byte[] validity)
      throws ParquetException {
    try {
      plainValues.spreadTo(sink, firstSlot, slots, present, valueWidth(), validity);
      values.skip(present);
    } catch (ParquetCorruptionException e) {
      throw e.withContext(where());
    }
  }

  /**
   * Copies the page's next {@code count} values to {@code sink} from byte {@code byteOffset}, {@code sinkWidth}
   * bytes each: PLAIN bytes as they are, converted values through {@code scratch} ({@link ConvertedValues}), other
   * encodings through {@link ChunkedValues}.
   */
  void copyValues(ValueSink sink, long byteOffset, int count, int sinkWidth, ColumnBatch scratch)
      throws IOException {
    if (plainValues.inFile()) {
      // Only the rest of an unconverted PLAIN page of the sink's width, exactly its values, is left in the file;
      // the errors of reading it name the page already.
      if (plainValues.readFromFile(sink, byteOffset, count * sinkWidth)) {
        return;
      }
      loadValuesFromFile();
    }
    try {
      if (conversion != null) {
        converted.copyTo(values, dictionaryEncoded, sink, byteOffset, count, scratch);
        if (plain) {
          plainValues.skip(count * valueWidth());
        }
      } else if (plain) {
        int bytes = count * sinkWidth; // the decoder's init checked the page holds all its values
        plainValues.copyTo(sink, byteOffset, bytes);
        values.skip(count);
      } else {
        ChunkedValues.copy(this, sink, byteOffset, count, sinkWidth, scratch);
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(where());
    }
  }

  /** Whether the values are PLAIN BOOLEAN, whose bits {@link #depositBooleans} writes to a vector as they are. */
  boolean plainBooleans() {
    return !dictionaryEncoded && values instanceof PlainDecoder.BooleanValues;
  }

  /**
   * Writes the page's next {@code present} PLAIN BOOLEAN values ({@link #plainBooleans}) as rows {@code row} to
   * {@code row + count - 1} of {@code sink} among the nulls that {@code validity}'s bits say (as many set bits as
   * values; null for none), straight from the page's bits.
   */
  void depositBooleans(BitSink sink, int row, int count, int present, byte[] validity) throws ParquetException {
    PlainDecoder.BooleanValues booleans = (PlainDecoder.BooleanValues) values;
    long first = booleans.nextBit();
    try {
      booleans.skip(present); // checks the page holds them
    } catch (ParquetCorruptionException e) {
      throw e.withContext(where());
    }
    sink.depositBits(row, count, booleans.page(), first, validity);
  }

  /** The page's PLAIN values when they are in memory and converted, which {@link PickedValues} picks; else null. */
  PlainValues plainConvertedValues() {
    return plain && conversion != null && !plainValues.inFile() ? plainValues : null;
  }

  /** Sizes {@code batch} for {@code count} values as they are stored, before any conversion. */
  void ensureStoredCapacity(ColumnBatch batch, int count) throws ParquetException {
    batch.ensureValueCapacity(array, width, 0, count, location);
  }

  Type physicalType() {
    return physicalType;
  }

  /** Brings the page's PLAIN values to the heap if they are still in the file; its errors name the page. */
  void loadValuesIfInFile() throws IOException {
    if (plainValues.inFile()) {
      loadValuesFromFile();
    }
  }

  // The state PickedValues reads: whether the values are dictionary indices, the dictionary, the page's PLAIN
  // values of a width Arrow takes unchanged (null if not such a page, or converted), the decoder, the conversion.
  boolean dictionaryEncoded() {
    return dictionaryEncoded;
  }

  ChunkDictionary dictionary() {
    return dictionary;
  }

  PlainValues plainFixedValues() {
    return plain && conversion == null ? plainValues : null;
  }

  ValueDecoder<?> valueDecoder() {
    return values;
  }

  ValueConversion conversion() {
    return conversion;
  }

  ValueDecoders.ValueArray valueArray() {
    return array;
  }

  /** A heap array of at least {@code bytes} bytes, reused. */
  byte[] chunkBytes(int bytes) {
    if (chunkBytes.length < bytes) {
      chunkBytes = new byte[Math.max(bytes, chunkBytes.length * 2)];
    }
    return chunkBytes;
  }

  /** Gives the level, index and conversion arrays to {@link ScratchArrays} for the next reader. */
  void release() {
    levels.release();
    dictionary.release();
    plainValues.release();
    if (converted != null) {
      converted.release();
    }
  }
}
