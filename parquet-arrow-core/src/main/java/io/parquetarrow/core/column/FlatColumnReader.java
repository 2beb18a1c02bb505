package io.parquetarrow.core.column;

import io.parquetarrow.core.page.DataPage;
import io.parquetarrow.core.page.DictionaryPage;
import io.parquetarrow.core.page.Page;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.core.page.ValueDestination;
import io.parquetarrow.encodings.BitPackedLevelDecoder;
import io.parquetarrow.encodings.Decoders;
import io.parquetarrow.encodings.Dictionary;
import io.parquetarrow.encodings.DictionaryIndexDecoder;
import io.parquetarrow.encodings.LittleEndianValues;
import io.parquetarrow.encodings.RleBitPackedHybridDecoder;
import io.parquetarrow.encodings.ValueDecoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * The column layer for one column chunk: pulls pages from a {@link PageReader}, decodes the repetition and
 * definition levels of a batch in bulk, then exactly as many values as the definition levels say are present,
 * into a {@link ColumnBatch}. A dictionary page is decoded once per chunk; dictionary-encoded data pages become
 * index runs gathered from it with the kernels. A batch may span pages, and a page may span batches.
 *
 * <p>It counts level entries, not rows: for a flat column (maximum repetition level 0) they are the same, and
 * a nested reader will ask for level entries up to a row boundary found in the repetition levels.
 *
 * <p>Checks: levels never exceed the column's maximum; the chunk holds as many level entries as asked; each
 * page's value decoder holds as many values as its levels say (the decoders reject a page that is short).
 * Every exception names the file, row group, column and page offset.
 */
public final class FlatColumnReader implements AutoCloseable {
  /** Values decoded per step by {@link #decodeInto}: 32 KiB of longs. */
  private static final int DIRECT_CHUNK = 4096;

  private final PageReader pages;
  private final ChunkLocation location;
  private final ParquetKernels kernels;
  private final Type physicalType;
  private final int width;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final ValueDecoders.ValueArray destination;
  private final Map<Encoding, ValueDecoder<?>> decoders = new EnumMap<>(Encoding.class);
  private final RleBitPackedHybridDecoder definitionRle;
  private final RleBitPackedHybridDecoder repetitionRle;
  private final DictionaryIndexDecoder indexDecoder;
  /** Converts the values as they are decoded (see {@link ValueConversion}); null keeps them as stored. */
  private final ValueConversion conversion;
  /** The dictionary's entries converted, {@code conversion.width()} bytes each; with {@link #conversion} only. */
  private byte[] convertedDictionary = new byte[0];
  /** The stored values of a run of a page without dictionary, before their conversion. */
  private ColumnBatch unconverted;
  private ValueDecoder<int[]> definitionLevels;
  private ValueDecoder<int[]> repetitionLevels;
  private Dictionary dictionary;
  private int[] indices = new int[0];
  private byte[] chunkBytes = new byte[0];

  private final long totalLevels;
  private long levelsStarted;
  private int[] pageDefinitionLevels = new int[0];
  private int[] pageRepetitionLevels = new int[0];
  private int pageLevelPosition;
  /** Every level entry of the current page is a value (no nulls), so batches need not count them again. */
  private boolean pageAllPresent;
  // False while an all-present page's definition levels are known to be the maximum but not written out: a page
  // whose levels are one run of the maximum is not filled unless a caller needs its levels (see pageLevels()).
  private boolean pageDefinitionLevelsWritten;
  /** The record starts among the entries the last levelsBeforeRecordStart call counted. */
  private int startsBeforeRecordStart;
  /**
   * Record starts (repetition level 0) among the current page's entries from {@link #pageStartsPosition} on, -1
   * when not known; counted as the page's repetition levels were decoded, so a step that takes the rest of the
   * page need not scan them again.
   */
  private int pageStartsRemaining = -1;
  private int pageStartsPosition;
  /** Values (level entries at the maximum definition level) of the current page not yet read. */
  private int pagePresentRemaining;

  private DataPage page;
  private int pageLevelsRemaining;
  private ValueDecoder<?> pageValues;
  private boolean pageDictionaryEncoded;
  private boolean pagePlain;
  private int pagePlainPosition;
  private int pagePlainEnd;
  /**
   * Whether the current page's PLAIN values are still in the file (a split page, see
   * {@link PageReader#readRemainder}): {@link #pagePlainPosition} and {@link #pagePlainEnd} then count from the
   * first of them, and {@link #pageValues} is not set up until {@link #loadRemainder}.
   */
  private boolean pageRemainderInFile;

  /**
   * @param typeLength {@code type_length} for FIXED_LEN_BYTE_ARRAY (ignored otherwise)
   * @param totalLevels the level entries the chunk must hold (the row group's row count for a flat column); a
   *     page claiming more than remain is corrupt
   */
  public FlatColumnReader(
      PageReader pages, Type physicalType, int typeLength, int maxDefinitionLevel, int maxRepetitionLevel,
      long totalLevels, ParquetKernels kernels) {
    this(pages, physicalType, typeLength, maxDefinitionLevel, maxRepetitionLevel, totalLevels, kernels, null);
  }

