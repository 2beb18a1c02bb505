package io.parquetarrow.core.codec;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Argument and result checks shared by the decompressors: misuse (ranges outside the caller's arrays) is an
 * {@link IndexOutOfBoundsException}, while a stream that does not produce exactly the page header's
 * {@code uncompressed_page_size} is a {@link ParquetCorruptionException} naming the codec.
 */
final class CodecChecks {
  private CodecChecks() {}

  /** Checks the caller's ranges before any library touches the arrays (native code would not check them). */
  static void checkArguments(
      byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset, int uncompressedLength) {
    Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
    Objects.checkFromIndexSize(outputOffset, uncompressedLength, output.length);
  }

  /** The ByteBuffer flavour: the destination must have {@code uncompressedLength} bytes remaining. */
  static void checkArguments(
      byte[] input, int inputOffset, int inputLength, ByteBuffer output, int uncompressedLength) {
    Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
    if (uncompressedLength < 0 || uncompressedLength > output.remaining()) {
      throw new IndexOutOfBoundsException(
          "uncompressed length " + uncompressedLength + " does not fit in the " + output.remaining()
              + " bytes remaining in the destination");
    }
    if (output.isReadOnly()) {
      throw new IllegalArgumentException("the destination buffer is read-only");
    }
  }

  /** Throws unless the stream produced exactly the expected number of bytes. */
  static void checkProduced(String codec, long produced, int uncompressedLength)
      throws ParquetCorruptionException {
    if (produced != uncompressedLength) {
      throw ParquetCorruptionException.of(
          "%s page body decompressed to %d bytes, but the page header's uncompressed size is %d",
          codec, produced, uncompressedLength);
    }
  }

  /** Wraps a compression library's failure on a malformed stream. */
  static ParquetCorruptionException malformed(String codec, int inputLength, int uncompressedLength, Throwable cause) {
    String detail = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    return new ParquetCorruptionException(
        String.format(
            "%s page body of %d bytes (expected to decompress to %d bytes) is malformed: %s",
            codec, inputLength, uncompressedLength, detail),
        cause);
  }

  /** Wraps a failure that the codec reports itself, without a library exception. */
  static ParquetCorruptionException malformed(String codec, int inputLength, int uncompressedLength, String detail) {
    return ParquetCorruptionException.of(
        "%s page body of %d bytes (expected to decompress to %d bytes) is malformed: %s",
        codec, inputLength, uncompressedLength, detail);
  }
}
