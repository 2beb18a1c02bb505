package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.util.Set;

/**
 * Keeps the key material of one Parquet file outside the file, by key reference ("footerKey", "columnKey0", ...),
 * so that master keys can be rotated without rewriting the file. The writer side adds material and saves once; the
 * reader side looks material up. {@link FileSystemKeyMaterialStore} is the store parquet-java and Arrow C++ use: a
 * JSON file beside the Parquet file.
 */
public interface KeyMaterialStore {

  /** Adds (or replaces) the material for a key reference; nothing is written until {@link #save()}. */
  void addKeyMaterial(String keyReference, String keyMaterialJson);

  /** Writes every added material out, replacing what the store held. */
  void save() throws ParquetEncryptionException;

  /**
   * The material saved under a key reference.
   *
   * @throws ParquetEncryptionException when the store cannot be read or has no such reference
   */
  String keyMaterial(String keyReference) throws ParquetEncryptionException;

  /** Every key reference the store holds. */
  Set<String> keyReferences() throws ParquetEncryptionException;
}
