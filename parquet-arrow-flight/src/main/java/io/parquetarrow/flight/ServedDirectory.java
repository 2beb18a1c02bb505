package io.parquetarrow.flight;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The directory a server serves, and the only place that turns a client's path into a file: every path is
 * resolved here. A path is relative, {@code /}-separated, without empty, {@code .} or {@code ..} segments and
 * without backslashes or NUL ({@code INVALID_ARGUMENT} otherwise); segments starting with {@code .} or {@code _}
 * name files that are not served (temporary uploads, {@code _SUCCESS}, {@code _metadata}): {@code NOT_FOUND}. A path
 * whose real path (symbolic links resolved) leaves the directory's real path is refused with
 * {@code UNAUTHORIZED} (gRPC {@code PERMISSION_DENIED}), whether or not what it points to exists.
 *
 * <p>Targets: a regular {@code .parquet} file is a {@link ParquetFileTarget}; a directory is a {@link DatasetTarget},
 * every Parquet file below it read as one table. Listings name every {@code .parquet} file and, as datasets, the
 * directories that hold Hive partition directories ({@code key=value}) and are not partitions themselves.
 */
final class ServedDirectory {
  static final String PARQUET_SUFFIX = ".parquet";

  private final Path root;

  /** Serves {@code directory}, which must exist; its real path is taken once, here. */
  ServedDirectory(Path directory) throws IOException {
    this.root = directory.toRealPath();
    if (!Files.isDirectory(root)) {
      throw new IllegalArgumentException(directory + " is not a directory");
    }
  }

  /** The served directory's real path. */
  Path root() {
    return root;
  }

  /**
   * The paths of every listed target, sorted: each {@code .parquet} file outside hidden directories, and each
   * partitioned dataset's directory.
   */
  List<String> targetPaths() throws IOException {
    List<String> paths = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) throws IOException {
        if (directory.equals(root)) {
          return FileVisitResult.CONTINUE;
        }
        String name = directory.getFileName().toString();
        if (isHidden(name)) {
          return FileVisitResult.SKIP_SUBTREE;
        }
        if (!isPartition(name) && holdsPartitions(directory) && staysInside(directory)) {
          paths.add(relative(directory));
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
        String name = file.getFileName().toString();
        if (!isHidden(name) && name.endsWith(PARQUET_SUFFIX) && staysInside(file)
            && Files.isRegularFile(file)) {
          paths.add(relative(file));
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) {
        return FileVisitResult.CONTINUE;
      }
    });
    paths.sort(null);
    return paths;
  }

  /**
   * The target served as {@code path}.
   *
   * @throws FlightRuntimeException {@code INVALID_ARGUMENT}, {@code NOT_FOUND} or {@code UNAUTHORIZED} as the class
   *     comment describes
   */
  FlightTarget target(String path, BufferAllocator allocator) throws IOException {
    Path file = existing(path);
    if (Files.isRegularFile(file) && path.endsWith(PARQUET_SUFFIX)) {
      return ParquetFileTarget.open(file, path, allocator);
    }
    if (Files.isDirectory(file)) {
      return DatasetTarget.open(file, path);
    }
    throw CallStatus.NOT_FOUND.withDescription("not a Parquet file or a directory: " + path).toRuntimeException();
  }

  /** Whether a directory's name is a Hive partition's, {@code key=value}. */
  private static boolean isPartition(String name) {
    return name.indexOf('=') > 0;
  }

  /** Whether {@code directory} holds a partition directory. */
  private static boolean holdsPartitions(Path directory) throws IOException {
    try (Stream<Path> children = Files.list(directory)) {
      return children.anyMatch(child -> {
        String name = child.getFileName().toString();
        return !isHidden(name) && isPartition(name) && Files.isDirectory(child);
      });
    }
  }

  /** The real path of an existing file or directory served as {@code path}. */
  Path existing(String path) throws IOException {
    checkSyntax(path);
    Path candidate = root.resolve(path);
    if (!Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
      throw notFound(path);
    }
    Path real;
    try {
      real = candidate.toRealPath();
    } catch (NoSuchFileException e) {
      // A symbolic link to nothing: refused like any link out of the directory when it points out.
      real = candidate.getParent().toRealPath().resolve(Files.readSymbolicLink(candidate)).normalize();
      checkInside(real, path);
      throw notFound(path);
    }
    checkInside(real, path);
    return real;
  }

  /**
   * Where a file uploaded as {@code path} goes: the real path of its parent directory (created when missing, inside
   * the served directory) and its name, which must end in {@code .parquet}.
   */
  Path forUpload(String path) throws IOException {
    if (path != null && Arrays.stream(path.split("/")).anyMatch(segment -> isHidden(segment)
        && !segment.equals(".") && !segment.equals(".."))) {
      throw invalid("names starting with '.' or '_' are not served, so they cannot be uploaded: " + printable(path));
    }
    checkSyntax(path);
    if (!path.endsWith(PARQUET_SUFFIX)) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("an uploaded file's name must end in .parquet: " + path)
          .toRuntimeException();
    }
    Path target = root.resolve(path);
    Path parent = target.getParent();
    Path existingAncestor = parent;
    while (!Files.exists(existingAncestor)) {
      existingAncestor = existingAncestor.getParent();
    }
    checkInside(existingAncestor.toRealPath(), path);
    Files.createDirectories(parent);
    Path realParent = parent.toRealPath();
    checkInside(realParent, path);
    return realParent.resolve(target.getFileName());
  }

  /** {@code path} with the served directory's real path dropped, for messages that name files to clients. */
  String withoutRoot(String message) {
    return message == null ? null : message.replace(root + root.getFileSystem().getSeparator(), "");
  }

  private void checkInside(Path real, String path) {
    if (!real.startsWith(root)) {
      throw CallStatus.UNAUTHORIZED.withDescription("path leads out of the served directory: " + path)
          .toRuntimeException();
    }
  }

  private boolean staysInside(Path file) {
    try {
      return file.toRealPath().startsWith(root);
    } catch (IOException e) {
      return false;
    }
  }

  private String relative(Path file) {
    return root.relativize(file).toString().replace(root.getFileSystem().getSeparator(), "/");
  }

  /** Rejects paths that are not plain relative paths, before they touch the file system. */
  static void checkSyntax(String path) {
    if (path == null || path.isEmpty()) {
      throw invalid("the path is empty");
    }
    if (path.indexOf('\0') >= 0 || path.indexOf('\\') >= 0) {
      throw invalid("the path holds a NUL or a backslash: " + printable(path));
    }
    if (path.startsWith("/")) {
      throw invalid("absolute paths are refused: " + printable(path));
    }
    for (String segment : path.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        throw invalid("the path has an empty, '.' or '..' segment: " + printable(path));
      }
      if (isHidden(segment)) {
        throw notFound(path);
      }
    }
  }

  static boolean isHidden(String name) {
    return name.startsWith(".") || name.startsWith("_");
  }

  private static FlightRuntimeException invalid(String message) {
    return CallStatus.INVALID_ARGUMENT.withDescription(message).toRuntimeException();
  }

  private static FlightRuntimeException notFound(String path) {
    return CallStatus.NOT_FOUND.withDescription("no such file: " + printable(path)).toRuntimeException();
  }

  private static String printable(String path) {
    return path.replace('\0', '?');
  }
}
