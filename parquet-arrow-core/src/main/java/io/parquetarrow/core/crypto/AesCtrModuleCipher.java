package io.parquetarrow.core.crypto;

import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-CTR on whole modules (spec "4.2.2 AES_GCM_CTR_V1", used for pages only): {@code length nonce(12)
 * ciphertext}, no tag and no AAD. The 16-byte IV is the nonce followed by a 4-byte big-endian counter starting at
 * 1 ("the first 31 bits of the initial counter field are set to 0, the last bit is set to 1"). Not thread-safe.
 */
public final class AesCtrModuleCipher extends ModuleCipher {
  private static final int IV_BYTES = 16;
  private final byte[] iv = new byte[IV_BYTES];

  public AesCtrModuleCipher() {
    super("AES/CTR/NoPadding");
  }

  @Override
  public int overhead() {
    return LENGTH_BYTES + NONCE_BYTES;
  }

  @Override
  protected int decryptBody(SecretKeySpec key, byte[] body, int offset, int length, byte[] aad, byte[] output,
      int outputOffset) throws GeneralSecurityException {
    System.arraycopy(body, offset, iv, 0, NONCE_BYTES);
    initialCounter();
    cipher.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(iv));
    return cipher.doFinal(body, offset + NONCE_BYTES, length - NONCE_BYTES, output, outputOffset);
  }

  @Override
  public byte[] encrypt(SecretKeySpec key, byte[] plaintext, int offset, int length, byte[] aad, byte[] nonce)
      throws GeneralSecurityException {
    int moduleLength = length + overhead();
    byte[] module = new byte[moduleLength];
    frame(module, moduleLength, nonce);
    System.arraycopy(nonce, 0, iv, 0, NONCE_BYTES);
    initialCounter();
    cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
    cipher.doFinal(plaintext, offset, length, module, LENGTH_BYTES + NONCE_BYTES);
    return module;
  }

  private void initialCounter() {
    iv[12] = 0;
    iv[13] = 0;
    iv[14] = 0;
    iv[15] = 1;
  }
}
