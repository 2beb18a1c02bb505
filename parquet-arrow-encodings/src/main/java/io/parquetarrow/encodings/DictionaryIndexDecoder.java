package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Objects;

/**
 * Decoder of the indices in a dictionary-encoded data page (RLE_DICTIONARY, and the deprecated PLAIN_DICTIONARY
 * in data pages). Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#dictionary-encoding-plain_dictionary--2-and-rle_dictionary--8">
 * Encodings.md, Dictionary Encoding</a>: "Data page format: the bit width used to encode the entry ids stored as
 * 1 byte (max bit width = 32), followed by the values encoded using RLE/Bit packed described above (with the
 * given bit width)":
 *
 * <pre>
 * dictionary-indices := &lt;bit-width: 1 byte&gt; &lt;encoded-data of the RLE/bit-packed hybrid, no length&gt;
 * </pre>
 *
 * It returns the indices; {@link #readIndices} also checks them against the dictionary's size so that
 * {@code parquet-arrow-core} can gather with {@code ParquetKernels.gather*} without further checks.
 */
public final class DictionaryIndexDecoder implements ValueDecoder<int[]> {
  private final ParquetKernels kernels;
  private final RleBitPackedHybridDecoder hybrid;

  public DictionaryIndexDecoder(ParquetKernels kernels) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    this.hybrid = new RleBitPackedHybridDecoder(kernels, 0).describedAs("dictionary indices");
  }

  /** The bit width read from the current page. */
  public int bitWidth() {
    return hybrid.bitWidth();
  }

  @Override
  public void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException {
    Objects.checkFromIndexSize(offset, length, page.length);
    PageCursor.checkValueCount("dictionary indices", valueCount);
    if (length == 0) {
      if (valueCount != 0) {
        throw ParquetCorruptionException.of(
            "dictionary indices: expected a 1-byte bit width for %d values but the page has no bytes", valueCount);
      }
      hybrid.init(page, offset, 0, 0, 0);
      return;
    }
    int bitWidth = page[offset] & 0xFF;
    if (bitWidth > 32) {
      throw ParquetCorruptionException.of(
          "dictionary indices: bit width must be at most 32 but the page says %d", bitWidth);
    }
    hybrid.init(page, offset + 1, length - 1, valueCount, bitWidth);
  }

  @Override
  public void read(int[] destination, int destinationOffset, int count) throws ParquetCorruptionException {
    hybrid.read(destination, destinationOffset, count);
  }

  /**
   * Reads {@code count} indices and checks each is below {@code dictionarySize}, so a gather from the dictionary
   * cannot go out of bounds.
   */
  public void readIndices(int[] destination, int destinationOffset, int count, int dictionarySize)
      throws ParquetCorruptionException {
    // Checked run by run while decoding: an RLE run of indices needs one comparison, not one per index.
    long offending = hybrid.readCheckingBelow(destination, destinationOffset, count, dictionarySize);
    if (offending >= 0) {
      throw ParquetCorruptionException.of(
          "dictionary indices: index %d is out of range for a dictionary of %d entries", offending, dictionarySize);
    }
  }

  /**
   * Moves past {@code count} indices and keeps only those at {@code picks[first, first + pickCount)} (ascending,
   * relative to the next index) in {@code destination} from 0 on, each checked below {@code dictionarySize}
   * ({@link RleBitPackedHybridDecoder#readPickedCheckingBelow}: no group unpacked for a pick).
   */
  public void readPickedIndices(int count, int[] picks, int first, int pickCount, int[] destination,
      int dictionarySize) throws ParquetCorruptionException {
    long offending = hybrid.readPickedCheckingBelow(count, picks, first, pickCount, destination, dictionarySize);
    if (offending >= 0) {
      throw ParquetCorruptionException.of(
          "dictionary indices: index %d is out of range for a dictionary of %d entries", offending, dictionarySize);
    }
  }

  @Override
  public void skip(int count) throws ParquetCorruptionException {
    hybrid.skip(count);
  }
}
