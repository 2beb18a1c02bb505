package io.parquetarrow.core.codec;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The {@code GZIP} codec: page bodies are gzip streams (RFC 1952), inflated with {@link Inflater}.
 *
 * <p>Arrow C++ opens zlib with header auto-detection, so it also reads zlib-wrapped (RFC 1950) bodies; this
 * reader does the same. It goes further than Arrow on one point: a body made of several concatenated gzip
 * members (as some streaming writers produce) is read member after member until the page's uncompressed size
 * is reached, where Arrow stops after the first. Bytes that follow once the page is complete are ignored, as
 * Arrow and {@code GZIPInputStream} ignore them. Member trailers (CRC-32 and length) are verified.
 *
 * <p>The writer emits one gzip member with a minimal header. Arrow C++'s default level is nominally 9 but it
 * passes that as zlib's memory level and compresses at zlib's default, 6; the default here is 6 too.
 */
final class GzipCodec {
  private GzipCodec() {}

  /** zlib's default level, which Arrow C++ effectively uses. */
  static final int DEFAULT_LEVEL = 6;

  private static final int GZIP_MAGIC_1 = 0x1f;
  private static final int GZIP_MAGIC_2 = 0x8b;
  private static final int DEFLATE_METHOD = 8;
  private static final int FLAG_HEADER_CRC = 0x02;
  private static final int FLAG_EXTRA = 0x04;
  private static final int FLAG_NAME = 0x08;
  private static final int FLAG_COMMENT = 0x10;
  private static final int FLAGS_RESERVED = 0xe0;
  private static final int FIXED_HEADER_LENGTH = 10;
  private static final int TRAILER_LENGTH = 8;

  /** gzip or zlib streams; direct destinations are filled by {@link Inflater#inflate(ByteBuffer)} in place. */
  static final class Decompressing extends AbstractDecompressor {
    private Inflater rawInflater;
    private Inflater zlibInflater;
    private final CRC32 crc = new CRC32();
    private final byte[] probe = new byte[1];

    Decompressing() {
      super("GZIP");
    }

    @Override
    void decompressToArray(
        byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength)
        throws ParquetCorruptionException {
      inflateMembers(input, inputOffset, inputLength, ByteBuffer.wrap(output, outputOffset, uncompressedLength),
          uncompressedLength);
    }

    @Override
    void decompressToDirect(
        byte[] input, int inputOffset, int inputLength, ByteBuffer output, int position, int uncompressedLength)
        throws ParquetCorruptionException {
      ByteBuffer destination = output.duplicate();
      destination.limit(position + uncompressedLength).position(position);
      inflateMembers(input, inputOffset, inputLength, destination, uncompressedLength);
    }

    /** Inflates members into {@code destination} (exactly {@code uncompressedLength} remaining) until it is full. */
    private void inflateMembers(
        byte[] input, int inputOffset, int inputLength, ByteBuffer destination, int uncompressedLength)
        throws ParquetCorruptionException {
      int position = inputOffset;
      int end = inputOffset + inputLength;
      int member = 0;
      do {
        if (end - position < 2) {
          throw malformedAt(inputLength, uncompressedLength, member,
              end == position ? "the body ends before the page's data is complete" : "a 1-byte member header");
        }
        int first = input[position] & 0xff;
        int second = input[position + 1] & 0xff;
        if (first == GZIP_MAGIC_1 && second == GZIP_MAGIC_2) {
          position = inflateGzipMember(input, position, end, destination, inputLength, uncompressedLength, member);
        } else if ((first & 0x0f) == DEFLATE_METHOD && ((first << 8) | second) % 31 == 0) {
          position = inflateZlibStream(input, position, end, destination, inputLength, uncompressedLength, member);
        } else {
          throw malformedAt(inputLength, uncompressedLength, member,
              String.format("header bytes 0x%02x 0x%02x are neither gzip nor zlib", first, second));
        }
        member++;
      } while (destination.hasRemaining());
    }