  /**
   * A reader whose batches hold the values converted by {@code conversion} (null: as stored), for a flat column of
   * type INT32, INT64 or FIXED_LEN_BYTE_ARRAY; {@link #readInto} and {@link #readAppending} are not available then.
   */
  public FlatColumnReader(
      PageReader pages, Type physicalType, int typeLength, int maxDefinitionLevel, int maxRepetitionLevel,
      long totalLevels, ParquetKernels kernels, ValueConversion conversion) {
    if (conversion != null && (maxRepetitionLevel != 0 || physicalType != Type.INT32 && physicalType != Type.INT64
        && physicalType != Type.FIXED_LEN_BYTE_ARRAY)) {
      throw new IllegalArgumentException(pages.location().describe() + ": values of " + physicalType
          + " with repetition level " + maxRepetitionLevel + " are not converted while decoded");
    }
    this.conversion = conversion;
    this.pages = pages;
    this.totalLevels = totalLevels;
    this.location = pages.location();
    this.kernels = kernels;
    this.physicalType = physicalType;
    this.width = switch (physicalType) {
      case INT96 -> PhysicalTypes.INT96_BYTES;
      case FIXED_LEN_BYTE_ARRAY -> typeLength;
      default -> 0;
    };
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.maxRepetitionLevel = maxRepetitionLevel;
    this.destination = ValueDecoders.valueArray(physicalType);
    this.definitionRle =
        new RleBitPackedHybridDecoder(kernels, bitWidth(maxDefinitionLevel)).describedAs("definition levels");
    this.repetitionRle =
        new RleBitPackedHybridDecoder(kernels, bitWidth(maxRepetitionLevel)).describedAs("repetition levels");
    this.indexDecoder = new DictionaryIndexDecoder(kernels);
  }

  /** Bits needed for levels {@code 0..maxLevel}. */
  static int bitWidth(int maxLevel) {
    return 32 - Integer.numberOfLeadingZeros(maxLevel);
  }

  /**
   * Decodes the next {@code levelCount} level entries (and their values) into {@code batch}, replacing what it
   * held.
   */
  public void read(int levelCount, ColumnBatch batch) throws IOException {
    batch.reset(levelCount, maxDefinitionLevel > 0, maxRepetitionLevel > 0);
    read(levelCount, batch, maxRepetitionLevel == 0);
  }

  /**
   * Decodes the next {@code levelCount} level entries (and their values) after those {@code batch} already holds,
   * keeping them: a nested column gathers a batch's records from several pages this way without copying each
   * page's entries once more.
   */
  public void readAppending(int levelCount, ColumnBatch batch) throws IOException {
    if (conversion != null) {
      throw new IllegalStateException(location.describe() + ": readAppending of a converting reader");
    }
    read(levelCount, batch, false);
  }

  /**
   * Like {@link #readAppending}, but when {@code batch} is empty and the entries lie in the current data page, the
   * batch's levels become a view of the page's level arrays ({@link ColumnBatch#levelOffset()}) instead of a copy,
   * and so do the values of a PLAIN INT32, INT64, FLOAT or DOUBLE page ({@link ColumnBatch#valueView()}).
   * The view holds until this reader reads on: the caller must consume the batch, or have it copy the levels and
   * values ({@link ColumnBatch#ownViews()}), before calling this reader again.
   */
  public void readAppendingOrView(int levelCount, ColumnBatch batch) throws IOException {
    if (batch.levelCount() != 0 || levelCount <= 0 || levelCount > pageLevelsRemaining || pageRemainderInFile
        || (maxDefinitionLevel == 0 && maxRepetitionLevel == 0) || conversion != null) {
      readAppending(levelCount, batch); // refuses a converting reader
      return;
    }
    batch.reset(0, false, false);
    int[] definition = maxDefinitionLevel > 0 ? pageLevels() : null;
    batch.viewLevels(definition, maxRepetitionLevel > 0 ? pageRepetitionLevels : null, pageLevelPosition);
    int count = levelCount;
    int present = count;
    if (maxDefinitionLevel > 0) {
      if (count == pageLevelsRemaining) {
        present = pagePresentRemaining;
      } else if (!pageAllPresent) {
        present = kernels.countEqual(definition, pageLevelPosition, count, maxDefinitionLevel);
      }
      pagePresentRemaining -= present;
    }
    boolean viewValues = pagePlain && (destination == ValueDecoders.ValueArray.INTS
        || destination == ValueDecoders.ValueArray.LONGS);
    if (!viewValues) {
      ensureValueCapacity(batch, 0, count);
    }
    if (present > 0) {
      try {
        if (viewValues) {
          // The decoder checks that the page holds the values; their bytes become the batch's view.
          pageValues.skip(present);
          batch.viewValues(page.data(), pagePlainPosition, valueWidth());
        } else {
          readValues(batch, 0, present);
        }
        if (pagePlain) {
          pagePlainPosition += present * valueWidth();
        }
      } catch (ParquetCorruptionException e) {
        throw e.withContext(location.describe(page.fileOffset()));
      }
    }
    pageLevelPosition += count;
    pageLevelsRemaining -= count;
    batch.setLevelCount(count);
    batch.setValueCount(present);
    batch.setValuesConverted(false);
  }

