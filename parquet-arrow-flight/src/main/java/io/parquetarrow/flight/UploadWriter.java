package io.parquetarrow.flight;

import io.parquetarrow.core.ParquetArrowWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightStream;

/**
 * Writes one DoPut stream to a Parquet file, all or nothing. Batches go through {@link ParquetArrowWriter} into a
 * hidden temporary file beside the target ({@code .<name>.<random>.upload}, which listings skip); once the client
 * has sent its last batch the file is forced to storage and moved into place. Without {@code overwrite}, the move
 * is a hard link that fails when the name exists (so two uploads of one name cannot both win) and then an unlink
 * of the temporary name; with it, an atomic rename. A stream that breaks, is cancelled or fails to write leaves no
 * file behind.
 */
final class UploadWriter {
  private final Path target;
  private final FlightCommands.Write command;

  UploadWriter(Path target, FlightCommands.Write command) {
    this.target = target;
    this.command = command;
  }

  /** Writes every batch of {@code stream}; returns the rows written. */
  long write(FlightStream stream) throws IOException {
    refuseExisting();
    Path temporary = target.resolveSibling("." + target.getFileName() + "."
        + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".upload");
    boolean placed = false;
    try {
      long rows = 0;
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(temporary, stream.getSchema(),
          stream.getDictionaryProvider(), command.options())) {
        while (stream.next()) {
          writer.write(stream.getRoot(), stream.getDictionaryProvider());
          rows += stream.getRoot().getRowCount();
        }
      }
      place(temporary);
      placed = true;
      return rows;
    } finally {
      if (!placed) {
        Files.deleteIfExists(temporary);
      }
    }
  }

  private void refuseExisting() {
    if (!command.overwrite() && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      throw alreadyExists();
    }
  }

  private void place(Path temporary) throws IOException {
    if (command.overwrite()) {
      try {
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } else {
      try {
        Files.createLink(target, temporary);
      } catch (FileAlreadyExistsException e) {
        throw alreadyExists();
      }
      Files.delete(temporary);
    }
    syncDirectory(target.getParent());
  }

  /** Makes the new name durable; not every platform can open a directory, and then the rename is left to it. */
  private static void syncDirectory(Path directory) {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // Directories cannot be opened for sync on some platforms.
    }
  }

  private RuntimeException alreadyExists() {
    return CallStatus.ALREADY_EXISTS.withDescription(command.path()
        + " exists; send {\"path\": ..., \"overwrite\": true} to replace it").toRuntimeException();
  }
}
