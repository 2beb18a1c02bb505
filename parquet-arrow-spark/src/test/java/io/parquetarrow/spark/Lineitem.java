package io.parquetarrow.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A small TPC-H {@code lineitem} made by Spark itself: the sixteen columns with their TPC-H types and value ranges
 * (quantities 1–50, discounts 0.00–0.10, taxes 0.00–0.08, ship dates 1992–1998, flags R/A/N and O/F), drawn from
 * hashes of the row number so that every run makes the same table. Not dbgen's distribution, but enough for
 * Q1 and Q6 to group, filter and sum over every kind of column.
 */
final class Lineitem {
  private Lineitem() {}

  static Dataset<Row> generate(SparkSession spark, long rows, int partitions) {
    return spark.range(0, rows, 1, partitions).selectExpr(
        "id div 4 + 1 as l_orderkey",
        "pmod(hash(id, 1), 200000) + 1 as l_partkey",
        "pmod(hash(id, 2), 10000) + 1 as l_suppkey",
        "cast(id % 4 + 1 as int) as l_linenumber",
        "cast(pmod(hash(id, 3), 50) + 1 as decimal(15, 2)) as l_quantity",
        "cast((pmod(hash(id, 4), 9000000) + 90000) / 100.0 as decimal(15, 2)) as l_extendedprice",
        "cast(pmod(hash(id, 5), 11) / 100.0 as decimal(15, 2)) as l_discount",
        "cast(pmod(hash(id, 6), 9) / 100.0 as decimal(15, 2)) as l_tax",
        "element_at(array('R', 'A', 'N'), cast(pmod(hash(id, 7), 3) + 1 as int)) as l_returnflag",
        "element_at(array('O', 'F'), cast(pmod(hash(id, 8), 2) + 1 as int)) as l_linestatus",
        "date_add(date'1992-01-02', cast(pmod(hash(id, 9), 2526) as int)) as l_shipdate",
        "date_add(date'1992-01-31', cast(pmod(hash(id, 10), 2466) as int)) as l_commitdate",
        "date_add(date'1992-01-03', cast(pmod(hash(id, 11), 2554) as int)) as l_receiptdate",
        "element_at(array('DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN'),"
            + " cast(pmod(hash(id, 12), 4) + 1 as int)) as l_shipinstruct",
        "element_at(array('REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB'),"
            + " cast(pmod(hash(id, 13), 7) + 1 as int)) as l_shipmode",
        "concat('comment ', sha1(cast(id as string))) as l_comment");
  }

  static final String Q1 = """
      select l_returnflag, l_linestatus, sum(l_quantity) as sum_qty, sum(l_extendedprice) as sum_base_price,
             sum(l_extendedprice * (1 - l_discount)) as sum_disc_price,
             sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)) as sum_charge,
             avg(l_quantity) as avg_qty, avg(l_extendedprice) as avg_price, avg(l_discount) as avg_disc,
             count(*) as count_order
      from %s
      where l_shipdate <= date '1998-12-01' - interval '90' day
      group by l_returnflag, l_linestatus
      order by l_returnflag, l_linestatus""";

  static final String Q6 = """
      select sum(l_extendedprice * l_discount) as revenue
      from %s
      where l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01'
        and l_discount between 0.05 and 0.07 and l_quantity < 24""";
}
