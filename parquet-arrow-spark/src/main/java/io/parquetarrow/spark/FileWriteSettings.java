package io.parquetarrow.spark;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.WriteOptions.DataPageVersion;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The write options a query gives, checked on the driver and sent to the tasks, which turn them into core's
 * {@link WriteOptions}: {@code compression} (a Parquet codec name, default {@code snappy} as Spark's),
 * {@code dataPageVersion} ({@code v1}, default, or {@code v2}), {@code bloomFilterColumns} (comma-separated dotted
 * paths, sized by {@code bloomFilterDistinctValues}, default 1,000,000, and {@code bloomFilterFpp}, default
 * 0.01), and {@code batchRows}, the rows converted to Arrow before each write (default 4,096).
 *
 * @param timeZone the session time zone, for Arrow timestamp types
 */
record FileWriteSettings(Codec codec, DataPageVersion pageVersion, List<String> bloomColumns,
    long bloomDistinctValues, double bloomFpp, int batchRows, String timeZone) implements Serializable {

  static FileWriteSettings of(CaseInsensitiveStringMap options, String timeZone) {
    String codecName = options.getOrDefault("compression", "snappy").trim().toUpperCase(Locale.ROOT);
    Codec codec;
    try {
      codec = codecName.equals("NONE") ? Codec.UNCOMPRESSED : Codec.valueOf(codecName);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option compression: unknown codec " + codecName, e);
    }
    String version = options.getOrDefault("dataPageVersion", "v1").trim().toUpperCase(Locale.ROOT);
    DataPageVersion pageVersion = switch (version) {
      case "V1", "1" -> DataPageVersion.V1;
      case "V2", "2" -> DataPageVersion.V2;
      default -> throw new IllegalArgumentException("option dataPageVersion: v1 or v2, not " + version);
    };
    List<String> bloomColumns = new ArrayList<>();
    for (String column : options.getOrDefault("bloomFilterColumns", "").split(",")) {
      if (!column.isBlank()) {
        bloomColumns.add(column.trim());
      }
    }
    long distinct = Long.parseLong(options.getOrDefault("bloomFilterDistinctValues", "1000000").trim());
    double fpp = Double.parseDouble(options.getOrDefault("bloomFilterFpp", "0.01").trim());
    int batchRows = Integer.parseInt(options.getOrDefault("batchRows", "4096").trim());
    if (batchRows < 1) {
      throw new IllegalArgumentException("option batchRows must be at least 1, not " + batchRows);
    }
    return new FileWriteSettings(codec, pageVersion, List.copyOf(bloomColumns), distinct, fpp, batchRows, timeZone);
  }

  /** Core's options for one file. */
  WriteOptions toWriteOptions() {
    WriteOptions.Builder builder = WriteOptions.builder().codec(codec).dataPageVersion(pageVersion);
    for (String column : bloomColumns) {
      builder.bloomFilter(column, bloomDistinctValues, bloomFpp);
    }
    return builder.build();
  }

  /** The codec's part of a file name, as Spark names its files ({@code part-….snappy.parquet}). */
  String codecSuffix() {
    return codec == Codec.UNCOMPRESSED ? "" : "." + codec.name().toLowerCase(Locale.ROOT);
  }
}
