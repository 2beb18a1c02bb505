package io.parquetarrow.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.collection.immutable.Map.Map1;

/**
 * What a save mode means for the directory a {@code parquet-arrow} save names, decided on the driver before any
 * task starts. The directory "exists" when it is a file or holds an entry readers would see (a name not starting
 * with {@code _} or {@code .}, the entries an overwrite deletes); an empty directory, or one holding only an
 * aborted job's {@code _temporary}, does not. Then:
 *
 * <ul>
 *   <li>{@code errorifexists} (Spark's default) fails with Spark's {@code PATH_ALREADY_EXISTS} naming the path, and
 *       otherwise appends;
 *   <li>{@code ignore} writes nothing, and otherwise appends;
 *   <li>{@code append} adds files, {@code overwrite} replaces the visible entries when the job commits.
 * </ul>
 *
 * <p>The rows themselves are written through {@link ParquetArrowWriteSource} as a V2 append or overwrite, so every
 * mode has the same commit protocol. As with Spark's own file sources, the check and the write are two steps: a
 * concurrent writer to the same directory between them is not detected.
 */
final class SaveModeWrite {

  private SaveModeWrite() {}

  /** Writes {@code data} to the one path of {@code options} as {@code mode} asks. */
  static void run(SaveMode mode, Map<String, String> options, Dataset<Row> data) {
    List<Path> roots = SourceFiles.roots(new CaseInsensitiveStringMap(options));
    if (roots.size() != 1) {
      throw new IllegalArgumentException("format parquet-arrow writes to one path, not " + roots);
    }
    Path directory = roots.get(0);
    boolean exists = exists(directory);
    if (mode == SaveMode.ErrorIfExists && exists) {
      throw uncheckedThrow(pathAlreadyExists(directory));
    }
    if (mode == SaveMode.Ignore && exists) {
      return;
    }
    SaveMode writeMode = mode == SaveMode.Overwrite ? SaveMode.Overwrite : SaveMode.Append;
    data.write().format(ParquetArrowWriteSource.class.getName()).mode(writeMode).options(options).save();
  }

  private static boolean exists(Path directory) {
    if (Files.isRegularFile(directory)) {
      return true;
    }
    if (!Files.isDirectory(directory)) {
      return false;
    }
    try {
      return !ParquetArrowBatchWrite.visibleEntries(directory).isEmpty();
    } catch (IOException e) {
      throw new UncheckedIOException("listing " + directory, e);
    }
  }

  /** Spark's own error for this case, as its built-in file sources raise it. */
  private static AnalysisException pathAlreadyExists(Path directory) {
    return new AnalysisException("PATH_ALREADY_EXISTS", new Map1<>("outputPath", directory.toString()));
  }

  /**
   * Throws a checked exception where Java does not allow one: {@code AnalysisException} is checked in Java, and
   * {@code CreatableRelationProvider.createRelation}, a Scala method, declares nothing. Scala throws it the same way.
   */
  @SuppressWarnings("unchecked")
  private static <T extends Throwable> RuntimeException uncheckedThrow(Throwable exception) throws T {
    throw (T) exception;
  }
}
