package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.List;
import java.util.Objects;

/**
 * Per-page bounds and null information of one column chunk, at {@link ColumnChunk#columnIndexOffset()}
 * (parquet.thrift {@code struct ColumnIndex}); element i describes page i of the {@link OffsetIndex}. Optional
 * lists are null when absent; an unknown boundary order decodes as {@link BoundaryOrder#UNKNOWN}. Equality
 * compares the bound byte arrays by content.
 */
public record ColumnIndex(
    List<Boolean> nullPages,
    List<byte[]> minValues,
    List<byte[]> maxValues,
    BoundaryOrder boundaryOrder,
    List<Long> nullCounts,
    List<Long> repetitionLevelHistograms,
    List<Long> definitionLevelHistograms,
    List<Long> nanCounts) {
  public ColumnIndex {
    nullPages = FormatSupport.immutable(Objects.requireNonNull(nullPages, "nullPages"));
    minValues = FormatSupport.immutable(Objects.requireNonNull(minValues, "minValues"));
    maxValues = FormatSupport.immutable(Objects.requireNonNull(maxValues, "maxValues"));
    Objects.requireNonNull(boundaryOrder, "boundaryOrder");
    nullCounts = FormatSupport.immutable(nullCounts);
    repetitionLevelHistograms = FormatSupport.immutable(repetitionLevelHistograms);
    definitionLevelHistograms = FormatSupport.immutable(definitionLevelHistograms);
    nanCounts = FormatSupport.immutable(nanCounts);
  }

  /** A column index without NaN counts (the fields before format field 8). */
  public ColumnIndex(List<Boolean> nullPages, List<byte[]> minValues, List<byte[]> maxValues,
      BoundaryOrder boundaryOrder, List<Long> nullCounts, List<Long> repetitionLevelHistograms,
      List<Long> definitionLevelHistograms) {
    this(nullPages, minValues, maxValues, boundaryOrder, nullCounts, repetitionLevelHistograms,
        definitionLevelHistograms, null);
  }

  public static ColumnIndex read(CompactProtocolReader in) throws ParquetCorruptionException {
    List<Boolean> nullPages = null;
    List<byte[]> minValues = null;
    List<byte[]> maxValues = null;
    BoundaryOrder boundaryOrder = null;
    List<Long> nullCounts = null;
    List<Long> repetitionLevelHistograms = null;
    List<Long> definitionLevelHistograms = null;
    List<Long> nanCounts = null;
    in.readStructBegin("ColumnIndex");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> nullPages = in.readBoolListField();
        case 2 -> minValues = in.readBinaryListField();
        case 3 -> maxValues = in.readBinaryListField();
        case 4 -> boundaryOrder = in.readEnumField(BoundaryOrder::fromValue);
        case 5 -> nullCounts = in.readI64ListField();
        case 6 -> repetitionLevelHistograms = in.readI64ListField();
        case 7 -> definitionLevelHistograms = in.readI64ListField();
        case 8 -> nanCounts = in.readI64ListField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new ColumnIndex(
        in.require(nullPages, "ColumnIndex", 1, "null_pages"),
        in.require(minValues, "ColumnIndex", 2, "min_values"),
        in.require(maxValues, "ColumnIndex", 3, "max_values"),
        in.require(boundaryOrder, "ColumnIndex", 4, "boundary_order"),
        nullCounts, repetitionLevelHistograms, definitionLevelHistograms, nanCounts);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeBoolListField(1, nullPages);
    out.writeBinaryListField(2, minValues);
    out.writeBinaryListField(3, maxValues);
    out.writeEnumField(4, boundaryOrder);
    if (nullCounts != null) {
      out.writeI64ListField(5, nullCounts);
    }
    if (repetitionLevelHistograms != null) {
      out.writeI64ListField(6, repetitionLevelHistograms);
    }
    if (definitionLevelHistograms != null) {
      out.writeI64ListField(7, definitionLevelHistograms);
    }
    if (nanCounts != null) {
      out.writeI64ListField(8, nanCounts);
    }
    out.writeStructEnd();
  }

  /** Decodes a ColumnIndex from a slice. */
  public static ColumnIndex decode(byte[] bytes, int offset, int length) throws ParquetCorruptionException {
    return read(new CompactProtocolReader(bytes, offset, length));
  }

  /** Encodes this ColumnIndex. */
  public byte[] encode() {
    CompactProtocolWriter out = new CompactProtocolWriter(256);
    write(out);
    return out.toByteArray();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ColumnIndex that
        && nullPages.equals(that.nullPages)
        && FormatSupport.bytesListEquals(minValues, that.minValues)
        && FormatSupport.bytesListEquals(maxValues, that.maxValues)
        && boundaryOrder == that.boundaryOrder
        && Objects.equals(nullCounts, that.nullCounts)
        && Objects.equals(repetitionLevelHistograms, that.repetitionLevelHistograms)
        && Objects.equals(definitionLevelHistograms, that.definitionLevelHistograms)
        && Objects.equals(nanCounts, that.nanCounts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(nullPages, FormatSupport.bytesListHash(minValues), FormatSupport.bytesListHash(maxValues),
        boundaryOrder, nullCounts, repetitionLevelHistograms, definitionLevelHistograms, nanCounts);
  }

  @Override
  public String toString() {
    return "ColumnIndex[nullPages=" + nullPages + ", minValues=" + FormatSupport.hexList(minValues)
        + ", maxValues=" + FormatSupport.hexList(maxValues) + ", boundaryOrder=" + boundaryOrder
        + ", nullCounts=" + nullCounts + ", repetitionLevelHistograms=" + repetitionLevelHistograms
        + ", definitionLevelHistograms=" + definitionLevelHistograms + ", nanCounts=" + nanCounts + "]";
  }
}
