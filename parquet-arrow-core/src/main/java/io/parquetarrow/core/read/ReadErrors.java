package io.parquetarrow.core.read;

import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.ParquetResourceException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import org.apache.arrow.memory.OutOfMemoryException;

/** Where a field reader's failure happened, put in front of its message the same way for every shape. */
final class ReadErrors {
  private ReadErrors() {}

  /**
   * {@code e} naming {@code location} (file, row group, column), of the same type; as it is when its message names
   * the file already (the column layer located it itself).
   */
  static ParquetException located(ParquetException e, ChunkLocation location) {
    if (e.getMessage() != null && e.getMessage().startsWith(location.file())) {
      return e;
    }
    String where = location.describe() + ": ";
    if (e instanceof ParquetCorruptionException) {
      return new ParquetCorruptionException(where + e.getMessage(), e);
    }
    if (e instanceof ParquetEncryptionException) {
      return new ParquetEncryptionException(where + e.getMessage(), e);
    }
    if (e instanceof ParquetResourceException) {
      return new ParquetResourceException(where + e.getMessage(), e);
    }
    if (e instanceof UnsupportedParquetFeatureException) {
      return new UnsupportedParquetFeatureException(where + e.getMessage(), e);
    }
    return new ParquetException(where + e.getMessage(), e);
  }

  /**
   * An unchecked exception met while {@code doing} (e.g. "decode the column") at {@code location}: the caller's
   * allocator refusing a buffer is a {@link ParquetResourceException}; anything else is a decoder or codec
   * tripping over bytes it did not expect, reported as corruption rather than let it escape mid-batch.
   */
  static ParquetException unchecked(RuntimeException e, ChunkLocation location, String doing) {
    if (e instanceof OutOfMemoryException) {
      return new ParquetResourceException(location.describe() + ": the allocator's limit is reached while trying to "
          + doing + ": " + e.getMessage(), e);
    }
    return new ParquetCorruptionException(location.describe() + ": cannot " + doing + ": " + e, e);
  }
}
