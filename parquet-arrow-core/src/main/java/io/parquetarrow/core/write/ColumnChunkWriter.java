package io.parquetarrow.core.write;

import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.codec.Compressor;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.encodings.ByteSlice;
import io.parquetarrow.encodings.DictionaryEncoder;
import io.parquetarrow.encodings.Encoders;
import io.parquetarrow.encodings.RleBitPackedHybridEncoder;
import io.parquetarrow.encodings.ValueEncoder;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.BoundaryOrder;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.PageLocation;
import io.parquetarrow.format.SizeStatistics;
import io.parquetarrow.format.Statistics;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;

/**
 * The column layer of the write path: writes one leaf column into column chunks, one per row group. Rows arrive through {@link #write}; they are cut into data pages by encoded size and row count,
 * dictionary encoded until the dictionary passes its size limit (then the column's own encoding takes over for
 * the rest of the chunk, as in Arrow C++), and summarized in page and chunk statistics, size statistics and the
 * page index. With auto encoding an {@link EncodingSelector} picks each chunk's encoding (dictionary or not, and
 * the value encoding) from the chunk's first page, just before that page is written. {@link #finishChunk} writes the chunk (dictionary page first) to the file and returns its
 * metadata; the writer is then ready for the next row group.
 *
 * <p>For a top-level primitive field ({@link #write}) definition levels come from the Arrow validity bitmap
 * ({@link ParquetKernels#validityToLevels}) and one level is one row; for a leaf of a nested field
 * ({@link #writeShredded}) a {@link FieldShredder} supplies repetition and definition levels and the value
 * positions. Pages always end on a row boundary (a row's levels never straddle two pages), as data page V2 and
 * the page index require.
 */
final class ColumnChunkWriter {
  private final ColumnDescriptor column;
  private final WriteOptions options;
  private final ParquetKernels kernels;
  private final CompressionCodec codec;
  private final ArrowValueExtractor extractor;
  private final boolean nullColumn;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final boolean utf8;
  private final boolean dictionaryEnabled;
  /** The encoding (and its encoder) configured for values not dictionary encoded. */
  private final Encoding configuredEncoding;
  private final ValueEncoder<?> configuredEncoder;
  /** Chooses each chunk's encoding from its first page, or null when the column is not auto encoded. */
  private final EncodingSelector encodingSelector;
  /** The current chunk's encoding of values not dictionary encoded: the configured one, or auto's choice. */
  private Encoding valueEncoding;
  private ValueEncoder<?> valueEncoder;
  /** Whether auto encoding has yet to choose the current chunk's encoding (at its first page). */
  private boolean encodingPending;
  private final DictionaryEncoder<?> dictionary;
  private final RleBitPackedHybridEncoder definitionLevelEncoder;
  private final RleBitPackedHybridEncoder repetitionLevelEncoder;
  private final PageWriter pages;
  private final ValueBuffer pageValues;

  private boolean dictionaryMode;
  /** The Arrow dictionary adopted as this chunk's dictionary (identity), or null. */
  private FieldVector adoptedDictionary;
  private boolean fellBack;
  private int[] pageDefinitionLevels = new int[1024];
  private int[] pageRepetitionLevels = new int[1024];
  private int[] pageIndices = new int[1024];
  private int[] batchLevels = new int[1024];
  private int[] batchPositions = new int[1024];
  /** Per dictionary entry, the stamp of the last page that used it (see updateStatisticsFromDistinct). */
  private int[] entryStamps = new int[0];
  private int pageStamp = 1;
  private int[] distinctPositions = new int[0];
  /** The dictionary index encoder of each bit width, kept across pages so that its buffers are reused. */
  private final RleBitPackedHybridEncoder[] indexEncoders = new RleBitPackedHybridEncoder[33];
  private int pageRows;
  private int pageLevelCount;
  private long pageUnencodedBytes;
  private long[] pageDefinitionHistogram;
  private long[] pageRepetitionHistogram;
  private ColumnStatistics pageStatistics;
  private ColumnStatistics chunkStatistics;
  private long chunkRows;
  private long chunkLevelCount;
  private long chunkUnencodedBytes;
  private long[] chunkDefinitionHistogram;
  private long[] chunkRepetitionHistogram;
  private final PageIndexBuilder pageIndex;
  private final SplitBlockBloomFilter bloomFilter;
  private final List<Long> pageUnencodedByteList = new ArrayList<>();
  /** The user's key-value pairs for every chunk of this column, or null when there are none. */
  private final List<io.parquetarrow.format.KeyValue> chunkKeyValueMetadata;

