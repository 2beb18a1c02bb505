package io.parquetarrow.core.crypto.keytools;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A cache per key access token, each part living for a set time: KMS clients, key encryption keys for writing and
 * unwrapped key encryption keys for reading are kept per token, so that a token that is revoked (or simply expires)
 * takes its keys with it. The same two-level shape as parquet-java's {@code TwoLevelCacheWithExpiration}.
 *
 * @param <V> the cached value
 */
final class TokenCache<V> {
  private final ConcurrentMap<String, Entry<V>> perToken = new ConcurrentHashMap<>();

  private record Entry<V>(ConcurrentMap<String, V> values, long expiresAtNanos) {
    boolean expired(long now) {
      return now - expiresAtNanos > 0;
    }
  }

  /** The live cache of this token, made anew when there is none or it outlived {@code lifetimeNanos}. */
  ConcurrentMap<String, V> forToken(String token, long lifetimeNanos) {
    long now = System.nanoTime();
    Entry<V> entry = perToken.compute(token, (key, existing) ->
        existing == null || existing.expired(now)
            ? new Entry<>(new ConcurrentHashMap<>(), now + lifetimeNanos)
            : existing);
    return entry.values();
  }

  void removeToken(String token) {
    perToken.remove(token);
  }

  void clear() {
    perToken.clear();
  }
}
