package io.parquetarrow.bench;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-java (parquet-hadoop 1.16) reading full records, the form issue 7 names as the peer of its "5×
 * parquet-java" target: row group by row group, a {@link RecordReader} from {@link MessageColumnIO} assembles
 * each record from its leaf columns (Dremel assembly, the state machine every parquet-java object model runs on)
 * and hands every present value to a converter. The converters here add the values to the checksum instead of
 * building objects, so this is the cheapest full record read parquet-java offers: an object model (example
 * {@code Group}, Avro) would allocate per value on top of it. Dictionaries are decoded value by value, as with
 * the example models. Single-threaded whatever {@code threads} says.
 *
 * <p>{@link ParquetJavaEngine} is the faster column path without record assembly; the tables show both.
 */
final class ParquetJavaRecordsEngine implements ReadEngine {

  static final String NAME = "parquet-java-records";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  @Override
  public Materialized read(Path file, int threads, BufferAllocator allocator) throws Exception {
    ValueChecksum checksum = new ValueChecksum();
    try (ParquetFileReader reader = ParquetJavaEngine.open(file)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      MessageColumnIO columns = new ColumnIOFactory(reader.getFooter().getFileMetaData().getCreatedBy())
          .getColumnIO(schema);
      ChecksumMaterializer materializer = new ChecksumMaterializer(schema, checksum);
      PageReadStore rowGroup;
      while ((rowGroup = reader.readNextRowGroup()) != null) {
        RecordReader<Void> records = columns.getRecordReader(rowGroup, materializer);
        long rows = rowGroup.getRowCount();
        for (long row = 0; row < rows; row++) {
          records.read();
        }
        checksum.addRows(rows);
      }
    }
    return new Consumed(checksum);
  }

  /** Materialises nothing: the converter tree feeds the checksum. */
  private static final class ChecksumMaterializer extends RecordMaterializer<Void> {
    private final GroupConverter root;

    ChecksumMaterializer(MessageType schema, ValueChecksum checksum) {
      // The converter tree is built depth-first, so leaves are numbered as Parquet numbers its columns.
      int[] leaves = {0};
      root = new ParquetJavaEngine.LeafGroupConverter(schema, leaf -> leaf.getLogicalTypeAnnotation()
          instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation
          ? new DecimalConverter(checksum, leaves[0]++) : new ValueConverter(checksum, leaves[0]++));
    }

    @Override
    public Void getCurrentRecord() {
      return null;
    }

    @Override
    public GroupConverter getRootConverter() {
      return root;
    }
  }

  /** Every physical type, added to the checksum as {@link ValueChecksum} defines it. */
  private static class ValueConverter extends PrimitiveConverter {
    private final ValueChecksum checksum;
    private final int leaf;

    ValueConverter(ValueChecksum checksum, int leaf) {
      this.checksum = checksum;
      this.leaf = leaf;
    }

    /** The checksum with this converter's leaf column selected: records interleave the columns. */
    final ValueChecksum checksum() {
      checksum.column(leaf);
      return checksum;
    }

    @Override
    public void addInt(int value) {
      checksum().addInteger(value);
    }

    @Override
    public void addLong(long value) {
      checksum().addInteger(value);
    }

    @Override
    public void addFloat(float value) {
      checksum().addDouble(value);
    }

    @Override
    public void addDouble(double value) {
      checksum().addDouble(value);
    }

    @Override
    public void addBoolean(boolean value) {
      checksum().addBoolean(value);
    }

    @Override
    public void addBinary(Binary value) {
      ParquetJavaEngine.addBinary(checksum(), value);
    }
  }

  /** Decimals in byte arrays count as their unscaled value; in INT32 / INT64 they are plain integers already. */
  private static final class DecimalConverter extends ValueConverter {
    DecimalConverter(ValueChecksum checksum, int leaf) {
      super(checksum, leaf);
    }

    @Override
    public void addBinary(Binary value) {
      byte[] bytes = value.getBytesUnsafe();
      checksum().addInteger(ValueChecksum.unscaledLowBits(bytes, 0, bytes.length));
    }
  }
}
