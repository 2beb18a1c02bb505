package io.parquetarrow.core.column;

import io.parquetarrow.errors.ParquetException;

/**
 * Where {@link FlatColumnReader#read(int, ColumnBatch, FlatBatchTarget)} puts one batch: the column layer's view
 * of one Arrow vector, implemented by the arrow layer, so that the column layer knows no class of the arrow layer.
 *
 * <p>A vector of {@link Layout#FIXED_WIDTH}, {@link Layout#BINARY} or {@link Layout#BITS} values is written in
 * place: the reader asks for its buffers sized for the batch ({@link #fixedWidthValues}, {@link #binaryValues} or
 * {@link #bitValues}), decodes each page's values into them at their rows, spreads them over the nulls there, and
 * hands over the validity with {@link #finish}. A vector of another layout is assembled from a heap batch
 * ({@link #assemble}).
 */
public interface FlatBatchTarget {

  /** How the vector holds its values. */
  enum Layout {
    /** One fixed-width slot per row, {@link #valueWidth()} bytes each: the reader's values as they are decoded. */
    FIXED_WIDTH,
    /** Offsets (one more than rows) and the values' bytes back to back, from BYTE_ARRAY. */
    BINARY,
    /** A bit per row, from BOOLEAN. */
    BITS,
    /** Any other: built from a heap {@link ColumnBatch}. */
    ASSEMBLED
  }

  Layout layout();

  /**
   * For {@link Layout#FIXED_WIDTH}: bytes per value of the vector's data buffer, which must be the bytes per value
   * the reader decodes (converted, for a converting reader); the reader assembles the batch when they differ.
   */
  int valueWidth();

  /** Allocates the vector's data buffer for {@code rows} fixed-width values and returns a sink over it. */
  ValueSink fixedWidthValues(int rows);

  /** Allocates the vector's offsets for {@code rows} values, and room for their bytes, and returns a sink over them. */
  BinarySink binaryValues(int rows);

  /** Allocates the vector's data buffer for {@code rows} bits, cleared, and returns a sink over it. */
  BitSink bitValues(int rows);

  /**
   * Loads the buffers written since {@link #fixedWidthValues}, {@link #binaryValues} or {@link #bitValues} into the vector, with
   * {@code nullCount} nulls whose rows are the clear bits of {@code validity} (LSB first, its first {@code rows}
   * bits; not read when {@code nullCount} is 0).
   */
  void finish(int rows, int nullCount, byte[] validity);

  /** Releases the buffers of a batch that failed before {@link #finish}; harmless when none are held. */
  void abandon();

  /** Replaces the vector's contents with {@code batch}, for {@link Layout#ASSEMBLED}. */
  void assemble(ColumnBatch batch) throws ParquetException;

  /** A target whose every batch is assembled from the heap by {@code assembly} (dictionary-encoded vectors). */
  static FlatBatchTarget assembled(Assembly assembly) {
    return new FlatBatchTarget() {
      @Override
      public Layout layout() {
        return Layout.ASSEMBLED;
      }

      @Override
      public int valueWidth() {
        return 0;
      }

      @Override
      public ValueSink fixedWidthValues(int rows) {
        throw new IllegalStateException("an assembled vector has no buffers written in place");
      }

      @Override
      public BinarySink binaryValues(int rows) {
        throw new IllegalStateException("an assembled vector has no buffers written in place");
      }

      @Override
      public BitSink bitValues(int rows) {
        throw new IllegalStateException("an assembled vector has no buffers written in place");
      }

      @Override
      public void finish(int rows, int nullCount, byte[] validity) {
        throw new IllegalStateException("an assembled vector has no buffers written in place");
      }

      @Override
      public void abandon() {}

      @Override
      public void assemble(ColumnBatch batch) throws ParquetException {
        assembly.assemble(batch);
      }
    };
  }

  /** Builds a vector's contents from a heap batch. */
  @FunctionalInterface
  interface Assembly {
    void assemble(ColumnBatch batch) throws ParquetException;
  }
}
