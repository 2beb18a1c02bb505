package io.parquetarrow.core.crypto;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The table the encryption write tests write: a required INT64 ({@code id}), a nullable UTF-8 string with few
 * distinct values ({@code name}, dictionary friendly, with a Bloom filter), a nullable DOUBLE ({@code ratio}) and a
 * nullable list of INT32 ({@code tags}, leaf {@code tags.list.element}), over several row groups of many small
 * pages, so row group and page ordinals above 0 are exercised.
 */
final class EncryptedWrites {
  static final int ROWS = 5_000;
  static final byte[] FOOTER_KEY = ascii("0123456789abcdef");
  static final byte[] ID_KEY = ascii("abcdef0123456789abcdef0123456789");
  static final byte[] NAME_KEY = ascii("0123456789abcdef01234567");
  static final byte[] TAGS_KEY = ascii("fedcba9876543210");
  static final String TAGS_LEAF = "tags.list.element";
  static final Schema SCHEMA = new Schema(List.of(
      new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
      new Field("ratio", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
      new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE),
          List.of(new Field("element", FieldType.nullable(new ArrowType.Int(32, true)), null)))));

  private EncryptedWrites() {}

  static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /** The table's rows, deterministic. */
  static VectorSchemaRoot table(BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector name = (VarCharVector) root.getVector("name");
    Float8Vector ratio = (Float8Vector) root.getVector("ratio");
    ListVector tags = (ListVector) root.getVector("tags");
    root.allocateNew();
    UnionListWriter writer = tags.getWriter();
    for (int row = 0; row < ROWS; row++) {
      id.setSafe(row, row * 31L);
      if (row % 7 != 0) {
        name.setSafe(row, ascii("name-" + row % 50));
      }
      if (row % 5 != 0) {
        ratio.setSafe(row, row / 8.0);
      }
      writer.setPosition(row);
      if (row % 4 != 0) {
        writer.startList();
        for (int element = 0; element < row % 3; element++) {
          writer.integer().writeInt(row + element);
        }
        writer.endList();
      }
    }
    writer.setValueCount(ROWS);
    root.setRowCount(ROWS);
    return root;
  }

  /** Options with small pages and row groups, page checksums, the page index and a Bloom filter on name. */
  static WriteOptions.Builder options() {
    return WriteOptions.builder().pageRowLimit(300).rowGroupRowLimit(2_000).pageChecksums(true)
        .bloomFilter("name", 100, 0.01).syncOnClose(false);
  }

  /** Writes the table to {@code file} with {@code options}. */
  static Path write(Path file, WriteOptions options, BufferAllocator allocator) throws IOException {
    try (VectorSchemaRoot root = table(allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, SCHEMA, options)) {
      writer.write(root);
    }
    return file;
  }
}