  /**
   * With {@code levelsForNullsOnly} (a flat column's batch, which starts empty), definition levels are written to
   * the batch only once it holds a null: a batch whose entries are all values has as many values as level entries,
   * and that is all its consumers look at ({@code Validity}).
   */
  private void read(int levelCount, ColumnBatch batch, boolean levelsForNullsOnly) throws IOException {
    if (pageRemainderInFile && pageLevelsRemaining > 0) {
      loadRemainder();
    }
    int levels = batch.levelCount();
    int values = batch.valueCount();
    int levelEnd = Math.addExact(levels, levelCount);
    if (maxDefinitionLevel > 0) {
      batch.ensureDefinitionLevels(levelEnd);
    }
    if (maxRepetitionLevel > 0) {
      batch.ensureRepetitionLevels(levelEnd);
    }
    ensureValueCapacity(batch, values, levelCount);
    // With levelsForNullsOnly: the batch's definition levels [0, levelsWritten) are written; the others are the
    // maximum, as long as the batch has no null.
    int levelsWritten = levels;
    while (levels < levelEnd) {
      if (pageLevelsRemaining == 0) {
        if (!nextDataPage()) {
          throw chunkEnded("level entries (values and nulls)");
        }
        continue;
      }
      int count = Math.min(levelEnd - levels, pageLevelsRemaining);
      int present = count;
      if (maxRepetitionLevel > 0) {
        System.arraycopy(pageRepetitionLevels, pageLevelPosition, batch.repetitionLevels(), levels, count);
      }
      if (maxDefinitionLevel > 0) {
        int[] definition = batch.definitionLevels();
        boolean allPresent = pageAllPresent || count == pageLevelsRemaining && pagePresentRemaining == count;
        if (!levelsForNullsOnly || !allPresent || levels != values) {
          if (levelsWritten < levels) {
            Arrays.fill(definition, levelsWritten, levels, maxDefinitionLevel); // all values so far
          }
          System.arraycopy(pageLevels(), pageLevelPosition, definition, levels, count);
          levelsWritten = levels + count;
        }
        if (count == pageLevelsRemaining) {
          present = pagePresentRemaining; // the rest of the page: counted when the page started
        } else if (!pageAllPresent) {
          present = kernels.countEqual(definition, levels, count, maxDefinitionLevel);
        }
        pagePresentRemaining -= present;
      }
      if (present > 0) {
        try {
          readValues(batch, values, present);
          if (pagePlain) {
            pagePlainPosition += present * valueWidth(); // where readInto continues, should it take over
          }
        } catch (ParquetCorruptionException e) {
          throw e.withContext(location.describe(page.fileOffset()));
        }
      }
      values += present;
      pageLevelPosition += count;
      levels += count;
      pageLevelsRemaining -= count;
    }
    batch.setLevelCount(levels);
    batch.setValueCount(values);
    batch.setValuesConverted(conversion != null);
  }

  /**
   * For a repeated column: how many of the next level entries, all within one data page, can be read while
   * passing at most {@code starts} record starts (repetition level 0) — the count stops before the entry that
   * would start record {@code starts + 1}, or at the end of the page. Only levels are looked at: no value is
   * decoded, so a reader can cut a batch at a record boundary without decoding the next record's values (a
   * single value may be a gigabyte). Moves to the next data page first when the current one is used up.
   *
   * @return the entries to read, 0 only when {@code starts} is 0 and the next entry starts a record
   * @throws ParquetCorruptionException when the chunk has no more pages though level entries remain
   */
  public int levelsBeforeRecordStart(int starts) throws IOException {
    while (pageLevelsRemaining == 0) {
      if (!nextDataPage()) {
        throw chunkEnded("level entries (values and nulls)");
      }
    }
    int[] levels = pageRepetitionLevels;
    int position = pageLevelPosition;
    int end = position + pageLevelsRemaining;
    if (pageStartsRemaining >= 0 && pageStartsPosition == position && pageStartsRemaining <= starts) {
      // The rest of the page holds no more starts than wanted: all of it, without a scan.
      startsBeforeRecordStart = pageStartsRemaining;
      pageStartsRemaining = 0;
      pageStartsPosition = end;
      return end - position;
    }
    int passed = 0;
    // In bulk while a block cannot hold the start that ends the count (a block of n entries holds at most n).
    while (end - position > 0 && starts - passed >= 64) {
      int span = Math.min(end - position, starts - passed);
      passed += kernels.countEqual(levels, position, span, 0);
      position += span;
    }
    for (; position < end; position++) {
      if (levels[position] == 0) {
        if (passed == starts) {
          break;
        }
        passed++;
      }
    }
    startsBeforeRecordStart = passed;
    if (pageStartsRemaining >= 0 && pageStartsPosition == pageLevelPosition) {
      // Still known for the entries after this step, if the caller reads exactly this step next.
      pageStartsRemaining -= passed;
      pageStartsPosition = position;
    }
    return position - pageLevelPosition;
  }

  /**
   * Whether the current page holds more entries and the next of them starts a record (repetition level 0): a
   * {@link #levelsBeforeRecordStart}{@code (0)} of no entries, known without loading the next page.
   */
  public boolean recordStartsNextInPage() {
    return pageLevelsRemaining > 0 && pageRepetitionLevels[pageLevelPosition] == 0;
  }

  /** The record starts among the entries the last {@link #levelsBeforeRecordStart} call counted. */
  public int startsBeforeRecordStart() {
    return startsBeforeRecordStart;
  }

