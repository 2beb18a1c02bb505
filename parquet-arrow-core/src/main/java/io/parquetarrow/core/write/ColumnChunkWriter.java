package io.parquetarrow.core.write;

import io.parquetarrow.core.codec.Compressor;
import io.parquetarrow.core.crypto.ColumnEncryptor;
import io.parquetarrow.core.crypto.ModuleType;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.encodings.ByteSlice;
import io.parquetarrow.encodings.Encoders;
import io.parquetarrow.encodings.RleBitPackedHybridEncoder;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.KeyValue;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.SizeStatistics;
import io.parquetarrow.format.Statistics;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The column layer of the write path: writes one leaf column into column chunks, one per row group, from
 * {@link ColumnLevels} and the values they locate ({@link #write}); it knows no Arrow types. It coordinates the
 * pages of the current chunk: batches of whole rows are gathered into a data page until the page reaches its
 * encoded size or row limit, then the page is encoded ({@link ChunkValueEncoder}: dictionary until the dictionary
 * passes its size limit, then the column's own encoding; or auto encoding's choice) and handed to the
 * {@link PageWriter}. Each page is summarized on the way in the {@link StatisticsBuilder},
 * {@link SizeStatisticsBuilder}, {@link PageIndexBuilder} and the Bloom filter. {@link #finishChunk} writes the
 * chunk (dictionary page first) to the file and returns its metadata; the writer is then ready for the next row
 * group. Pages always end on a row boundary (a row's levels never straddle two pages), as data page V2 and the
 * page index require.
 *
 * <p>An encrypted column has a {@link ColumnEncryptor} (null for a plaintext one): the {@link PageWriter} encrypts
 * its pages and page headers, and {@link #finishChunk} its column index, offset index and Bloom filter header and
 * bitset, so the file writer only places bytes and records their lengths.
 */
final class ColumnChunkWriter {
  private final ColumnDescriptor column;
  private final WriterSettings settings;
  private final CompressionCodec codec;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final RleBitPackedHybridEncoder definitionLevelEncoder;
  private final RleBitPackedHybridEncoder repetitionLevelEncoder;
  private final ChunkValueEncoder valueEncoder;
  private final PageWriter pages;
  private final ValueBuffer pageValues;
  private final StatisticsBuilder statistics;
  private final SizeStatisticsBuilder sizeStatistics;
  private final PageIndexBuilder pageIndex;
  /** The chunk's Bloom filter, or null when the column has none. */
  private final BloomFilterBuilder bloomFilter;
  /** The user's key-value pairs for every chunk of this column, or null when there are none. */
  private final List<KeyValue> chunkKeyValueMetadata;
  /** The column's encryptor, or null when it is plaintext. */
  private final ColumnEncryptor encryptor;

  private int[] pageDefinitionLevels = new int[1024];
  private int[] pageRepetitionLevels = new int[1024];
  private int pageRows;
  private int pageLevelCount;
  private long chunkRows;
  private long chunkLevelCount;

  /**
   * @param nullColumn whether the column's Arrow type is Null: it holds no values, so no dictionary, Bloom
   *     filter or auto encoding
   * @param encryptor the column's encryptor, or null when it is written in plaintext
   * @throws UnsupportedParquetFeatureException when the chosen encoding does not apply to the column's physical
   *     type
   */
  ColumnChunkWriter(ColumnDescriptor column, boolean nullColumn, WriterSettings settings, ParquetKernels kernels,
      Compressor compressor, ColumnEncryptor encryptor) throws UnsupportedParquetFeatureException {
    this.column = column;
    this.encryptor = encryptor;
    this.settings = settings;
    this.codec = settings.codec();
    this.maxDefinitionLevel = column.maxDefinitionLevel();
    this.maxRepetitionLevel = column.maxRepetitionLevel();
    String path = column.dottedPath();
    LogicalType logical = column.effectiveLogicalType();
    boolean utf8 = logical instanceof LogicalType.StringType || logical instanceof LogicalType.JsonType
        || logical instanceof LogicalType.EnumType;
    Type type = column.physicalType();
    Encoding chosen = settings.columnEncoding(path);
    if (chosen == null) {
      chosen = type == Type.BOOLEAN && settings.dataPageV2() ? Encoding.RLE : Encoding.PLAIN;
    }
    EncodingSelector selector = settings.autoEncoding(path) && !nullColumn
        ? new EncodingSelector(type, column.typeLength(), kernels, compressor, settings) : null;
    this.valueEncoder = new ChunkValueEncoder(type, column.typeLength(), kernels,
        settings.dictionaryEnabled(path) && type != Type.BOOLEAN && !nullColumn, settings.dictionaryPageSizeLimit(),
        chosen, Encoders.valueEncoder(chosen, type, column.typeLength(), kernels), selector);
    this.definitionLevelEncoder = new RleBitPackedHybridEncoder(kernels, bitWidth(maxDefinitionLevel));
    this.repetitionLevelEncoder = new RleBitPackedHybridEncoder(kernels, bitWidth(maxRepetitionLevel));
    this.pages = new PageWriter(compressor, settings.pageChecksums(), codec != CompressionCodec.UNCOMPRESSED,
        encryptor);
    this.pageValues = ValueBuffer.forType(type, column.typeLength());
    this.statistics = new StatisticsBuilder(column, settings.statisticsTruncateLength(), utf8);
    this.sizeStatistics = new SizeStatisticsBuilder(maxDefinitionLevel, maxRepetitionLevel,
        type == Type.BYTE_ARRAY);
    this.pageIndex = new PageIndexBuilder(settings.statisticsTruncateLength(), utf8);
    WriterSettings.BloomFilterSizing bloom = settings.bloomFilter(path);
    this.bloomFilter = bloom == null || type == Type.BOOLEAN || nullColumn ? null : new BloomFilterBuilder(
        BloomFilterBuilder.optimalByteCount(bloom.distinctValues(), bloom.falsePositiveProbability()));
    Map<String, String> userPairs = settings.columnKeyValueMetadata(path);
    if (userPairs.isEmpty()) {
      this.chunkKeyValueMetadata = null;
    } else {
      List<KeyValue> pairs = new ArrayList<>();
      userPairs.forEach((key, value) -> pairs.add(new KeyValue(key, value)));
      this.chunkKeyValueMetadata = List.copyOf(pairs);
    }
  }

  private static int bitWidth(int maxLevel) {
    return 32 - Integer.numberOfLeadingZeros(maxLevel);
  }

  /** Rows the current page can still take before its row limit. */
  int rowsUntilPageLimit() {
    return Math.max(1, settings.pageRowLimit() - pageRows);
  }

  /**
   * See {@link ChunkValueEncoder#adoptDictionary}: whether the Arrow dictionary {@code identity} is this chunk's
   * dictionary, so that a batch's dictionary entries can be passed to {@link #write} as its indices.
   */
  boolean adoptDictionary(Object identity, int size, ValueSource entries) {
    return valueEncoder.adoptDictionary(identity, size, entries);
  }

  /**
   * Appends {@code levels}, covering {@code rows} whole rows, and their values, which {@code values} appends in
   * level order; callers keep {@code rows} within {@link #rowsUntilPageLimit()}. {@code dictionaryEntries},
   * when not null, holds the values' indices in the adopted dictionary. Ends the page when it is full.
   */
  void write(ColumnLevels levels, int rows, ValueSource values, int[] dictionaryEntries) {
    int levelCount = levels.levelCount;
    int valueCount = levels.valueCount;
    int needed = pageLevelCount + levelCount;
    if (needed > pageDefinitionLevels.length) {
      int capacity = Math.max(needed, 2 * pageDefinitionLevels.length);
      pageDefinitionLevels = Arrays.copyOf(pageDefinitionLevels, capacity);
      pageRepetitionLevels = Arrays.copyOf(pageRepetitionLevels, capacity);
    }
    if (maxDefinitionLevel > 0) {
      System.arraycopy(levels.definitionLevels, 0, pageDefinitionLevels, pageLevelCount, levelCount);
    }
    if (maxRepetitionLevel > 0) {
      System.arraycopy(levels.repetitionLevels, 0, pageRepetitionLevels, pageLevelCount, levelCount);
    }
    sizeStatistics.addLevels(levels, levelCount);
    int before = pageValues.size();
    values.appendTo(pageValues);
    valueEncoder.indexValues(pageValues, before, valueCount, dictionaryEntries);
    boolean indexed = valueEncoder.dictionaryMode();
    statistics.update(pageValues, before, valueCount, levelCount - valueCount,
        indexed ? valueEncoder.pageIndices() : null, indexed ? valueEncoder.dictionarySize() : 0);
    if (bloomFilter != null) {
      bloomFilter.insert(pageValues, before, valueCount);
    }
    sizeStatistics.addValues(pageValues, before, valueCount);
    pageLevelCount += levelCount;
    pageRows += rows;
    if (pageRows >= settings.pageRowLimit() || estimatedPageSize() >= settings.pageSizeBytes()) {
      flushPage();
    }
    if (valueEncoder.dictionaryFull()) {
      flushPage();
      valueEncoder.fallBack(pages);
    }
  }

  /** The bytes this chunk holds so far, for the row group size limit. */
  long bufferedBytes() {
    return pages.totalCompressedSize() + estimatedPageSize() + valueEncoder.pendingDictionaryBytes();
  }

  private long estimatedPageSize() {
    long levels = (long) pageLevelCount * (bitWidth(maxDefinitionLevel) + bitWidth(maxRepetitionLevel)) / 8;
    return levels + valueEncoder.estimatedValueBytes(pageValues);
  }

  private void flushPage() {
    if (pageRows == 0) {
      return;
    }
    ChunkValueEncoder.EncodedValues values = valueEncoder.encode(pageValues);
    boolean v2 = settings.dataPageV2();
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
    int valueCount = pageValues.size();
    Statistics pageStatistics = settings.statisticsEnabled() ? statistics.pageStatistics() : null;
    if (v2) {
      pages.writeDataPageV2(repetitionLevels, definitionLevels, values.bytes(), pageLevelCount,
          pageLevelCount - valueCount, pageRows, values.encoding(), pageStatistics, chunkRows,
          codec != CompressionCodec.UNCOMPRESSED);
    } else {
      pages.writeDataPageV1(repetitionLevels, definitionLevels, values.bytes(), pageLevelCount, values.encoding(),
          pageStatistics, chunkRows);
    }
    pageIndex.addPage(statistics.page(), valueCount == 0, sizeStatistics.pageDefinitionHistogram(),
        sizeStatistics.pageRepetitionHistogram());
    statistics.endPage();
    sizeStatistics.endPage();
    chunkRows += pageRows;
    chunkLevelCount += pageLevelCount;
    pageValues.clear();
    pageRows = 0;
    pageLevelCount = 0;
  }

  /**
   * Ends the current chunk: writes its pages to {@code out} (dictionary page first) and returns its footer
   * entry and page index; then starts the next chunk.
   */
  WrittenChunk finishChunk(PositionedOutput out) throws IOException {
    flushPage();
    valueEncoder.finishChunk(pages);
    long chunkStart = out.position();
    Long dictionaryPageOffset = null;
    byte[] dictionaryPage = pages.dictionaryPage();
    if (dictionaryPage != null) {
      dictionaryPageOffset = chunkStart;
      out.write(dictionaryPage, 0, dictionaryPage.length);
    }
    long dataPageOffset = out.position();
    pages.dataPages().writeTo(out);

    TreeSet<Encoding> encodings = new TreeSet<>((left, right) -> Integer.compare(left.value(), right.value()));
    valueEncoder.addEncodings(encodings, dictionaryPage != null);
    if (maxDefinitionLevel > 0 || maxRepetitionLevel > 0) {
      encodings.add(Encoding.RLE);
    }
    SizeStatistics chunkSizeStatistics = settings.sizeStatisticsEnabled()
        ? sizeStatistics.chunkSizeStatistics() : null;
    ColumnMetaData metaData = new ColumnMetaData(column.physicalType(), new ArrayList<>(encodings), column.path(),
        codec, chunkLevelCount, pages.totalUncompressedSize(), pages.totalCompressedSize(), chunkKeyValueMetadata,
        dataPageOffset, null, dictionaryPageOffset,
        settings.statisticsEnabled() ? statistics.chunkStatistics() : null, pages.encodingStats(), null, null,
        chunkSizeStatistics, null);
    ColumnChunk chunk = new ColumnChunk(null, chunkStart, metaData, null, null, null, null, null, null);

    OffsetIndex offsetIndex = null;
    ColumnIndex columnIndex = null;
    if (settings.pageIndexEnabled()) {
      offsetIndex = PageIndexBuilder.buildOffsetIndex(pages.locations(), dataPageOffset,
          settings.sizeStatisticsEnabled() ? sizeStatistics.pageUnencodedBytes() : null);
      if (settings.statisticsEnabled()) {
        columnIndex = pageIndex.buildColumnIndex(statistics.chunk(), settings.sizeStatisticsEnabled());
      }
    }
    int rowGroup = pages.rowGroupOrdinal();
    WrittenChunk written = new WrittenChunk(chunk,
        columnIndex == null ? null : module(ModuleType.COLUMN_INDEX, columnIndex.encode(), rowGroup),
        offsetIndex == null ? null : module(ModuleType.OFFSET_INDEX, offsetIndex.encode(), rowGroup), chunkStart,
        bloomFilterBytes(rowGroup));
    startChunk();
    return written;
  }

  /** The module's bytes as stored: encrypted when the column is. */
  private byte[] module(ModuleType type, byte[] plaintext, int rowGroup) {
    return encryptor == null ? plaintext : encryptor.encryptModule(type, plaintext, rowGroup);
  }

  /** The Bloom filter's header and bitset as stored (two modules when encrypted), or null when it has none. */
  private byte[] bloomFilterBytes(int rowGroup) {
    if (bloomFilter == null) {
      return null;
    }
    if (encryptor == null) {
      return bloomFilter.serialize();
    }
    byte[] header = module(ModuleType.BLOOM_FILTER_HEADER, bloomFilter.header(), rowGroup);
    byte[] bitset = module(ModuleType.BLOOM_FILTER_BITSET, bloomFilter.bitset(), rowGroup);
    byte[] bytes = Arrays.copyOf(header, header.length + bitset.length);
    System.arraycopy(bitset, 0, bytes, header.length, bitset.length);
    return bytes;
  }

  private void startChunk() {
    valueEncoder.startChunk();
    pages.reset();
    statistics.startChunk();
    sizeStatistics.startChunk();
    pageIndex.reset();
    if (bloomFilter != null) {
      bloomFilter.clear();
    }
    chunkRows = 0;
    chunkLevelCount = 0;
  }

  /**
   * A written column chunk: its footer entry, and its serialized (and, for an encrypted column, encrypted) column
   * index, offset index and Bloom filter (header and bitset), each null when absent, which the file writer places
   * after the row groups and whose offsets and lengths it then fills in.
   */
  record WrittenChunk(ColumnChunk chunk, byte[] columnIndex, byte[] offsetIndex, long start, byte[] bloomFilter) {}
}