    private int inflateGzipMember(
        byte[] input, int start, int end, ByteBuffer destination, int inputLength, int uncompressedLength,
        int member) throws ParquetCorruptionException {
      if (end - start < FIXED_HEADER_LENGTH) {
        throw malformedAt(inputLength, uncompressedLength, member, "the gzip header is cut off");
      }
      int method = input[start + 2] & 0xff;
      int flags = input[start + 3] & 0xff;
      if (method != DEFLATE_METHOD) {
        throw malformedAt(inputLength, uncompressedLength, member, "gzip compression method " + method + " is not deflate");
      }
      if ((flags & FLAGS_RESERVED) != 0) {
        throw malformedAt(inputLength, uncompressedLength, member, String.format("reserved gzip flags 0x%02x are set", flags));
      }
      int position = start + FIXED_HEADER_LENGTH;
      if ((flags & FLAG_EXTRA) != 0) {
        if (end - position < 2) {
          throw malformedAt(inputLength, uncompressedLength, member, "the gzip extra field length is cut off");
        }
        int extraLength = (input[position] & 0xff) | ((input[position + 1] & 0xff) << 8);
        position += 2;
        if (end - position < extraLength) {
          throw malformedAt(inputLength, uncompressedLength, member, "the gzip extra field is cut off");
        }
        position += extraLength;
      }
      if ((flags & FLAG_NAME) != 0) {
        position = skipZeroTerminated(input, position, end, inputLength, uncompressedLength, member, "file name");
      }
      if ((flags & FLAG_COMMENT) != 0) {
        position = skipZeroTerminated(input, position, end, inputLength, uncompressedLength, member, "comment");
      }
      if ((flags & FLAG_HEADER_CRC) != 0) {
        if (end - position < 2) {
          throw malformedAt(inputLength, uncompressedLength, member, "the gzip header CRC is cut off");
        }
        crc.reset();
        crc.update(input, start, position - start);
        int expected = (input[position] & 0xff) | ((input[position + 1] & 0xff) << 8);
        if (((int) crc.getValue() & 0xffff) != expected) {
          throw malformedAt(inputLength, uncompressedLength, member, "the gzip header CRC does not match");
        }
        position += 2;
      }

      Inflater inflater = rawInflater();
      int outputStart = destination.position();
      position = inflate(inflater, input, position, end, destination, inputLength, uncompressedLength, member);
      if (end - position < TRAILER_LENGTH) {
        throw malformedAt(inputLength, uncompressedLength, member, "the gzip trailer is cut off");
      }
      int produced = destination.position() - outputStart;
      crc.reset();
      crc.update(destination.duplicate().limit(destination.position()).position(outputStart));
      int expectedCrc = readLittleEndianInt(input, position);
      int expectedSize = readLittleEndianInt(input, position + 4);
      if ((int) crc.getValue() != expectedCrc) {
        throw malformedAt(inputLength, uncompressedLength, member, String.format(
            "CRC-32 of the data is 0x%08x but the gzip trailer records 0x%08x", (int) crc.getValue(), expectedCrc));
      }
      if (produced != expectedSize) {
        throw malformedAt(inputLength, uncompressedLength, member, String.format(
            "the member holds %d bytes but its gzip trailer records %d", produced, Integer.toUnsignedLong(expectedSize)));
      }
      return position + TRAILER_LENGTH;
    }

    private int inflateZlibStream(
        byte[] input, int start, int end, ByteBuffer destination, int inputLength, int uncompressedLength,
        int member) throws ParquetCorruptionException {
      // The zlib Inflater checks the 2-byte header and the Adler-32 trailer itself.
      return inflate(zlibInflater(), input, start, end, destination, inputLength, uncompressedLength, member);
    }

    /**
     * Runs {@code inflater} over {@code input[start, end)} until its stream ends; returns the input position just
     * after the stream. Fails when the stream needs more input than there is, or more output than the page holds.
     */
    private int inflate(
        Inflater inflater, byte[] input, int start, int end, ByteBuffer destination, int inputLength,
        int uncompressedLength, int member) throws ParquetCorruptionException {
      inflater.reset();
      inflater.setInput(input, start, end - start);
      try {
        while (!inflater.finished()) {
          int remainingBefore = inflater.getRemaining();
          int produced;
          if (destination.hasRemaining()) {
            produced = inflater.inflate(destination);
          } else {
            // The page is full; let zlib consume the end-of-stream marker, and fail if it has data left.
            produced = inflater.inflate(probe, 0, 1);
            if (produced > 0) {
              throw malformedAt(inputLength, uncompressedLength, member,
                  "the stream holds more data than the page header's uncompressed size");
            }
          }
          if (produced == 0 && !inflater.finished()) {
            if (inflater.needsDictionary()) {
              throw malformedAt(inputLength, uncompressedLength, member, "the stream needs a preset dictionary");
            }
            if (inflater.needsInput()) {
              throw malformedAt(inputLength, uncompressedLength, member, "the deflate stream is cut off");
            }
            if (inflater.getRemaining() == remainingBefore) {
              throw malformedAt(inputLength, uncompressedLength, member, "inflate made no progress");
            }
          }
        }
      } catch (DataFormatException e) {
        throw new ParquetCorruptionException(
            String.format("GZIP page body of %d bytes (expected to decompress to %d bytes) is malformed in member %d: %s",
                inputLength, uncompressedLength, member, e.getMessage()), e);
      }
      return end - inflater.getRemaining();
    }

