package io.parquetarrow.core.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code ZSTD} codec: each page body is one or more Zstandard frames (RFC 8878), through zstd-jni with one
 * reused native context per instance. Frames that do not record their content size are accepted: the
 * destination is bounded by the page header's uncompressed size, and the decoder stops with an error rather
 * than write past it.
 */
final class ZstdCodec {
  private ZstdCodec() {}

  /** Decompresses Zstandard frames; direct destinations are written by the native decoder in place. */
  static final class Decompressing extends AbstractDecompressor {
    /** RFC 8878: the magic number that starts a Zstandard frame (little-endian in the frame). */
    private static final int FRAME_MAGIC = 0xFD2FB528;
    /** The most a block decompresses to with a window of 128 KiB or more. */
    private static final long MAXIMUM_BLOCK = 128 << 10;
    private ZstdDecompressCtx context;
    /** The frame {@link #leadingBlocks} decodes, reused. */
    private byte[] frame = new byte[0];

    Decompressing() {
      super("ZSTD");
    }

    /**
     * Native contexts of closed decompressors, for the next ones: creating one costs as much as decompressing a
     * small page (4 % of a point lookup that opens 16 column chunks). Each call resets a context's session, so a
     * context carries nothing from one page to the next; at most {@link #POOLED_CONTEXTS} are kept.
     */
    private static final ConcurrentLinkedDeque<ZstdDecompressCtx> CONTEXTS = new ConcurrentLinkedDeque<>();
    private static final int POOLED_CONTEXTS = 16;
    private static final AtomicInteger pooledContexts = new AtomicInteger();

    private ZstdDecompressCtx context() {
      if (context == null) {
        context = CONTEXTS.pollFirst();
        if (context == null) {
          context = new ZstdDecompressCtx();
        } else {
          pooledContexts.decrementAndGet();
        }
      }
      return context;
    }

