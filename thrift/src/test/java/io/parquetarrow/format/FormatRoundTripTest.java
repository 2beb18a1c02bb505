package io.parquetarrow.format;

import static io.parquetarrow.format.FormatSamples.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import io.parquetarrow.thrift.ThriftReadFunction;
import io.parquetarrow.thrift.ThriftWriteFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** encode → decode gives back an equal value, and re-encoding gives the same bytes, for every record. */
class FormatRoundTripTest {

  private record Case<T>(String name, T value, ThriftWriteFunction<T> writer, ThriftReadFunction<T> reader) {
    void check() throws ParquetCorruptionException {
      CompactProtocolWriter out = new CompactProtocolWriter();
      writer.write(out, value);
      byte[] encoded = out.toByteArray();
      CompactProtocolReader in = new CompactProtocolReader(encoded);
      T decoded = reader.read(in);
      assertThat(decoded).as("%s decoded from its own encoding", name).isEqualTo(value);
      assertThat(decoded.hashCode()).as("%s hash code", name).isEqualTo(value.hashCode());
      assertThat(in.bytesConsumed()).as("%s bytes consumed", name).isEqualTo(encoded.length);
      CompactProtocolWriter again = new CompactProtocolWriter();
      writer.write(again, decoded);
      assertThat(again.toByteArray()).as("%s re-encoded", name).isEqualTo(encoded);
    }
  }

  private static <T> Case<T> of(String name, T value, ThriftWriteFunction<T> writer, ThriftReadFunction<T> reader) {
    return new Case<>(name, value, writer, reader);
  }