  /**
   * @throws UnsupportedParquetFeatureException when the Arrow type cannot be written or the chosen encoding
   *     does not apply to the column's physical type
   */
  public ColumnChunkWriter(ColumnDescriptor column, org.apache.arrow.vector.types.pojo.Field field,
      WriteOptions options, ParquetKernels kernels, Compressor compressor)
      throws UnsupportedParquetFeatureException {
    this.column = column;
    this.options = options;
    this.kernels = kernels;
    this.codec = options.codec().parquetCodec();
    this.maxDefinitionLevel = column.maxDefinitionLevel();
    this.maxRepetitionLevel = column.maxRepetitionLevel();
    this.extractor = ArrowValueExtractor.forType(field.getType(), column.physicalType(), column.typeLength(),
        column.dottedPath());
    this.nullColumn = field.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Null;
    LogicalType logical = column.effectiveLogicalType();
    this.utf8 = logical instanceof LogicalType.StringType || logical instanceof LogicalType.JsonType
        || logical instanceof LogicalType.EnumType;
    Type type = column.physicalType();
    Encoding chosen = options.columnEncoding(column.dottedPath());
    if (chosen == null) {
      chosen = type == Type.BOOLEAN && options.dataPageVersion() == WriteOptions.DataPageVersion.V2
          ? Encoding.RLE : Encoding.PLAIN;
    }
    this.configuredEncoding = chosen;
    this.configuredEncoder = Encoders.valueEncoder(chosen, type, column.typeLength(), kernels);
    this.dictionaryEnabled = options.dictionaryEnabled(column.dottedPath()) && type != Type.BOOLEAN && !nullColumn;
    this.encodingSelector = options.autoEncoding(column.dottedPath()) && !nullColumn
        ? new EncodingSelector(type, column.typeLength(), kernels, compressor, options) : null;
    this.dictionary = !dictionaryEnabled ? null : switch (type) {
      case INT32, FLOAT -> new DictionaryEncoder.Int32();
      case INT64, DOUBLE -> new DictionaryEncoder.Int64();
      case FIXED_LEN_BYTE_ARRAY -> new DictionaryEncoder.FixedLength(column.typeLength());
      case INT96 -> new DictionaryEncoder.FixedLength(12);
      case BYTE_ARRAY -> new DictionaryEncoder.ByteArray();
      case BOOLEAN -> null;
    };
    this.definitionLevelEncoder = new RleBitPackedHybridEncoder(kernels, bitWidth(maxDefinitionLevel));
    this.repetitionLevelEncoder = new RleBitPackedHybridEncoder(kernels, bitWidth(maxRepetitionLevel));
    this.pages = new PageWriter(compressor, options.pageChecksums(), codec != CompressionCodec.UNCOMPRESSED);
    this.pageValues = ValueBuffer.forType(type, column.typeLength());
    this.pageIndex = new PageIndexBuilder();
    WriteOptions.BloomFilterOptions bloom = options.bloomFilter(column.dottedPath());
    this.bloomFilter = bloom == null || type == Type.BOOLEAN || nullColumn ? null : new SplitBlockBloomFilter(
        SplitBlockBloomFilter.optimalByteCount(bloom.distinctValues(), bloom.falsePositiveProbability()));
    java.util.Map<String, String> userPairs = options.columnKeyValueMetadata(column.dottedPath());
    if (userPairs.isEmpty()) {
      this.chunkKeyValueMetadata = null;
    } else {
      List<io.parquetarrow.format.KeyValue> pairs = new ArrayList<>();
      userPairs.forEach((key, value) -> pairs.add(new io.parquetarrow.format.KeyValue(key, value)));
      this.chunkKeyValueMetadata = List.copyOf(pairs);
    }
    startChunk();
  }

  private static int bitWidth(int maxLevel) {
    return 32 - Integer.numberOfLeadingZeros(maxLevel);
  }

