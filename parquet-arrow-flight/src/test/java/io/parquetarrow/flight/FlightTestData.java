package io.parquetarrow.flight;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The files the Flight tests serve, written by {@link ParquetArrowWriter}: a required INT64 {@code id} (the row
 * number, so filters on it select known row groups), a nullable string {@code name} and a nullable DOUBLE
 * {@code score}, in row groups of {@link #ROW_GROUP_ROWS} rows; and the rows of a read as strings, for comparing a
 * Flight read with a local one.
 */
final class FlightTestData {
  static final int ROW_GROUP_ROWS = 10_000;
  static final Schema SCHEMA = new Schema(List.of(
      new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
      new Field("score", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null)));

  private FlightTestData() {}

  /** Writes {@code rows} rows starting at id {@code firstId}. */
  static void write(Path file, int rows, long firstId, BufferAllocator allocator) throws IOException {
    WriteOptions options = WriteOptions.builder().rowGroupRowLimit(ROW_GROUP_ROWS).build();
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, SCHEMA, options);
         VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
      for (int start = 0; start < rows; start += ROW_GROUP_ROWS) {
        fill(root, firstId + start, Math.min(ROW_GROUP_ROWS, rows - start));
        writer.write(root);
      }
    }
  }

  /** Fills {@code root} with {@code rows} rows starting at id {@code firstId}. */
  static void fill(VectorSchemaRoot root, long firstId, int rows) {
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector name = (VarCharVector) root.getVector("name");
    Float8Vector score = (Float8Vector) root.getVector("score");
    root.allocateNew();
    for (int row = 0; row < rows; row++) {
      long value = firstId + row;
      id.setSafe(row, value);
      if (value % 7 == 0) {
        name.setNull(row);
      } else {
        name.setSafe(row, ("name-" + value % 97).getBytes(StandardCharsets.UTF_8));
      }
      if (value % 5 == 0) {
        score.setNull(row);
      } else {
        score.setSafe(row, value * 0.25);
      }
    }
    root.setRowCount(rows);
  }

  /** Every row of a local read with {@code options}. */
  static List<List<String>> readLocally(Path file, ReadOptions options, BufferAllocator allocator)
      throws IOException {
    List<List<String>> rows = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      while (reader.loadNextBatch()) {
        addRows(reader.getVectorSchemaRoot(), rows);
      }
    }
    return rows;
  }

  /** Appends the rows of {@code root}, each cell as text (binary as hex, null as "null"). */
  static void addRows(VectorSchemaRoot root, List<List<String>> rows) {
    for (int row = 0; row < root.getRowCount(); row++) {
      List<String> cells = new ArrayList<>();
      for (FieldVector vector : root.getFieldVectors()) {
        Object value = vector.getObject(row);
        cells.add(value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : String.valueOf(value));
      }
      rows.add(cells);
    }
  }
}
