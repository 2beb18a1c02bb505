package io.parquetarrow.core.write;

import io.parquetarrow.encodings.ByteSlice;
import io.parquetarrow.encodings.DictionaryEncoder;
import io.parquetarrow.encodings.RleBitPackedHybridEncoder;
import io.parquetarrow.encodings.ValueEncoder;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Arrays;
import java.util.Set;

/**
 * The value encoding of one column chunk, part of the column layer of the write path: dictionary encoding
 * while the dictionary stays under its size limit, then the column's own value encoding for the rest of the
 * chunk (as Arrow C++ falls back); with auto encoding, the {@link EncodingSelector}'s choice made on the chunk's
 * first page. Keeps the dictionary indices of the page being assembled and encodes a page's values on demand
 * ({@link #encode}). An Arrow dictionary can become the chunk's Parquet dictionary as it is
 * ({@link #adoptDictionary}), so that rows using it are written from their indices without hashing values.
 */
final class ChunkValueEncoder {
  /** A page's encoded values and their encoding. */
  record EncodedValues(ByteSlice bytes, Encoding encoding) {}

  private final Type type;
  private final int typeLength;
  private final ParquetKernels kernels;
  private final long dictionaryPageSizeLimit;
  private final boolean dictionaryEnabled;
  /** The encoding (and its encoder) configured for values not dictionary encoded. */
  private final Encoding configuredEncoding;
  private final ValueEncoder<?> configuredEncoder;
  /** Chooses each chunk's encoding from its first page, or null when the column is not auto encoded. */
  private final EncodingSelector encodingSelector;
  /** The chunk's dictionary, or null when the column is never dictionary encoded. */
  private final DictionaryEncoder<?> dictionary;
  /** The dictionary index encoder of each bit width, kept across pages so that its buffers are reused. */
  private final RleBitPackedHybridEncoder[] indexEncoders = new RleBitPackedHybridEncoder[33];

  /** The current chunk's encoding of values not dictionary encoded: the configured one, or auto's choice. */
  private Encoding valueEncoding;
  private ValueEncoder<?> valueEncoder;
  /** Whether auto encoding has yet to choose the current chunk's encoding (at its first page). */
  private boolean encodingPending;
  private boolean dictionaryMode;
  private boolean fellBack;
  /** The identity of the Arrow dictionary adopted as this chunk's dictionary, or null. */
  private Object adoptedDictionary;
  /** The dictionary index of each value of the page being assembled, while dictionary encoded. */
  private int[] pageIndices = new int[1024];

  ChunkValueEncoder(Type type, int typeLength, ParquetKernels kernels, boolean dictionaryEnabled,
      long dictionaryPageSizeLimit, Encoding configuredEncoding, ValueEncoder<?> configuredEncoder,
      EncodingSelector encodingSelector) {
    this.type = type;
    this.typeLength = typeLength;
    this.kernels = kernels;
    this.dictionaryEnabled = dictionaryEnabled;
    this.dictionaryPageSizeLimit = dictionaryPageSizeLimit;
    this.configuredEncoding = configuredEncoding;
    this.configuredEncoder = configuredEncoder;
    this.encodingSelector = encodingSelector;
    this.dictionary = !dictionaryEnabled ? null : switch (type) {
      case INT32, FLOAT -> new DictionaryEncoder.Int32();
      case INT64, DOUBLE -> new DictionaryEncoder.Int64();
      case FIXED_LEN_BYTE_ARRAY -> new DictionaryEncoder.FixedLength(typeLength);
      case INT96 -> new DictionaryEncoder.FixedLength(PhysicalTypes.INT96_BYTES);
      case BYTE_ARRAY -> new DictionaryEncoder.ByteArray();
      case BOOLEAN -> null;
    };
    startChunk();
  }

  void startChunk() {
    dictionaryMode = dictionaryEnabled;
    fellBack = false;
    valueEncoding = configuredEncoding;
    valueEncoder = configuredEncoder;
    encodingPending = encodingSelector != null;
    adoptedDictionary = null;
    if (dictionary != null) {
      dictionary.reset();
    }
  }

  boolean dictionaryMode() {
    return dictionaryMode;
  }

  /** The dictionary indices of the page's values (valid while {@link #dictionaryMode}). */
  int[] pageIndices() {
    return pageIndices;
  }

  int dictionarySize() {
    return dictionary.size();
  }

  /**
   * Records the dictionary indices of values {@code [from, from + count)} of the page: {@code entries} when the
   * values come from the adopted dictionary, else found by hashing the values. No-op once not dictionary encoded.
   */
  void indexValues(ValueBuffer values, int from, int count, int[] entries) {
    if (!dictionaryMode) {
      return;
    }
    if (from + count > pageIndices.length) {
      pageIndices = Arrays.copyOf(pageIndices, Math.max(from + count, 2 * pageIndices.length));
    }
    if (entries != null) {
      System.arraycopy(entries, 0, pageIndices, from, count);
    } else {
      values.dictionaryIndices(dictionary, from, count, pageIndices, from);
    }
  }