  private void startChunk() {
    dictionaryMode = dictionaryEnabled;
    fellBack = false;
    valueEncoding = configuredEncoding;
    valueEncoder = configuredEncoder;
    encodingPending = encodingSelector != null;
    adoptedDictionary = null;
    if (dictionary != null) {
      dictionary.reset();
    }
    nextPageStamp();
    pages.reset();
    chunkStatistics = ColumnStatistics.forColumn(column);
    pageStatistics = chunkStatistics.newEmpty();
    chunkRows = 0;
    chunkLevelCount = 0;
    chunkUnencodedBytes = 0;
    chunkDefinitionHistogram = new long[maxDefinitionLevel + 1];
    pageDefinitionHistogram = new long[maxDefinitionLevel + 1];
    chunkRepetitionHistogram = new long[maxRepetitionLevel + 1];
    pageRepetitionHistogram = new long[maxRepetitionLevel + 1];
    pageIndex.reset();
    pageUnencodedByteList.clear();
    if (bloomFilter != null) {
      bloomFilter.clear();
    }
  }

  public ColumnDescriptor column() {
    return column;
  }

  /**
   * Appends rows {@code [start, start + count)} of {@code vector} to the current chunk; for a column that is a
   * top-level primitive field (no repetition, at most one definition level).
   */
  public void write(FieldVector vector, int start, int count) {
    if (maxRepetitionLevel != 0 || maxDefinitionLevel > 1) {
      throw new IllegalStateException("column " + column.dottedPath() + " is nested; use writeShredded");
    }
    while (count > 0) {
      int rows = Math.min(count, Math.min(options.writeBatchRows(), rowsUntilPageLimit()));
      appendFlatRows(vector, start, rows);
      start += rows;
      count -= rows;
      checkLimits();
    }
  }

  /**
   * Appends the levels and values a {@link FieldShredder} produced for this column from {@code rows} whole
   * rows; callers keep {@code rows} within {@link #rowsUntilPageLimit()}.
   */
  void writeShredded(FieldShredder.LeafLevels leaf, int rows) {
    appendEntries(leaf.vector, leaf.definitionLevels, leaf.repetitionLevels, leaf.positions, leaf.levelCount,
        leaf.valueCount, rows, null);
    checkLimits();
  }

  /** Rows the current page can still take before its row limit. */
  int rowsUntilPageLimit() {
    return Math.max(1, options.pageRowLimit() - pageRows);
  }

  private void checkLimits() {
    if (pageRows >= options.pageRowLimit() || estimatedPageSize() >= options.pageSizeBytes()) {
      flushPage();
    }
    if (dictionaryMode && dictionary.dictionaryPageSize() >= options.dictionaryPageSizeLimit()) {
      fallBackFromDictionary();
    }
  }

  /** The bytes this chunk holds so far, for the row group size limit. */
  public long bufferedBytes() {
    return pages.totalCompressedSize() + estimatedPageSize()
        + (dictionaryMode ? dictionary.dictionaryPageSize() : 0);
  }

  private long estimatedPageSize() {
    long levels = (long) pageLevelCount * (bitWidth(maxDefinitionLevel) + bitWidth(maxRepetitionLevel)) / 8;
    long values = dictionaryMode ? (long) pageValues.size() * dictionary.indexBitWidth() / 8 : pageValues.plainSize();
    return levels + values;
  }

  /** Definition levels from the validity bitmap, and the positions of the non-null rows. */
  private void appendFlatRows(FieldVector vector, int start, int rows) {
    int valueCount = flatLevels(vector, start, rows);
    appendEntries(vector, maxDefinitionLevel == 0 ? null : batchLevels, null, batchPositions, rows, valueCount,
        rows, null);
  }

