package io.parquetarrow.thrift;

/**
 * A Java enum that mirrors a Thrift enum of parquet.thrift: each constant knows the integer it has on the wire.
 * Enums that must tolerate values added by future versions of the format also have a constant named
 * {@code UNKNOWN}, whose {@link #value()} is {@code -1}.
 */
public interface ThriftEnumValue {
  /** The integer this constant has in parquet.thrift. */
  int value();
}