  /** The page's values' size as they would be encoded now: the page-size estimate. */
  long estimatedValueBytes(ValueBuffer values) {
    return dictionaryMode ? (long) values.size() * dictionary.indexBitWidth() / 8 : values.plainSize();
  }

  /** The bytes of the dictionary page that is still to be written, or 0. */
  long pendingDictionaryBytes() {
    return dictionaryMode ? dictionary.dictionaryPageSize() : 0;
  }

  /** Whether the dictionary has reached its size limit, so the chunk should fall back. */
  boolean dictionaryFull() {
    return dictionaryMode && dictionary.dictionaryPageSize() >= dictionaryPageSizeLimit;
  }

  /**
   * Whether the Arrow dictionary {@code identity} is (or now becomes) the chunk's dictionary, entry for entry.
   * It becomes it only while the chunk's dictionary is still empty and nothing else was adopted;
   * {@code entries} then supplies its {@code size} entries (none null), and a dictionary with duplicate entries
   * is refused (the per-value path maps them correctly).
   */
  boolean adoptDictionary(Object identity, int size, ValueSource entries) {
    if (!dictionaryMode) {
      return false;
    }
    if (adoptedDictionary == identity) {
      return true;
    }
    if (adoptedDictionary != null || dictionary.size() != 0) {
      return false;
    }
    ValueBuffer values = ValueBuffer.forType(type, typeLength);
    entries.appendTo(values);
    int[] ids = new int[size];
    values.dictionaryIndices(dictionary, 0, size, ids, 0);
    if (dictionary.size() != size) {
      return false;
    }
    adoptedDictionary = identity;
    return true;
  }

  /**
   * Encodes the page's values. At the chunk's first page, auto encoding first picks the chunk's encoding:
   * dictionary encoding stays a candidate only while the dictionary is within its limit; when it loses, the
   * dictionary the page built is dropped and the chunk is written without one.
   */
  EncodedValues encode(ValueBuffer values) {
    if (encodingPending) {
      chooseEncoding(values);
    }
    if (dictionaryMode) {
      int indexBitWidth = dictionary.indexBitWidth();
      RleBitPackedHybridEncoder indices = indexEncoders[indexBitWidth];
      if (indices == null) {
        indices = new RleBitPackedHybridEncoder(kernels, indexBitWidth);
        indexEncoders[indexBitWidth] = indices;
      }
      indices.put(pageIndices, 0, values.size());
      return new EncodedValues(indices.flushWithBitWidth(), Encoding.RLE_DICTIONARY);
    }
    values.putAll(valueEncoder);
    return new EncodedValues(valueEncoder.flush(), valueEncoding);
  }

  private void chooseEncoding(ValueBuffer values) {
    encodingPending = false;
    if (values.size() == 0) {
      return; // nothing to measure (all nulls so far): keep the configured encodings
    }
    boolean dictionaryCandidate = dictionaryMode && dictionary.dictionaryPageSize() < dictionaryPageSizeLimit;
    EncodingSelector.Choice choice = encodingSelector.choose(values, dictionaryCandidate ? dictionary : null,
        pageIndices);
    valueEncoding = choice.valueEncoding();
    valueEncoder = encodingSelector.encoder(valueEncoding);
    if (dictionaryMode && !choice.dictionary()) {
      dictionaryMode = false;
      dictionary.reset();
      adoptedDictionary = null;
    }
  }

  /**
   * Ends dictionary encoding for the rest of the chunk, writing the dictionary page to {@code pages}; the
   * caller has flushed the pages that use it. No-op when auto encoding already dropped the dictionary.
   */
  void fallBack(PageWriter pages) {
    if (!dictionaryMode) {
      return;
    }
    pages.writeDictionaryPage(dictionary.dictionaryPage(), dictionary.size());
    dictionaryMode = false;
    fellBack = true;
    adoptedDictionary = null;
  }

  /** Ends the chunk's value encoding: writes the dictionary page if the chunk is still dictionary encoded. */
  void finishChunk(PageWriter pages) {
    if (dictionaryMode) {
      pages.writeDictionaryPage(dictionary.dictionaryPage(), dictionary.size());
    }
  }

  /** Adds the value encodings the chunk used to {@code encodings} ({@code ColumnMetaData.encodings}). */
  void addEncodings(Set<Encoding> encodings, boolean hasDictionaryPage) {
    if (hasDictionaryPage) {
      encodings.add(Encoding.PLAIN);
      encodings.add(Encoding.RLE_DICTIONARY);
    }
    if (!hasDictionaryPage || fellBack) {
      encodings.add(valueEncoding);
    }
  }
}
