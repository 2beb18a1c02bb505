package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import io.parquetarrow.thrift.ThriftWriteFunction;
import java.util.Objects;

/**
 * The header in front of a column chunk's bloom filter bitset, at {@link ColumnMetaData#bloomFilterOffset()}
 * (parquet.thrift {@code struct BloomFilterHeader}). {@code numBytes} is the bitset size that follows.
 */
public record BloomFilterHeader(
    int numBytes, BloomFilterAlgorithm algorithm, BloomFilterHash hash, BloomFilterCompression compression) {
  public BloomFilterHeader {
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(compression, "compression");
  }

  public static BloomFilterHeader read(CompactProtocolReader in) throws ParquetCorruptionException {
    Integer numBytes = null;
    BloomFilterAlgorithm algorithm = null;
    BloomFilterHash hash = null;
    BloomFilterCompression compression = null;
    in.readStructBegin("BloomFilterHeader");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> numBytes = in.readI32Field();
        case 2 -> algorithm = in.readStructField(BloomFilterAlgorithm::read);
        case 3 -> hash = in.readStructField(BloomFilterHash::read);
        case 4 -> compression = in.readStructField(BloomFilterCompression::read);
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new BloomFilterHeader(
        in.require(numBytes, "BloomFilterHeader", 1, "numBytes"),
        in.require(algorithm, "BloomFilterHeader", 2, "algorithm"),
        in.require(hash, "BloomFilterHeader", 3, "hash"),
        in.require(compression, "BloomFilterHeader", 4, "compression"));
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeI32Field(1, numBytes);
    out.writeStructField(2, algorithm, (ThriftWriteFunction<BloomFilterAlgorithm>) (w, v) -> v.write(w));
    out.writeStructField(3, hash, (ThriftWriteFunction<BloomFilterHash>) (w, v) -> v.write(w));
    out.writeStructField(4, compression, (ThriftWriteFunction<BloomFilterCompression>) (w, v) -> v.write(w));
    out.writeStructEnd();
  }

  /** Decodes a header from {@code length} bytes at {@code offset} (the bitset may follow in the same slice). */
  public static BloomFilterHeader decode(byte[] bytes, int offset, int length) throws ParquetCorruptionException {
    return read(new CompactProtocolReader(bytes, offset, length));
  }

  /** Encodes this header. */
  public byte[] encode() {
    CompactProtocolWriter out = new CompactProtocolWriter(64);
    write(out);
    return out.toByteArray();
  }
}