  private static List<Case<?>> cases() {
    List<Case<?>> cases = new ArrayList<>();
    cases.add(of("KeyValue full", new KeyValue("k", "v"), (o, v) -> v.write(o), KeyValue::read));
    cases.add(of("KeyValue minimal", new KeyValue("k", null), (o, v) -> v.write(o), KeyValue::read));
    cases.add(of("SortingColumn", new SortingColumn(-1, true, true), (o, v) -> v.write(o), SortingColumn::read));
    cases.add(of("PageEncodingStats", new PageEncodingStats(PageType.DATA_PAGE_V2, Encoding.BYTE_STREAM_SPLIT, 9),
        (o, v) -> v.write(o), PageEncodingStats::read));
    cases.add(of("Statistics full", fullStatistics(), (o, v) -> v.write(o), Statistics::read));
    cases.add(of("Statistics minimal", minimalStatistics(), (o, v) -> v.write(o), Statistics::read));
    cases.add(of("SizeStatistics full", fullSizeStatistics(), (o, v) -> v.write(o), SizeStatistics::read));
    cases.add(of("SizeStatistics minimal", new SizeStatistics(null, null, null), (o, v) -> v.write(o),
        SizeStatistics::read));
    cases.add(of("BoundingBox full", fullBoundingBox(), (o, v) -> v.write(o), BoundingBox::read));
    cases.add(of("BoundingBox minimal", new BoundingBox(1, 2, 3, 4, null, null, null, null),
        (o, v) -> v.write(o), BoundingBox::read));
    cases.add(of("GeospatialStatistics full", fullGeospatialStatistics(), (o, v) -> v.write(o),
        GeospatialStatistics::read));
    cases.add(of("GeospatialStatistics minimal", new GeospatialStatistics(null, null), (o, v) -> v.write(o),
        GeospatialStatistics::read));
    for (LogicalType type : allLogicalTypes()) {
      cases.add(of("LogicalType " + type, type, (o, v) -> v.write(o), LogicalType::read));
    }
    for (TimeUnit unit : TimeUnit.values()) {
      cases.add(of("TimeUnit " + unit, unit, (o, v) -> v.write(o), TimeUnit::read));
    }
    cases.add(of("SchemaElement full", fullSchemaElement(), (o, v) -> v.write(o), SchemaElement::read));
    cases.add(of("SchemaElement minimal", minimalSchemaElement(), (o, v) -> v.write(o), SchemaElement::read));
    for (LogicalType type : allLogicalTypes()) {
      SchemaElement element = new SchemaElement(Type.BYTE_ARRAY, null, FieldRepetitionType.REQUIRED, "c", null,
          null, null, null, null, type);
      cases.add(of("SchemaElement with " + type, element, (o, v) -> v.write(o), SchemaElement::read));
    }
    cases.add(of("DataPageHeader", fullDataPageHeader().dataPageHeader(), (o, v) -> v.write(o),
        DataPageHeader::read));
    cases.add(of("DataPageHeader minimal", new DataPageHeader(0, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null),
        (o, v) -> v.write(o), DataPageHeader::read));
    cases.add(of("DataPageHeaderV2", fullDataPageHeader().dataPageHeaderV2(), (o, v) -> v.write(o),
        DataPageHeaderV2::read));
    cases.add(of("DataPageHeaderV2 minimal", new DataPageHeaderV2(1, 0, 1, Encoding.PLAIN, 0, 0, null, null),
        (o, v) -> v.write(o), DataPageHeaderV2::read));
    cases.add(of("DictionaryPageHeader", new DictionaryPageHeader(3, Encoding.PLAIN, null), (o, v) -> v.write(o),
        DictionaryPageHeader::read));
    cases.add(of("IndexPageHeader", new IndexPageHeader(), (o, v) -> v.write(o), IndexPageHeader::read));
    cases.add(of("PageHeader full", fullDataPageHeader(), (o, v) -> v.write(o), PageHeader::read));
    cases.add(of("PageHeader minimal", minimalPageHeader(), (o, v) -> v.write(o), PageHeader::read));
    cases.add(of("ColumnMetaData full", fullColumnMetaData(), (o, v) -> v.write(o), ColumnMetaData::read));
    cases.add(of("ColumnMetaData minimal", minimalColumnMetaData(), (o, v) -> v.write(o), ColumnMetaData::read));
    for (ColumnCryptoMetaData crypto : allColumnCryptoMetaData()) {
      cases.add(of("ColumnCryptoMetaData " + crypto, crypto, (o, v) -> v.write(o), ColumnCryptoMetaData::read));
    }
    cases.add(of("ColumnChunk full", fullColumnChunk(), (o, v) -> v.write(o), ColumnChunk::read));
    cases.add(of("ColumnChunk minimal", minimalColumnChunk(), (o, v) -> v.write(o), ColumnChunk::read));
    cases.add(of("RowGroup full", fullRowGroup(), (o, v) -> v.write(o), RowGroup::read));
    cases.add(of("RowGroup minimal", minimalRowGroup(), (o, v) -> v.write(o), RowGroup::read));
    cases.add(of("ColumnOrder TYPE_ORDER", new ColumnOrder.TypeDefinedOrder(), (o, v) -> v.write(o),
        ColumnOrder::read));
    cases.add(of("ColumnOrder IEEE_754_TOTAL_ORDER", new ColumnOrder.Ieee754TotalOrder(), (o, v) -> v.write(o),
        ColumnOrder::read));
    cases.add(of("ColumnOrder INT96_TIMESTAMP_ORDER", new ColumnOrder.Int96TimestampOrder(),
        (o, v) -> v.write(o), ColumnOrder::read));
    cases.add(of("ColumnOrder unrecognized", new ColumnOrder.Unrecognized(12), (o, v) -> v.write(o),
        ColumnOrder::read));
    cases.add(of("PageLocation", new PageLocation(Long.MAX_VALUE, Integer.MIN_VALUE, -1), (o, v) -> v.write(o),
        PageLocation::read));
    cases.add(of("OffsetIndex full", fullOffsetIndex(), (o, v) -> v.write(o), OffsetIndex::read));
    cases.add(of("OffsetIndex minimal", minimalOffsetIndex(), (o, v) -> v.write(o), OffsetIndex::read));
    cases.add(of("ColumnIndex full", fullColumnIndex(), (o, v) -> v.write(o), ColumnIndex::read));
    cases.add(of("ColumnIndex minimal", minimalColumnIndex(), (o, v) -> v.write(o), ColumnIndex::read));
    cases.add(of("BloomFilterHeader", fullBloomFilterHeader(), (o, v) -> v.write(o), BloomFilterHeader::read));
    cases.add(of("BloomFilterHeader unrecognized members",
        new BloomFilterHeader(32, new BloomFilterAlgorithm.Unrecognized(2), new BloomFilterHash.Unrecognized(3),
            new BloomFilterCompression.Unrecognized(4)),
        (o, v) -> v.write(o), BloomFilterHeader::read));
    for (EncryptionAlgorithm algorithm : allEncryptionAlgorithms()) {
      cases.add(of("EncryptionAlgorithm " + algorithm, algorithm, (o, v) -> v.write(o), EncryptionAlgorithm::read));
      cases.add(of("FileCryptoMetaData " + algorithm, new FileCryptoMetaData(algorithm, bytes("km")),
          (o, v) -> v.write(o), FileCryptoMetaData::read));
    }
    cases.add(of("FileCryptoMetaData minimal",
        new FileCryptoMetaData(new EncryptionAlgorithm.AesGcmV1(null, null, null), null), (o, v) -> v.write(o),
        FileCryptoMetaData::read));
    cases.add(of("FileMetaData full", fullFileMetaData(), (o, v) -> v.write(o), FileMetaData::read));
    cases.add(of("FileMetaData minimal", minimalFileMetaData(), (o, v) -> v.write(o), FileMetaData::read));
    return cases;
  }

