package io.parquetarrow.examples.quickstart;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.crypto.FileEncryptionProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The README's writer, reader and encryption examples as one program, run the way a library user runs theirs:
 * writes a small table to a Parquet file with {@link ParquetArrowWriter}, reads it back with
 * {@link ParquetArrowReader}, does the same encrypted with fresh keys, prints the rows, and exits with status 1
 * when they differ from what was written. Closing each {@link RootAllocator}
 * fails if any Arrow memory is still held, so a leak fails the run too.
 *
 * <p>The code between a {@code snippet begin} and its {@code snippet end} line is one of README.md's code blocks,
 * character for character once indentation is removed; {@code ReadmeSnippetsTest} fails when the two differ, so
 * what the README shows is code that compiles and runs.
 *
 * <p>Usage: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -cp CLASSPATH
 * io.parquetarrow.examples.quickstart.Quickstart [FILE]}, FILE defaulting to {@code people.parquet}.
 */
public final class Quickstart {
  private static final List<String> WRITTEN_ROWS = List.of("1 Ada", "2 Grace", "3 null");

  private Quickstart() {}

  public static void main(String[] args) throws IOException {
    Path file = Path.of(args.length > 0 ? args[0] : "people.parquet");
    write(file, WriteOptions.builder().codec(Codec.ZSTD).build());
    check(file, read(file, ReadOptions.builder().columns("id", "name").batchRows(65536).build()));
    // The same table encrypted: the footer with one key, the column "name" with another.
    SecureRandom random = new SecureRandom();
    byte[] footerKey = new byte[16];
    byte[] nameKey = new byte[16];
    random.nextBytes(footerKey);
    random.nextBytes(nameKey);
    Path encrypted = file.resolveSibling("encrypted-" + file.getFileName());
    write(encrypted, encrypted(footerKey, nameKey));
    check(encrypted, read(encrypted, decrypting(footerKey, nameKey)));
  }

  private static void check(Path file, List<String> rows) {
    rows.forEach(System.out::println);
    if (!rows.equals(WRITTEN_ROWS)) {
      System.err.println("read " + rows + " back from " + file + ", expected " + WRITTEN_ROWS);
      System.exit(1);
    }
    System.out.println("wrote " + file + " and read its " + rows.size() + " rows back");
  }

  // snippet begin: writer
  static void write(Path file, WriteOptions options) throws IOException {
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.nullable("name", ArrowType.Utf8.INSTANCE)));
    try (BufferAllocator allocator = new RootAllocator();
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
         ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
      root.allocateNew();
      BigIntVector ids = (BigIntVector) root.getVector("id");
      VarCharVector names = (VarCharVector) root.getVector("name");
      String[] people = {"Ada", "Grace", null};
      for (int row = 0; row < people.length; row++) {
        ids.setSafe(row, row + 1);
        if (people[row] == null) {
          names.setNull(row);
        } else {
          names.setSafe(row, people[row].getBytes(StandardCharsets.UTF_8));
        }
      }
      root.setRowCount(people.length);
      writer.write(root);
    }
  }
  // snippet end: writer

  // snippet begin: reader
  static List<String> read(Path file, ReadOptions options) throws IOException {
    List<String> rows = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
         ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        BigIntVector ids = (BigIntVector) root.getVector("id");
        VarCharVector names = (VarCharVector) root.getVector("name");
        for (int row = 0; row < root.getRowCount(); row++) {
          rows.add(ids.get(row) + " " + names.getObject(row));
        }
      }
    }
    return rows;
  }
  // snippet end: reader

  // snippet begin: encryption
  static WriteOptions encrypted(byte[] footerKey, byte[] nameKey) {
    return WriteOptions.builder()
        .encryption(FileEncryptionProperties.builder(footerKey).columnKey("name", nameKey).build())
        .build();
  }

  static ReadOptions decrypting(byte[] footerKey, byte[] nameKey) {
    return ReadOptions.builder()
        .decryption(FileDecryptionProperties.builder().footerKey(footerKey).columnKey("name", nameKey).build())
        .build();
  }
  // snippet end: encryption
}
