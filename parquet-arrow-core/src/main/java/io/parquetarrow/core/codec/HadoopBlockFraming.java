package io.parquetarrow.core.codec;

import java.util.function.IntUnaryOperator;

/**
 * The block framing of Hadoop's {@code BlockCompressorStream}, which parquet-java's Hadoop-bound {@code LZ4}
 * and {@code LZO} codecs write around raw codec output:
 *
 * <pre>
 *   body  := block*
 *   block := uncompressedBlockLength:int32-big-endian chunk+
 *   chunk := compressedChunkLength:int32-big-endian rawCompressedBytes[compressedChunkLength]
 * </pre>
 *
 * A block's chunks decompress to exactly {@code uncompressedBlockLength} bytes together; Hadoop writes an empty
 * block (empty page) as the bare length 0, with no chunk. Arrow C++ instead reads and writes strict pairs
 * (decompressed size, compressed size, data), so its empty page is {@code 0, 1, 0x00}. The two readings agree
 * on every non-empty single-chunk block; {@link #unframe} takes the reading as a parameter and the codecs try
 * Hadoop's first, then Arrow's.
 */
final class HadoopBlockFraming {
  private HadoopBlockFraming() {}

  /** Size of a block or chunk length prefix. */
  static final int PREFIX_LENGTH = Integer.BYTES;

  /** Bytes of raw input per block written by {@link #frame}; small enough for Hadoop's default 64 KiB buffers. */
  static final int BLOCK_INPUT_LENGTH = 64 * 1024 - 1024;

  /** Decompresses one raw chunk; returns the bytes produced, or throws a runtime exception on malformed input. */
  @FunctionalInterface
  interface ChunkDecompressor {
    int decompress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int maxOutput);
  }

  /** Compresses one raw chunk into {@code output} with room for {@code maxOutput}; returns the bytes written. */
  @FunctionalInterface
  interface ChunkCompressor {
    int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int maxOutput);
  }

  /**
   * Decompresses a framed body into {@code output[outputOffset, +uncompressedLength)}. Returns {@code null} when
   * the body decompresses to exactly {@code uncompressedLength} bytes, otherwise a description of the first
   * inconsistency (the caller decides whether that means corruption or another framing). Never writes outside
   * the destination range: each chunk is bounded by what its block still may produce.
   */
  static String unframe(
      byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength,
      boolean oneChunkPerBlock, ChunkDecompressor chunks) {
    int position = inputOffset;
    int inputEnd = inputOffset + inputLength;
    int produced = 0;
    while (position < inputEnd) {
      if (inputEnd - position < PREFIX_LENGTH) {
        return "a block length prefix is cut off at byte " + (position - inputOffset);
      }
      long blockLength = readBigEndianUnsigned(input, position);
      position += PREFIX_LENGTH;
      if (blockLength > uncompressedLength - produced) {
        return "block at byte " + (position - PREFIX_LENGTH - inputOffset) + " declares " + blockLength
            + " bytes but only " + (uncompressedLength - produced) + " remain in the page";
      }
      int blockEnd = produced + (int) blockLength;
      boolean chunkExpected = oneChunkPerBlock || produced < blockEnd;
      while (chunkExpected) {
        if (inputEnd - position < PREFIX_LENGTH) {
          return "a chunk length prefix is cut off at byte " + (position - inputOffset);
        }
        long chunkLength = readBigEndianUnsigned(input, position);
        position += PREFIX_LENGTH;
        if (chunkLength > inputEnd - position) {
          return "chunk at byte " + (position - PREFIX_LENGTH - inputOffset) + " declares " + chunkLength
              + " compressed bytes but only " + (inputEnd - position) + " remain";
        }
        if (chunkLength == 0 && !oneChunkPerBlock) {
          return "empty chunk at byte " + (position - PREFIX_LENGTH - inputOffset) + " in an unfinished block";
        }
        int chunkProduced;
        try {
          chunkProduced = chunks.decompress(
              input, position, (int) chunkLength, output, outputOffset + produced, blockEnd - produced);
        } catch (RuntimeException e) {
          return "chunk at byte " + (position - PREFIX_LENGTH - inputOffset) + " is malformed: " + e.getMessage();
        }
        if (chunkProduced < 0 || chunkProduced > blockEnd - produced) {
          return "chunk at byte " + (position - PREFIX_LENGTH - inputOffset) + " decompressed to "
              + chunkProduced + " bytes, more than its block holds";
        }
        position += (int) chunkLength;
        produced += chunkProduced;
        if (oneChunkPerBlock && produced != blockEnd) {
          return "chunk at byte " + (position - chunkLength - PREFIX_LENGTH - inputOffset)
              + " does not fill its block";
        }
        chunkExpected = !oneChunkPerBlock && produced < blockEnd;
      }
    }
    if (produced != uncompressedLength) {
      return "blocks hold " + produced + " bytes in total";
    }
    return null;
  }

  /** An upper bound of {@link #frame}'s output given the raw codec's per-chunk bound. */
  static long maxFramedLength(int inputLength, IntUnaryOperator chunkBound) {
    long total = 0;
    int remaining = inputLength;
    do {
      int block = Math.min(remaining, BLOCK_INPUT_LENGTH);
      total += 2L * PREFIX_LENGTH + chunkBound.applyAsInt(block);
      remaining -= block;
    } while (remaining > 0);
    return total;
  }

  /**
   * Frames {@code input} as blocks of at most {@link #BLOCK_INPUT_LENGTH} bytes, one chunk each, into
   * {@code output} (sized by {@link #maxFramedLength}); returns the bytes written. Empty input gives the bare
   * block length 0, as Hadoop writes it.
   */
  static int frame(
      byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int outputLength,
      ChunkCompressor chunks) {
    if (inputLength == 0) {
      writeBigEndian(output, outputOffset, 0);
      return PREFIX_LENGTH;
    }
    int written = 0;
    int consumed = 0;
    do {
      int block = Math.min(inputLength - consumed, BLOCK_INPUT_LENGTH);
      writeBigEndian(output, outputOffset + written, block);
      int chunkStart = outputOffset + written + 2 * PREFIX_LENGTH;
      int chunkLength = chunks.compress(
          input, inputOffset + consumed, block, output, chunkStart, outputLength - written - 2 * PREFIX_LENGTH);
      writeBigEndian(output, outputOffset + written + PREFIX_LENGTH, chunkLength);
      written += 2 * PREFIX_LENGTH + chunkLength;
      consumed += block;
    } while (consumed < inputLength);
    return written;
  }

  private static long readBigEndianUnsigned(byte[] bytes, int offset) {
    return ((bytes[offset] & 0xFFL) << 24)
        | ((bytes[offset + 1] & 0xFFL) << 16)
        | ((bytes[offset + 2] & 0xFFL) << 8)
        | (bytes[offset + 3] & 0xFFL);
  }

  private static void writeBigEndian(byte[] bytes, int offset, int value) {
    bytes[offset] = (byte) (value >>> 24);
    bytes[offset + 1] = (byte) (value >>> 16);
    bytes[offset + 2] = (byte) (value >>> 8);
    bytes[offset + 3] = (byte) value;
  }
}
