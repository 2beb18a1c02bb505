package io.parquetarrow.errors;

/**
 * The one helper through which the decoding layers check the bytes they read. Checks are made once, at a
 * boundary (a page, a run, a batch), so that the inner loops that follow can run without them.
 */
public final class ParquetValidation {
  private ParquetValidation() {}

  /**
   * Throws {@link ParquetCorruptionException} with the formatted message when {@code condition} is false.
   * The format is only applied on failure, so callers pay nothing for the message on the good path.
   */
  public static void validate(boolean condition, String format, Object... args)
      throws ParquetCorruptionException {
    if (!condition) {
      throw ParquetCorruptionException.of(format, args);
    }
  }

  /**
   * Checks that {@code length} bytes starting at {@code offset} lie within {@code [0, limit)}, without
   * overflowing, and names {@code what} in the message otherwise.
   */
  public static void validateRange(long offset, long length, long limit, String what)
      throws ParquetCorruptionException {
    if (offset < 0 || length < 0 || offset > limit || length > limit - offset) {
      throw ParquetCorruptionException.of(
          "%s: range [%d, %d + %d) does not fit in the %d bytes available", what, offset, offset, length, limit);
    }
  }
}
