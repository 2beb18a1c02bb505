/**
 * An Arrow Flight server over a directory of Parquet files ({@link io.parquetarrow.flight.ParquetFlightServer}): the
 * library's reader streams row groups to Flight clients (Arrow Java, pyarrow, any Flight implementation) and its
 * writer stores what they upload. {@link io.parquetarrow.flight.FlightTarget} is the seam between the protocol and
 * what is served: a single file today, directory datasets through the same interface.
 */
package io.parquetarrow.flight;
