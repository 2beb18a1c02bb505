package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damaged files never crash, hang or exhaust memory: every prefix of a few small corpus files, and many copies
 * with random bit flips or other random damage, either read (a flip may land in a value or in unused bytes) or fail with an exception of
 * our family naming the file. Anything else — an unchecked exception, an {@link Error} — is a bug. Random
 * inputs print their seed; rerun one with {@code -DdamagedFile.seed=N}, explore fresh seeds with
 * {@code -DdamagedFile.random=true} and more trials with {@code -DdamagedFile.trials=N}.
 */
class DamagedFileTest {
  private static final int FLIP_TRIALS = Integer.getInteger("damagedFile.trials", 150);

  @ParameterizedTest
  @ValueSource(strings = {
      "rle_boolean_encoding.parquet", "int96_from_spark.parquet", "datapage_v2_empty_datapage.snappy.parquet",
      "plain-dict-uncompressed-checksum.parquet", "alltypes_dictionary.parquet"})
  void everyPrefixIsRejectedCleanly(String name) throws IOException {
    byte[] bytes = Files.readAllBytes(CorpusFiles.dataDirectory().resolve(name));
    for (int length = 0; length < bytes.length; length++) {
      byte[] prefix = Arrays.copyOf(bytes, length);
      Outcome outcome = read(name + "[prefix " + length + "]", prefix, true);
      assertThat(outcome.failure())
          .as("%s cut to %d of %d bytes must be rejected (the footer is gone)", name, length, bytes.length)
          .isNotNull();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "rle_boolean_encoding.parquet", "int96_from_spark.parquet", "datapage_v2_empty_datapage.snappy.parquet",
      "plain-dict-uncompressed-checksum.parquet", "alltypes_dictionary.parquet", "delta_length_byte_array.parquet",
      "byte_stream_split_extended.gzip.parquet", "fixed_length_decimal.parquet", "nan_in_stats.parquet",
      "lz4_raw_compressed.parquet", "delta_binary_packed.parquet"})
  void randomBitFlipsReadOrFailCleanly(String name) throws IOException {
    byte[] original = Files.readAllBytes(CorpusFiles.dataDirectory().resolve(name));
    // A fixed seed per file keeps CI deterministic; -DdamagedFile.seed=N replays one, -DdamagedFile.random=true
    // explores new ones.
    long seed = Long.getLong("damagedFile.seed",
        Boolean.getBoolean("damagedFile.random") ? System.nanoTime() : name.hashCode());
    System.out.println("DamagedFileTest " + name + " seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    int rejected = 0;
    for (int trial = 0; trial < FLIP_TRIALS; trial++) {
      byte[] damaged = original.clone();
      int flips = 1 + random.nextInt(4);
      StringBuilder where = new StringBuilder();
      for (int flip = 0; flip < flips; flip++) {
        int bit = random.nextInt(damaged.length * 8);
        damaged[bit >>> 3] ^= (byte) (1 << (bit & 7));
        where.append(bit >>> 3).append('.').append(bit & 7).append(' ');
      }
      String label = name + "[seed " + seed + ", trial " + trial + ", flipped byte.bit " + where + "]";
      if (read(label, damaged, trial % 2 == 0).failure() != null) {
        rejected++;
      }
    }
    assertThat(rejected).as("%s: trials rejected out of %d (seed %d)", name, FLIP_TRIALS, seed)
        .isBetween(0, FLIP_TRIALS);
  }

  /**
   * Damage aimed at what a bit flip rarely reaches: a byte set to any value, four bytes (a little-endian length
   * or count, where one lands on one) set to 0, -1, {@code Integer.MAX_VALUE} or a random 24-bit number, and a
   * byte given the continuation bit (a Thrift varint running on into the next field). Each trial applies one kind
   * one to four times; the same contract as {@link #randomBitFlipsReadOrFailCleanly}, nested files included.
   */
  @ParameterizedTest
  @ValueSource(strings = {
      "rle_boolean_encoding.parquet", "datapage_v2_empty_datapage.snappy.parquet", "alltypes_dictionary.parquet",
      "delta_length_byte_array.parquet", "fixed_length_decimal.parquet", "delta_binary_packed.parquet",
      "nested_lists.snappy.parquet", "map_no_value.parquet", "null_list.parquet", "old_list_structure.parquet",
      "repeated_primitive_no_list.parquet", "list_columns.parquet", "nonnullable.impala.parquet"})
  void randomDamageReadsOrFailsCleanly(String name) throws IOException {
    byte[] original = Files.readAllBytes(CorpusFiles.dataDirectory().resolve(name));
    long seed = Long.getLong("damagedFile.seed",
        Boolean.getBoolean("damagedFile.random") ? System.nanoTime() : ~name.hashCode());
    System.out.println("DamagedFileTest damage " + name + " seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int trial = 0; trial < FLIP_TRIALS; trial++) {
      byte[] damaged = original.clone();
      int kind = random.nextInt(3);
      StringBuilder where = new StringBuilder();
      for (int edit = 0, edits = 1 + random.nextInt(4); edit < edits; edit++) {
        int at = random.nextInt(damaged.length);
        switch (kind) {
          case 0 -> {
            damaged[at] = (byte) random.nextInt(256);
            where.append("byte ").append(at).append(" set to ").append(damaged[at]).append(", ");
          }
          case 1 -> {
            at = Math.min(at, damaged.length - 4);
            int value = switch (random.nextInt(4)) {
              case 0 -> 0;
              case 1 -> -1;
              case 2 -> Integer.MAX_VALUE;
              default -> random.nextInt(1 << 24);
            };
            for (int i = 0; i < 4; i++) {
              damaged[at + i] = (byte) (value >>> (8 * i));
            }
            where.append("int at ").append(at).append(" set to ").append(value).append(", ");
          }
          default -> {
            damaged[at] |= (byte) 0x80;
            where.append("continuation bit on byte ").append(at).append(", ");
          }
        }
      }
      read(name + "[seed " + seed + ", trial " + trial + ", " + where + "]", damaged, trial % 2 == 0);
    }
  }

  record Outcome(long rows, ParquetException failure) {}

  /** Reads all of {@code bytes}; fails the test on anything but success or an exception of our family. */
  private static Outcome read(String label, byte[] bytes, boolean verifyChecksums) {
    try (BufferAllocator allocator = new RootAllocator()) {
      long rows = 0;
      ParquetException failure = null;
      try (ParquetArrowReader reader = ParquetArrowReader.open(new BytesInputFile(label, bytes), allocator,
          ReadOptions.builder().verifyChecksums(verifyChecksums).batchRows(97).build())) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
          rows += root.getRowCount();
          root.contentToTSVString(); // touch every value: a bad offset or length must already have been caught
        }
      } catch (ParquetException e) {
        failure = e;
        assertThat(e.getMessage()).as("message of %s for %s", e.getClass().getSimpleName(), label)
            .contains(label);
      } catch (Throwable e) {
        fail("reading " + label + " threw " + e + " instead of a ParquetException", e);
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after reading %s", label).isZero();
      return new Outcome(rows, failure);
    }
  }
}
