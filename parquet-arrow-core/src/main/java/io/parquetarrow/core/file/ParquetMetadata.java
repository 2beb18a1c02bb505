package io.parquetarrow.core.file;

import io.parquetarrow.core.crypto.FileDecryptor;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.ParquetToArrowSchema;
import io.parquetarrow.core.schema.SchemaDescriptor;
import io.parquetarrow.core.schema.SchemaMapping;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.FileMetaData;
import io.parquetarrow.format.KeyValue;
import io.parquetarrow.format.RowGroup;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file's decoded and validated footer: row count, writer, key-value metadata, the {@link SchemaDescriptor}, and
 * the row groups with their column chunks. Immutable; produced by {@link ParquetFile} and consumed by everything
 * downstream (schema mapping, row group and page readers).
 *
 * <p>Validation done here, once, so later layers can rely on it: the schema tree is well formed, every row group
 * has exactly one chunk per leaf column, each chunk's physical type matches its leaf, and each chunk's byte range
 * (and its page index and bloom filter ranges) lies between the leading magic and the footer. Anything else is a
 * {@link ParquetCorruptionException} naming the file.
 */
public final class ParquetMetadata {
  private static final Pattern PARQUET_MR_VERSION =
      Pattern.compile("parquet-mr(?: compatible .*)? version (\\d+)\\.(\\d+)\\.(\\d+).*");

  private final FileMetaData fileMetaData;
  private final String source;
  private final SchemaDescriptor schema;
  private final List<RowGroupMetadata> rowGroups;
  private final Map<String, String> keyValueMetadata;

  private ParquetMetadata(FileMetaData fileMetaData, String source, SchemaDescriptor schema,
      List<RowGroupMetadata> rowGroups, Map<String, String> keyValueMetadata) {
    this.fileMetaData = fileMetaData;
    this.source = source;
    this.schema = schema;
    this.rowGroups = List.copyOf(rowGroups);
    this.keyValueMetadata = keyValueMetadata;
  }

  /**
   * Validates {@code fileMetaData} and builds the model.
   *
   * @param source names the file in error messages
   * @param fileLength the file's length in bytes
   * @param footerStart where the FileMetaData starts; column data must end before it
   */
  public static ParquetMetadata of(FileMetaData fileMetaData, String source, long fileLength, long footerStart)
      throws ParquetCorruptionException, UnsupportedParquetFeatureException {
    return of(fileMetaData, source, fileLength, footerStart, null);
  }

  /**
   * As {@link #of(FileMetaData, String, long, long)} for an encrypted file: the ColumnMetaData of chunks encrypted
   * with a column key is decrypted with {@code decryptor} (null: left as stored). A chunk whose key is missing
   * keeps what the footer stores in plaintext (nothing, under an encrypted footer); one whose metadata does not
   * decrypt records why ({@link ColumnChunkMetadata#decryptionFailure()}) so that the other columns stay readable.
   */
  public static ParquetMetadata of(FileMetaData fileMetaData, String source, long fileLength, long footerStart,
      FileDecryptor decryptor) throws ParquetCorruptionException, UnsupportedParquetFeatureException {
    if (fileMetaData.numRows() < 0) {
      throw ParquetCorruptionException.of("%s: footer num_rows is %d (expected >= 0)", source, fileMetaData.numRows());
    }
    SchemaDescriptor schema = SchemaDescriptor.fromElements(fileMetaData.schema(), source);
    boolean parquet816 = needsParquet816Padding(fileMetaData.createdBy());
    List<RowGroup> footerRowGroups = fileMetaData.rowGroups() == null ? List.of() : fileMetaData.rowGroups();
    List<RowGroupMetadata> rowGroups = new ArrayList<>(footerRowGroups.size());
    for (int index = 0; index < footerRowGroups.size(); index++) {
      RowGroup rowGroup = footerRowGroups.get(index);
      List<ColumnChunk> chunks = rowGroup.columns() == null ? List.of() : rowGroup.columns();
      if (chunks.size() != schema.columnCount()) {
        throw ParquetCorruptionException.of(
            "%s: row group %d has %d column chunks but the schema has %d leaf columns", source, index,
            chunks.size(), schema.columnCount());
      }
      if (rowGroup.numRows() < 0) {
        throw ParquetCorruptionException.of("%s: row group %d has num_rows %d (expected >= 0)",
            source, index, rowGroup.numRows());
      }
      // The AAD ordinal: the one the writer recorded, else the row group's place in the footer.
      int ordinal = rowGroup.ordinal() != null ? rowGroup.ordinal() : index;
      List<ColumnChunkMetadata> columns = new ArrayList<>(chunks.size());
      for (int leaf = 0; leaf < chunks.size(); leaf++) {
        ColumnChunk chunk = chunks.get(leaf);
        ColumnDescriptor column = schema.column(leaf);
        ColumnMetaData meta = chunk.metaData();
        ParquetEncryptionException failure = null;
        if (decryptor != null && chunk.encryptedColumnMetadata() != null) {
          String place = source + ": row group " + index + ", column " + column.dottedPath();
          try {
            ColumnMetaData decrypted = decryptor.decryptColumnMetaData(chunk, ordinal, leaf, column.dottedPath(), place);
            meta = decrypted == null ? meta : decrypted;
          } catch (ParquetEncryptionException e) {
            failure = e;
          }
        }
        columns.add(new ColumnChunkMetadata(
            chunk, meta, failure, column, index, source, footerStart, fileLength, parquet816));
      }
      rowGroups.add(new RowGroupMetadata(rowGroup, index, ordinal, columns));
    }
    Map<String, String> keyValues = new LinkedHashMap<>();
    if (fileMetaData.keyValueMetadata() != null) {
      for (KeyValue entry : fileMetaData.keyValueMetadata()) {
        // Arrow C++ keeps the first of duplicated keys when looking one up; so do we.
        keyValues.putIfAbsent(entry.key(), entry.value());
      }
    }
    return new ParquetMetadata(fileMetaData, source, schema, rowGroups, Collections.unmodifiableMap(keyValues));
  }

