/**
 * Output shared by the commands: decoded values ({@link io.parquetarrow.cli.output.DisplayValue}), read from
 * Arrow vectors ({@link io.parquetarrow.cli.output.ArrowValues}), and written as escaped text, a hand-written
 * JSON ({@link io.parquetarrow.cli.output.JsonWriter}), CSV or an aligned table
 * ({@link io.parquetarrow.cli.output.RowWriter}).
 */
package io.parquetarrow.cli.output;
