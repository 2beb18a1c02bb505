package io.parquetarrow.encodings;

import java.util.Arrays;
import java.util.Objects;

/**
 * The bytes an encoder's {@code flush()} produced: {@code array[offset, offset + length)}. The array belongs to
 * the encoder and is reused by its next page, so the writer copies (or compresses) the bytes before putting
 * more values.
 */
public record ByteSlice(byte[] array, int offset, int length) {
  public ByteSlice {
    Objects.checkFromIndexSize(offset, length, array.length);
  }

  /** A copy of the bytes, sized exactly. */
  public byte[] toByteArray() {
    return Arrays.copyOfRange(array, offset, offset + length);
  }
}
