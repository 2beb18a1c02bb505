package io.parquetarrow.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Parquet files under the paths a query names, with the Hive partition values of their directories: the
 * driver's first step. A path is a file or a directory searched recursively; names starting with {@code _} or
 * {@code .} are skipped at every level (so {@code _SUCCESS}, {@code _temporary} and hidden files are never read).
 * Directories named {@code key=value} below a given directory give partition columns ({@link PartitionValues}).
 *
 * @param files every data file, sorted by path within each given path
 * @param partitionSchema the partition columns, in the order their directories nest (empty without any)
 */
record SourceFiles(List<SourceFile> files, StructType partitionSchema) {

  /** One data file, its length and its directories' {@code key=value} pairs (raw text, in nesting order). */
  record SourceFile(Path path, long length, Map<String, String> partitionText) {}

  /** The files under the {@code path} or {@code paths} option (the latter a JSON array, as Spark passes it). */
  static SourceFiles discover(CaseInsensitiveStringMap options) {
    List<Path> roots = roots(options);
    List<SourceFile> files = new ArrayList<>();
    for (Path root : roots) {
      if (Files.isRegularFile(root)) {
        files.add(file(root, root.getParent() == null ? root : root.getParent(), false));
        continue;
      }
      if (!Files.isDirectory(root)) {
        throw new IllegalArgumentException("path does not exist: " + root);
      }
      try (Stream<Path> walk = Files.walk(root)) {
        walk.filter(Files::isRegularFile)
            .filter(path -> visible(root, path))
            .sorted()
            .forEach(path -> files.add(file(path, root, true)));
      } catch (IOException e) {
        throw new UncheckedIOException("listing " + root, e);
      }
    }
    return new SourceFiles(files, PartitionValues.inferSchema(files));
  }

  /** The paths the options name; a {@code file:} URI or a plain path. */
  static List<Path> roots(CaseInsensitiveStringMap options) {
    List<String> texts = new ArrayList<>();
    String paths = options.get("paths");
    if (paths != null) {
      try {
        for (String path : new ObjectMapper().readValue(paths, String[].class)) {
          texts.add(path);
        }
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException("option 'paths' is not a JSON array of strings: " + paths, e);
      }
    }
    String path = options.get("path");
    if (path != null) {
      texts.add(path);
    }
    if (texts.isEmpty()) {
      throw new IllegalArgumentException("format parquet-arrow needs a path: load(path) or save(path)");
    }
    List<Path> roots = new ArrayList<>();
    for (String text : texts) {
      roots.add(toPath(text));
    }
    return roots;
  }

  static Path toPath(String text) {
    if (text.startsWith("file:")) {
      return Paths.get(URI.create(text)).toAbsolutePath().normalize();
    }
    return Paths.get(text).toAbsolutePath().normalize();
  }

  private static boolean visible(Path root, Path file) {
    for (Path part : root.relativize(file)) {
      String name = part.toString();
      if (name.startsWith("_") || name.startsWith(".")) {
        return false;
      }
    }
    return true;
  }

  private static SourceFile file(Path path, Path root, boolean partitioned) {
    Map<String, String> partitionText = new LinkedHashMap<>();
    if (partitioned) {
      Path relative = root.relativize(path.getParent());
      for (Path part : relative) {
        String name = part.toString();
        int equals = name.indexOf('=');
        if (name.isEmpty() || equals <= 0) {
          continue;
        }
        partitionText.put(PartitionValues.unescape(name.substring(0, equals)),
            PartitionValues.unescape(name.substring(equals + 1)));
      }
    }
    try {
      return new SourceFile(path, Files.size(path), partitionText);
    } catch (IOException e) {
      throw new UncheckedIOException("reading the size of " + path, e);
    }
  }
}
