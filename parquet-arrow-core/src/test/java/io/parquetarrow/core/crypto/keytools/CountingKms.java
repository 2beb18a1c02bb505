package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A hand-written fake KMS: an {@link InMemoryKms} with the test master keys that counts wrap and unwrap calls, and
 * a factory that records every connection it was asked for.
 */
final class CountingKms implements KmsClient {
  final AtomicInteger wraps = new AtomicInteger();
  final AtomicInteger unwraps = new AtomicInteger();
  final List<KmsConnectionConfig> connections = new ArrayList<>();
  private final InMemoryKms delegate = new InMemoryKms(ExternalKeyMaterialCorpusTest.testMasterKeys());

  KmsClientFactory factory() {
    return connection -> {
      synchronized (connections) {
        connections.add(connection);
      }
      return this;
    };
  }

  @Override
  public String wrapKey(byte[] keyBytes, String masterKeyIdentifier) throws ParquetEncryptionException {
    wraps.incrementAndGet();
    return delegate.wrapKey(keyBytes, masterKeyIdentifier);
  }

  @Override
  public byte[] unwrapKey(String wrappedKey, String masterKeyIdentifier) throws ParquetEncryptionException {
    unwraps.incrementAndGet();
    return delegate.unwrapKey(wrappedKey, masterKeyIdentifier);
  }
}
