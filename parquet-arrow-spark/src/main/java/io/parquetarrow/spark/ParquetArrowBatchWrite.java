package io.parquetarrow.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * The driver's side of a write job, a two-step commit over one directory. Tasks write their files under
 * {@code _temporary/<query id>/} (invisible to readers, which skip names starting with {@code _}) and report them
 * when Spark's commit coordinator lets exactly one attempt per partition commit; {@link #commit} then, for an
 * overwrite, deletes the directory's visible entries, moves each reported file to its final name and deletes the
 * job's temporary directory, so files of failed or speculative attempts never become visible. {@link #abort}
 * deletes the temporary directory.
 */
final class ParquetArrowBatchWrite implements BatchWrite {
  static final String TEMPORARY = "_temporary";

  private final Path directory;
  private final String queryId;
  private final StructType schema;
  private final FileWriteSettings settings;
  private final boolean truncate;

  ParquetArrowBatchWrite(Path directory, String queryId, StructType schema, FileWriteSettings settings,
      boolean truncate) {
    this.directory = directory;
    this.queryId = queryId;
    this.schema = schema;
    this.settings = settings;
    this.truncate = truncate;
  }

  private Path jobDirectory() {
    return directory.resolve(TEMPORARY).resolve(queryId);
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    try {
      Files.createDirectories(jobDirectory());
    } catch (IOException e) {
      throw new UncheckedIOException("creating " + jobDirectory(), e);
    }
    return new ParquetArrowDataWriterFactory(directory.toString(), queryId, schema, settings);
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    try {
      if (truncate) {
        deleteVisibleEntries();
      }
      for (WriterCommitMessage message : messages) {
        if (message instanceof WrittenFile file) {
          Files.move(Path.of(file.temporaryPath()), directory.resolve(file.finalName()),
              StandardCopyOption.ATOMIC_MOVE);
        }
      }
      deleteRecursively(jobDirectory());
      deleteIfEmpty(directory.resolve(TEMPORARY));
    } catch (IOException e) {
      throw new UncheckedIOException("committing the write to " + directory, e);
    }
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    try {
      deleteRecursively(jobDirectory());
      deleteIfEmpty(directory.resolve(TEMPORARY));
    } catch (IOException e) {
      throw new UncheckedIOException("cleaning up the aborted write to " + directory, e);
    }
  }

  private void deleteVisibleEntries() throws IOException {
    for (Path entry : visibleEntries(directory)) {
      deleteRecursively(entry);
    }
  }

  /** The entries of a directory that readers see: names not starting with {@code _} or {@code .}. */
  static List<Path> visibleEntries(Path directory) throws IOException {
    try (Stream<Path> list = Files.list(directory)) {
      return list.filter(path -> {
        String name = path.getFileName().toString();
        return !name.startsWith("_") && !name.startsWith(".");
      }).toList();
    }
  }

  static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      for (Path entry : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(entry);
      }
    }
  }

  private static void deleteIfEmpty(Path path) throws IOException {
    if (!Files.isDirectory(path)) {
      return;
    }
    try (Stream<Path> list = Files.list(path)) {
      if (list.findAny().isPresent()) {
        return;
      }
    }
    Files.deleteIfExists(path);
  }
}