  /**
   * Fills {@link #batchLevels} from the validity of rows {@code [start, start + rows)} and {@link #batchPositions}
   * with the non-null rows; returns their count.
   */
  private int flatLevels(FieldVector vector, int start, int rows) {
    if (batchPositions.length < rows) {
      batchPositions = new int[Math.max(rows, 2 * batchPositions.length)];
      batchLevels = new int[batchPositions.length];
    }
    int valueCount = 0;
    if (maxDefinitionLevel == 0) {
      for (int i = 0; i < rows; i++) {
        batchPositions[i] = start + i;
      }
      return rows;
    }
    int[] levels = batchLevels;
    // Not vector.getNullCount(): arrow-java recounts the whole bitmap on every call, once per batch here.
    if (nullColumn || vector instanceof NullVector) {
      Arrays.fill(levels, 0, rows, 0);
    } else {
      ArrowBuf validityBuffer = vector.getValidityBuffer();
      int bitOffset = start & 7;
      byte[] validity = new byte[(bitOffset + rows + 7) >>> 3];
      validityBuffer.getBytes(start >>> 3, validity, 0, validity.length);
      kernels.validityToLevels(validity, bitOffset, rows, maxDefinitionLevel, levels, 0);
    }
    for (int i = 0; i < rows; i++) {
      if (levels[i] == maxDefinitionLevel) {
        batchPositions[valueCount++] = start + i;
      }
    }
    return valueCount;
  }

  /**
   * Appends rows {@code [start, start + count)} of a dictionary-encoded top-level field: {@code indices} is the
   * field's index vector, {@code dictionaryValues} the Arrow dictionary it points into. While the column is
   * dictionary encoded, the first Arrow dictionary of a chunk becomes the chunk's Parquet dictionary as it is
   * (its entry {@code i} is Parquet entry {@code i}), and rows using that same dictionary vector are written
   * from their indices without hashing a value; other dictionaries, or one with duplicate or null entries, go
   * through the ordinary per-value path.
   */
  public void writeDictionaryEncoded(FieldVector indices, FieldVector dictionaryValues, int start, int count) {
    if (maxRepetitionLevel != 0 || maxDefinitionLevel > 1) {
      throw new IllegalStateException("dictionary-encoded column " + column.dottedPath() + " must be top-level");
    }
    org.apache.arrow.vector.BaseIntVector indexVector = (org.apache.arrow.vector.BaseIntVector) indices;
    int dictionarySize = dictionaryValues.getValueCount();
    boolean dictionaryHasNulls = dictionaryValues.getNullCount() > 0;
    while (count > 0) {
      int rows = Math.min(count, Math.min(options.writeBatchRows(), rowsUntilPageLimit()));
      int present = flatLevels(indices, start, rows);
      int valueCount = 0;
      for (int i = 0; i < present; i++) {
        int row = batchPositions[i];
        long index = indexVector.getValueAsLong(row);
        if (index < 0 || index >= dictionarySize) {
          throw new IllegalArgumentException("row " + row + " of dictionary-encoded field '"
              + indices.getField().getName() + "' has index " + index + " outside its dictionary of "
              + dictionarySize + " entries");
        }
        if (dictionaryHasNulls && dictionaryValues.isNull((int) index)) {
          if (maxDefinitionLevel == 0) {
            throw new IllegalArgumentException("row " + row + " of required field '"
                + indices.getField().getName() + "' points to a null dictionary entry");
          }
          batchLevels[row - start] = maxDefinitionLevel - 1;
          continue;
        }
        batchPositions[valueCount++] = (int) index;
      }
      boolean direct = dictionaryMode && adoptDictionary(dictionaryValues);
      appendEntries(dictionaryValues, maxDefinitionLevel == 0 ? null : batchLevels, null, batchPositions, rows,
          valueCount, rows, direct ? batchPositions : null);
      start += rows;
      count -= rows;
      checkLimits();
    }
  }

  /** Whether {@code dictionaryValues} is (or now becomes) the chunk's dictionary, entry for entry. */
  private boolean adoptDictionary(FieldVector dictionaryValues) {
    if (adoptedDictionary == dictionaryValues) {
      return true;
    }
    if (adoptedDictionary != null || dictionary.size() != 0 || dictionaryValues.getNullCount() > 0) {
      return false;
    }
    int size = dictionaryValues.getValueCount();
    int[] all = new int[size];
    for (int i = 0; i < size; i++) {
      all[i] = i;
    }
    ValueBuffer entries = ValueBuffer.forType(column.physicalType(), column.typeLength());
    extractor.append(dictionaryValues, all, size, entries);
    int[] ids = new int[size];
    entries.dictionaryIndices(dictionary, 0, size, ids, 0);
    if (dictionary.size() != size) {
      return false; // duplicate entries: the per-value path maps them correctly
    }
    adoptedDictionary = dictionaryValues;
    return true;
  }

