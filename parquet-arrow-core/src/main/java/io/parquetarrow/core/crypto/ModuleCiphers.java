package io.parquetarrow.core.crypto;

/**
 * The ciphers one reading thread uses for all its column chunks: one AES-GCM and one AES-CTR {@link ModuleCipher},
 * each made on first use. Owned by one thread (a reader's column chunk opener); not thread-safe.
 */
public final class ModuleCiphers {
  private AesGcmModuleCipher gcm;
  private AesCtrModuleCipher ctr;

  /** The GCM cipher, made on first use. */
  public AesGcmModuleCipher gcm() {
    if (gcm == null) {
      gcm = new AesGcmModuleCipher();
    }
    return gcm;
  }

  /** The CTR cipher, made on first use. */
  public AesCtrModuleCipher ctr() {
    if (ctr == null) {
      ctr = new AesCtrModuleCipher();
    }
    return ctr;
  }
}
