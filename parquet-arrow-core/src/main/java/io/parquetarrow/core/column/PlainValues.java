package io.parquetarrow.core.column;

import io.parquetarrow.core.page.PageValuesInFile;
import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Where the current page's PLAIN fixed-width values are, for a {@link DataPageCursor} that copies them as they
 * are: the page's bytes in memory, or the rest of an uncompressed page that straddled the previous batch, still in
 * the file ({@link PageValuesInFile}). Values in the file go straight into a sink's direct view, one positional
 * read per batch; anything else brings them to the heap first ({@link #load}).
 */
final class PlainValues {
  private byte[] data;
  private int position;
  private int end;
  /** The values still in the file, positions counting from their first byte; null when they are in {@link #data}. */
  private PageValuesInFile file;
  private byte[] loaded = new byte[0];

  /** The values are {@code data[position, end)}. */
  void inMemory(byte[] data, int position, int end) {
    this.data = data;
    this.position = position;
    this.end = end;
    this.file = null;
  }

  /** The values are all of {@code file}. */
  void inFile(PageValuesInFile file) {
    this.data = null;
    this.position = 0;
    this.end = file.length();
    this.file = file;
  }

  boolean inFile() {
    return file != null;
  }

  /** The array the values are in; null while they are in the file. */
  byte[] data() {
    return data;
  }

  /** Where the next value starts in {@link #data}, or in the file's range. */
  int position() {
    return position;
  }

  int remaining() {
    return end - position;
  }

  /** Moves past {@code bytes} of values that were decoded or skipped elsewhere. */
  void skip(int bytes) {
    position += bytes;
  }

  /** Copies the next {@code bytes} of values in memory to {@code sink} at {@code byteOffset}. */
  void copyTo(ValueSink sink, long byteOffset, int bytes) throws ParquetCorruptionException {
    require(bytes);
    sink.putBytes(byteOffset, data, position, bytes);
    position += bytes;
  }

  /**
   * Writes the next {@code values} values in memory, {@code width} bytes each, to slots {@code firstSlot} to
   * {@code firstSlot + slots - 1} of {@code sink} among the nulls {@code validity} says ({@link ValueSink#putSpread}).
   */
  void spreadTo(ValueSink sink, int firstSlot, int slots, int values, int width, byte[] validity)
      throws ParquetCorruptionException {
    require((long) values * width);
    sink.putSpread(firstSlot, slots, values, width, data, position, validity);
    position += values * width;
  }

  private void require(long bytes) throws ParquetCorruptionException {
    if (bytes > end - position) {
      throw ParquetCorruptionException.of("PLAIN page ends %d bytes short of its values", bytes - (end - position));
    }
  }

  /**
   * Reads the next {@code bytes} of values in the file straight into {@code sink} at {@code byteOffset}; false,
   * reading nothing, when the sink has no direct view. {@link PageValuesInFile} checks the range and reports a
   * file that ends early with the page's place.
   */
  boolean readFromFile(ValueSink sink, long byteOffset, int bytes) throws IOException {
    ByteBuffer view = sink.directView(byteOffset, bytes);
    if (view == null) {
      return false;
    }
    file.readInto(position, view);
    position += bytes;
    return true;
  }

  /** Brings the values left in the file into a heap array, which {@link #data} then is. */
  void load() throws IOException {
    int length = end - position;
    if (loaded.length < length) {
      loaded = ScratchArrays.replace(loaded, length);
    }
    file.readInto(position, ByteBuffer.wrap(loaded, 0, length));
    inMemory(loaded, 0, length);
  }

  /** Gives the heap array to {@link ScratchArrays} for the next reader. */
  void release() {
    loaded = ScratchArrays.give(loaded);
    data = null;
    file = null;
  }
}
