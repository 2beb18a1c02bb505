package io.parquetarrow.thrift;

/**
 * Writes one value (usually a struct, e.g. {@code (out, element) -> element.write(out)}) to a
 * {@link CompactProtocolWriter}; used to write the elements of a list.
 */
@FunctionalInterface
public interface ThriftWriteFunction<T> {
  void write(CompactProtocolWriter out, T value);
}
