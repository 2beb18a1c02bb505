package io.parquetarrow.cli;

import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A subcommand that works on one Parquet file: {@link ErrorReporter} names that file in front of any error, and
 * {@link #requireRegularFile(Path)} gives a plain message for a missing file or a directory before the reader
 * is involved.
 */
interface FileCommand {

  /** The file named on the command line (as given, not resolved), or null before parsing. */
  Path file();

  /** Throws when {@code file} is absent or not a regular file, with a message fit for the error line. */
  static void requireRegularFile(Path file) throws NoSuchFileException, NotARegularFileException {
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString());
    }
    if (!Files.isRegularFile(file)) {
      throw new NotARegularFileException(file);
    }
  }

  /** The file named is a directory or a device, which no Parquet reader can open. */
  final class NotARegularFileException extends FileSystemException {
    private static final long serialVersionUID = 1L;

    NotARegularFileException(Path file) {
      super(file.toString(), null, Files.isDirectory(file) ? "is a directory" : "not a regular file");
    }
  }
}
