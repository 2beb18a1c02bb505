package io.parquetarrow.thrift;

import io.parquetarrow.errors.ParquetCorruptionException;

/**
 * Reads one value (usually a struct, e.g. {@code SchemaElement::read}) from a {@link CompactProtocolReader}
 * positioned at its first byte; used to read the elements of a list.
 */
@FunctionalInterface
public interface ThriftReadFunction<T> {
  T read(CompactProtocolReader in) throws ParquetCorruptionException;
}
