package io.parquetarrow.core.write;

import io.parquetarrow.format.SizeStatistics;
import java.util.ArrayList;
import java.util.List;

/**
 * The size statistics of the page being assembled and of its column chunk, part of the column layer of the write
 * path: histograms of the definition and repetition levels, and the bytes of BYTE_ARRAY values before encoding
 * (without length prefixes). The chunk's go to {@code ColumnMetaData.size_statistics}; the pages' histograms to
 * the column index and their byte counts to the offset index ({@link PageIndexBuilder}).
 */
final class SizeStatisticsBuilder {
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final boolean byteArray;
  private long[] pageDefinitionHistogram;
  private long[] pageRepetitionHistogram;
  private long pageUnencodedBytes;
  private long[] chunkDefinitionHistogram;
  private long[] chunkRepetitionHistogram;
  private long chunkUnencodedBytes;
  private final List<Long> pageUnencodedByteList = new ArrayList<>();

  SizeStatisticsBuilder(int maxDefinitionLevel, int maxRepetitionLevel, boolean byteArray) {
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.maxRepetitionLevel = maxRepetitionLevel;
    this.byteArray = byteArray;
    startChunk();
  }

  void startChunk() {
    chunkDefinitionHistogram = new long[maxDefinitionLevel + 1];
    pageDefinitionHistogram = new long[maxDefinitionLevel + 1];
    chunkRepetitionHistogram = new long[maxRepetitionLevel + 1];
    pageRepetitionHistogram = new long[maxRepetitionLevel + 1];
    chunkUnencodedBytes = 0;
    pageUnencodedBytes = 0;
    pageUnencodedByteList.clear();
  }

  /** Counts the first {@code count} levels of {@code levels} (its arrays the column has). */
  void addLevels(ColumnLevels levels, int count) {
    if (maxDefinitionLevel > 0) {
      int[] definitionLevels = levels.definitionLevels;
      for (int i = 0; i < count; i++) {
        pageDefinitionHistogram[definitionLevels[i]]++;
      }
    }
    if (maxRepetitionLevel > 0) {
      int[] repetitionLevels = levels.repetitionLevels;
      for (int i = 0; i < count; i++) {
        pageRepetitionHistogram[repetitionLevels[i]]++;
      }
    }
  }

  /** Counts the bytes of values {@code [from, from + count)} of the page, for a BYTE_ARRAY column. */
  void addValues(ValueBuffer values, int from, int count) {
    if (values instanceof ValueBuffer.ByteArrays binary) {
      int[] offsets = binary.values.offsets();
      pageUnencodedBytes += offsets[from + count] - offsets[from];
    }
  }

  /** The page's definition level histogram, or null when the column has no definition levels. */
  long[] pageDefinitionHistogram() {
    return maxDefinitionLevel > 0 ? pageDefinitionHistogram : null;
  }

  /** The page's repetition level histogram, or null when the column has no repetition levels. */
  long[] pageRepetitionHistogram() {
    return maxRepetitionLevel > 0 ? pageRepetitionHistogram : null;
  }

  /** Folds the page into the chunk and starts the next page. */
  void endPage() {
    pageUnencodedByteList.add(pageUnencodedBytes);
    for (int level = 0; level <= maxDefinitionLevel; level++) {
      chunkDefinitionHistogram[level] += pageDefinitionHistogram[level];
    }
    for (int level = 0; level <= maxRepetitionLevel; level++) {
      chunkRepetitionHistogram[level] += pageRepetitionHistogram[level];
    }
    chunkUnencodedBytes += pageUnencodedBytes;
    pageDefinitionHistogram = new long[maxDefinitionLevel + 1];
    pageRepetitionHistogram = new long[maxRepetitionLevel + 1];
    pageUnencodedBytes = 0;
  }

  /** Each finished page's unencoded BYTE_ARRAY bytes ({@code OffsetIndex.unencoded_byte_array_data_bytes}), or null. */
  List<Long> pageUnencodedBytes() {
    return byteArray ? new ArrayList<>(pageUnencodedByteList) : null;
  }

  /** The chunk's size statistics, or null when it has nothing to report (a required flat non-binary column). */
  SizeStatistics chunkSizeStatistics() {
    if (!byteArray && maxDefinitionLevel == 0 && maxRepetitionLevel == 0) {
      return null;
    }
    return new SizeStatistics(byteArray ? chunkUnencodedBytes : null,
        maxRepetitionLevel > 0 ? boxed(chunkRepetitionHistogram) : null,
        maxDefinitionLevel > 0 ? boxed(chunkDefinitionHistogram) : null);
  }

  private static List<Long> boxed(long[] values) {
    List<Long> list = new ArrayList<>(values.length);
    for (long value : values) {
      list.add(value);
    }
    return list;
  }
}
