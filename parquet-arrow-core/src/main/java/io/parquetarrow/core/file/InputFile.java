package io.parquetarrow.core.file;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A random-access source of bytes: the only thing the reader needs from storage. It knows its length and reads at
 * absolute positions, so a local file ({@link LocalInputFile}), any {@link java.nio.channels.SeekableByteChannel}
 * ({@link ChannelInputFile}) or an object store's ranged GET can all stand behind it. No Hadoop.
 *
 * <p>The bottom of the read path: {@link ParquetFile} reads the footer through it, the page readers read column
 * chunks through it. Implementations must allow concurrent {@link #readFully} calls when used from several
 * threads, or document that they do not: the reader reads compressed chunks ahead on a worker thread by default
 * ({@code ReadOptions.readAheadBytes}; 0 keeps every read on the calling thread when {@code threads} is 1).
 * Both implementations here allow them: {@link LocalInputFile} reads positionally in parallel,
 * {@link ChannelInputFile} serialises reads on itself. One instance may serve several readers at once; closing
 * it while a reader still reads makes that reader fail with the {@link IOException} of the closed source (e.g. a
 * {@link java.nio.channels.ClosedChannelException}, which is not of the {@code ParquetException} family): close a
 * shared input only after its readers.
 */
public interface InputFile extends Closeable {

  /** A human-readable name (usually the path), used in every error message about this file. */
  String name();

  /** The total length in bytes. */
  long length() throws IOException;

  /**
   * Fills {@code destination} from its position to its limit with the bytes at {@code [position, position +
   * destination.remaining())}.
   *
   * @throws java.io.EOFException when the file ends first
   */
  void readFully(long position, ByteBuffer destination) throws IOException;

  /** Reads {@code length} bytes at {@code position} into a new array. */
  default byte[] readFully(long position, int length) throws IOException {
    byte[] bytes = new byte[length];
    readFully(position, ByteBuffer.wrap(bytes));
    return bytes;
  }
}
