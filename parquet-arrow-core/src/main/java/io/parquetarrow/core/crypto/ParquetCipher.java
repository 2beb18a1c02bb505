package io.parquetarrow.core.crypto;

/**
 * The Parquet Modular Encryption algorithms a writer can be asked for (parquet.thrift {@code EncryptionAlgorithm}):
 * AES-GCM for every module, or AES-GCM for metadata with AES-CTR for page data.
 */
public enum ParquetCipher {
  /** AES_GCM_V1: every module authenticated (the default). */
  AES_GCM_V1,
  /** AES_GCM_CTR_V1: page data encrypted without authentication, metadata with AES-GCM. */
  AES_GCM_CTR_V1
}
