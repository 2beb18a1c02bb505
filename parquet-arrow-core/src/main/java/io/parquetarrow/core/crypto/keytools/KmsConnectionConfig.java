package io.parquetarrow.core.crypto.keytools;

import java.util.Objects;

/**
 * Where the KMS is and how to authenticate to it: the KMS instance id and URL (written into the footer key's
 * material, so a reader can find the same instance) and the key access token passed to the KMS client. The token is
 * a secret: it is never written to a file, to {@link #toString()} or to an exception message.
 *
 * <p>{@link #DEFAULT} ("DEFAULT") is what parquet-java and Arrow C++ write when no instance is configured. For
 * reading, an instance id or URL left null is taken from the footer key's material.
 */
public final class KmsConnectionConfig {
  /** The value parquet-java and Arrow C++ use for an unset instance id, URL and access token. */
  public static final String DEFAULT = "DEFAULT";

  private final String kmsInstanceId;
  private final String kmsInstanceUrl;
  private final String keyAccessToken;

  private KmsConnectionConfig(String kmsInstanceId, String kmsInstanceUrl, String keyAccessToken) {
    this.kmsInstanceId = kmsInstanceId;
    this.kmsInstanceUrl = kmsInstanceUrl;
    this.keyAccessToken = Objects.requireNonNull(keyAccessToken, "keyAccessToken");
  }

  /**
   * A connection to the given instance; {@code kmsInstanceId} and {@code kmsInstanceUrl} may be null for a reader
   * that takes them from the file, {@code keyAccessToken} may not (use {@link #DEFAULT} for a KMS without tokens).
   */
  public static KmsConnectionConfig of(String kmsInstanceId, String kmsInstanceUrl, String keyAccessToken) {
    return new KmsConnectionConfig(kmsInstanceId, kmsInstanceUrl, keyAccessToken);
  }

  /** Instance id, URL and token all {@link #DEFAULT}: what the in-memory test KMS and unconfigured writers use. */
  public static KmsConnectionConfig defaults() {
    return new KmsConnectionConfig(DEFAULT, DEFAULT, DEFAULT);
  }

  /** This connection with the instance id and URL filled in where they are null. */
  KmsConnectionConfig withInstanceIfUnset(String instanceId, String instanceUrl) {
    return new KmsConnectionConfig(kmsInstanceId != null ? kmsInstanceId : instanceId,
        kmsInstanceUrl != null ? kmsInstanceUrl : instanceUrl, keyAccessToken);
  }

  /** The KMS instance id, or null when a reader should take it from the file. */
  public String kmsInstanceId() {
    return kmsInstanceId;
  }

  /** The KMS instance URL, or null when a reader should take it from the file. */
  public String kmsInstanceUrl() {
    return kmsInstanceUrl;
  }

  /** The key access token (a secret: keep it out of logs). */
  public String keyAccessToken() {
    return keyAccessToken;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof KmsConnectionConfig that
        && Objects.equals(kmsInstanceId, that.kmsInstanceId)
        && Objects.equals(kmsInstanceUrl, that.kmsInstanceUrl)
        && keyAccessToken.equals(that.keyAccessToken);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kmsInstanceId, kmsInstanceUrl, keyAccessToken);
  }

  /** Names the instance; the access token is never shown. */
  @Override
  public String toString() {
    return "KmsConnectionConfig[kmsInstanceId=" + kmsInstanceId + ", kmsInstanceUrl=" + kmsInstanceUrl
        + ", keyAccessToken=(hidden)]";
  }
}