  /**
   * For a column whose maximum definition and repetition levels are 0 (every level entry is a value): decodes
   * the next {@code valueCount} values of a fixed-width physical type (INT32, INT64, FLOAT, DOUBLE,
   * FIXED_LEN_BYTE_ARRAY) straight into {@code sink}, value {@code i} at byte {@code i * width}. A compressed
   * PLAIN page whose values all belong to this call is decompressed straight into the sink's
   * {@link ValueSink#directView direct view}, and an uncompressed PLAIN page is read from the file into it (split
   * at the end of this call's values, the rest copied in the next call); other PLAIN pages are copied from the
   * page bytes; other encodings are decoded through {@code scratch} and copied one run at a time. A flat column
   * with definition levels (no repetition) is read the same way, from the current page only, once
   * {@link #allPresentAhead}{@code (valueCount)} has said that all those entries are values. A reader that
   * converts its values ({@link #converts()}) puts them into {@code sink} converted, value {@code i} at byte
   * {@code i * conversion.width()}: decoded and converted {@value #DIRECT_CHUNK} at a time in {@code scratch}, each
   * run copied while it is in the cache.
   */
  public void readInto(int valueCount, ValueSink sink, ColumnBatch scratch) throws IOException {
    int valueWidth = valueWidth();
    if (maxRepetitionLevel != 0 || valueWidth == 0) {
      throw new IllegalStateException(location.describe() + ": readInto needs a flat fixed-width column");
    }
    // Bytes per value in the sink: the stored width, or the conversion's. Pages are offered to the sink only
    // without a conversion (their bytes are not the converted values).
    int sinkWidth = conversion != null ? conversion.width() : valueWidth;
    if (maxDefinitionLevel != 0) {
      // allPresentAhead(valueCount) said yes: the entries are in this page and all of them are values.
      if (valueCount > pageLevelsRemaining) {
        throw new IllegalStateException(location.describe() + ": readInto of an optional column without"
            + " allPresentAhead");
      }
      copyValuesInto(sink, 0, valueCount, sinkWidth, 0, scratch);
      pagePresentRemaining -= valueCount;
      pageLevelsRemaining -= valueCount;
      pageLevelPosition += valueCount;
      return;
    }
    int done = 0;
    while (done < valueCount) {
      if (pageLevelsRemaining == 0) {
        if (!nextDataPage(conversion != null ? null : offer(sink, done, valueCount - done, valueWidth))) {
          throw chunkEnded("values");
        }
        done += page.valuesInDestination(); // all of the page, its first part, or none
        continue;
      }
      int count = Math.min(valueCount - done, pageLevelsRemaining);
      copyValuesInto(sink, (long) done * sinkWidth, count, sinkWidth,
          (long) (valueCount - done - count) * sinkWidth, scratch);
      done += count;
      pageLevelsRemaining -= count;
      pageLevelPosition += count;
    }
  }

  /** The failure of a chunk whose pages hold fewer {@code entries} than the row group's row count. */
  private ParquetCorruptionException chunkEnded(String entries) {
    return new ParquetCorruptionException(location.describe() + ": column chunk ended after " + levelsStarted
        + " of its " + totalLevels + " " + entries + ": its pages hold fewer than the row group's row count");
  }

  /** Whether this reader converts the values as it decodes them (see {@link ValueConversion}). */
  public boolean converts() {
    return conversion != null;
  }

  /**
   * For a flat column with definition levels (no repetition): whether the next {@code levelCount} entries are
   * all in the current data page (moving to the next page first when this one is used up) and all of them are
   * values, not nulls — then {@link #readInto} can put them straight into a vector. Reads no value; false
   * leaves the reader as it was for {@link #read}.
   */
  public boolean allPresentAhead(int levelCount) throws IOException {
    if (maxRepetitionLevel != 0 || maxDefinitionLevel == 0) {
      throw new IllegalStateException(location.describe() + ": allPresentAhead is for flat optional columns");
    }
    while (pageLevelsRemaining == 0) {
      if (!nextDataPage()) {
        return false; // read() reports the missing entries
      }
    }
    return levelCount <= pageLevelsRemaining && (pageAllPresent
        || kernels.countEqual(pageLevels(), pageLevelPosition, levelCount, maxDefinitionLevel) == levelCount);
  }

