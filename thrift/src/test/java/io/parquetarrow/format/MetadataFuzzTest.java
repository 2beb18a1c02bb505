package io.parquetarrow.format;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.parquetarrow.fuzz.FuzzChecks;
import io.parquetarrow.fuzz.FuzzChecks.FuzzFinding;

/**
 * Jazzer fuzz targets of the Thrift compact-protocol decoders on raw bytes: the footer ({@link FileMetaData}),
 * page headers ({@link PageHeader}) and the other structures read from a file on their own (page indexes, Bloom
 * filter headers, the encrypted footer's {@link FileCryptoMetaData}). Whatever decodes must encode to bytes that
 * decode to the same value. Without {@code JAZZER_FUZZ} the targets replay the inputs in
 * {@code MetadataFuzzTestInputs/<method>/}; {@code ./fuzz} runs a campaign.
 */
class MetadataFuzzTest {

  @FuzzTest
  void fileMetaData(byte[] input) {
    FuzzChecks.run(input.length, () -> {
      FileMetaData decoded = FileMetaData.decode(input, 0, input.length);
      byte[] encoded = decoded.encode();
      checkSame(decoded, FileMetaData.decode(encoded, 0, encoded.length));
    });
  }

  @FuzzTest
  void pageHeader(byte[] input) {
    FuzzChecks.run(input.length, () -> {
      PageHeader.Decoded decoded = PageHeader.decodePrefix(input, 0, input.length);
      if (decoded.headerLength() < 0 || decoded.headerLength() > input.length) {
        throw new FuzzFinding("header length " + decoded.headerLength() + " outside the input", null);
      }
      byte[] encoded = decoded.header().encode();
      checkSame(decoded.header(), PageHeader.decode(encoded, 0, encoded.length));
    });
  }

  @FuzzTest
  void otherStructures(byte[] input) {
    FuzzChecks.run(input.length, () -> {
      ColumnIndex index = ColumnIndex.decode(input, 0, input.length);
      byte[] encoded = index.encode();
      checkSame(index, ColumnIndex.decode(encoded, 0, encoded.length));
    });
    FuzzChecks.run(input.length, () -> {
      OffsetIndex index = OffsetIndex.decode(input, 0, input.length);
      byte[] encoded = index.encode();
      checkSame(index, OffsetIndex.decode(encoded, 0, encoded.length));
    });
    FuzzChecks.run(input.length, () -> BloomFilterHeader.decode(input, 0, input.length));
    FuzzChecks.run(input.length, () -> FileCryptoMetaData.decode(input, 0, input.length));
  }

  private static void checkSame(Object decoded, Object again) {
    if (!decoded.equals(again)) {
      throw new FuzzFinding("decoded " + decoded + " but its encoding decodes to " + again, null);
    }
  }
}
