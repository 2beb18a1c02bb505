package io.parquetarrow.core.dataset;

import io.parquetarrow.core.crypto.FileDecryptionProperties;
import java.nio.file.Path;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * How {@link ParquetDataset#open} finds and describes a dataset: how directory names become partition columns,
 * their types, and the keys for encrypted footers. Immutable; build one with {@link #builder()} or use
 * {@link #defaults()} (Hive partitioning with inferred types, no keys).
 *
 * <p>Type inference for Hive partition values (the rule of pyarrow's {@code HivePartitioning}, widened to 64 bits):
 * a column whose non-null values are all decimal integers ({@code -?[0-9]+}) is {@code Int32} when every value fits
 * 32 bits, else {@code Int64} when every value fits 64 bits; any other column is {@code Utf8}, as is a column whose
 * values are all null. {@link Builder#partitionSchema(Schema)} sets the types instead.
 */
public final class DatasetOptions {
  private static final DatasetOptions DEFAULTS = builder().build();

  /** How partition columns are read from the directories between the root and a file. */
  public enum Partitioning {
    /**
     * Directory names of the form {@code key=value} (Hive, Spark, pyarrow, DuckDB): each is a partition column,
     * the same keys in the same order for every file; other directory names are ignored. Keys and values are
     * percent-decoded ({@code %2F} is {@code /}), and {@link DatasetOptions#nullFallback()} is null.
     */
    HIVE,
    /** No partition columns; directory names mean nothing. */
    NONE
  }

  private final Partitioning partitioning;
  private final Schema partitionSchema;
  private final FileDecryptionProperties decryption;
  private final Path partitionBase;
  private final String nullFallback;

  private DatasetOptions(Builder builder) {
    this.nullFallback = builder.nullFallback;
    this.partitioning = builder.partitioning;
    this.partitionSchema = builder.partitionSchema;
    this.decryption = builder.decryption;
    this.partitionBase = builder.partitionBase;
  }

  /** Hive partitioning with inferred types and no keys. */
  public static DatasetOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** How directory names become partition columns (default {@link Partitioning#HIVE}). */
  public Partitioning partitioning() {
    return partitioning;
  }

  /**
   * The partition columns' names and types, or null (the default) to infer the types; see
   * {@link Builder#partitionSchema(Schema)}.
   */
  public Schema partitionSchema() {
    return partitionSchema;
  }

  /** The keys for footers written with Parquet Modular Encryption, or null (the default). */
  public FileDecryptionProperties decryption() {
    return decryption;
  }

  /**
   * For {@link ParquetDataset#open(java.util.List, DatasetOptions)}: the directory below which the files' paths
   * carry partition directories, or null (the default) for no partition columns.
   */
  public Path partitionBase() {
    return partitionBase;
  }

  /**
   * The directory value that stands for a null partition value (pyarrow's {@code null_fallback}): by default
   * {@code __HIVE_DEFAULT_PARTITION__}, as Hive, Spark and pyarrow write it. DuckDB writes {@code NULL} instead.
   */
  public String nullFallback() {
    return nullFallback;
  }

  @Override
  public String toString() {
    return "DatasetOptions{partitioning=" + partitioning + ", nullFallback=" + nullFallback
        + (partitionSchema == null ? "" : ", partitionSchema=" + partitionSchema)
        + (partitionBase == null ? "" : ", partitionBase=" + partitionBase)
        + ", decryption=" + (decryption == null ? "none" : "set") + "}";
  }

  /** Builds {@link DatasetOptions}; every setter checks its argument at once. */
  public static final class Builder {
    private Partitioning partitioning = Partitioning.HIVE;
    private Schema partitionSchema;
    private FileDecryptionProperties decryption;
    private Path partitionBase;
    private String nullFallback = HivePaths.DEFAULT_PARTITION;

    private Builder() {}

    /**
     * The directory value read as a null partition value (default {@code __HIVE_DEFAULT_PARTITION__}; {@code NULL}
     * for directories DuckDB wrote); compared before percent-decoding.
     */
    public Builder nullFallback(String value) {
      Objects.requireNonNull(value, "value");
      if (value.isEmpty()) {
        throw new IllegalArgumentException("the null fallback must not be empty");
      }
      this.nullFallback = value;
      return this;
    }

    /** How directory names become partition columns (default {@link Partitioning#HIVE}). */
    public Builder partitioning(Partitioning partitioning) {
      this.partitioning = Objects.requireNonNull(partitioning, "partitioning");
      return this;
    }

    /**
     * The partition columns with their types, in any order; null infers them. Its names must be exactly the keys
     * found in the directories. Supported types: signed {@code Int} of 8 to 64 bits, {@code FloatingPoint} single
     * and double, {@code Utf8}, {@code Bool} ({@code true}/{@code false}) and {@code Date(DAY)}
     * ({@code yyyy-MM-dd}); a value that does not parse as its type fails {@link ParquetDataset#open}.
     */
    public Builder partitionSchema(Schema schema) {
      if (schema != null) {
        PartitionValues.checkSupported(schema);
      }
      this.partitionSchema = schema;
      return this;
    }

    /** Keys (and AAD prefix) for footers written with Parquet Modular Encryption; null for none. */
    public Builder decryption(FileDecryptionProperties properties) {
      this.decryption = properties;
      return this;
    }

    /**
     * For an explicit list of files: the directory below which their paths carry partition directories (null,
     * the default, reads no partition columns from an explicit list). Every file must lie below it.
     */
    public Builder partitionBase(Path directory) {
      this.partitionBase = directory;
      return this;
    }

    public DatasetOptions build() {
      return new DatasetOptions(this);
    }
  }
}
