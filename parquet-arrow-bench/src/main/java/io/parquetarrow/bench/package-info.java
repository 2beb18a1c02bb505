/**
 * Benchmarks of parquet-arrow against its peers. {@link io.parquetarrow.bench.Compare} is the side-by-side runner
 * (read and write, ours against Arrow C++, DuckDB, parquet-java and Hardwood, over the suite that
 * {@link io.parquetarrow.bench.DatasetGenerator} writes, with an engine-independent
 * {@link io.parquetarrow.bench.ValueChecksum}); the {@code *Benchmark} classes are JMH micro-benchmarks of single
 * layers (footer, decompression, value and level decoding), run by {@link io.parquetarrow.bench.RunBenchmarks}
 * and kept alive by a test. The SIMD kernel benchmarks live in {@code io.parquetarrow.bench.simd}. See
 * BENCHMARKS.md at the repository root.
 */
package io.parquetarrow.bench;
