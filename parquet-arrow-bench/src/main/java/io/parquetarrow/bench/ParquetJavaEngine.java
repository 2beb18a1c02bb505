package io.parquetarrow.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;

/**
 * parquet-java (parquet-hadoop 1.16) in the side-by-side runner, on its fastest general path: row group by row
 * group, one {@link ColumnReader} per leaf column from {@link ColumnReadStoreImpl}, reading every value with the
 * typed getter of its physical type (dictionaries decoded value by value, as a record reader would). This skips
 * record assembly, so it is faster than reading example {@code Group}s, and still touches every value. Values
 * go into the checksum as they are read; nothing is kept. Single-threaded whatever {@code threads} says.
 */
final class ParquetJavaEngine implements ReadEngine {
  private final FileDecryptionProperties decryption;

  /** parquet-java's column path on plaintext files. */
  ParquetJavaEngine() {
    this(null);
  }

  /** The same path decrypting with {@code decryption} (null: plaintext files only). */
  ParquetJavaEngine(FileDecryptionProperties decryption) {
    this.decryption = decryption;
  }

  @Override
  public String name() {
    return "parquet-java";
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  @Override
  public Materialized read(Path file, int threads, BufferAllocator allocator) throws Exception {
    ValueChecksum checksum = new ValueChecksum();
    try (ParquetFileReader reader = open(file, decryption)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      GroupConverter converter = new LeafGroupConverter(schema, leaf -> new PrimitiveConverter() {});
      PageReadStore rowGroup;
      while ((rowGroup = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(rowGroup, converter, schema, createdBy);
        List<ColumnDescriptor> columns = schema.getColumns();
        for (int leaf = 0; leaf < columns.size(); leaf++) {
          ColumnDescriptor column = columns.get(leaf);
          long values = rowGroup.getPageReader(column).getTotalValueCount();
          checksum.column(leaf);
          readColumn(store.getColumnReader(column), column, values, checksum);
        }
        checksum.addRows(rowGroup.getRowCount());
      }
    }
    return new Consumed(checksum);
  }

  /** parquet-java's reader of {@code file}, with its default options (page checksums not verified). */
  static ParquetFileReader open(Path file) throws IOException {
    return open(file, null);
  }

  /** parquet-java's reader of {@code file} with its default options, decrypting with {@code decryption} if set. */
  static ParquetFileReader open(Path file, FileDecryptionProperties decryption) throws IOException {
    ParquetReadOptions.Builder options = ParquetReadOptions.builder();
    if (decryption != null) {
      options.withDecryption(decryption);
    }
    return ParquetFileReader.open(new LocalInputFile(file), options.build());
  }

  /** Adds a byte array to the checksum as {@link ValueChecksum#addBinary} defines it. */
  static void addBinary(ValueChecksum checksum, Binary value) {
    byte[] bytes = value.getBytesUnsafe();
    checksum.addBinary(bytes, 0, bytes.length);
  }

  /** Reads all {@code total} values (levels included, so nulls count) of one column chunk. */
  private static void readColumn(ColumnReader reader, ColumnDescriptor column, long total, ValueChecksum checksum) {
    int present = column.getMaxDefinitionLevel();
    switch (column.getPrimitiveType().getPrimitiveTypeName()) {
      case INT32 -> {
        for (long index = 0; index < total; index++) {
          if (reader.getCurrentDefinitionLevel() == present) {
            checksum.addInteger(reader.getInteger());
          }
          reader.consume();
        }
      }
      case INT64 -> {
        for (long index = 0; index < total; index++) {
          if (reader.getCurrentDefinitionLevel() == present) {
            checksum.addInteger(reader.getLong());
          }
          reader.consume();
        }
      }
      case FLOAT -> {
        for (long index = 0; index < total; index++) {
          if (reader.getCurrentDefinitionLevel() == present) {
            checksum.addDouble(reader.getFloat());
          }
          reader.consume();
        }
      }
      case DOUBLE -> {
        for (long index = 0; index < total; index++) {
          if (reader.getCurrentDefinitionLevel() == present) {
            checksum.addDouble(reader.getDouble());
          }
          reader.consume();
        }
      }
      case BOOLEAN -> {
        for (long index = 0; index < total; index++) {
          if (reader.getCurrentDefinitionLevel() == present) {
            checksum.addBoolean(reader.getBoolean());
          }
          reader.consume();
        }
      }
      case BINARY, FIXED_LEN_BYTE_ARRAY, INT96 -> {
        if (column.getPrimitiveType().getLogicalTypeAnnotation()
            instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
          for (long index = 0; index < total; index++) {
            if (reader.getCurrentDefinitionLevel() == present) {
              byte[] bytes = reader.getBinary().getBytesUnsafe();
              checksum.addInteger(ValueChecksum.unscaledLowBits(bytes, 0, bytes.length));
            }
            reader.consume();
          }
          return;
        }
        for (long index = 0; index < total; index++) {
          if (reader.getCurrentDefinitionLevel() == present) {
            addBinary(checksum, reader.getBinary());
          }
          reader.consume();
        }
      }
    }
  }

  /**
   * A converter tree over {@code type}: one child per field, groups recursively, each leaf from {@code leaves}.
   * With leaves that ignore their values it is the tree {@link ColumnReadStoreImpl} requires (the values are taken
   * from the column readers' getters instead).
   */
  static final class LeafGroupConverter extends GroupConverter {
    private final Converter[] children;

    LeafGroupConverter(GroupType type, Function<PrimitiveType, PrimitiveConverter> leaves) {
      children = new Converter[type.getFieldCount()];
      for (int index = 0; index < children.length; index++) {
        children[index] = type.getType(index).isPrimitive()
            ? leaves.apply(type.getType(index).asPrimitiveType())
            : new LeafGroupConverter(type.getType(index).asGroupType(), leaves);
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return children[fieldIndex];
    }

    @Override
    public void start() {}

    @Override
    public void end() {}
  }
}
