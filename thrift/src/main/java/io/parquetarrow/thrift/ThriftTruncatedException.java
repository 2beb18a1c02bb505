package io.parquetarrow.thrift;

import io.parquetarrow.errors.ParquetCorruptionException;

/**
 * The Thrift bytes ended before the structure did: a value, a length prefix or a list needs more bytes than the
 * buffer handed to {@link CompactProtocolReader} holds. Page-header readers, which decode from a prefix of
 * unknown length, catch this type and retry with a longer prefix; everyone else treats it as the
 * {@link ParquetCorruptionException} it extends.
 */
public class ThriftTruncatedException extends ParquetCorruptionException {
  private static final long serialVersionUID = 1L;

  public ThriftTruncatedException(String message) {
    super(message);
  }
}