  /**
   * Copies the current page's next {@code count} values to {@code sink} from byte {@code byteOffset}, {@code
   * valueWidth} bytes each: PLAIN bytes as they are, other encodings through {@link #decodeInto}, converted values
   * through {@link #convertInto}. {@code roomAfter} is how many bytes of this call's values follow them in the sink,
   * where the rest of a split page read from the file may bring the start of the next page (they are overwritten
   * by those values).
   */
  private void copyValuesInto(
      ValueSink sink, long byteOffset, int count, int valueWidth, long roomAfter, ColumnBatch scratch)
      throws IOException {
    if (pageRemainderInFile) { // only after an offer, so never with a conversion
      // The page layer's messages name the page already: outside the try below, which would name it again.
      int bytes = count * valueWidth;
      int left = pagePlainEnd - pagePlainPosition;
      int ahead = bytes == left ? pages.headerAheadOfRemainder(roomAfter) : 0;
      ByteBuffer view = bytes <= left ? sink.directView(byteOffset, bytes + ahead) : null;
      if (view != null) {
        pages.readRemainder(pagePlainPosition, view, ahead);
        pagePlainPosition += bytes;
        return;
      }
      loadRemainder();
    }
    try {
      if (conversion != null) {
        convertInto(sink, byteOffset, count, scratch);
      } else if (pagePlain) {
        int bytes = count * valueWidth; // the decoder's init checked the page holds all its values
        if (bytes > pagePlainEnd - pagePlainPosition) {
          throw ParquetCorruptionException.of("PLAIN page ends %d bytes short of its values",
              bytes - (pagePlainEnd - pagePlainPosition));
        }
        sink.putBytes(byteOffset, page.data(), pagePlainPosition, bytes);
        pagePlainPosition += bytes;
        pageValues.skip(count);
      } else {
        decodeInto(sink, byteOffset, count, valueWidth, scratch);
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(location.describe(page.fileOffset()));
    }
  }

  /**
   * Converts {@code count} values of the current page ({@link #conversion}) {@value #DIRECT_CHUNK} at a time in
   * {@code scratch} and copies each run to {@code sink} from byte {@code byteOffset} while it is in the cache,
   * instead of converting a whole batch into a heap image (1 MiB per decimal128 column of 65,536 rows).
   */
  private void convertInto(ValueSink sink, long byteOffset, int count, ColumnBatch scratch)
      throws ParquetException {
    int convertedWidth = conversion.width();
    scratch.reset(0, false, false);
    byte[] converted = scratch.ensureBytes(Math.min(count, DIRECT_CHUNK) * convertedWidth);
    for (int done = 0; done < count; done += DIRECT_CHUNK) {
      int run = Math.min(DIRECT_CHUNK, count - done);
      readConverted(scratch, 0, run);
      sink.putBytes(byteOffset + (long) done * convertedWidth, converted, 0, run * convertedWidth);
    }
    if (pagePlain) {
      pagePlainPosition += count * valueWidth();
    }
  }

  /**
   * Decodes {@code count} values of the current (not PLAIN) page and copies them to {@code sink} from byte
   * {@code byteOffset}, {@value #DIRECT_CHUNK} values at a time so that what the decoder writes is still in the
   * cache when it is copied (a whole batch of longs is 512 KiB). Decoders that can write little-endian bytes do so
   * into one byte chunk; the others go through {@code scratch}'s array for the physical type.
   */
  private void decodeInto(ValueSink sink, long byteOffset, int count, int valueWidth, ColumnBatch scratch)
      throws ParquetException {
    int chunk = Math.min(count, DIRECT_CHUNK);
    LittleEndianValues littleEndian =
        !pageDictionaryEncoded && pageValues instanceof LittleEndianValues values ? values : null;
    if (littleEndian != null) {
      if (chunkBytes.length < chunk * valueWidth) {
        chunkBytes = new byte[DIRECT_CHUNK * valueWidth];
      }
    } else {
      scratch.reset(0, false, false);
      ensureValueCapacity(scratch, 0, chunk);
    }
    for (int done = 0; done < count; done += chunk) {
      int values = Math.min(chunk, count - done);
      long at = byteOffset + (long) done * valueWidth;
      if (littleEndian != null) {
        littleEndian.readLittleEndian(chunkBytes, 0, values);
        sink.putBytes(at, chunkBytes, 0, values * valueWidth);
        continue;
      }
      readValues(scratch, 0, values);
      switch (destination) {
        case INTS -> sink.putInts(at, scratch.ints(), values);
        case LONGS -> sink.putLongs(at, scratch.longs(), values);
        default -> sink.putBytes(at, scratch.bytes(), 0, values * valueWidth);
      }
    }
  }

  /** Bytes per value of a fixed-width physical type that readInto handles, 0 for the others. */
  static int width(Type type) {
    return switch (type) {
      case INT32, FLOAT -> 4;
      case INT64, DOUBLE -> 8;
      default -> 0;
    };
  }

  /**
   * Bytes per PLAIN value that Arrow takes unchanged: {@link #width(Type)}, or {@code type_length} for
   * FIXED_LEN_BYTE_ARRAY; 0 for the types that need converting (INT96, BOOLEAN) or have no fixed width.
   */
  private int valueWidth() {
    return physicalType == Type.FIXED_LEN_BYTE_ARRAY ? width : width(physicalType);
  }

  /**
   * The destination offered to the page layer for the next page: the sink's slots from value {@code done} on,
   * room for {@code wanted} values (capped so the view stays below 2 GiB); null when the sink has no direct view.
   */
  private static ValueDestination offer(ValueSink sink, int done, int wanted, int valueWidth) {
    int values = (int) Math.min(wanted, (Integer.MAX_VALUE - 16) / valueWidth);
    ByteBuffer view = sink.directView((long) done * valueWidth, values * valueWidth);
    return view == null ? null : new ValueDestination(view, valueWidth, values);
  }

  private void readValues(ColumnBatch batch, int valueOffset, int count) throws ParquetException {
    if (conversion != null) {
      readConverted(batch, valueOffset, count);
      return;
    }
    if (!pageDictionaryEncoded) {
      ValueDecoders.read(pageValues, destination, width, batch, valueOffset, count);
      return;
    }
    readIndices(count);
    switch (destination) {
      case INTS -> kernels.gatherInts(dictionary.ints(), indices, 0, count, batch.ints(), valueOffset);
      case LONGS -> kernels.gatherLongs(dictionary.longs(), indices, 0, count, batch.longs(), valueOffset);
      case BOOLEANS -> kernels.gatherFixed(dictionary.fixedBytes(), 1, indices, 0, count, batch.bytes(), valueOffset);
      case FIXED -> kernels.gatherFixed(
          dictionary.fixedBytes(), width, indices, 0, count, batch.bytes(), valueOffset * width);
      case BINARY -> dictionary.gatherBinary(indices, 0, count, batch.binary());
    }
  }

  /**
   * readValues with {@link #conversion}: a dictionary-encoded page's values are gathered from the converted
   * dictionary; another page's are decoded {@value #DIRECT_CHUNK} at a time and each run converted while it is in
   * the cache.
   */
  private void readConverted(ColumnBatch batch, int valueOffset, int count) throws ParquetException {
    int convertedWidth = conversion.width();
    byte[] out = batch.bytes();
    if (pageDictionaryEncoded) {
      readIndices(count);
      kernels.gatherFixed(convertedDictionary, convertedWidth, indices, 0, count, out, valueOffset * convertedWidth);
      return;
    }
    if (unconverted == null) {
      unconverted = new ColumnBatch();
    }
    ensureValueCapacity(unconverted, destination, width, 0, Math.min(count, DIRECT_CHUNK));
    for (int done = 0; done < count; done += DIRECT_CHUNK) {
      int values = Math.min(DIRECT_CHUNK, count - done);
      ValueDecoders.read(pageValues, destination, width, unconverted, 0, values);
      convert(unconverted.ints(), unconverted.longs(), unconverted.bytes(), values, out,
          (valueOffset + done) * convertedWidth);
    }
  }

  /** The current dictionary-encoded page's next {@code count} indices into {@link #indices}, checked. */
  private void readIndices(int count) throws ParquetCorruptionException {
    if (indices.length < count) {
      indices = ScratchArrays.replace(indices, Math.max(count, indices.length * 2));
    }
    indexDecoder.readIndices(indices, 0, count, dictionary.size());
  }

  /**
   * Converts the first {@code count} stored values, held in the array of the physical type among {@code ints},
   * {@code longs} and {@code fixed}, to {@code out} from {@code outOffset} on ({@link #conversion}).
   */
  private void convert(int[] ints, long[] longs, byte[] fixed, int count, byte[] out, int outOffset) {
    switch (physicalType) {
      case INT32 -> conversion.convertInts(ints, 0, count, out, outOffset);
      case INT64 -> conversion.convertLongs(longs, 0, count, out, outOffset);
      default -> conversion.convertFixed(fixed, 0, count, out, outOffset);
    }
  }

  private void checkLevels(int[] levels, int offset, int count, int maxLevel, String kind)
      throws ParquetCorruptionException {
    int maximum = kernels.maxUnsigned(levels, offset, count);
    if (Integer.compareUnsigned(maximum, maxLevel) > 0) {
      throw ParquetCorruptionException.of(
          "%s level %d exceeds the column's maximum %s level %d", kind, Integer.toUnsignedLong(maximum), kind,
          maxLevel);
    }
  }

  /** Advances to the next data page, decoding a dictionary page on the way; false at the end of the chunk. */
  private boolean nextDataPage() throws IOException {
    return nextDataPage(null);
  }

  /**
   * Like {@link #nextDataPage()}, offering {@code destination} to the page layer. A page whose values went
   * there is accounted for and consumed at once (no levels or values remain to read from it).
   */
  private boolean nextDataPage(ValueDestination destination) throws IOException {
    while (true) {
      Page next = pages.nextPage(destination);
      if (next == null) {
        return false;
      }
      if (next instanceof DictionaryPage dictionaryPage) {
        readDictionary(dictionaryPage);
        continue;
      }
      page = (DataPage) next;
      pageRemainderInFile = false; // set again below for a page split at the destination's end
      if (page.valuesInDestination() > 0) {
        int levelCount = page.valueCount();
        if (levelCount > totalLevels - levelsStarted) {
          throw ParquetCorruptionException.of(
              "data page holds %d level entries but only %d of the column chunk's %d remain", levelCount,
              totalLevels - levelsStarted, totalLevels).withContext(location.describe(page.fileOffset()));
        }
        levelsStarted += levelCount;
        pageLevelsRemaining = levelCount - page.valuesInDestination();
        if (pageLevelsRemaining > 0) {
          // An uncompressed PLAIN page split at the destination's end: the rest of its values are the PLAIN
          // bytes page.data()[offset, +length), which readInto copies in the next batch, or (data null) are still
          // in the file, which readInto reads straight into the next batch's vector.
          try {
            startPlainRemainder(page, pageLevelsRemaining);
          } catch (ParquetCorruptionException e) {
            throw e.withContext(location.describe(page.fileOffset()));
          }
        }
        return true;
      }
      try {
        startPage(page);
      } catch (ParquetCorruptionException e) {
        throw e.withContext(location.describe(page.fileOffset()));
      } catch (UnsupportedParquetFeatureException e) {
        throw new UnsupportedParquetFeatureException(
            location.describe(page.fileOffset()) + ": " + e.getMessage(), e);
      }
      if (pageLevelsRemaining > 0) {
        return true;
      }
    }
  }

  /** Prepares the PLAIN values after the part of a split page that went to the destination (see readInto). */
  private void startPlainRemainder(DataPage page, int remaining) throws ParquetException {
    pageDictionaryEncoded = false;
    pagePlain = true;
    pageRemainderInFile = page.data() == null;
    if (!pageRemainderInFile) {
      initPlainValues(page.data(), page.offset(), page.length(), remaining);
    } else {
      pagePlainPosition = 0;
      pagePlainEnd = page.length();
    }
    pageLevelPosition = 0;
    pageAllPresent = true;
    pageDefinitionLevelsWritten = false;
    pagePresentRemaining = remaining;
  }

  /** The page's definition levels, written out first when the page only knew them to be all the maximum. */
  private int[] pageLevels() {
    if (!pageDefinitionLevelsWritten) {
      int end = pageLevelPosition + pageLevelsRemaining;
      if (pageDefinitionLevels.length < end) {
        pageDefinitionLevels = ScratchArrays.replace(pageDefinitionLevels, end);
      }
      Arrays.fill(pageDefinitionLevels, 0, end, maxDefinitionLevel);
      pageDefinitionLevelsWritten = true;
    }
    return pageDefinitionLevels;
  }

  /** Sets up the PLAIN decoder over {@code data[offset, +length)}, holding the page's next {@code count} values. */
  private void initPlainValues(byte[] data, int offset, int length, int count) throws ParquetException {
    pageValues = decoders.get(Encoding.PLAIN);
    if (pageValues == null) {
      pageValues = Decoders.valueDecoder(Encoding.PLAIN, physicalType, width, kernels);
      decoders.put(Encoding.PLAIN, pageValues);
    }
    pageValues.init(data, offset, length, count);
    pagePlainPosition = offset;
    pagePlainEnd = offset + length;
  }

  /** Brings the split page's values that are still in the file (from the next one on) into the heap. */
  private void loadRemainder() throws IOException {
    page = pages.loadRemainder(page);
    pageRemainderInFile = false;
    int from = pagePlainPosition;
    try {
      initPlainValues(page.data(), page.offset() + from, page.length() - from, pageLevelsRemaining);
    } catch (ParquetCorruptionException e) {
      throw e.withContext(location.describe(page.fileOffset()));
    }
  }

  private void startPage(DataPage page) throws ParquetException {
    byte[] data = page.data();
    int levelCount = page.valueCount();
    int position = page.offset();
    int end = page.offset() + page.length();
    if (levelCount > totalLevels - levelsStarted) {
      throw ParquetCorruptionException.of(
          "data page holds %d level entries but only %d of the column chunk's %d remain", levelCount,
          totalLevels - levelsStarted, totalLevels);
    }
    levelsStarted += levelCount;
    if (page.version() == 1) {
      if (maxRepetitionLevel > 0) {
        repetitionLevels = levelDecoder(page.repetitionLevelEncoding(), repetitionRle, maxRepetitionLevel);
        position = initLevels(repetitionLevels, data, position, end, levelCount, maxRepetitionLevel);
      }
      if (maxDefinitionLevel > 0) {
        definitionLevels = levelDecoder(page.definitionLevelEncoding(), definitionRle, maxDefinitionLevel);
        position = initLevels(definitionLevels, data, position, end, levelCount, maxDefinitionLevel);
      }
    } else {
      int repetitionEnd = position + page.repetitionLevelsLength();
      int definitionEnd = repetitionEnd + page.definitionLevelsLength();
      if (maxRepetitionLevel > 0) {
        repetitionRle.init(data, position, page.repetitionLevelsLength(), levelCount);
        repetitionLevels = repetitionRle;
      }
      if (maxDefinitionLevel > 0) {
        definitionRle.init(data, repetitionEnd, page.definitionLevelsLength(), levelCount);
        definitionLevels = definitionRle;
      }
      position = definitionEnd;
      if (maxDefinitionLevel == 0 && page.nullCount() > 0) {
        throw ParquetCorruptionException.of(
            "data page v2 of a required column says it has %d nulls", page.nullCount());
      }
    }
    // Levels are decoded for the whole page at once: the value decoders must be told exactly how many values
    // the page holds, and only the definition levels say so (v1 pages do not record their null count).
    int present = levelCount;
    if (maxRepetitionLevel > 0) {
      if (pageRepetitionLevels.length < levelCount) {
        pageRepetitionLevels = ScratchArrays.replace(pageRepetitionLevels,
            Math.max(levelCount, pageRepetitionLevels.length * 2));
      }
      if (repetitionLevels instanceof RleBitPackedHybridDecoder rle) {
        // Checked and their record starts counted run by run, as they are decoded.
        pageStartsRemaining = rle.readCounting(pageRepetitionLevels, 0, levelCount, 0, maxRepetitionLevel);
      } else {
        repetitionLevels.read(pageRepetitionLevels, 0, levelCount);
        checkLevels(pageRepetitionLevels, 0, levelCount, maxRepetitionLevel, "repetition");
        pageStartsRemaining = -1;
      }
      pageStartsPosition = 0;
    }
    if (maxDefinitionLevel > 0) {
      if (pageDefinitionLevels.length < levelCount) {
        pageDefinitionLevels = ScratchArrays.replace(pageDefinitionLevels,
            Math.max(levelCount, pageDefinitionLevels.length * 2));
      }
      pageDefinitionLevelsWritten = true;
      if (definitionLevels instanceof RleBitPackedHybridDecoder rle) {
        if (rle.skipRun(levelCount, maxDefinitionLevel)) {
          // A page without nulls, its levels one run of the maximum: written out only if a caller asks.
          present = levelCount;
          pageDefinitionLevelsWritten = false;
        } else {
          // Checks and counts run by run: a run of the maximum costs no pass over its levels beyond the fill.
          present = rle.readCountingEqual(pageDefinitionLevels, 0, levelCount, maxDefinitionLevel);
        }
      } else {
        definitionLevels.read(pageDefinitionLevels, 0, levelCount);
        checkLevels(pageDefinitionLevels, 0, levelCount, maxDefinitionLevel, "definition");
        present = 0;
        for (int i = 0; i < levelCount; i++) {
          if (pageDefinitionLevels[i] == maxDefinitionLevel) {
            present++;
          }
        }
      }
    }
    pageAllPresent = present == levelCount;
    pagePresentRemaining = present;
    pageLevelPosition = 0;
    // The number of non-null values is only known as the levels are decoded; decoders are initialised with
    // the page's level count as an upper bound and checked value by value as they are read.
    Encoding encoding = page.valueEncoding();
    int valuesLength = end - position;
    if (encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY) {
      if (dictionary == null) {
        throw ParquetCorruptionException.of(
            "data page is %s encoded but the column chunk has no dictionary page", encoding);
      }
      pageDictionaryEncoded = true;
      pagePlain = false;
      indexDecoder.init(data, position, valuesLength, present);
    } else {
      pageDictionaryEncoded = false;
      pageValues = decoders.get(encoding);
      if (pageValues == null) {
        pageValues = Decoders.valueDecoder(encoding, physicalType, width, kernels);
        decoders.put(encoding, pageValues);
      }
      pageValues.init(data, position, valuesLength, present);
      // PLAIN fixed-width values are the little-endian bytes Arrow wants; readInto copies them directly.
      pagePlain = encoding == Encoding.PLAIN && valueWidth() > 0;
      pagePlainPosition = position;
      pagePlainEnd = end;
    }
    this.page = page;
    this.pageLevelsRemaining = levelCount;
  }

  private ValueDecoder<int[]> levelDecoder(Encoding encoding, RleBitPackedHybridDecoder rle, int maxLevel)
      throws ParquetException {
    return switch (encoding) {
      case RLE -> rle;
      case BIT_PACKED -> new BitPackedLevelDecoder(bitWidth(maxLevel));
      default -> throw new UnsupportedParquetFeatureException("level encoding " + encoding + " is not supported");
    };
  }

  private static int initLevels(ValueDecoder<int[]> decoder, byte[] data, int position, int end, int levelCount,
      int maxLevel) throws ParquetCorruptionException {
    if (decoder instanceof RleBitPackedHybridDecoder rle) {
      int length = RleBitPackedHybridDecoder.readLengthPrefix(data, position, end - position);
      rle.init(data, position + 4, length, levelCount);
      return position + 4 + length;
    }
    BitPackedLevelDecoder bitPacked = (BitPackedLevelDecoder) decoder;
    bitPacked.init(data, position, end - position, levelCount);
    long length = BitPackedLevelDecoder.encodedLength(levelCount, bitWidth(maxLevel));
    return position + (int) length;
  }

  private void readDictionary(DictionaryPage dictionaryPage) throws ParquetException {
    try {
      Encoding encoding = dictionaryPage.encoding();
      if (encoding != Encoding.PLAIN && encoding != Encoding.PLAIN_DICTIONARY) {
        throw new UnsupportedParquetFeatureException("dictionary page encoding " + encoding + " is not supported");
      }
      byte[] data = dictionaryPage.data();
      int offset = dictionaryPage.offset();
      int length = dictionaryPage.length();
      int entries = dictionaryPage.valueCount();
      dictionary = Dictionary.decode(physicalType, width, data, offset, length, entries, kernels);
      if (conversion != null) {
        convertDictionary();
      }
    } catch (ParquetCorruptionException e) {
      throw e.withContext(location.describe(dictionaryPage.fileOffset()) + ": dictionary page");
    } catch (UnsupportedParquetFeatureException e) {
      throw new UnsupportedParquetFeatureException(
          location.describe(dictionaryPage.fileOffset()) + ": " + e.getMessage(), e);
    }
  }

  /**
   * Converts the dictionary's entries once ({@link #conversion}); they take at most 32 times the bytes of the
   * dictionary page's values (one-byte FIXED_LEN_BYTE_ARRAY to decimal256), which the page's size bounds.
   */
  private void convertDictionary() throws ParquetException {
    int entries = dictionary.size();
    long bytes = (long) entries * conversion.width();
    if (bytes > Integer.MAX_VALUE - 16) {
      throw new UnsupportedParquetFeatureException(location.describe() + ": a dictionary of " + entries
          + " entries is too large to convert");
    }
    if (convertedDictionary.length < bytes) {
      convertedDictionary = ScratchArrays.replace(convertedDictionary, (int) bytes);
    }
    convert(dictionary.ints(), dictionary.longs(), dictionary.fixedBytes(), entries, convertedDictionary, 0);
  }

  /** Room for {@code levelCount} more values after the batch's first {@code values}, keeping those. */
  private void ensureValueCapacity(ColumnBatch batch, int values, int levelCount) throws ParquetException {
    if (conversion != null) {
      ensureValueCapacity(batch, ValueDecoders.ValueArray.FIXED, conversion.width(), values, levelCount);
    } else {
      ensureValueCapacity(batch, destination, width, values, levelCount);
    }
  }

  /** Room for {@code levelCount} more values of {@code width} bytes (FIXED) after the batch's first {@code values}. */
  private void ensureValueCapacity(ColumnBatch batch, ValueDecoders.ValueArray destination, int width, int values,
      int levelCount) throws ParquetException {
    int capacity = Math.addExact(values, levelCount);
    switch (destination) {
      case BOOLEANS -> batch.ensureBytes(capacity);
      case INTS -> batch.ensureInts(capacity);
      case LONGS -> batch.ensureLongs(capacity);
      case FIXED -> {
        long bytes = (long) capacity * width;
        if (bytes > Integer.MAX_VALUE - 16) {
          throw new UnsupportedParquetFeatureException(location.describe() + ": a batch of " + capacity
              + " values of " + width + " bytes is too large; read fewer rows per batch");
        }
        batch.ensureBytes((int) bytes);
      }
      // Room for the batch's offsets at once; BinaryBuffer then sizes its bytes from the first values.
      case BINARY -> batch.binary().ensureAdditional(levelCount, 0);
    }
  }

  /**
   * Gives this reader's page level, dictionary index, converted dictionary and unconverted value arrays to
   * {@link ScratchArrays} for the next reader, once it reads no more (the owner closes the page reader itself).
   */
  public void releaseScratch() {
    pageDefinitionLevels = ScratchArrays.give(pageDefinitionLevels);
    pageRepetitionLevels = ScratchArrays.give(pageRepetitionLevels);
    indices = ScratchArrays.give(indices);
    convertedDictionary = ScratchArrays.give(convertedDictionary);
    if (unconverted != null) {
      unconverted.release();
    }
  }

  @Override
  public void close() {
    pages.close();
    releaseScratch();
  }
}
