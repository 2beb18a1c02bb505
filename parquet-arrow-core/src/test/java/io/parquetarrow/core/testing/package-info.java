/**
 * Test-scope oracles and fixtures for differential tests of the reader and writer: Arrow C++
 * ({@link io.parquetarrow.core.testing.ArrowCppOracle}, {@link io.parquetarrow.core.testing.ArrowCppWriter}) and
 * DuckDB ({@link io.parquetarrow.core.testing.DuckDbOracle}, {@link io.parquetarrow.core.testing.DuckDbWriter})
 * read and write files independently of this library; {@link io.parquetarrow.core.testing.ArrowAssertions}
 * compares their Arrow output value by value; {@link io.parquetarrow.core.testing.Corpus} finds the
 * parquet-testing files. {@code OracleQuirksTest} pins where the oracles differ from each other.
 */
package io.parquetarrow.core.testing;
