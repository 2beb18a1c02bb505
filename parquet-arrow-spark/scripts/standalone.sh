#!/usr/bin/env bash
# Starts a Spark standalone master and two workers (one core each) on loopback from the module's test class path,
# submits StandaloneJob (a generated lineitem written and aggregated through parquet-arrow on the cluster, TPC-H Q1
# and Q6), and checks the results against a local run with Spark's built-in reader. Stops the processes it started.
# Usage: parquet-arrow-spark/scripts/standalone.sh [rows]   (default 500000)
set -euo pipefail
scripts="$(cd "$(dirname "$0")" && pwd)"
module="$(cd "$scripts/.." && pwd)"
rows="${1:-500000}"
classpath="$("$scripts/classpath.sh")"
jvm_flags="$(cat "$module/target/jvm-flags")"

work="$(mktemp -d "${TMPDIR:-/tmp}/parquet-arrow-standalone.XXXXXX")"
# Workers launch executors from SPARK_HOME/jars; a directory of links to the class path's jars stands in for it.
mkdir -p "$work/spark-home/jars"
directories=""
IFS=':' read -ra entries <<< "$classpath"
for entry in "${entries[@]}"; do
  if [[ "$entry" == *.jar ]]; then
    ln -sf "$entry" "$work/spark-home/jars/"
  else
    directories="${directories:+$directories:}$entry"
  fi
done
export SPARK_HOME="$work/spark-home" SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1 SPARK_LOCAL_HOSTNAME=localhost
port=$((17000 + RANDOM % 2000))
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

java $jvm_flags -Xmx512m -cp "$classpath" org.apache.spark.deploy.master.Master \
  --host 127.0.0.1 --port "$port" --webui-port 0 > "$work/master.log" 2>&1 &
pids+=($!)
for worker in 1 2; do
  java $jvm_flags -Xmx512m -cp "$classpath" org.apache.spark.deploy.worker.Worker \
    --host 127.0.0.1 --cores 1 --memory 1g --webui-port 0 --work-dir "$work/worker$worker" \
    "spark://127.0.0.1:$port" > "$work/worker$worker.log" 2>&1 &
  pids+=($!)
done
echo "master spark://127.0.0.1:$port; the job waits for both workers' executors"

status=0
java $jvm_flags -Xmx1g -cp "$classpath" \
  -Dspark.executor.extraClassPath="$directories" \
  -Dspark.executor.extraJavaOptions="$jvm_flags" \
  -Dspark.executor.memory=768m -Dspark.cores.max=2 \
  io.parquetarrow.spark.StandaloneJob "spark://127.0.0.1:$port" "$work/lineitem" "$rows" || status=$?
if [[ $status -ne 0 ]]; then
  echo "--- worker logs ---"; tail -n 30 "$work"/worker*.log
  find "$work" -name stderr -path '*app-*' -exec tail -n 30 {} \; 2>/dev/null || true
fi
exit $status
