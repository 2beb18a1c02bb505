package io.parquetarrow.core.crypto;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-GCM on whole modules (spec "4.2.1 AES_GCM_V1"): {@code length nonce(12) ciphertext tag(16)}, the tag
 * authenticating the ciphertext and the module's AAD. Every module of AES_GCM_V1, and every module but pages of
 * AES_GCM_CTR_V1. Also computes the signature of a plaintext footer ({@link #tag}). Not thread-safe.
 */
public final class AesGcmModuleCipher extends ModuleCipher {
  private static final int TAG_BITS = TAG_BYTES * 8;

  public AesGcmModuleCipher() {
    super("AES/GCM/NoPadding");
  }

  @Override
  public int overhead() {
    return LENGTH_BYTES + NONCE_BYTES + TAG_BYTES;
  }

  @Override
  protected int decryptBody(SecretKeySpec key, byte[] body, int offset, int length, byte[] aad, byte[] output,
      int outputOffset) throws GeneralSecurityException {
    cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, body, offset, NONCE_BYTES));
    if (aad != null) {
      cipher.updateAAD(aad);
    }
    return cipher.doFinal(body, offset + NONCE_BYTES, length - NONCE_BYTES, output, outputOffset);
  }

  @Override
  public byte[] encrypt(SecretKeySpec key, byte[] plaintext, int offset, int length, byte[] aad, byte[] nonce)
      throws GeneralSecurityException {
    int moduleLength = length + overhead();
    byte[] module = new byte[moduleLength];
    frame(module, moduleLength, nonce);
    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
    if (aad != null) {
      cipher.updateAAD(aad);
    }
    cipher.doFinal(plaintext, offset, length, module, LENGTH_BYTES + NONCE_BYTES);
    return module;
  }

  /**
   * The GCM tag of {@code plaintext} under {@code key}, {@code nonce} and {@code aad}: a plaintext footer's
   * signature is its nonce and this tag (spec "5.3", plaintext footer mode). The ciphertext is discarded.
   */
  public byte[] tag(SecretKeySpec key, byte[] plaintext, int offset, int length, byte[] aad, byte[] nonce)
      throws GeneralSecurityException {
    byte[] module = encrypt(key, plaintext, offset, length, aad, nonce);
    return Arrays.copyOfRange(module, module.length - TAG_BYTES, module.length);
  }
}