  /**
   * PARQUET-816 affects parquet-mr before 1.2.9 (Arrow C++ pads the chunk range for those writers, and treats a
   * parquet-mr without a parseable version as one of them).
   */
  static boolean needsParquet816Padding(String createdBy) {
    if (createdBy == null) {
      return false;
    }
    Matcher matcher = PARQUET_MR_VERSION.matcher(createdBy);
    if (!matcher.matches()) {
      // Arrow C++ parses a bare "parquet-mr" (no version) as version 0.0.0, which is before the fix.
      return createdBy.trim().equals("parquet-mr") || createdBy.startsWith("parquet-mr version ")
          && !createdBy.substring("parquet-mr version ".length()).matches("\\d+\\.\\d+\\.\\d+.*");
    }
    int major = Integer.parseInt(matcher.group(1));
    int minor = Integer.parseInt(matcher.group(2));
    int patch = Integer.parseInt(matcher.group(3));
    return major < 1 || (major == 1 && (minor < 2 || (minor == 2 && patch < 9)));
  }

  /** The name of the file, as error messages give it. */
  public String source() {
    return source;
  }

  /** The footer as decoded. */
  public FileMetaData fileMetaData() {
    return fileMetaData;
  }

  /** The footer's format version ({@code version}). */
  public int version() {
    return fileMetaData.version();
  }

  /** The footer's {@code num_rows}. */
  public long rowCount() {
    return fileMetaData.numRows();
  }

  /** The writer ({@code created_by}), or null. */
  public String createdBy() {
    return fileMetaData.createdBy();
  }

  /**
   * The file's key-value metadata in footer order (first value for a duplicated key; a key written without a
   * value maps to null). Includes {@code ARROW:schema} when an Arrow writer stored one.
   */
  public Map<String, String> keyValueMetadata() {
    return keyValueMetadata;
  }

  public SchemaDescriptor schema() {
    return schema;
  }

  /**
   * The Arrow schema this file reads as, with the field-to-column mapping the readers walk (see
   * {@link ParquetToArrowSchema}); computed on each call.
   *
   * @throws ParquetCorruptionException when an annotation cannot apply to its node, or {@code ARROW:schema} does
   *     not decode
   */
  public SchemaMapping arrowSchemaMapping() throws ParquetCorruptionException {
    return ParquetToArrowSchema.convert(schema, keyValueMetadata, source);
  }

  public List<RowGroupMetadata> rowGroups() {
    return rowGroups;
  }

  public RowGroupMetadata rowGroup(int index) {
    return rowGroups.get(index);
  }

  /**
   * True when the footer is plaintext but the file declares an {@code encryption_algorithm}: the metadata is
   * readable, encrypted columns are not without their keys.
   */
  public boolean isEncrypted() {
    return fileMetaData.encryptionAlgorithm() != null;
  }

  @Override
  public String toString() {
    return "ParquetMetadata[" + source + ", " + rowCount() + " rows, " + rowGroups.size() + " row groups, "
        + schema.columnCount() + " columns" + (isEncrypted() ? ", encrypted columns" : "") + "]";
  }
}