  /**
   * Adds {@code levelCount} level entries (null arrays when the column has no such levels) and the values at
   * {@code positions[0 .. valueCount)} of {@code vector}, covering {@code rows} whole rows, to the page.
   */
  private void appendEntries(FieldVector vector, int[] definitionLevels, int[] repetitionLevels, int[] positions,
      int levelCount, int valueCount, int rows, int[] dictionaryIndices) {
    int needed = pageLevelCount + levelCount;
    if (needed > pageDefinitionLevels.length) {
      int capacity = Math.max(needed, 2 * pageDefinitionLevels.length);
      pageDefinitionLevels = Arrays.copyOf(pageDefinitionLevels, capacity);
      pageRepetitionLevels = Arrays.copyOf(pageRepetitionLevels, capacity);
    }
    if (maxDefinitionLevel > 0) {
      System.arraycopy(definitionLevels, 0, pageDefinitionLevels, pageLevelCount, levelCount);
      for (int i = 0; i < levelCount; i++) {
        pageDefinitionHistogram[definitionLevels[i]]++;
      }
    }
    if (maxRepetitionLevel > 0) {
      System.arraycopy(repetitionLevels, 0, pageRepetitionLevels, pageLevelCount, levelCount);
      for (int i = 0; i < levelCount; i++) {
        pageRepetitionHistogram[repetitionLevels[i]]++;
      }
    }
    int before = pageValues.size();
    extractor.append(vector, positions, valueCount, pageValues);
    if (dictionaryMode) {
      if (before + valueCount > pageIndices.length) {
        pageIndices = Arrays.copyOf(pageIndices, Math.max(before + valueCount, 2 * pageIndices.length));
      }
      if (dictionaryIndices != null) {
        System.arraycopy(dictionaryIndices, 0, pageIndices, before, valueCount);
      } else {
        pageValues.dictionaryIndices(dictionary, before, valueCount, pageIndices, before);
      }
    }
    if (dictionaryMode && pageStatistics.prefersDistinctValues()) {
      updateStatisticsFromDistinct(before, valueCount);
    } else {
      pageStatistics.update(pageValues, before, valueCount);
    }
    if (bloomFilter != null) {
      bloomFilter.insert(pageValues, before, valueCount);
    }
    pageStatistics.nullCount += levelCount - valueCount;
    if (pageValues instanceof ValueBuffer.ByteArrays binary) {
      int[] offsets = binary.values.offsets();
      pageUnencodedBytes += offsets[before + valueCount] - offsets[before];
    }
    pageLevelCount += levelCount;
    pageRows += rows;
  }

  /**
   * Page statistics of a dictionary-encoded batch from the first occurrence in the page of each dictionary entry
   * it uses: a page of 20,000 rows over a few hundred distinct strings compares a few hundred values, not 20,000.
   */
  private void updateStatisticsFromDistinct(int before, int valueCount) {
    if (entryStamps.length < dictionary.size()) {
      entryStamps = Arrays.copyOf(entryStamps, Math.max(dictionary.size(), 2 * entryStamps.length));
    }
    if (distinctPositions.length < valueCount) {
      distinctPositions = new int[Math.max(valueCount, 2 * distinctPositions.length)];
    }
    int[] stamps = entryStamps;
    int stamp = pageStamp;
    int distinct = 0;
    for (int i = before; i < before + valueCount; i++) {
      int entry = pageIndices[i];
      if (stamps[entry] != stamp) {
        stamps[entry] = stamp;
        distinctPositions[distinct++] = i;
      }
    }
    pageStatistics.updateSelected(pageValues, distinctPositions, distinct);
  }

  /** Starts a new page's entry stamps: every dictionary entry counts as not yet seen in it. */
  private void nextPageStamp() {
    if (++pageStamp == Integer.MAX_VALUE) {
      Arrays.fill(entryStamps, 0);
      pageStamp = 1;
    }
  }

