package io.parquetarrow.flight;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.auth2.Auth2Constants;
import org.apache.arrow.flight.auth2.AuthUtilities;
import org.apache.arrow.flight.auth2.CallHeaderAuthenticator;

/**
 * Requires {@code authorization: Bearer <token>} on every call: Flight runs this authenticator before each call's
 * handler. The comparison takes the same time whatever the token sent ({@link MessageDigest#isEqual} of SHA-256
 * digests, so not even the length leaks). A missing or wrong token is {@code UNAUTHENTICATED}; the token is never
 * put in a message, a log line or {@link #toString()}.
 */
final class BearerTokenCheck implements CallHeaderAuthenticator {
  private static final String PEER = "bearer-token";

  private final byte[] expectedDigest;

  BearerTokenCheck(String token) {
    if (token == null || token.isEmpty()) {
      throw new IllegalArgumentException("the bearer token is empty");
    }
    this.expectedDigest = digest(token);
  }

  @Override
  public AuthResult authenticate(CallHeaders headers) {
    String presented = AuthUtilities.getValueFromAuthHeader(headers, Auth2Constants.BEARER_PREFIX);
    if (presented == null) {
      throw CallStatus.UNAUTHENTICATED.withDescription("a bearer token is required (authorization: Bearer ...)")
          .toRuntimeException();
    }
    if (!MessageDigest.isEqual(digest(presented), expectedDigest)) {
      throw CallStatus.UNAUTHENTICATED.withDescription("the bearer token is not valid").toRuntimeException();
    }
    return () -> PEER;
  }

  private static byte[] digest(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }

  @Override
  public String toString() {
    return "BearerTokenCheck{token=<hidden>}";
  }
}
