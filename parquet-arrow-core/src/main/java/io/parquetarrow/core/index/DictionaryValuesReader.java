package io.parquetarrow.core.index;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.page.DictionaryPage;
import io.parquetarrow.core.page.Page;
import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.core.read.ColumnChunks;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.encodings.Dictionary;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageEncodingStats;
import io.parquetarrow.format.PageType;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ScalarKernels;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the values of a column chunk's dictionary for filter pushdown, when every data page of the chunk is
 * dictionary encoded: the dictionary then holds every non-null value the chunk may have, so a filter none of them
 * satisfies matches none of the chunk's rows. Only the dictionary page is read, through
 * {@link ColumnChunks#openDictionaryPage}, so it is checked, decompressed and decrypted as the normal read does.
 *
 * <p>Values come back as plain values ({@code ColumnSummary}'s layout): little-endian INT32, INT64, FLOAT and
 * DOUBLE; 12 bytes of INT96; the bytes of a BYTE_ARRAY (no length prefix) or FIXED_LEN_BYTE_ARRAY; one byte 0 or 1
 * for BOOLEAN.
 *
 * <p>A dictionary larger than the limits given is not read, or not kept: testing a filter against it would cost
 * more than the chunk it might prune.
 */
public final class DictionaryValuesReader {
  /** The default most values a dictionary read for pruning may have. */
  public static final int DEFAULT_MAXIMUM_VALUES = 64 * 1024;
  /** The default most bytes its page may take. */
  public static final long DEFAULT_MAXIMUM_BYTES = 1024 * 1024;
  /** The bytes a stored dictionary page may take beyond {@code maximumBytes}: its header, encryption framing. */
  private static final long STORED_ALLOWANCE = 4096;
  /** Encodings of levels only (for any type but BOOLEAN, whose values RLE may also encode). */
  private static final Set<Encoding> LEVEL_ENCODINGS = EnumSet.of(Encoding.RLE, Encoding.BIT_PACKED);

  private final int maximumValues;
  private final long maximumBytes;

  /**
   * @param maximumValues the most values a dictionary may have to be returned
   * @param maximumBytes the most bytes its page may take uncompressed (and, give or take its header, as stored)
   */
  public DictionaryValuesReader(int maximumValues, long maximumBytes) {
    if (maximumValues < 0 || maximumBytes < 0) {
      throw new IllegalArgumentException("dictionary limits must be >= 0, got " + maximumValues + " values and "
          + maximumBytes + " bytes");
    }
    this.maximumValues = maximumValues;
    this.maximumBytes = maximumBytes;
  }

  /** With {@link #DEFAULT_MAXIMUM_VALUES} and {@link #DEFAULT_MAXIMUM_BYTES}. */
  public DictionaryValuesReader() {
    this(DEFAULT_MAXIMUM_VALUES, DEFAULT_MAXIMUM_BYTES);
  }

  /**
   * The dictionary values of the chunk of {@code column} in {@code rowGroup}, its page opened through
   * {@code chunks} (which counts the bytes read).
   *
   * @return the values, each once, in dictionary order; null when not every data page is dictionary encoded (or
   *     the footer cannot tell), the chunk has no dictionary page, its metadata is only stored encrypted, it lies
   *     in another file, or the dictionary exceeds the limits
   * @throws ParquetCorruptionException the dictionary page does not decode
   * @throws io.parquetarrow.errors.ParquetEncryptionException the chunk is encrypted and its key is not at hand
   */
  public List<byte[]> read(ColumnChunks chunks, RowGroupMetadata rowGroup, ColumnDescriptor column)
      throws IOException {
    ColumnChunkMetadata chunk = rowGroup.column(column.leafIndex());
    if (!chunk.isMetadataAvailable() || chunk.externalFilePath() != null
        || !allDataPagesDictionaryEncoded(chunk.columnMetaData())
        || chunk.dictionaryPageOffset().isPresent() && chunk.dataPageOffset() > chunk.startOffset()
            && chunk.dataPageOffset() - chunk.startOffset() > maximumBytes + STORED_ALLOWANCE) {
      return null;
    }
    ColumnChunks.OpenChunk open = chunks.openDictionaryPage(rowGroup.index(), rowGroup, column);
    try {
      Page first = open.pages().nextPage();
      if (!(first instanceof DictionaryPage page) || page.valueCount() > maximumValues
          || page.length() > maximumBytes
          || page.encoding() != Encoding.PLAIN && page.encoding() != Encoding.PLAIN_DICTIONARY) {
        return null;
      }
      byte[] decompressed = new byte[0];
      try {
        DictionaryPage.Entries entries = page.entries(decompressed);
        if (page.compressed()) {
          decompressed = entries.data(); // ours to give back; else the entries are the page reader's window
        }
        return plainValues(Dictionary.decode(column.physicalType(), column.typeLength(), entries.data(),
            entries.offset(), entries.length(), page.valueCount(), ScalarKernels.INSTANCE));
      } catch (ParquetCorruptionException e) {
        throw e.withContext(open.location().describe(page.fileOffset()) + ": dictionary page");
      } finally {
        ScratchArrays.give(decompressed); // the decoded dictionary holds copies
      }
    } finally {
      chunks.close(open);
    }
  }

  /**
   * As {@link #read(ColumnChunks, RowGroupMetadata, ColumnDescriptor)}, opening the page on its own (page checksums
   * verified when present).
   */
  public List<byte[]> read(ParquetFile file, RowGroupMetadata rowGroup, ColumnDescriptor column)
      throws IOException {
    try (ColumnChunks chunks = new ColumnChunks(file, true, 0, Runnable::run)) {
      return read(chunks, rowGroup, column);
    }
  }

  /**
   * Whether the footer shows that every data page of the chunk is dictionary encoded. With
   * {@code encoding_stats}: every DATA_PAGE and DATA_PAGE_V2 entry is PLAIN_DICTIONARY or RLE_DICTIONARY. Without:
   * the encodings list has PLAIN_DICTIONARY or RLE_DICTIONARY and nothing else but the level encodings RLE and
   * BIT_PACKED (PLAIN beside them is a fallback, or for RLE_DICTIONARY may be only the dictionary page: it cannot
   * be told apart, so it counts as a fallback; a BOOLEAN chunk's RLE may be values, so it counts likewise).
   */
  public static boolean allDataPagesDictionaryEncoded(ColumnMetaData metaData) {
    List<PageEncodingStats> stats = metaData.encodingStats();
    if (stats != null && !stats.isEmpty()) {
      for (PageEncodingStats entry : stats) {
        boolean dataPage = entry.pageType() == PageType.DATA_PAGE || entry.pageType() == PageType.DATA_PAGE_V2;
        if (dataPage && entry.count() > 0 && !isDictionary(entry.encoding())) {
          return false;
        }
      }
      return true;
    }
    List<Encoding> encodings = metaData.encodings() == null ? List.of() : metaData.encodings();
    boolean dictionary = false;
    for (Encoding encoding : encodings) {
      if (isDictionary(encoding)) {
        dictionary = true;
      } else if (!LEVEL_ENCODINGS.contains(encoding) || metaData.type() == Type.BOOLEAN) {
        return false;
      }
    }
    return dictionary;
  }

  private static boolean isDictionary(Encoding encoding) {
    return encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY;
  }

  /** Each entry of {@code dictionary} as its plain value. */
  private static List<byte[]> plainValues(Dictionary dictionary) {
    int size = dictionary.size();
    List<byte[]> values = new ArrayList<>(size);
    switch (dictionary.kind()) {
      case INTS -> {
        int[] ints = dictionary.ints();
        for (int i = 0; i < size; i++) {
          values.add(littleEndian(ints[i], Integer.BYTES));
        }
      }
      case LONGS -> {
        long[] longs = dictionary.longs();
        for (int i = 0; i < size; i++) {
          values.add(littleEndian(longs[i], Long.BYTES));
        }
      }
      case FIXED, BINARY -> {
        for (int i = 0; i < size; i++) {
          values.add(dictionary.entryBytes(i));
        }
      }
    }
    return Collections.unmodifiableList(values);
  }

  private static byte[] littleEndian(long value, int width) {
    byte[] bytes = new byte[width];
    for (int i = 0; i < width; i++) {
      bytes[i] = (byte) (value >>> (8 * i));
    }
    return bytes;
  }
}
