package io.parquetarrow.core.dataset;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One Parquet file of a {@link ParquetDataset}, as found when the dataset was opened: where it is, its partition
 * values, and what its footer says of its size.
 *
 * @param path the file, resolved against the dataset's root
 * @param relativePath the path below the root with {@code /} separators; files are sorted by it
 * @param partitionValues each partition column's value for this file, in partition column order, typed as the
 *     partition column ({@code Integer}, {@code Long}, {@code String}, ...; see {@link DatasetOptions}); a value is
 *     null for {@code __HIVE_DEFAULT_PARTITION__}. Unmodifiable.
 * @param rowCount the rows the footer declares
 * @param rowGroups the row groups the footer declares
 * @param sizeBytes the file's length in bytes
 */
public record DatasetFile(Path path, String relativePath, Map<String, Object> partitionValues, long rowCount,
    int rowGroups, long sizeBytes) {

  public DatasetFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(relativePath, "relativePath");
    // Map.copyOf refuses null values, which stand for the default partition.
    partitionValues = Collections.unmodifiableMap(new LinkedHashMap<>(partitionValues));
  }
}
