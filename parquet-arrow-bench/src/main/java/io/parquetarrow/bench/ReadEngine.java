package io.parquetarrow.bench;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One Parquet reader in the side-by-side runner ({@link Compare}): reads a whole file into memory in the form
 * that engine materialises (Arrow batches for ours, Arrow C++ and DuckDB; the values themselves, touched one by
 * one, for the pure-Java readers without Arrow output). The runner times {@link #read} together with the checksum
 * of the returned {@link Materialized}, so every engine's checksum work falls inside its timed read. An engine
 * may keep per-thread-count state between reads (a database, a thread pool), created on first use so it is not
 * timed again and again, and released by {@link #close()}.
 */
public interface ReadEngine extends AutoCloseable {

  /** The short name printed in result tables. */
  String name();

  /** Null when the engine can run here, else why not (missing JDK, library or API), printed instead of numbers. */
  String unavailableReason();

  /**
   * Reads every row and column of {@code file} using at most {@code threads} threads where the engine lets us
   * say so. Arrow output is allocated from {@code allocator} and released by {@link Materialized#close()}.
   */
  Materialized read(Path file, int threads, BufferAllocator allocator) throws Exception;

  /** Releases what the engine keeps between reads (connections, thread pools). */
  @Override
  default void close() {}

  /** What a read produced: the data held in memory until closed, and its checksum. */
  interface Materialized extends AutoCloseable {
    /** The checksum of the values read; for Arrow engines computed on first call, which the runner times. */
    ValueChecksum checksum();

    /**
     * Whether {@link #checksum()} does its work when first called, after the read (the Arrow engines), so that the
     * runner can also report the read without it; false where values went into the checksum while being read.
     */
    default boolean checksumsOnCall() {
      return false;
    }

    /** The number of rows read. */
    long rows();

    @Override
    void close();
  }

  /** A read whose values were consumed into a checksum while reading (nothing left in memory to free). */
  record Consumed(ValueChecksum checksum) implements Materialized {
    @Override
    public long rows() {
      return checksum.rows();
    }

    @Override
    public void close() {}
  }
}