  @TestFactory
  Stream<DynamicTest> everyRecordRoundTrips() {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), c::check));
  }

  @Test
  void timeUnitsCountTheirPartsOfASecond() {
    assertThat(TimeUnit.MILLIS.perSecond()).isEqualTo(1_000L);
    assertThat(TimeUnit.MICROS.perSecond()).isEqualTo(1_000_000L);
    assertThat(TimeUnit.NANOS.perSecond()).isEqualTo(1_000_000_000L);
  }

  @Test
  void topLevelEncodeAndDecodeHelpersAgreeWithReadAndWrite() throws ParquetCorruptionException {
    FileMetaData footer = fullFileMetaData();
    byte[] padded = new byte[footer.encode().length + 10];
    System.arraycopy(footer.encode(), 0, padded, 5, footer.encode().length);
    assertThat(FileMetaData.decode(padded, 5, footer.encode().length)).isEqualTo(footer);
    assertThat(PageHeader.decode(fullDataPageHeader().encode(), 0, fullDataPageHeader().encode().length))
        .isEqualTo(fullDataPageHeader());
    assertThat(ColumnIndex.decode(fullColumnIndex().encode(), 0, fullColumnIndex().encode().length))
        .isEqualTo(fullColumnIndex());
    assertThat(OffsetIndex.decode(fullOffsetIndex().encode(), 0, fullOffsetIndex().encode().length))
        .isEqualTo(fullOffsetIndex());
    assertThat(BloomFilterHeader.decode(fullBloomFilterHeader().encode(), 0, fullBloomFilterHeader().encode().length))
        .isEqualTo(fullBloomFilterHeader());
    assertThat(ColumnMetaData.decode(fullColumnMetaData().encode(), 0, fullColumnMetaData().encode().length))
        .isEqualTo(fullColumnMetaData());
    FileCryptoMetaData crypto = new FileCryptoMetaData(allEncryptionAlgorithms().get(0), bytes("x"));
    assertThat(FileCryptoMetaData.decode(crypto.encode(), 0, crypto.encode().length)).isEqualTo(crypto);
  }

  @Test
  void pageHeaderPrefixDecodeReportsHeaderLengthAndTruncation() throws ParquetCorruptionException {
    byte[] header = fullDataPageHeader().encode();
    byte[] withData = new byte[header.length + 100];
    System.arraycopy(header, 0, withData, 0, header.length);
    PageHeader.Decoded decoded = PageHeader.decodePrefix(withData, 0, withData.length);
    assertThat(decoded.header()).isEqualTo(fullDataPageHeader());
    assertThat(decoded.headerLength()).isEqualTo(header.length);
    assertThatThrownBy(() -> PageHeader.decodePrefix(withData, 0, header.length - 1))
        .as("a prefix one byte short must ask for more bytes")
        .isInstanceOf(io.parquetarrow.thrift.ThriftTruncatedException.class);
  }

  @Test
  void missingRequiredFieldNamesStructAndField() {
    CompactProtocolWriter out = new CompactProtocolWriter();
    out.writeStructBegin();
    out.writeI32Field(1, 1);
    out.writeStructEnd();
    assertThatThrownBy(() -> FileMetaData.decode(out.toByteArray(), 0, out.size()))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("FileMetaData")
        .hasMessageContaining("required field 2 (schema)");
  }

  @Test
  void recordsWithByteArraysCompareByContent() {
    assertThat(fullStatistics()).isEqualTo(fullStatistics()).hasSameHashCodeAs(fullStatistics());
    assertThat(fullColumnIndex()).isEqualTo(fullColumnIndex()).hasSameHashCodeAs(fullColumnIndex());
    assertThat(fullFileMetaData()).isEqualTo(fullFileMetaData()).hasSameHashCodeAs(fullFileMetaData());
    assertThat(fullStatistics().toString()).contains("max=0x6d6178");
    assertThat(fullStatistics()).isNotEqualTo(minimalStatistics());
  }

  @Test
  void listsAreUnmodifiable() {
    FileMetaData footer = fullFileMetaData();
    assertThatThrownBy(() -> footer.schema().add(minimalSchemaElement()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void enumsMapToAndFromTheirWireValues() {
    for (Encoding encoding : Encoding.values()) {
      assertThat(Encoding.fromValue(encoding.value())).isEqualTo(encoding);
    }
    for (Type type : Type.values()) {
      assertThat(Type.fromValue(type.value())).isEqualTo(type);
    }
    for (ConvertedType type : ConvertedType.values()) {
      assertThat(ConvertedType.fromValue(type.value())).isEqualTo(type);
    }
    assertThat(Encoding.fromValue(1)).as("GROUP_VAR_INT was never used").isEqualTo(Encoding.UNKNOWN);
    assertThat(CompressionCodec.fromValue(99)).isEqualTo(CompressionCodec.UNKNOWN);
    assertThat(ConvertedType.INTERVAL.value()).isEqualTo(21);
    assertThatThrownBy(() -> Type.fromValue(-7)).isInstanceOf(IllegalArgumentException.class);
  }
}
