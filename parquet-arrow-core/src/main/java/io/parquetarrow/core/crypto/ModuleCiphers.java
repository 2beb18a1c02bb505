package io.parquetarrow.core.crypto;

/**
 * The ciphers of one thread: one AES-GCM and one AES-CTR {@link ModuleCipher}, each made on first use and then
 * re-initialised for every module the thread decrypts. Per thread rather than per reader or per chunk, because the
 * columns of one row group may be decoded by several threads at once (column-parallel batches), and a module is
 * always decrypted within one call on one thread.
 */
public final class ModuleCiphers {
  private static final ThreadLocal<ModuleCiphers> CURRENT = ThreadLocal.withInitial(ModuleCiphers::new);

  private AesGcmModuleCipher gcm;
  private AesCtrModuleCipher ctr;

  private ModuleCiphers() {}

  /** The calling thread's ciphers. */
  public static ModuleCiphers current() {
    return CURRENT.get();
  }

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
