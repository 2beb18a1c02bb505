package io.parquetarrow.cli.metadata;

import io.parquetarrow.core.crypto.FileDecryptor;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.ColumnOrder;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Statistics;
import io.parquetarrow.format.Type;
import io.parquetarrow.thrift.ThriftEnumList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code parquet-arrow meta} reports about a file, taken from its validated footer
 * ({@link ParquetMetadata}) and decoded for people: one {@link RowGroupReport} per row group and one
 * {@link ColumnChunkReport} per column chunk, with statistics bounds decoded by the column's type. Both the
 * text and the JSON output ({@link MetadataTextRenderer}, {@link MetadataJsonRenderer}) render this one model,
 * so they cannot disagree.
 *
 * @param file the file as named on the command line
 * @param rowCount the footer's {@code num_rows}
 * @param createdBy the writer, or null
 * @param formatVersion the footer's {@code version}
 * @param keyValueMetadata the file's key-value metadata in footer order (first value of a repeated key; a key
 *     written without a value maps to null)
 * @param rowGroups the row groups in footer order
 * @param encryption how the file is encrypted, or null for a plaintext file
 */
public record MetadataReport(
    String file, long rowCount, String createdBy, int formatVersion, Map<String, String> keyValueMetadata,
    List<RowGroupReport> rowGroups, EncryptionReport encryption) {

  /**
   * One row group.
   *
   * @param index position in the footer
   * @param rowCount its {@code num_rows}
   * @param totalByteSize its {@code total_byte_size} (uncompressed column data, as the writer counted it)
   * @param totalCompressedSize its {@code total_compressed_size}, or null when the writer did not set it
   * @param columns one per leaf column, in schema order
   */
  public record RowGroupReport(
      int index, long rowCount, long totalByteSize, Long totalCompressedSize, List<ColumnChunkReport> columns) {}

  /**
   * One column chunk. When the chunk's metadata is only stored encrypted, {@code metadataAvailable} is false
   * and every field taken from {@code ColumnMetaData} is null.
   *
   * @param path the leaf's path joined with dots
   * @param physicalType the leaf's physical type
   * @param typeLength the leaf's {@code type_length} for FIXED_LEN_BYTE_ARRAY, else null
   * @param annotation the leaf's logical (or converted) type, or null
   * @param metadataAvailable false when the chunk's ColumnMetaData is encrypted
   * @param codec the compression codec's name
   * @param encodings the encodings' names ({@code UNKNOWN(n)} for one this program does not know)
   * @param valueCount {@code num_values} (values including nulls, not rows, for repeated columns)
   * @param totalCompressedSize {@code total_compressed_size}
   * @param totalUncompressedSize {@code total_uncompressed_size}
   * @param dataPageOffset {@code data_page_offset}
   * @param dictionaryPageOffset {@code dictionary_page_offset} as written (some writers write 0), or null
   * @param columnIndexOffset {@code column_index_offset}, or null
   * @param columnIndexLength {@code column_index_length}, or null
   * @param offsetIndexOffset {@code offset_index_offset}, or null
   * @param offsetIndexLength {@code offset_index_length}, or null
   * @param bloomFilterOffset {@code bloom_filter_offset}, or null
   * @param bloomFilterLength {@code bloom_filter_length}, or null
   * @param statistics the decoded statistics, or null when the chunk has none
   */
  public record ColumnChunkReport(
      String path, Type physicalType, Integer typeLength, TypeAnnotation annotation, boolean metadataAvailable,
      String codec, List<String> encodings, Long valueCount, Long totalCompressedSize, Long totalUncompressedSize,
      Long dataPageOffset, Long dictionaryPageOffset, Long columnIndexOffset, Integer columnIndexLength,
      Long offsetIndexOffset, Integer offsetIndexLength, Long bloomFilterOffset, Integer bloomFilterLength,
      StatisticsView statistics) {}

  /** The report of a file whose footer has been read and validated. */
  public static MetadataReport of(String file, ParquetMetadata metadata) {
    return of(file, metadata, null);
  }

  /**
   * The report of a file whose footer has been read and validated, opened with keys when {@code decryptor} is not
   * null.
   */
  public static MetadataReport of(String file, ParquetMetadata metadata, FileDecryptor decryptor) {
    List<ColumnOrder> columnOrders = metadata.fileMetaData().columnOrders();
    List<RowGroupReport> rowGroups = new ArrayList<>(metadata.rowGroups().size());
    for (RowGroupMetadata rowGroup : metadata.rowGroups()) {
      List<ColumnChunkReport> columns = new ArrayList<>(rowGroup.columns().size());
      for (ColumnChunkMetadata chunk : rowGroup.columns()) {
        columns.add(columnReport(chunk, columnOrders));
      }
      rowGroups.add(new RowGroupReport(
          rowGroup.index(), rowGroup.rowCount(), rowGroup.totalByteSize(),
          rowGroup.rowGroup().totalCompressedSize(), List.copyOf(columns)));
    }
    return new MetadataReport(file, metadata.rowCount(), metadata.createdBy(), metadata.version(),
        metadata.keyValueMetadata(), List.copyOf(rowGroups), EncryptionReport.of(metadata, decryptor));
  }

  private static ColumnChunkReport columnReport(ColumnChunkMetadata chunk, List<ColumnOrder> columnOrders) {
    ColumnDescriptor column = chunk.column();
    Type physicalType = column.physicalType();
    int typeLength = column.typeLength();
    TypeAnnotation annotation = TypeAnnotation.of(column.element());
    ColumnChunk footerChunk = chunk.columnChunk();
    ColumnMetaData meta = chunk.columnMetaData();
    Integer reportedTypeLength = physicalType == Type.FIXED_LEN_BYTE_ARRAY ? typeLength : null;
    if (meta == null) {
      return new ColumnChunkReport(column.dottedPath(), physicalType, reportedTypeLength, annotation, false,
          null, null, null, null, null, null, null, footerChunk.columnIndexOffset(), footerChunk.columnIndexLength(),
          footerChunk.offsetIndexOffset(), footerChunk.offsetIndexLength(), null, null, null);
    }
    Statistics statistics = meta.statistics();
    StatisticsView statisticsView = statistics == null
        ? null
        : StatisticsView.of(statistics, physicalType, typeLength, annotation,
            columnOrderDefined(columnOrders, column.leafIndex()));
    return new ColumnChunkReport(
        column.dottedPath(), physicalType, reportedTypeLength, annotation, true,
        meta.codec().name(), encodingNames(meta.encodings()), meta.numValues(), meta.totalCompressedSize(),
        meta.totalUncompressedSize(), meta.dataPageOffset(), meta.dictionaryPageOffset(),
        footerChunk.columnIndexOffset(), footerChunk.columnIndexLength(), footerChunk.offsetIndexOffset(),
        footerChunk.offsetIndexLength(), meta.bloomFilterOffset(), meta.bloomFilterLength(), statisticsView);
  }

  /**
   * Whether {@code min_value}/{@code max_value} of the leaf may be used: no {@code column_orders} at all (see
   * {@link StatisticsView#of}), or an order this program knows for this leaf. An unrecognized order means
   * the bounds follow a comparison this program cannot know, so they are ignored as parquet.thrift asks.
   */
  private static boolean columnOrderDefined(List<ColumnOrder> columnOrders, int leafIndex) {
    if (columnOrders == null || leafIndex >= columnOrders.size()) {
      return true;
    }
    return !(columnOrders.get(leafIndex) instanceof ColumnOrder.Unrecognized);
  }

  private static List<String> encodingNames(List<Encoding> encodings) {
    if (encodings == null) {
      return List.of();
    }
    List<String> names = new ArrayList<>(encodings.size());
    for (int i = 0; i < encodings.size(); i++) {
      Encoding encoding = encodings.get(i);
      if (encoding == Encoding.UNKNOWN && encodings instanceof ThriftEnumList<Encoding> list) {
        names.add("UNKNOWN(" + list.rawValue(i) + ")");
      } else {
        names.add(encoding.name());
      }
    }
    return List.copyOf(names);
  }
}
