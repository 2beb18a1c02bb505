package io.parquetarrow.core.crypto;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The oracle of the encryption tests: parquet-java's own decrypting reader, its records turned into the values
 * {@code ReaderTestSupport}-style reads of Arrow vectors give ({@code getObject}, byte arrays as hex): booleans,
 * numbers, {@link LocalDateTime} for TIME(MILLIS) and INT96, hex for binary, lists of values.
 */
final class ParquetJavaRows {
  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;
  private static final long NANOS_PER_DAY = 86_400L * 1_000_000_000L;

  private ParquetJavaRows() {}

  /** Every record of {@code file}, decrypted with {@code keys}, one list of values per record. */
  static List<List<Object>> read(Path file, FileDecryptionProperties keys) throws IOException {
    return read(file, ParquetReadOptions.builder().withDecryption(keys).build());
  }

  /** Every record of {@code file}, read with {@code options} (decryption, checksum verification). */
  static List<List<Object>> read(Path file, ParquetReadOptions options) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      PageReadStore pages;
      while ((pages = reader.readNextRowGroup()) != null) {
        RecordReader<Group> records =
            new ColumnIOFactory().getColumnIO(schema).getRecordReader(pages, new GroupRecordConverter(schema));
        for (long row = 0; row < pages.getRowCount(); row++) {
          Group record = records.read();
          List<Object> values = new ArrayList<>();
          for (int field = 0; field < schema.getFieldCount(); field++) {
            values.add(value(record, field, schema.getType(field)));
          }
          rows.add(values);
        }
      }
    }
    return rows;
  }

  private static Object value(Group group, int field, Type type) {
    if (type.isRepetition(Type.Repetition.REPEATED)) {
      // A bare repeated field reads as a list, possibly empty.
      List<Object> elements = new ArrayList<>();
      for (int i = 0; i < group.getFieldRepetitionCount(field); i++) {
        elements.add(single(group, field, i, type));
      }
      return elements;
    }
    if (group.getFieldRepetitionCount(field) == 0) {
      return null;
    }
    return single(group, field, 0, type);
  }

  private static Object single(Group group, int field, int index, Type type) {
    if (!type.isPrimitive()) {
      // A LIST: optional group (LIST) { repeated group list { element } }.
      Group list = group.getGroup(field, index);
      GroupType repeated = type.asGroupType().getType(0).asGroupType();
      List<Object> elements = new ArrayList<>();
      for (int i = 0; i < list.getFieldRepetitionCount(0); i++) {
        elements.add(value(list.getGroup(0, i), 0, repeated.getType(0)));
      }
      return elements;
    }
    PrimitiveType primitive = type.asPrimitiveType();
    LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
    return switch (primitive.getPrimitiveTypeName()) {
      case BOOLEAN -> group.getBoolean(field, index);
      case INT32 -> logical instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation
          ? LocalDateTime.ofInstant(Instant.ofEpochMilli(group.getInteger(field, index)), ZoneOffset.UTC)
          : (Object) group.getInteger(field, index);
      case INT64 -> group.getLong(field, index);
      case FLOAT -> group.getFloat(field, index);
      case DOUBLE -> group.getDouble(field, index);
      case INT96 -> int96(group.getInt96(field, index).getBytes());
      case BINARY -> logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
          ? group.getString(field, index) : HexFormat.of().formatHex(group.getBinary(field, index).getBytes());
      case FIXED_LEN_BYTE_ARRAY -> HexFormat.of().formatHex(group.getBinary(field, index).getBytes());
    };
  }

  /** INT96: nanoseconds of the day (8 bytes LE) then the Julian day (4 bytes LE). */
  private static LocalDateTime int96(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = buffer.getLong();
    long julianDay = buffer.getInt() & 0xFFFFFFFFL;
    long nanos = (julianDay - JULIAN_DAY_OF_EPOCH) * NANOS_PER_DAY + nanosOfDay;
    return LocalDateTime.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
        (int) Math.floorMod(nanos, 1_000_000_000L), ZoneOffset.UTC);
  }
}
