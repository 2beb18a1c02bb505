package io.parquetarrow.core.dataset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds a dataset's files below its root. Every regular file counts, whatever its extension (as pyarrow), except
 * where some part of its path below the root starts with {@code _} or {@code .} ({@code _SUCCESS},
 * {@code _metadata}, {@code .part-0.crc}, {@code _temporary/}, {@code .hidden/}). Symbolic links to directories
 * are not followed; a symbolic link to a file counts only when its target lies inside the root. Files are sorted
 * by their path below the root, with {@code /} separators, so the order does not depend on the file system.
 */
final class FileDiscovery {
  private FileDiscovery() {}

  /** A file found, with its path below the root. */
  record Found(Path path, String relativePath) {}

  /** The files below {@code root}, sorted; {@code root} itself when it is a file. */
  static List<Found> walk(Path root) throws IOException {
    if (Files.isRegularFile(root)) {
      return List.of(new Found(root, root.getFileName().toString()));
    }
    if (!Files.isDirectory(root)) {
      throw new IOException(root + ": no such file or directory");
    }
    Path realRoot = root.toRealPath();
    List<Found> found = new ArrayList<>();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : (Iterable<Path>) paths::iterator) {
        if (path.equals(root)) {
          continue;
        }
        String relative = relativePath(root, path);
        if (hidden(relative) || !Files.isRegularFile(path)) {
          continue;
        }
        if (Files.isSymbolicLink(path) && !path.toRealPath().startsWith(realRoot)) {
          continue;
        }
        found.add(new Found(path, relative));
      }
    }
    found.sort(Comparator.comparing(Found::relativePath));
    return found;
  }

  /** {@code path} below {@code base} with {@code /} separators. */
  static String relativePath(Path base, Path path) {
    Path relative = base.relativize(path);
    StringBuilder text = new StringBuilder();
    for (Path part : relative) {
      text.append(text.isEmpty() ? "" : "/").append(part);
    }
    return text.toString();
  }

  /** Whether some part of the path starts with {@code _} or {@code .}. */
  static boolean hidden(String relativePath) {
    for (String part : relativePath.split("/")) {
      if (part.startsWith("_") || part.startsWith(".")) {
        return true;
      }
    }
    return false;
  }
}
