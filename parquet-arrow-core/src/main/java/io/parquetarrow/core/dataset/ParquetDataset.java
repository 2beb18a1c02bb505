package io.parquetarrow.core.dataset;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.LocalInputFile;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.FilterBinding;
import io.parquetarrow.core.schema.ParquetToArrowSchema;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Many Parquet files read as one table, above the single-file reader ({@link io.parquetarrow.core.ParquetArrowReader}):
 * the files below a directory, their schemas unified, and Hive partition directories
 * ({@code year=2024/city=New%20York/part-0.parquet}) read as partition columns appended after the files' columns.
 *
 * <p>Files: every regular file below the root, whatever its extension, except where a part of its path below the
 * root starts with {@code _} or {@code .} ({@code _SUCCESS}, {@code _metadata}, {@code .part-0.crc},
 * {@code _temporary/}); symbolic links to directories are not followed, links to files only when their target is
 * inside the root. {@link #files()} is sorted by path below the root. Schema: the union of the files' top-level
 * columns by name, in first-seen order; a column must have the same Arrow type in every file that has it (else an
 * {@link IllegalArgumentException} naming the column, both files and both types), except that Arrow's {@code Null}
 * type gives way to the others'; it is nullable when nullable or missing in some file, and a file without it reads
 * it as nulls. A top-level column that a file's {@code ARROW:schema} declares as a dictionary reads as its values.
 * Partitions: see {@link DatasetOptions} for the directory form and type inference.
 *
 * <pre>{@code
 * ParquetDataset dataset = ParquetDataset.open(Path.of("sales"));
 * try (BufferAllocator allocator = new RootAllocator();
 *      ArrowReader reader = dataset.reader(allocator,
 *          ReadOptions.builder().columns("amount", "year").filter("year = 2024 AND amount > 100").build())) {
 *   while (reader.loadNextBatch()) { ... reader.getVectorSchemaRoot() ... }
 * }
 * }</pre>
 *
 * <p>Opening reads every footer once; the dataset then holds them (for {@link #prune} and {@link #rowCount()}) but
 * no open file and no Arrow memory. It is immutable and can be read by several readers at once. A file that is not
 * Parquet, or whose footer is damaged, fails {@link #open} with an exception naming it.
 */
public final class ParquetDataset {
  private final Path root;
  private final Schema schema;
  private final List<String> partitionColumns;
  private final List<FileEntry> entries;
  private final List<DatasetFile> files;
  private final DatasetOptions options;

  private ParquetDataset(Path root, Schema schema, List<String> partitionColumns, List<FileEntry> entries,
      DatasetOptions options) {
    this.root = root;
    this.options = options;
    this.schema = schema;
    this.partitionColumns = List.copyOf(partitionColumns);
    this.entries = List.copyOf(entries);
    this.files = entries.stream().map(FileEntry::file).toList();
  }

  /** Opens the dataset below {@code root} (or the single file {@code root}) with {@link DatasetOptions#defaults()}. */
  public static ParquetDataset open(Path root) throws IOException {
    return open(root, DatasetOptions.defaults());
  }

  /**
   * Opens the dataset below {@code root}, or the single file {@code root}: finds the files, reads their footers,
   * unifies their schemas and reads their partition directories.
   *
   * @throws IllegalArgumentException files disagree on a column's type or on the partition keys, a partition
   *     column is also a file column, or a partition value does not parse as its column's type
   * @throws ParquetException a file is not Parquet or its footer cannot be read (the message names the file)
   */
  public static ParquetDataset open(Path root, DatasetOptions options) throws IOException {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(options, "options");
    List<FileDiscovery.Found> found = FileDiscovery.walk(root);
    boolean partitioned = options.partitioning() == DatasetOptions.Partitioning.HIVE && Files.isDirectory(root);
    return build(root, found, partitioned, options);
  }

  /**
   * A dataset of exactly these files. Partition columns are read from their paths below
   * {@link DatasetOptions#partitionBase()} when it is set (and partitioning is HIVE); otherwise there are none and
   * {@link #root()} is the files' deepest common directory. Files are sorted by their path below the root.
   */
  public static ParquetDataset open(List<Path> files, DatasetOptions options) throws IOException {
    Objects.requireNonNull(files, "files");
    Objects.requireNonNull(options, "options");
    Path base = options.partitionBase();
    boolean partitioned = base != null && options.partitioning() == DatasetOptions.Partitioning.HIVE;
    Path root = base != null ? base.toAbsolutePath().normalize() : commonDirectory(files);
    List<FileDiscovery.Found> found = new ArrayList<>();
    for (Path file : files) {
      Path absolute = file.toAbsolutePath().normalize();
      if (!absolute.startsWith(root)) {
        throw new IllegalArgumentException(file + " is not below the partition base " + base);
      }
      found.add(new FileDiscovery.Found(file, FileDiscovery.relativePath(root, absolute)));
    }
    found.sort(Comparator.comparing(FileDiscovery.Found::relativePath));
    return build(root, found, partitioned, options);
  }

  private static Path commonDirectory(List<Path> files) {
    Path common = null;
    for (Path file : files) {
      Path parent = file.toAbsolutePath().normalize().getParent();
      if (common == null) {
        common = parent;
      }
      while (common != null && !parent.startsWith(common)) {
        common = common.getParent();
      }
    }
    return common == null ? Path.of("").toAbsolutePath() : common;
  }

  private static ParquetDataset build(Path root, List<FileDiscovery.Found> found, boolean partitioned,
      DatasetOptions options) throws IOException {
    List<String> keys = null;
    String keysFile = null;
    List<Map<String, String>> rawValues = new ArrayList<>(found.size());
    Map<String, List<String>> valuesByKey = new HashMap<>();
    for (FileDiscovery.Found file : found) {
      List<HivePaths.Segment> segments = partitioned
          ? HivePaths.segments(file.relativePath(), options.nullFallback()) : List.of();
      List<String> fileKeys = segments.stream().map(HivePaths.Segment::key).toList();
      if (keys == null) {
        keys = fileKeys;
        keysFile = file.relativePath();
      } else if (!keys.equals(fileKeys)) {
        throw new IllegalArgumentException("inconsistent partition keys: " + keysFile + " has " + keys + " but "
            + file.relativePath() + " has " + fileKeys);
      }
      Map<String, String> values = new LinkedHashMap<>();
      for (HivePaths.Segment segment : segments) {
        values.put(segment.key(), segment.value());
        valuesByKey.computeIfAbsent(segment.key(), key -> new ArrayList<>()).add(segment.value());
      }
      rawValues.add(values);
    }
    keys = keys == null ? List.of() : keys;
    List<Field> partitionFields = PartitionValues.fields(keys, valuesByKey,
        keys.isEmpty() ? null : options.partitionSchema());

    SchemaUnion union = new SchemaUnion();
    List<FileEntry> entries = new ArrayList<>(found.size());
    for (int i = 0; i < found.size(); i++) {
      FileDiscovery.Found file = found.get(i);
      ParquetMetadata metadata = readFooter(file.path(), options);
      Schema fileSchema = SchemaUnion.withoutDictionaries(ParquetToArrowSchema.convert(metadata.schema(),
          metadata.keyValueMetadata(), file.path().toString()).arrowSchema(), file.relativePath());
      for (String key : keys) {
        if (fileSchema.getFields().stream().anyMatch(field -> field.getName().equals(key))) {
          throw new IllegalArgumentException(file.relativePath() + ": column " + key
              + " is both a partition directory and a column of the file");
        }
      }
      union.add(fileSchema, file.relativePath());
      DatasetFile description = new DatasetFile(file.path(), file.relativePath(),
          PartitionValues.convert(partitionFields, rawValues.get(i), file.relativePath()), metadata.rowCount(),
          metadata.rowGroups().size(), Files.size(file.path()));
      entries.add(new FileEntry(description, metadata, fileSchema));
    }
    List<Field> fields = new ArrayList<>(union.fields());
    fields.addAll(partitionFields);
    return new ParquetDataset(root, new Schema(fields), keys, entries, options);
  }

  private static ParquetMetadata readFooter(Path path, DatasetOptions options) throws IOException {
    try (LocalInputFile input = LocalInputFile.open(path)) {
      return ParquetFile.readMetadata(input, options.decryption());
    } catch (ParquetException e) {
      if (e.getMessage() != null && e.getMessage().contains(path.toString())) {
        throw e;
      }
      throw new ParquetCorruptionException(path + ": not a readable Parquet file: " + e.getMessage(), e);
    }
  }

  /** The directory the dataset was opened at (for a single file, the file). */
  public Path root() {
    return root;
  }

  /** The unified schema of the files' columns, then the partition columns (nullable, in directory order). */
  public Schema schema() {
    return schema;
  }

  /** The partition columns' names, in directory order; empty without partitions. */
  public List<String> partitionColumns() {
    return partitionColumns;
  }

  /** The dataset's files, sorted by their path below the root. */
  public List<DatasetFile> files() {
    return files;
  }

  /** The rows of all files, as their footers declare. */
  public long rowCount() {
    return files.stream().mapToLong(DatasetFile::rowCount).sum();
  }

  /**
   * The files that may hold rows matching {@code filter} (all files for null): those whose partition values do not
   * rule it out and some of whose row groups' footer statistics allow a match. A file without one of the filter's
   * columns reads it as null.
   *
   * @throws IllegalArgumentException a filter column is not in {@link #schema()}, or a literal cannot compare with
   *     its column
   */
  public List<DatasetFile> prune(Filter filter) {
    return scans(filter).stream().map(scan -> scan.entry().file()).toList();
  }

  /**
   * One reader over every file, in file order, with batches in {@link #schema()} narrowed to the read's columns;
   * batches never span files. What the options mean across files:
   *
   * <ul>
   *   <li>{@code columns}: top-level names of file columns or partition columns (not dotted paths); the schema keeps
   *       the dataset's order. A file without a selected column reads it as nulls.
   *   <li>{@code filter}: checked against {@link #schema()}; files are pruned as {@link #prune} does, and each
   *       remaining file's reader gets the filter with the partition columns and the columns it lacks folded in, so
   *       with {@code filterRows} (the default) the rows are exact whatever columns the filter names.
   *   <li>{@code threads}: how many files are read at once, each on a thread the reader owns until it is closed,
   *       with at most two batches queued per file; with fewer files than threads each file's reader decodes on
   *       {@code threads / files} threads. Results and their order do not depend on it.
   *   <li>{@code batchRows}, {@code verifyChecksums}, {@code readAheadBytes} (per file read at once) and
   *       {@code filterRows} go to each file's reader; {@code decryption} too, else
   *       {@link DatasetOptions#decryption()}.
   *   <li>{@code rowGroups} and {@code dictionaryColumns} are refused, and INT96 is always read as timestamps.
   * </ul>
   *
   * <p>The reader is not thread-safe; closing it, also mid-read or after a file failed, releases every buffer.
   *
   * @throws IllegalArgumentException a column or filter column is not in the schema, or the options ask for row
   *     groups or dictionary columns, which mean nothing across files
   */
  public ArrowReader reader(BufferAllocator allocator, ReadOptions options) throws IOException {
    Objects.requireNonNull(allocator, "allocator");
    Objects.requireNonNull(options, "options");
    return DatasetReader.open(this, allocator, options, scans(options.filter()));
  }

  /**
   * As {@link #reader(BufferAllocator, ReadOptions)}, over only some of the dataset's files (in dataset order,
   * whatever the order given), for splitting one read among tasks: each task reads its share of {@link #files()}
   * with the dataset's schema and partition columns. Files the filter rules out are still skipped.
   *
   * @throws IllegalArgumentException a file is not one of {@link #files()}, or as for the other reader
   */
  public ArrowReader reader(BufferAllocator allocator, ReadOptions options, Collection<DatasetFile> subset)
      throws IOException {
    Objects.requireNonNull(allocator, "allocator");
    Objects.requireNonNull(options, "options");
    Set<DatasetFile> wanted = new HashSet<>(subset);
    Set<DatasetFile> all = new HashSet<>(files);
    for (DatasetFile file : wanted) {
      if (!all.contains(file)) {
        throw new IllegalArgumentException(file.relativePath() + " is not a file of the dataset at " + root);
      }
    }
    List<FileScan> scans = scans(options.filter()).stream()
        .filter(scan -> wanted.contains(scan.entry().file())).toList();
    return DatasetReader.open(this, allocator, options, scans);
  }

  /** The options the dataset was opened with. */
  DatasetOptions options() {
    return options;
  }

  /** The files a read with {@code filter} opens, each with the part of the filter its reader applies. */
  List<FileScan> scans(Filter filter) {
    if (filter != null) {
      FilterBinding.bind(filter, schema);
    }
    List<FileScan> scans = new ArrayList<>(entries.size());
    for (FileEntry entry : entries) {
      if (filter == null) {
        scans.add(new FileScan(entry, null));
        continue;
      }
      Map<String, Object> constants = new HashMap<>(entry.file().partitionValues());
      for (Field field : schema.getFields()) {
        if (!constants.containsKey(field.getName()) && entry.readsAsNull(field.getName())) {
          constants.put(field.getName(), null);
        }
      }
      FilterFolding.Folded folded = FilterFolding.fold(filter, constants);
      if (folded.neverTrue() || !folded.alwaysTrue() && !FooterPruning.mayMatch(folded.residual(),
          entry.metadata())) {
        continue;
      }
      scans.add(new FileScan(entry, folded.residual()));
    }
    return scans;
  }

  /** A file to read and the filter its reader applies (null for every row). */
  record FileScan(FileEntry entry, Filter residual) {}

  @Override
  public String toString() {
    return "ParquetDataset{root=" + root + ", files=" + files.size() + ", partitionColumns=" + partitionColumns
        + "}";
  }
}
