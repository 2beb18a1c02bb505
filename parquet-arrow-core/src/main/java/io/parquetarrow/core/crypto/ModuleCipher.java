package io.parquetarrow.core.crypto;

import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Cipher;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.SecretKeySpec;

/**
 * One AES cipher of Parquet Modular Encryption working on whole modules, spec "5.1 Encrypted module
 * serialization": a module is a 4-byte little-endian length followed by that many bytes, {@code nonce (12)
 * ciphertext [tag (16)]}. {@link AesGcmModuleCipher} authenticates every module; {@link AesCtrModuleCipher} only
 * encrypts (AES_GCM_CTR_V1 pages).
 *
 * <p>Wraps one JDK {@link Cipher}, re-initialised per module with the module's key and nonce, so an instance is not
 * thread-safe: each thread keeps one of each ({@link ModuleCiphers}) instead of making a {@code Cipher} per page.
 */
public abstract sealed class ModuleCipher permits AesGcmModuleCipher, AesCtrModuleCipher {
  /** The module's length prefix. */
  public static final int LENGTH_BYTES = 4;
  /** The nonce after the length prefix. */
  public static final int NONCE_BYTES = 12;
  /** The GCM authentication tag at the end of a GCM module. */
  public static final int TAG_BYTES = 16;

  protected final Cipher cipher;

  protected ModuleCipher(String transformation) {
    try {
      this.cipher = Cipher.getInstance(transformation);
    } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
      throw new IllegalStateException("the JDK offers no " + transformation + " cipher", e);
    }
  }

  /** The AES key for {@code key}'s bytes (16, 24 or 32), made once per key and reused for every module. */
  public static SecretKeySpec aesKey(byte[] key) {
    if (key == null || (key.length != 16 && key.length != 24 && key.length != 32)) {
      throw new IllegalArgumentException(
          "an AES key has 16, 24 or 32 bytes, got " + (key == null ? "none" : key.length + " bytes"));
    }
    return new SecretKeySpec(key, "AES");
  }

  /** The bytes a module adds to its plaintext: length prefix, nonce and, for GCM, the tag. */
  public abstract int overhead();

  /** The length stored in the prefix of the module at {@code offset} (unsigned, so at most 2^32 - 1). */
  public static long storedLength(byte[] bytes, int offset) {
    return (bytes[offset] & 0xFFL) | (bytes[offset + 1] & 0xFFL) << 8 | (bytes[offset + 2] & 0xFFL) << 16
        | (bytes[offset + 3] & 0xFFL) << 24;
  }

  /**
   * The plaintext length of a module of {@code moduleLength} bytes (prefix included).
   *
   * @throws GeneralSecurityException the module is shorter than its fixed parts
   */
  public int plaintextLength(int moduleLength) throws GeneralSecurityException {
    if (moduleLength < overhead()) {
      throw new GeneralSecurityException(
          "encrypted module of " + moduleLength + " bytes is shorter than its " + overhead() + " bytes of framing");
    }
    return moduleLength - overhead();
  }

  /**
   * Decrypts the module of {@code moduleLength} bytes (length prefix included) at {@code offset} into
   * {@code output} at {@code outputOffset}, which must have room for {@link #plaintextLength} bytes.
   *
   * @param aad the module's AAD (ignored by CTR)
   * @return the plaintext length
   * @throws GeneralSecurityException the prefix disagrees with {@code moduleLength}, or authentication fails
   *     ({@link javax.crypto.AEADBadTagException}: wrong key, wrong AAD, or altered bytes)
   */
  public int decrypt(SecretKeySpec key, byte[] module, int offset, int moduleLength, byte[] aad, byte[] output,
      int outputOffset) throws GeneralSecurityException {
    int plaintextLength = plaintextLength(moduleLength);
    long stored = storedLength(module, offset);
    if (stored != moduleLength - LENGTH_BYTES) {
      throw new GeneralSecurityException("encrypted module's length prefix says " + stored + " bytes but "
          + (moduleLength - LENGTH_BYTES) + " follow it");
    }
    if (output.length - outputOffset < plaintextLength) {
      throw new IllegalArgumentException(
          "output has " + (output.length - outputOffset) + " bytes of room for " + plaintextLength);
    }
    return decryptBody(key, module, offset + LENGTH_BYTES, moduleLength - LENGTH_BYTES, aad, output, outputOffset);
  }

  /** Decrypts {@code nonce ciphertext [tag]} (the module without its prefix). */
  protected abstract int decryptBody(SecretKeySpec key, byte[] body, int offset, int length, byte[] aad,
      byte[] output, int outputOffset) throws GeneralSecurityException;

  /**
   * Encrypts {@code plaintext[offset, offset + length)} with {@code nonce} (12 bytes, never reused with the same
   * key) into a whole module, length prefix included.
   */
  public abstract byte[] encrypt(SecretKeySpec key, byte[] plaintext, int offset, int length, byte[] aad,
      byte[] nonce) throws GeneralSecurityException;

  /** Writes the prefix and nonce of a module of {@code moduleLength} bytes into {@code module}. */
  protected static void frame(byte[] module, int moduleLength, byte[] nonce) {
    if (nonce.length != NONCE_BYTES) {
      throw new IllegalArgumentException("a module nonce has " + NONCE_BYTES + " bytes, got " + nonce.length);
    }
    int stored = moduleLength - LENGTH_BYTES;
    module[0] = (byte) stored;
    module[1] = (byte) (stored >>> 8);
    module[2] = (byte) (stored >>> 16);
    module[3] = (byte) (stored >>> 24);
    System.arraycopy(nonce, 0, module, LENGTH_BYTES, NONCE_BYTES);
  }
}