  private void flushPage() {
    if (pageRows == 0) {
      return;
    }
    if (encodingPending) {
      chooseEncoding();
    }
    boolean v2 = options.dataPageVersion() == WriteOptions.DataPageVersion.V2;
    ByteSlice definitionLevels = null;
    if (maxDefinitionLevel > 0) {
      definitionLevelEncoder.put(pageDefinitionLevels, 0, pageLevelCount);
      definitionLevels = v2 ? definitionLevelEncoder.flush() : definitionLevelEncoder.flushWithLengthPrefix();
    }
    ByteSlice repetitionLevels = null;
    if (maxRepetitionLevel > 0) {
      repetitionLevelEncoder.put(pageRepetitionLevels, 0, pageLevelCount);
      repetitionLevels = v2 ? repetitionLevelEncoder.flush() : repetitionLevelEncoder.flushWithLengthPrefix();
    }
    ByteSlice values;
    Encoding encoding;
    int valueCount = pageValues.size();
    if (dictionaryMode) {
      int indexBitWidth = dictionary.indexBitWidth();
      RleBitPackedHybridEncoder indices = indexEncoders[indexBitWidth];
      if (indices == null) {
        indices = new RleBitPackedHybridEncoder(kernels, indexBitWidth);
        indexEncoders[indexBitWidth] = indices;
      }
      indices.put(pageIndices, 0, valueCount);
      values = indices.flushWithBitWidth();
      encoding = Encoding.RLE_DICTIONARY;
    } else {
      pageValues.putAll(valueEncoder);
      values = valueEncoder.flush();
      encoding = valueEncoding;
    }
    Statistics statistics = options.statisticsEnabled() ? toThrift(pageStatistics) : null;
    long firstRow = chunkRows;
    int nulls = pageLevelCount - valueCount;
    if (v2) {
      pages.writeDataPageV2(repetitionLevels, definitionLevels, values, pageLevelCount, nulls, pageRows, encoding,
          statistics, firstRow, codec != CompressionCodec.UNCOMPRESSED);
    } else {
      pages.writeDataPageV1(repetitionLevels, definitionLevels, values, pageLevelCount, encoding, statistics,
          firstRow);
    }
    pageIndex.addPage(pageStatistics, valueCount == 0, maxDefinitionLevel > 0 ? pageDefinitionHistogram : null,
        maxRepetitionLevel > 0 ? pageRepetitionHistogram : null, options.statisticsTruncateLength(), utf8);
    pageUnencodedByteList.add(pageUnencodedBytes);
    chunkStatistics.merge(pageStatistics);
    for (int level = 0; level <= maxDefinitionLevel; level++) {
      chunkDefinitionHistogram[level] += pageDefinitionHistogram[level];
    }
    for (int level = 0; level <= maxRepetitionLevel; level++) {
      chunkRepetitionHistogram[level] += pageRepetitionHistogram[level];
    }
    chunkUnencodedBytes += pageUnencodedBytes;
    chunkRows += pageRows;
    chunkLevelCount += pageLevelCount;
    pageStatistics = chunkStatistics.newEmpty();
    pageDefinitionHistogram = new long[maxDefinitionLevel + 1];
    pageRepetitionHistogram = new long[maxRepetitionLevel + 1];
    pageUnencodedBytes = 0;
    nextPageStamp();
    pageValues.clear();
    pageRows = 0;
    pageLevelCount = 0;
  }

  /**
   * Auto encoding: picks the chunk's encoding from its first page, which is about to be written. Dictionary
   * encoding stays a candidate only while the dictionary is within its limit; when it loses, the dictionary the
   * page built is dropped and the chunk is written without one.
   */
  private void chooseEncoding() {
    encodingPending = false;
    if (pageValues.size() == 0) {
      return; // nothing to measure (all nulls so far): keep the configured encodings
    }
    boolean dictionaryCandidate = dictionaryMode
        && dictionary.dictionaryPageSize() < options.dictionaryPageSizeLimit();
    EncodingSelector.Choice choice = encodingSelector.choose(pageValues, dictionaryCandidate ? dictionary : null,
        pageIndices);
    valueEncoding = choice.valueEncoding();
    valueEncoder = encodingSelector.encoder(valueEncoding);
    if (dictionaryMode && !choice.dictionary()) {
      dictionaryMode = false;
      dictionary.reset();
      adoptedDictionary = null;
    }
  }

  private void fallBackFromDictionary() {
    flushPage();
    if (!dictionaryMode) {
      return; // auto encoding, choosing at that first page, dropped the dictionary
    }
    pages.writeDictionaryPage(dictionary.dictionaryPage(), dictionary.size());
    dictionaryMode = false;
    fellBack = true;
    adoptedDictionary = null;
  }