    @Override
    void decompressToArray(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      int produced;
      try {
        produced = context().decompressByteArray(
            output, outputOffset, uncompressedLength, input, inputOffset, inputLength);
      } catch (ZstdException | IllegalArgumentException e) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength, e);
      }
      CodecChecks.checkProduced(codec, produced, uncompressedLength);
    }

    @Override
    void decompressToDirect(
        byte[] input, int inputOffset, int inputLength, ByteBuffer output, int position, int uncompressedLength)
        throws ParquetCorruptionException {
      int produced;
      try {
        produced = context().decompressByteArrayToDirectByteBuffer(
            output, position, uncompressedLength, input, inputOffset, inputLength);
      } catch (ZstdException | IllegalArgumentException e) {
        throw CodecChecks.malformed(codec, inputLength, uncompressedLength, e);
      }
      CodecChecks.checkProduced(codec, produced, uncompressedLength);
    }

    /**
     * Decompresses the leading blocks of the body's first frame that hold the prefix, as a frame of their own, in one
     * call straight into {@code output} (a block decompresses to at most 128 KiB, so up to one block more than the
     * prefix is written; the count returned says how far). The frame is the original's header without its content
     * size or checksum, with the original window, and those blocks, the last of them marked last: the blocks after
     * them are neither decoded nor checked. Only the output's own size bounds what the decoder writes; it keeps no
     * window of its own. A prefix of most of the page, a dictionary frame, a prefix beyond the first frame's blocks,
     * blocks that decompress to less than the prefix or a decoding error decompress the whole page instead, checked
     * as {@link #decompress} checks it: a corrupt page fails there, and a valid one refused here is still read.
     */
    @Override
    public int decompressPrefix(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset,
        int uncompressedLength, int prefixLength) throws ParquetCorruptionException {
      CodecChecks.checkArguments(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
      if (prefixLength == 0) {
        return 0;
      }
      if (prefixLength > 0 && (long) prefixLength * 4 < (long) uncompressedLength * 3) {
        int produced = leadingBlocks(input, inputOffset, inputLength, output, outputOffset, uncompressedLength,
            prefixLength);
        if (produced >= prefixLength) {
          return produced;
        }
      }
      decompress(input, inputOffset, inputLength, output, outputOffset, uncompressedLength);
      return uncompressedLength;
    }

    /**
     * Decodes the first frame's leading blocks that hold at least {@code prefixLength} bytes (RFC 8878: a block
     * decompresses to at most {@code Block_Maximum_Size}, the smaller of the window and 128 KiB); returns the bytes
     * written, or -1 when the frame cannot be cut so.
     */
    private int leadingBlocks(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset,
        int uncompressedLength, int prefixLength) {
      int end = inputOffset + inputLength;
      if (inputLength < 6 || (int) littleEndian(input, inputOffset, 4) != FRAME_MAGIC) {
        return -1;
      }
      int descriptor = input[inputOffset + 4] & 0xFF;
      if ((descriptor & 0x0B) != 0) {
        return -1; // a dictionary ID, or the reserved bit
      }
      boolean singleSegment = (descriptor & 0x20) != 0;
      int sizeFlag = descriptor >>> 6;
      int sizeBytes = sizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << sizeFlag;
      int position = inputOffset + 5;
      int windowDescriptor;
      long window;
      if (singleSegment) {
        if (position + sizeBytes > end) {
          return -1;
        }
        // The window is the content size: the smallest descriptor at least as large, 2^(10 + exponent).
        window = littleEndian(input, position, sizeBytes) + (sizeFlag == 1 ? 256 : 0);
        int exponent = Math.max(0, 64 - Long.numberOfLeadingZeros(Math.max(1, window - 1)) - 10);
        if (exponent > 31) {
          return -1;
        }
        windowDescriptor = exponent << 3;
        position += sizeBytes;
      } else {
        windowDescriptor = input[position] & 0xFF;
        long base = 1L << (10 + (windowDescriptor >>> 3));
        window = base + base / 8 * (windowDescriptor & 7);
        position += 1 + sizeBytes;
      }
      long blockMaximum = Math.min(window, MAXIMUM_BLOCK);
      int blocksStart = position;
      int lastHeader = -1;
      long reach = 0;
      while (reach < prefixLength) {
        if (position + 3 > end) {
          return -1;
        }
        int header = (int) littleEndian(input, position, 3);
        int type = (header >>> 1) & 3;
        if ((header & 1) != 0 || type == 3) {
          return -1; // the frame's last block (the whole page is asked), or a reserved block type
        }
        int size = header >>> 3;
        lastHeader = position;
        position += 3 + (type == 1 ? 1 : size);
        if (position > end) {
          return -1;
        }
        reach += type == 2 ? blockMaximum : size;
      }
      int blocksLength = position - blocksStart;
      int frameLength = 6 + blocksLength;
      if (frame.length < frameLength) {
        frame = new byte[frameLength];
      }
      for (int i = 0; i < 4; i++) {
        frame[i] = (byte) (FRAME_MAGIC >>> (8 * i));
      }
      frame[4] = 0; // no content size, not a single segment, no checksum, no dictionary
      frame[5] = (byte) windowDescriptor;
      System.arraycopy(input, blocksStart, frame, 6, blocksLength);
      frame[6 + lastHeader - blocksStart] |= 1;
      try {
        return context().decompressByteArray(output, outputOffset, uncompressedLength, frame, 0, frameLength);
      } catch (ZstdException | IllegalArgumentException e) {
        return -1;
      }
    }

    private static long littleEndian(byte[] bytes, int offset, int length) {
      long value = 0;
      for (int i = length - 1; i >= 0; i--) {
        value = value << 8 | (bytes[offset + i] & 0xFF);
      }
      return value;
    }

    @Override
    public void close() {
      if (context != null) {
        if (pooledContexts.incrementAndGet() <= POOLED_CONTEXTS) {
          CONTEXTS.addFirst(context);
        } else {
          pooledContexts.decrementAndGet();
          context.close();
        }
        context = null;
      }
      frame = new byte[0];
    }
  }

  /** Compresses page bodies into one Zstandard frame at the configured level. */
  static final class Compressing implements Compressor {
    private final int level;
    private ZstdCompressCtx context;

    Compressing(int level) {
      if (level < Zstd.minCompressionLevel() || level > Zstd.maxCompressionLevel()) {
        throw new IllegalArgumentException(
            "ZSTD level " + level + " is outside [" + Zstd.minCompressionLevel() + ", "
                + Zstd.maxCompressionLevel() + "]");
      }
      this.level = level;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
      return Math.toIntExact(Zstd.compressBound(inputLength));
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset) {
      Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
      Objects.checkFromIndexSize(outputOffset, maxCompressedLength(inputLength), output.length);
      if (context == null) {
        context = new ZstdCompressCtx().setLevel(level);
      }
      return context.compressByteArray(
          output, outputOffset, maxCompressedLength(inputLength), input, inputOffset, inputLength);
    }

    @Override
    public void close() {
      if (context != null) {
        context.close();
        context = null;
      }
    }
  }
}
