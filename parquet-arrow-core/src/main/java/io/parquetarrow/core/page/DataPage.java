package io.parquetarrow.core.page;

import io.parquetarrow.format.Encoding;

/**
 * One data page (v1 or v2) with its body uncompressed, as {@link PageReader} returns it to the column layer.
 *
 * <p>{@code data[offset, offset + length)} holds the page exactly as the level and value decoders expect it:
 * for v1 the repetition levels, the definition levels (each RLE section with its 4-byte length prefix, or
 * BIT_PACKED) and the values; for v2 the repetition levels ({@code repetitionLevelsLength} bytes), the
 * definition levels ({@code definitionLevelsLength} bytes, both RLE without length prefix) and the values. The
 * array is the reader's scratch and is valid until the next call to {@link PageReader#nextPage()}.
 *
 * @param version 1 or 2
 * @param valueCount {@code num_values}: level entries in the page (including nulls)
 * @param nullCount v2 {@code num_nulls}, or -1 for v1
 * @param rowCount v2 {@code num_rows}, or -1 for v1
 * @param valueEncoding the encoding of the values section
 * @param definitionLevelEncoding v1 encoding of the definition levels (RLE for v2)
 * @param repetitionLevelEncoding v1 encoding of the repetition levels (RLE for v2)
 * @param repetitionLevelsLength v2 byte length of the repetition levels, -1 for v1
 * @param definitionLevelsLength v2 byte length of the definition levels, -1 for v1
 * @param fileOffset where the page header starts in the file, for error messages
 * @param valuesInDestination how many of the page's first values are already in the {@link ValueDestination}
 *     offered to {@link PageReader#nextPage(ValueDestination)} (decompressed or read there): 0 for a page read
 *     as usual; {@code valueCount} when all are, {@code data} then holding no values (only v2 levels, which a
 *     column without levels ignores); in between for an uncompressed PLAIN page that spans the destination's
 *     end, {@code data[offset, offset + length)} then holding exactly the PLAIN values after those, or
 *     {@code data} null when those {@code length} bytes are still in the file ({@link
 *     PageReader#readRemainder}, {@link PageReader#loadRemainder}). A page
 *     of no values is never "in the destination": it goes through the column layer's usual (empty) path
 */
public record DataPage(
    int version, int valueCount, int nullCount, int rowCount, Encoding valueEncoding,
    Encoding definitionLevelEncoding, Encoding repetitionLevelEncoding, byte[] data, int offset, int length,
    int repetitionLevelsLength, int definitionLevelsLength, long fileOffset, int valuesInDestination)
    implements Page {

  /** Whether every value of the page is already in the destination (nothing of it is left to read). */
  public boolean allValuesInDestination() {
    return valuesInDestination > 0 && valuesInDestination == valueCount;
  }

  /** A page whose values are in {@code data} (every page not read through a {@link ValueDestination}). */
  public DataPage(
      int version, int valueCount, int nullCount, int rowCount, Encoding valueEncoding,
      Encoding definitionLevelEncoding, Encoding repetitionLevelEncoding, byte[] data, int offset, int length,
      int repetitionLevelsLength, int definitionLevelsLength, long fileOffset) {
    this(version, valueCount, nullCount, rowCount, valueEncoding, definitionLevelEncoding, repetitionLevelEncoding,
        data, offset, length, repetitionLevelsLength, definitionLevelsLength, fileOffset, 0);
  }
}
