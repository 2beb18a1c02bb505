package io.parquetarrow.core.file;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.KeyValue;
import io.parquetarrow.format.Statistics;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The footer's description of one column chunk (one leaf column within one row group): codec, encodings, where
 * its pages lie, sizes, value count, statistics, and where its column index, offset index and bloom filter are.
 *
 * <p>Built and validated by {@link ParquetMetadata}; the page readers use {@link #startOffset()} and
 * {@link #chunkLength()} to fetch the chunk's bytes. The byte range is checked once, when the footer is read, to
 * lie inside the file before the footer.
 *
 * <p>In a file with a plaintext footer whose columns are encrypted, an encrypted column's {@code ColumnMetaData}
 * may be missing (only {@code encrypted_column_metadata} is set): {@link #isMetadataAvailable()} is then false and
 * the accessors that need it throw {@link ParquetEncryptionException}.
 */
public final class ColumnChunkMetadata {
  /**
   * Arrow C++'s allowance for PARQUET-816: parquet-mr up to 1.2.8 left the dictionary page header out of
   * {@code total_compressed_size}, so the chunk is read this many bytes further (bounded by the file).
   */
  static final int PARQUET_816_PADDING = 100;

  private final ColumnChunk chunk;
  private final ColumnMetaData meta;
  private final ParquetEncryptionException decryptionFailure;
  private final ColumnDescriptor column;
  private final int rowGroupIndex;
  private final String source;
  private final long startOffset;
  private final long chunkLength;

  /**
   * @param meta the chunk's ColumnMetaData: as stored, or decrypted from {@code encrypted_column_metadata}; null
   *     when only stored encrypted
   * @param decryptionFailure why {@code encrypted_column_metadata} did not decrypt, or null
   */
  ColumnChunkMetadata(ColumnChunk chunk, ColumnMetaData meta, ParquetEncryptionException decryptionFailure,
      ColumnDescriptor column, int rowGroupIndex, String source, long dataEnd, long fileLength,
      boolean parquet816Padding) throws ParquetCorruptionException {
    this.chunk = chunk;
    this.meta = meta;
    this.decryptionFailure = decryptionFailure;
    this.column = column;
    this.rowGroupIndex = rowGroupIndex;
    this.source = source;
    if (meta == null) {
      if (chunk.encryptedColumnMetadata() == null && chunk.cryptoMetadata() == null) {
        throw corruption("has no ColumnMetaData (meta_data is unset and the column is not encrypted)");
      }
      this.startOffset = -1;
      this.chunkLength = -1;
      return;
    }
    if (meta.type() != column.physicalType()) {
      throw corruption(String.format("has physical type %s but the schema declares %s",
          meta.type(), column.physicalType()));
    }
    if (meta.numValues() < 0) {
      throw corruption("has num_values " + meta.numValues() + " (expected >= 0)");
    }
    if (meta.totalCompressedSize() < 0 || meta.totalUncompressedSize() < 0) {
      throw corruption(String.format("has total_compressed_size %d and total_uncompressed_size %d (expected >= 0)",
          meta.totalCompressedSize(), meta.totalUncompressedSize()));
    }
    long start = meta.dataPageOffset();
    OptionalLong dictionary = dictionaryPageOffset();
    if (dictionary.isPresent()) {
      start = dictionary.getAsLong();
    }
    if (start < ParquetFile.MAGIC.length && meta.numValues() == 0) {
      // An empty chunk with no pages to read (Arrow C++ writes data_page_offset 0 for some): nothing to check.
      start = Math.max(start, ParquetFile.MAGIC.length);
    }
    long length = meta.totalCompressedSize();
    if (chunk.filePath() == null) {
      if (start < ParquetFile.MAGIC.length || length > dataEnd - start) {
        throw corruption(String.format(
            "spans bytes [%d, %d + %d) but column data must lie within [4, %d) (after the leading magic, before"
                + " the footer)",
            start, start, length, dataEnd));
      }
    }
    if (parquet816Padding && start >= 0 && start <= fileLength && length <= fileLength - start) {
      // As Arrow C++: the padding may reach into the footer, bounded by the file, not by the footer start.
      length += Math.min(PARQUET_816_PADDING, fileLength - start - length);
    }
    this.startOffset = start;
    this.chunkLength = length;
    checkIndexRange("column index", chunk.columnIndexOffset(), chunk.columnIndexLength(), dataEnd);
    checkIndexRange("offset index", chunk.offsetIndexOffset(), chunk.offsetIndexLength(), dataEnd);
    checkIndexRange("bloom filter", meta.bloomFilterOffset(), meta.bloomFilterLength(), dataEnd);
  }

  /** Page indexes and bloom filters are also stored before the footer; a range outside that is corrupt. */
  private void checkIndexRange(String what, Long offset, Integer length, long dataEnd)
      throws ParquetCorruptionException {
    if (offset == null) {
      return;
    }
    long byteCount = length == null ? 0 : length;
    if (offset < ParquetFile.MAGIC.length || byteCount < 0 || byteCount > dataEnd - offset) {
      throw corruption(String.format("has a %s at [%d, %d + %d), outside the column data region [4, %d)",
          what, offset, offset, byteCount, dataEnd));
    }
  }

  private ParquetCorruptionException corruption(String what) {
    return ParquetCorruptionException.of("%s: row group %d, column %s: column chunk %s",
        source, rowGroupIndex, column.dottedPath(), what);
  }

  private ColumnMetaData requireMetadata() throws ParquetEncryptionException {
    if (meta == null && decryptionFailure != null) {
      throw new ParquetEncryptionException(decryptionFailure.getMessage(), decryptionFailure);
    }
    if (meta == null) {
      throw new ParquetEncryptionException(String.format(
          "%s: row group %d, column %s: the column's metadata is encrypted; reading it needs the column key",
          source, rowGroupIndex, column.dottedPath()));
    }
    return meta;
  }

  /** The leaf column this chunk stores. */
  public ColumnDescriptor column() {
    return column;
  }

  /** The row group this chunk belongs to. */
  public int rowGroupIndex() {
    return rowGroupIndex;
  }

  /** The footer's ColumnChunk struct as decoded. */
  public ColumnChunk columnChunk() {
    return chunk;
  }

  /**
   * The chunk's ColumnMetaData: from the footer, or decrypted from {@code encrypted_column_metadata} when the file
   * was opened with its key; null when it is only available encrypted.
   */
  public ColumnMetaData columnMetaData() {
    return meta;
  }

  /**
   * Why the chunk's {@code encrypted_column_metadata} did not decrypt with the key given (wrong key, altered
   * bytes), or null: the chunk cannot be read then.
   */
  public ParquetEncryptionException decryptionFailure() {
    return decryptionFailure;
  }

  /** False when the chunk's ColumnMetaData is only stored encrypted (and was not decrypted). */
  public boolean isMetadataAvailable() {
    return meta != null;
  }

  /** True when the chunk carries column crypto metadata (Parquet Modular Encryption). */
  public boolean isEncrypted() {
    return chunk.cryptoMetadata() != null || chunk.encryptedColumnMetadata() != null;
  }

  /** The external file holding the chunk ({@code file_path}), or null when it is in this file (the usual case). */
  public String externalFilePath() {
    return chunk.filePath();
  }

  public CompressionCodec codec() throws ParquetEncryptionException {
    return requireMetadata().codec();
  }

  /** The encodings used by the chunk's pages, as the writer listed them. */
  public List<Encoding> encodings() throws ParquetEncryptionException {
    List<Encoding> encodings = requireMetadata().encodings();
    return encodings == null ? List.of() : Collections.unmodifiableList(encodings);
  }

  /** Number of values including nulls (the level count, not the row count, for repeated columns). */
  public long valueCount() throws ParquetEncryptionException {
    return requireMetadata().numValues();
  }

  public long totalCompressedSize() throws ParquetEncryptionException {
    return requireMetadata().totalCompressedSize();
  }

  public long totalUncompressedSize() throws ParquetEncryptionException {
    return requireMetadata().totalUncompressedSize();
  }

  public long dataPageOffset() throws ParquetEncryptionException {
    return requireMetadata().dataPageOffset();
  }

  /**
   * The dictionary page offset when it is usable: present, past the leading magic, and before the first data page
   * (or the data page offset is itself unusable). Some writers
   * write 0 (dict-page-offset-zero.parquet) or leave it unset while the chunk still starts with a dictionary
   * page; readers then find it at {@link #dataPageOffset()} by its page type, as Arrow C++ does.
   */
  public OptionalLong dictionaryPageOffset() {
    if (meta == null) {
      return OptionalLong.empty();
    }
    Long offset = meta.dictionaryPageOffset();
    // Offsets below 4 point into the leading magic, so they are "unset" in practice (0 is common); a data page
    // offset below 4 (seen in chunks holding only a dictionary page) does not make a valid dictionary offset
    // unusable.
    long minimum = ParquetFile.MAGIC.length;
    if (offset == null || offset < minimum
        || (offset >= meta.dataPageOffset() && meta.dataPageOffset() >= minimum)) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(offset);
  }

  /** Where the chunk's first page starts: the usable dictionary page offset, else the first data page offset. */
  public long startOffset() throws ParquetEncryptionException {
    requireMetadata();
    return startOffset;
  }

  /**
   * How many bytes to read from {@link #startOffset()}: {@code total_compressed_size}, plus the PARQUET-816
   * allowance for files from parquet-mr before 1.2.9. Checked to lie inside the file.
   */
  public long chunkLength() throws ParquetEncryptionException {
    requireMetadata();
    return chunkLength;
  }

  /** The chunk statistics, or null. */
  public Statistics statistics() {
    return meta == null ? null : meta.statistics();
  }

  /** The chunk's key-value metadata in footer order (a key written without a value maps to null). */
  public Map<String, String> keyValueMetadata() {
    if (meta == null || meta.keyValueMetadata() == null) {
      return Map.of();
    }
    Map<String, String> result = new LinkedHashMap<>();
    for (KeyValue entry : meta.keyValueMetadata()) {
      result.put(entry.key(), entry.value());
    }
    return Collections.unmodifiableMap(result);
  }

  public OptionalLong columnIndexOffset() {
    return optional(chunk.columnIndexOffset());
  }

  public OptionalLong columnIndexLength() {
    return optional(chunk.columnIndexLength());
  }

  public OptionalLong offsetIndexOffset() {
    return optional(chunk.offsetIndexOffset());
  }

  public OptionalLong offsetIndexLength() {
    return optional(chunk.offsetIndexLength());
  }

  public OptionalLong bloomFilterOffset() {
    return meta == null ? OptionalLong.empty() : optional(meta.bloomFilterOffset());
  }

  public OptionalLong bloomFilterLength() {
    return meta == null ? OptionalLong.empty() : optional(meta.bloomFilterLength());
  }

  private static OptionalLong optional(Number value) {
    return value == null ? OptionalLong.empty() : OptionalLong.of(value.longValue());
  }

  @Override
  public String toString() {
    return "ColumnChunk[row group " + rowGroupIndex + ", " + column.dottedPath()
        + (meta == null ? ", metadata encrypted" : ", " + meta.codec() + ", start " + startOffset + ", length "
            + chunkLength) + "]";
  }
}
