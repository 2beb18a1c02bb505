package io.parquetarrow.bench;

import io.parquetarrow.core.Codec;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The standard benchmark suite: each dataset's shape, its row count at scale 1 (the sizes of the "Benchmarks
 * side by side" issue for lineitem and plain_ints), the codec and encodings it is written with, and the reference
 * writer that produces it. {@link DatasetGenerator} writes each one with the reference writer and with ours.
 */
public enum Dataset {
  /** TPC-H lineitem-shaped rows (keys, quantities, decimals, dates, flags, comments), SNAPPY. */
  LINEITEM_SNAPPY("lineitem_snappy", 6_000_000, Codec.SNAPPY, Producer.DUCKDB),
  /** The same rows, ZSTD. */
  LINEITEM_ZSTD("lineitem_zstd", 6_000_000, Codec.ZSTD, Producer.DUCKDB),
  /** 4 INT64 and 4 INT32 columns, REQUIRED, PLAIN, UNCOMPRESSED: the decode path at its simplest. */
  PLAIN_INTS("plain_ints", 10_000_000, Codec.UNCOMPRESSED, Producer.PARQUET_JAVA),
  /** INT64, INT32, DOUBLE and string columns with 10% nulls each, SNAPPY. */
  NULLABLE("nullable", 2_000_000, Codec.SNAPPY, Producer.DUCKDB),
  /** High-cardinality text (dictionary falls back to PLAIN), ZSTD. */
  STRINGS("strings", 2_000_000, Codec.ZSTD, Producer.DUCKDB),
  /** DOUBLE columns in BYTE_STREAM_SPLIT (DuckDB writes it for floating point with PARQUET_VERSION V2), ZSTD. */
  FLOATS_BSS("floats_bss", 4_000_000, Codec.ZSTD, Producer.DUCKDB),
  /** list&lt;int64&gt;, struct, list&lt;struct&gt; and map columns, SNAPPY. */
  NESTED("nested", 1_000_000, Codec.SNAPPY, Producer.DUCKDB),
  /** One list&lt;int64&gt; column, 10 elements on average, 5% null lists and 5% empty lists, SNAPPY. */
  LIST_INT64("list_int64", 1_000_000, Codec.SNAPPY, Producer.DUCKDB);

  /** Who writes a dataset's files. */
  public enum Producer {
    DUCKDB("duckdb"), PARQUET_JAVA("parquet-java"), OURS("parquet-arrow");

    private final String label;

    Producer(String label) {
      this.label = label;
    }

    /** The name used in file names and tables. */
    public String label() {
      return label;
    }
  }

  private final String label;
  private final long rowsAtScaleOne;
  private final Codec codec;
  private final Producer reference;

  Dataset(String label, long rowsAtScaleOne, Codec codec, Producer reference) {
    this.label = label;
    this.rowsAtScaleOne = rowsAtScaleOne;
    this.codec = codec;
    this.reference = reference;
  }

  public String label() {
    return label;
  }

  public Codec codec() {
    return codec;
  }

  /** The independent writer that produces the dataset (ours writes a second copy from its rows). */
  public Producer reference() {
    return reference;
  }

  /** Rows at {@code scale} (1 is the full size), at least 1,000. */
  public long rows(double scale) {
    return Math.max(1_000, Math.round(rowsAtScaleOne * scale));
  }

  public long rowsAtScaleOne() {
    return rowsAtScaleOne;
  }

  /** The file name of the copy written by {@code producer}. */
  public String fileName(Producer producer) {
    return label + "." + producer.label() + ".parquet";
  }

  /** True for datasets with list, struct or map columns. */
  public boolean nested() {
    return this == NESTED || this == LIST_INT64;
  }

  /** Parses a comma-separated list of labels; "all" or an empty string means every dataset. */
  public static List<Dataset> parseList(String labels) {
    if (labels == null || labels.isBlank() || labels.equals("all")) {
      return List.of(values());
    }
    return Arrays.stream(labels.split(",")).map(String::trim).map(Dataset::ofLabel).toList();
  }

  public static Dataset ofLabel(String label) {
    for (Dataset dataset : values()) {
      if (dataset.label.equals(label.toLowerCase(Locale.ROOT))) {
        return dataset;
      }
    }
    throw new IllegalArgumentException("unknown dataset '" + label + "'; known: "
        + Arrays.stream(values()).map(Dataset::label).toList());
  }
}