  private Statistics toThrift(ColumnStatistics statistics) {
    if (!statistics.hasMinMax()) {
      return new Statistics(null, null, statistics.nullCount, null, null, null, null, null, null);
    }
    byte[] min = statistics.min();
    byte[] max = statistics.max();
    boolean minExact = true;
    boolean maxExact = true;
    if (statistics.truncatable()) {
      int limit = options.statisticsTruncateLength();
      byte[] truncatedMin = BoundTruncation.truncateMin(min, limit, utf8);
      byte[] truncatedMax = BoundTruncation.truncateMax(max, limit, utf8);
      minExact = truncatedMin == min;
      if (truncatedMax != null) {
        maxExact = truncatedMax == max;
        max = truncatedMax;
      }
      min = truncatedMin;
    }
    boolean legacy = statistics.legacyOrderAgrees();
    return new Statistics(legacy ? max : null, legacy ? min : null, statistics.nullCount, null, max, min, maxExact,
        minExact, null);
  }

  /**
   * Ends the current chunk: writes its pages to {@code out} (dictionary page first) and returns its footer
   * entry and page index; then starts the next chunk.
   */
  public WrittenChunk finishChunk(PositionedOutput out) throws IOException {
    flushPage();
    if (dictionaryMode) {
      pages.writeDictionaryPage(dictionary.dictionaryPage(), dictionary.size());
    }
    long chunkStart = out.position();
    Long dictionaryPageOffset = null;
    if (pages.dictionaryPage() != null) {
      dictionaryPageOffset = chunkStart;
      out.write(pages.dictionaryPage(), 0, pages.dictionaryPage().length);
    }
    long dataPageOffset = out.position();
    pages.dataPages().writeTo(out);

    TreeSet<Encoding> encodings = new TreeSet<>((left, right) -> Integer.compare(left.value(), right.value()));
    if (pages.dictionaryPage() != null) {
      encodings.add(Encoding.PLAIN);
      encodings.add(Encoding.RLE_DICTIONARY);
    }
    if (pages.dictionaryPage() == null || fellBack) {
      encodings.add(valueEncoding);
    }
    if (maxDefinitionLevel > 0 || maxRepetitionLevel > 0) {
      encodings.add(Encoding.RLE);
    }
    boolean byteArray = column.physicalType() == Type.BYTE_ARRAY;
    SizeStatistics sizeStatistics = !options.sizeStatisticsEnabled() ? null : new SizeStatistics(
        byteArray ? chunkUnencodedBytes : null, maxRepetitionLevel > 0 ? boxed(chunkRepetitionHistogram) : null,
        maxDefinitionLevel > 0 ? boxed(chunkDefinitionHistogram) : null);
    if (sizeStatistics != null && sizeStatistics.unencodedByteArrayDataBytes() == null
        && sizeStatistics.definitionLevelHistogram() == null && sizeStatistics.repetitionLevelHistogram() == null) {
      sizeStatistics = null;
    }
    ColumnMetaData metaData = new ColumnMetaData(column.physicalType(), new ArrayList<>(encodings), column.path(),
        codec, chunkLevelCount, pages.totalUncompressedSize(), pages.totalCompressedSize(), chunkKeyValueMetadata,
        dataPageOffset, null,
        dictionaryPageOffset, options.statisticsEnabled() ? toThrift(chunkStatistics) : null,
        pages.encodingStats(), null, null, sizeStatistics, null);
    ColumnChunk chunk = new ColumnChunk(null, chunkStart, metaData, null, null, null, null, null, null);

    OffsetIndex offsetIndex = null;
    ColumnIndex columnIndex = null;
    if (options.pageIndexEnabled()) {
      List<PageLocation> locations = new ArrayList<>();
      for (PageLocation location : pages.locations()) {
        locations.add(new PageLocation(dataPageOffset + location.offset(), location.compressedPageSize(),
            location.firstRowIndex()));
      }
      offsetIndex = new OffsetIndex(locations,
          byteArray && options.sizeStatisticsEnabled() ? new ArrayList<>(pageUnencodedByteList) : null);
      if (options.statisticsEnabled()) {
        columnIndex = pageIndex.build(chunkStatistics, options.sizeStatisticsEnabled());
      }
    }
    WrittenChunk written = new WrittenChunk(chunk, columnIndex, offsetIndex, chunkStart,
        bloomFilter == null ? null : bloomFilter.serialize());
    startChunk();
    return written;
  }

