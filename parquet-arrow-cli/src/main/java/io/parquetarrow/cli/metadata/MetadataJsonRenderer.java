package io.parquetarrow.cli.metadata;

import io.parquetarrow.cli.metadata.MetadataReport.ColumnChunkReport;
import io.parquetarrow.cli.metadata.MetadataReport.RowGroupReport;
import io.parquetarrow.cli.output.DisplayValue;
import io.parquetarrow.cli.output.JsonWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Writes a {@link MetadataReport} as the JSON document of {@code parquet-arrow meta --json}. The shape is a
 * stable interface, documented in {@code parquet-arrow-cli/README.md}: every key is always present (null when
 * the file does not say), keys appear in a fixed order, sizes and counts are JSON numbers, statistics bounds
 * are numbers for numeric types and strings otherwise. Change it only by adding keys.
 */
public final class MetadataJsonRenderer {

  private MetadataJsonRenderer() {}

  /** Writes {@code report} as one indented JSON document, followed by a line break. */
  public static void render(MetadataReport report, Appendable out) {
    JsonWriter json = JsonWriter.indented(out);
    json.beginObject();
    json.name("file").value(report.file());
    json.name("num_rows").value(report.rowCount());
    json.name("created_by").value(report.createdBy());
    json.name("format_version").value(report.formatVersion());
    json.name("key_value_metadata").beginObject();
    for (Map.Entry<String, String> entry : report.keyValueMetadata().entrySet()) {
      json.name(entry.getKey()).value(entry.getValue());
    }
    json.endObject();
    json.name("row_groups").beginArray();
    for (RowGroupReport rowGroup : report.rowGroups()) {
      writeRowGroup(json, rowGroup);
    }
    json.endArray();
    writeEncryption(json, report.encryption());
    json.endObject();
    json.finish();
    try {
      out.append('\n');
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void writeEncryption(JsonWriter json, EncryptionReport encryption) {
    json.name("encryption");
    if (encryption == null) {
      json.nullValue();
      return;
    }
    json.beginObject();
    json.name("algorithm").value(encryption.algorithm());
    json.name("footer").value(encryption.footerEncrypted() ? "encrypted" : "plaintext");
    json.name("aad_prefix").value(encryption.aadPrefix());
    json.name("aad_prefix_value").value(encryption.aadPrefixValue());
    json.name("footer_key_metadata").value(encryption.footerKeyMetadata());
    json.name("columns").beginArray();
    for (EncryptionReport.ColumnEncryption column : encryption.columns()) {
      json.beginObject();
      json.name("path").value(column.path());
      json.name("encrypted").value(column.encrypted());
      json.name("key").value(column.key());
      json.name("key_metadata").value(column.keyMetadata());
      json.endObject();
    }
    json.endArray();
    json.endObject();
  }

  private static void writeRowGroup(JsonWriter json, RowGroupReport rowGroup) {
    json.beginObject();
    json.name("index").value(rowGroup.index());
    json.name("num_rows").value(rowGroup.rowCount());
    json.name("total_byte_size").value(rowGroup.totalByteSize());
    json.name("total_compressed_size").value(rowGroup.totalCompressedSize());
    json.name("columns").beginArray();
    for (ColumnChunkReport column : rowGroup.columns()) {
      writeColumn(json, column);
    }
    json.endArray();
    json.endObject();
  }

  private static void writeColumn(JsonWriter json, ColumnChunkReport column) {
    json.beginObject();
    json.name("path").value(column.path());
    json.name("physical_type").value(column.physicalType().name());
    json.name("type_length").value(column.typeLength());
    json.name("logical_type").value(column.annotation() == null ? null : column.annotation().toString());
    json.name("metadata_encrypted").value(!column.metadataAvailable());
    json.name("codec").value(column.codec());
    json.name("encodings");
    if (column.encodings() == null) {
      json.nullValue();
    } else {
      json.beginArray();
      for (String encoding : column.encodings()) {
        json.value(encoding);
      }
      json.endArray();
    }
    json.name("num_values").value(column.valueCount());
    json.name("total_compressed_size").value(column.totalCompressedSize());
    json.name("total_uncompressed_size").value(column.totalUncompressedSize());
    json.name("data_page_offset").value(column.dataPageOffset());
    json.name("dictionary_page_offset").value(column.dictionaryPageOffset());
    json.name("column_index_offset").value(column.columnIndexOffset());
    json.name("column_index_length").value(column.columnIndexLength());
    json.name("offset_index_offset").value(column.offsetIndexOffset());
    json.name("offset_index_length").value(column.offsetIndexLength());
    json.name("bloom_filter_offset").value(column.bloomFilterOffset());
    json.name("bloom_filter_length").value(column.bloomFilterLength());
    json.name("statistics");
    StatisticsView statistics = column.statistics();
    if (statistics == null) {
      json.nullValue();
    } else {
      json.beginObject();
      json.name("null_count").value(statistics.nullCount());
      json.name("distinct_count").value(statistics.distinctCount());
      json.name("min");
      writeBound(json, statistics.min());
      json.name("max");
      writeBound(json, statistics.max());
      json.name("min_exact").value(statistics.minExact());
      json.name("max_exact").value(statistics.maxExact());
      json.name("bounds_from_deprecated_fields").value(statistics.deprecatedBounds());
      json.endObject();
    }
    json.endObject();
  }

  private static void writeBound(JsonWriter json, DisplayValue bound) {
    if (bound == null) {
      json.nullValue();
    } else {
      bound.writeJson(json);
    }
  }
}
