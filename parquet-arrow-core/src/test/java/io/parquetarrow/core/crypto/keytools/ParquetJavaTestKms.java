package io.parquetarrow.core.crypto.keytools;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.crypto.ParquetCryptoRuntimeException;
import org.apache.parquet.crypto.keytools.KeyToolkit;
import org.apache.parquet.crypto.keytools.KmsClient;

/**
 * A parquet-java {@link KmsClient} (named by class in the Hadoop configuration) that wraps as parquet-java's own
 * test {@code InMemoryKMS} does, using only parquet-java's {@link KeyToolkit}: so the interop tests compare our key
 * tools with an implementation that shares none of our code. The master keys are those of
 * {@link ExternalKeyMaterialCorpusTest#testMasterKeys()}.
 */
public final class ParquetJavaTestKms implements KmsClient {
  private static final Map<String, byte[]> MASTER_KEYS = ExternalKeyMaterialCorpusTest.testMasterKeys();

  @Override
  public void initialize(Configuration configuration, String kmsInstanceId, String kmsInstanceUrl,
      String accessToken) {}

  @Override
  public String wrapKey(byte[] keyBytes, String masterKeyIdentifier) {
    return KeyToolkit.encryptKeyLocally(keyBytes, masterKey(masterKeyIdentifier),
        masterKeyIdentifier.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public byte[] unwrapKey(String wrappedKey, String masterKeyIdentifier) {
    return KeyToolkit.decryptKeyLocally(wrappedKey, masterKey(masterKeyIdentifier),
        masterKeyIdentifier.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] masterKey(String id) {
    byte[] key = MASTER_KEYS.get(id);
    if (key == null) {
      throw new ParquetCryptoRuntimeException("no master key " + id);
    }
    return key;
  }
}
