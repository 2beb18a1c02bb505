#!/usr/bin/env bash
# Full scan and TPC-H Q6 through parquet-arrow and through Spark's built-in vectorized reader, at 1 and 2 cores
# (SparkScanBenchmark). Usage: parquet-arrow-spark/scripts/benchmark.sh [rows] [runs] [batchRows]
# (default 6000000 rows, 5 runs, 4096 rows per batch)
set -euo pipefail
scripts="$(cd "$(dirname "$0")" && pwd)"
module="$(cd "$scripts/.." && pwd)"
classpath="$("$scripts/classpath.sh")"
data="$module/target/bench-lineitem-${1:-6000000}"
jvm_flags="$(cat "$module/target/jvm-flags")"
SPARK_LOCAL_IP=127.0.0.1 SPARK_LOCAL_HOSTNAME=localhost java $jvm_flags -Xmx4g -cp "$classpath" \
  io.parquetarrow.spark.SparkScanBenchmark "$data" "${1:-6000000}" "${2:-5}" "${3:-4096}"
