package io.parquetarrow.bench;

import dev.hardwood.HardwoodContext;
import dev.hardwood.InputFile;
import dev.hardwood.metadata.LogicalType;
import dev.hardwood.reader.ColumnReader;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.LayerKind;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.Validity;
import dev.hardwood.schema.ColumnProjection;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Hardwood 1.0 (dev.hardwood:hardwood-core), the fastest pure-Java Parquet reader we know of, in the side-by-side
 * runner: its column readers over all columns, batch by batch, on a context of {@code threads} threads, every
 * value of every batch fed into the checksum (its output is Java arrays, not Arrow, so nothing is kept).
 *
 * <p>One context (thread pool) per thread count is created on first use and kept, so starting it is not timed.
 *
 * <p>Compiled only on JDK 21+ (the Maven profile {@code hardwood-on-jdk21-plus} adds {@code src/main/java21})
 * and loaded by name from {@link Engines}, so the runner still builds and runs on JDK 17 without it.
 */
public final class HardwoodEngine implements ReadEngine {
  private final Map<Integer, HardwoodContext> contexts = new HashMap<>();

  @Override
  public String name() {
    return "hardwood";
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  @Override
  public Materialized read(Path file, int threads, BufferAllocator allocator) throws Exception {
    ValueChecksum checksum = new ValueChecksum();
    HardwoodContext context = contexts.computeIfAbsent(threads, HardwoodContext::create);
    try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file), context);
        ColumnReaders columns = reader.columnReaders(ColumnProjection.all())) {
      int columnCount = columns.getColumnCount();
      while (columns.nextBatch()) {
        checksum.addRows(columns.getRecordCount());
        for (int index = 0; index < columnCount; index++) {
          ColumnReader column = columns.getColumnReader(index);
          checksum.column(index);
          addLayer(column, 0, 0, column.getRecordCount(), checksum);
        }
      }
    }
    return new Consumed(checksum);
  }

  @Override
  public void close() {
    contexts.values().forEach(HardwoodContext::close);
    contexts.clear();
  }

  /**
   * Descends the column's layers (outermost first) like the Arrow walk in {@link ArrowChecksum}: only into valid
   * structs and valid lists, so a leaf slot counts exactly when its definition level is the maximum.
   */
  private static void addLayer(ColumnReader column, int layer, int start, int end, ValueChecksum checksum) {
    if (layer == column.getLayerCount()) {
      addLeaves(column, start, end, checksum);
      return;
    }
    Validity validity = column.getLayerValidity(layer);
    boolean noNulls = validity == null || !validity.hasNulls();
    if (column.getLayerKind(layer) == LayerKind.REPEATED) {
      int[] offsets = column.getLayerOffsets(layer);
      for (int index = start; index < end; index++) {
        if (noNulls || validity.isNotNull(index)) {
          addLayer(column, layer + 1, offsets[index], offsets[index + 1], checksum);
        }
      }
    } else if (noNulls) {
      addLayer(column, layer + 1, start, end, checksum);
    } else {
      for (int index = start; index < end; index++) {
        if (validity.isNotNull(index)) {
          addLayer(column, layer + 1, index, index + 1, checksum);
        }
      }
    }
  }

  private static void addLeaves(ColumnReader column, int start, int end, ValueChecksum checksum) {
    Validity validity = column.getLeafValidity();
    boolean noNulls = validity == null || !validity.hasNulls();
    switch (column.getColumnSchema().type()) {
      case INT32 -> {
        int[] values = column.getInts();
        for (int index = start; index < end; index++) {
          if (noNulls || validity.isNotNull(index)) {
            checksum.addInteger(values[index]);
          }
        }
      }
      case INT64 -> {
        long[] values = column.getLongs();
        for (int index = start; index < end; index++) {
          if (noNulls || validity.isNotNull(index)) {
            checksum.addInteger(values[index]);
          }
        }
      }
      case FLOAT -> {
        float[] values = column.getFloats();
        for (int index = start; index < end; index++) {
          if (noNulls || validity.isNotNull(index)) {
            checksum.addDouble(values[index]);
          }
        }
      }
      case DOUBLE -> {
        double[] values = column.getDoubles();
        for (int index = start; index < end; index++) {
          if (noNulls || validity.isNotNull(index)) {
            checksum.addDouble(values[index]);
          }
        }
      }
      case BOOLEAN -> {
        boolean[] values = column.getBooleans();
        for (int index = start; index < end; index++) {
          if (noNulls || validity.isNotNull(index)) {
            checksum.addBoolean(values[index]);
          }
        }
      }
      case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96 -> {
        byte[] bytes = column.getBinaryValues();
        int[] offsets = column.getBinaryOffsets();
        if (column.getColumnSchema().logicalType() instanceof LogicalType.DecimalType) {
          for (int index = start; index < end; index++) {
            if (noNulls || validity.isNotNull(index)) {
              checksum.addInteger(
                  ValueChecksum.unscaledLowBits(bytes, offsets[index], offsets[index + 1] - offsets[index]));
            }
          }
          return;
        }
        for (int index = start; index < end; index++) {
          if (noNulls || validity.isNotNull(index)) {
            checksum.addBinary(bytes, offsets[index], offsets[index + 1] - offsets[index]);
          }
        }
      }
    }
  }
}
