package io.parquetarrow.core.crypto.keytools;

import java.time.Duration;
import java.util.Objects;

/**
 * How files are read with the key tools: for now only how long KMS clients and unwrapped key encryption keys are
 * reused (ten minutes by default, as in parquet-java and Arrow C++). Everything else a reader needs is in the file's
 * key metadata. {@link CryptoFactory#keyRetriever} turns it into a file's key retriever.
 *
 * @param cacheLifetime how long KMS clients and unwrapped key encryption keys are kept
 */
public record DecryptionConfiguration(Duration cacheLifetime) {

  public DecryptionConfiguration {
    Objects.requireNonNull(cacheLifetime, "cacheLifetime");
    if (cacheLifetime.isNegative()) {
      throw new IllegalArgumentException("cache lifetime is negative: " + cacheLifetime);
    }
  }

  /** Ten-minute cache lifetime. */
  public static DecryptionConfiguration defaults() {
    return new DecryptionConfiguration(Duration.ofMinutes(10));
  }
}