  private static List<Long> boxed(long[] values) {
    List<Long> list = new ArrayList<>(values.length);
    for (long value : values) {
      list.add(value);
    }
    return list;
  }

  /**
   * A written column chunk: its footer entry, and its page index and Bloom filter (header and bitset, or null),
   * which the file writer places after the row groups and whose offsets it then fills in.
   */
  public record WrittenChunk(ColumnChunk chunk, ColumnIndex columnIndex, OffsetIndex offsetIndex, long start,
      byte[] bloomFilter) {}

  /** Collects the column index of one chunk, page by page. */
  static final class PageIndexBuilder {
    private final List<Boolean> nullPages = new ArrayList<>();
    private final List<byte[]> minValues = new ArrayList<>();
    private final List<byte[]> maxValues = new ArrayList<>();
    private final List<Long> nullCounts = new ArrayList<>();
    private final List<Long> definitionHistograms = new ArrayList<>();
    private final List<Long> repetitionHistograms = new ArrayList<>();
    private boolean valid = true;

    void reset() {
      nullPages.clear();
      minValues.clear();
      maxValues.clear();
      nullCounts.clear();
      definitionHistograms.clear();
      repetitionHistograms.clear();
      valid = true;
    }

    void addPage(ColumnStatistics statistics, boolean nullPage, long[] definitionHistogram,
        long[] repetitionHistogram, int truncateLength, boolean utf8) {
      nullPages.add(nullPage);
      nullCounts.add(statistics.nullCount);
      if (definitionHistogram != null) {
        for (long count : definitionHistogram) {
          definitionHistograms.add(count);
        }
      }
      if (repetitionHistogram != null) {
        for (long count : repetitionHistogram) {
          repetitionHistograms.add(count);
        }
      }
      if (nullPage) {
        minValues.add(new byte[0]);
        maxValues.add(new byte[0]);
      } else if (!statistics.hasMinMax()) {
        // A page of only NaNs has values but no bounds: a column index cannot describe it (Arrow C++ drops the
        // column index of such a chunk too).
        valid = false;
        minValues.add(new byte[0]);
        maxValues.add(new byte[0]);
      } else {
        byte[] min = statistics.min();
        byte[] max = statistics.max();
        if (statistics.truncatable()) {
          min = BoundTruncation.truncateMin(min, truncateLength, utf8);
          byte[] truncatedMax = BoundTruncation.truncateMax(max, truncateLength, utf8);
          max = truncatedMax == null ? max : truncatedMax;
        }
        minValues.add(min);
        maxValues.add(max);
      }
    }

    ColumnIndex build(ColumnStatistics order, boolean withHistograms) {
      // No column index for an undefined sort order (INT96, INTERVAL), even with only null pages: parquet-java
      // writes none for such columns and its min_values/max_values could hold no bounds.
      if (!valid || nullPages.isEmpty() || order.undefinedOrder()) {
        return null;
      }
      boolean ascending = true;
      boolean descending = true;
      int previous = -1;
      for (int page = 0; page < nullPages.size(); page++) {
        if (nullPages.get(page)) {
          continue;
        }
        if (previous >= 0) {
          int minOrder = order.compare(minValues.get(previous), minValues.get(page));
          int maxOrder = order.compare(maxValues.get(previous), maxValues.get(page));
          ascending &= minOrder <= 0 && maxOrder <= 0;
          descending &= minOrder >= 0 && maxOrder >= 0;
        }
        previous = page;
      }
      BoundaryOrder boundaryOrder = ascending ? BoundaryOrder.ASCENDING
          : descending ? BoundaryOrder.DESCENDING : BoundaryOrder.UNORDERED;
      return new ColumnIndex(new ArrayList<>(nullPages), new ArrayList<>(minValues), new ArrayList<>(maxValues),
          boundaryOrder, new ArrayList<>(nullCounts),
          withHistograms && !repetitionHistograms.isEmpty() ? new ArrayList<>(repetitionHistograms) : null,
          withHistograms && !definitionHistograms.isEmpty() ? new ArrayList<>(definitionHistograms) : null, null);
    }
  }
}
