package io.parquetarrow.cli.metadata;

import io.parquetarrow.cli.metadata.MetadataReport.ColumnChunkReport;
import io.parquetarrow.cli.metadata.MetadataReport.RowGroupReport;
import io.parquetarrow.cli.output.DisplayValue;
import io.parquetarrow.cli.output.TextEscaper;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a {@link MetadataReport} as the text of {@code parquet-arrow meta}: a file summary, then one block
 * per row group with one indented block per column chunk. For people; scripts use
 * {@link MetadataJsonRenderer}. Absent values are shown as {@code -}; long strings and byte strings are cut
 * with "…" after {@value #MAX_VALUE_LENGTH} characters.
 */
public final class MetadataTextRenderer {

  /** How many characters of a string bound (or hex digits of a binary one) are shown. */
  public static final int MAX_VALUE_LENGTH = 48;

  private static final String ABSENT = "-";

  private MetadataTextRenderer() {}

  public static void render(MetadataReport report, PrintWriter out) {
    out.println("file:               " + report.file());
    out.println("rows:               " + report.rowCount());
    out.println("row groups:         " + report.rowGroups().size());
    out.println("created by:         "
        + (report.createdBy() == null ? ABSENT : TextEscaper.escape(report.createdBy(), 0)));
    out.println("format version:     " + report.formatVersion());
    List<String> keys = new ArrayList<>();
    for (String key : report.keyValueMetadata().keySet()) {
      keys.add(TextEscaper.escape(key, MAX_VALUE_LENGTH));
    }
    out.println("key-value metadata: " + (keys.isEmpty() ? "(none)" : String.join(", ", keys)));
    renderEncryption(report.encryption(), out);
    for (RowGroupReport rowGroup : report.rowGroups()) {
      out.println();
      out.println("row group " + rowGroup.index() + ": " + rowGroup.rowCount() + " rows, "
          + rowGroup.totalByteSize() + " bytes uncompressed"
          + (rowGroup.totalCompressedSize() == null ? "" : ", " + rowGroup.totalCompressedSize()
              + " bytes compressed"));
      for (ColumnChunkReport column : rowGroup.columns()) {
        renderColumn(column, out);
      }
    }
  }

  private static void renderEncryption(EncryptionReport encryption, PrintWriter out) {
    if (encryption == null) {
      out.println("encryption:         none");
      return;
    }
    out.println("encryption:         " + encryption.algorithm() + ", footer "
        + (encryption.footerEncrypted() ? "encrypted" : "plaintext (signed)"));
    out.println("aad prefix:         " + encryption.aadPrefix()
        + (encryption.aadPrefixValue() == null ? "" : " " + TextEscaper.quote(encryption.aadPrefixValue(), 0)));
    out.println("footer key:         key metadata " + keyMetadata(encryption.footerKeyMetadata()));
    for (EncryptionReport.ColumnEncryption column : encryption.columns()) {
      String how = !column.encrypted() ? "not encrypted"
          : column.key().equals("column") ? "encrypted with a column key, key metadata "
              + keyMetadata(column.keyMetadata())
          : "encrypted with the " + column.key() + " key";
      out.println("  column " + TextEscaper.escape(column.path(), 0) + ": " + how);
    }
  }

  private static String keyMetadata(String metadata) {
    return metadata == null ? ABSENT : metadata.startsWith("0x") ? metadata : TextEscaper.quote(metadata, 0);
  }

  private static void renderColumn(ColumnChunkReport column, PrintWriter out) {
    StringBuilder type = new StringBuilder(column.physicalType().name());
    if (column.typeLength() != null) {
      type.append('(').append(column.typeLength()).append(')');
    }
    if (column.annotation() != null) {
      type.append(' ').append(column.annotation());
    }
    out.println("  column " + TextEscaper.escape(column.path(), 0) + ": " + type);
    if (!column.metadataAvailable()) {
      out.println("    metadata:         encrypted (needs the column key)");
      line(out, "column index", offsetAndLength(column.columnIndexOffset(), column.columnIndexLength()));
      line(out, "offset index", offsetAndLength(column.offsetIndexOffset(), column.offsetIndexLength()));
      return;
    }
    line(out, "codec", column.codec());
    line(out, "encodings", String.join(", ", column.encodings()));
    line(out, "values", String.valueOf(column.valueCount()));
    line(out, "size", column.totalCompressedSize() + " compressed, " + column.totalUncompressedSize()
        + " uncompressed");
    line(out, "statistics", statistics(column.statistics()));
    line(out, "dictionary page", column.dictionaryPageOffset() == null ? ABSENT
        : "offset " + column.dictionaryPageOffset());
    line(out, "data page", "offset " + column.dataPageOffset());
    line(out, "column index", offsetAndLength(column.columnIndexOffset(), column.columnIndexLength()));
    line(out, "offset index", offsetAndLength(column.offsetIndexOffset(), column.offsetIndexLength()));
    line(out, "bloom filter", offsetAndLength(column.bloomFilterOffset(), column.bloomFilterLength()));
  }

  private static void line(PrintWriter out, String label, String value) {
    String padded = (label + ":" + " ".repeat(18)).substring(0, 18);
    out.println("    " + padded + value);
  }

  private static String offsetAndLength(Long offset, Integer length) {
    if (offset == null) {
      return ABSENT;
    }
    return "offset " + offset + (length == null ? "" : ", length " + length);
  }

  /** {@code min 0, max 99, nulls 3, distinct -}, with "(inexact)" after a truncated bound. */
  static String statistics(StatisticsView statistics) {
    if (statistics == null) {
      return "none";
    }
    String min = bound(statistics.min(), statistics.minExact());
    String max = bound(statistics.max(), statistics.maxExact());
    return "min " + min + ", max " + max
        + ", nulls " + (statistics.nullCount() == null ? ABSENT : statistics.nullCount())
        + ", distinct " + (statistics.distinctCount() == null ? ABSENT : statistics.distinctCount())
        + (statistics.deprecatedBounds() ? " (bounds from deprecated min/max)" : "");
  }

  private static String bound(DisplayValue value, Boolean exact) {
    if (value == null) {
      return ABSENT;
    }
    String text = value.toText(MAX_VALUE_LENGTH);
    return Boolean.FALSE.equals(exact) ? text + " (inexact)" : text;
  }
}
