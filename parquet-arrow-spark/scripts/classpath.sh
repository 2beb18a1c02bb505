#!/usr/bin/env bash
# Compiles the Spark module with the reactor and prints its test class path (module classes, core and the modules
# below it as target/classes, Spark and every other jar from the local Maven repository). Sourced by the other
# scripts; runs Maven offline, so resolve the dependencies once first (docs/decisions/0052).
set -euo pipefail
module="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(cd "$module/.." && pwd)"
mvn -o -B -q -f "$root/pom.xml" -pl parquet-arrow-spark -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test >&2
classpath="$module/target/test-classes:$module/target/classes:$(cat "$module/target/test-classpath.txt")"
# Reactor modules appear as their jars' paths in the local repository only once installed; use their classes.
for dependency in thrift parquet-arrow-simd parquet-arrow-encodings parquet-arrow-core; do
  classpath="$classpath:$root/$dependency/target/classes"
done
echo "$classpath"