    private int skipZeroTerminated(
        byte[] input, int position, int end, int inputLength, int uncompressedLength, int member, String field)
        throws ParquetCorruptionException {
      for (int i = position; i < end; i++) {
        if (input[i] == 0) {
          return i + 1;
        }
      }
      throw malformedAt(inputLength, uncompressedLength, member, "the gzip " + field + " is not terminated");
    }

    private ParquetCorruptionException malformedAt(int inputLength, int uncompressedLength, int member, String detail) {
      return CodecChecks.malformed(codec, inputLength, uncompressedLength, "member " + member + ": " + detail);
    }

    private Inflater rawInflater() {
      if (rawInflater == null) {
        rawInflater = new Inflater(true);
      }
      return rawInflater;
    }

    private Inflater zlibInflater() {
      if (zlibInflater == null) {
        zlibInflater = new Inflater(false);
      }
      return zlibInflater;
    }

    @Override
    public void close() {
      if (rawInflater != null) {
        rawInflater.end();
        rawInflater = null;
      }
      if (zlibInflater != null) {
        zlibInflater.end();
        zlibInflater = null;
      }
    }
  }

  /** Compresses page bodies into one gzip member at the configured level. */
  static final class Compressing implements Compressor {
    private final int level;
    private Deflater deflater;
    private final CRC32 crc = new CRC32();

    Compressing(int level) {
      if (level < Deflater.NO_COMPRESSION || level > Deflater.BEST_COMPRESSION) {
        throw new IllegalArgumentException("GZIP level " + level + " is outside [0, 9]");
      }
      this.level = level;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
      // zlib's deflateBound for the stored-block worst case, plus the gzip header and trailer, plus slack.
      long bound = (long) inputLength + (inputLength >> 12) + (inputLength >> 14) + (inputLength >> 25) + 13;
      return Math.toIntExact(bound + FIXED_HEADER_LENGTH + TRAILER_LENGTH + 16);
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset) {
      Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
      int capacity = maxCompressedLength(inputLength);
      Objects.checkFromIndexSize(outputOffset, capacity, output.length);
      if (deflater == null) {
        deflater = new Deflater(level, true);
      }
      deflater.reset();
      int position = outputOffset;
      output[position++] = (byte) GZIP_MAGIC_1;
      output[position++] = (byte) GZIP_MAGIC_2;
      output[position++] = DEFLATE_METHOD;
      for (int i = 0; i < 6; i++) {
        output[position++] = 0; // flags, modification time, extra flags
      }
      output[position++] = (byte) 0xff; // operating system: unknown
      deflater.setInput(input, inputOffset, inputLength);
      deflater.finish();
      int end = outputOffset + capacity - TRAILER_LENGTH;
      while (!deflater.finished()) {
        if (position == end) {
          throw new IllegalStateException("deflate output exceeded its bound for " + inputLength + " bytes");
        }
        position += deflater.deflate(output, position, end - position);
      }
      crc.reset();
      crc.update(input, inputOffset, inputLength);
      writeLittleEndianInt(output, position, (int) crc.getValue());
      writeLittleEndianInt(output, position + 4, inputLength);
      return position + TRAILER_LENGTH - outputOffset;
    }

    @Override
    public void close() {
      if (deflater != null) {
        deflater.end();
        deflater = null;
      }
    }
  }

  private static int readLittleEndianInt(byte[] bytes, int offset) {
    return (bytes[offset] & 0xff)
        | ((bytes[offset + 1] & 0xff) << 8)
        | ((bytes[offset + 2] & 0xff) << 16)
        | ((bytes[offset + 3] & 0xff) << 24);
  }

  private static void writeLittleEndianInt(byte[] bytes, int offset, int value) {
    bytes[offset] = (byte) value;
    bytes[offset + 1] = (byte) (value >>> 8);
    bytes[offset + 2] = (byte) (value >>> 16);
    bytes[offset + 3] = (byte) (value >>> 24);
  }
}
