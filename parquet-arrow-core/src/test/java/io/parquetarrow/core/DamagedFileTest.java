package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
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
    List<ChecksummedPages.Body> bodies = ChecksummedPages.bodies(original);
    String undamaged = read(name + "[undamaged]", original, true).content();
    int mustReject = 0;
    for (int trial = 0; trial < FLIP_TRIALS; trial++) {
      byte[] damaged = original.clone();
      int flips = 1 + random.nextInt(4);
      long[] positions = new long[flips];
      StringBuilder where = new StringBuilder();
      for (int flip = 0; flip < flips; flip++) {
        int bit = random.nextInt(damaged.length * 8);
        damaged[bit >>> 3] ^= (byte) (1 << (bit & 7));
        positions[flip] = bit >>> 3;
        where.append(bit >>> 3).append('.').append(bit & 7).append(' ');
      }
      String label = name + "[seed " + seed + ", trial " + trial + ", flipped byte.bit " + where + "]";
      boolean verify = trial % 2 == 0;
      Outcome outcome = read(label, damaged, verify);
      if (verify && ChecksummedPages.allChecksummed(bodies, positions)) {
        // Every flip sits in a page body under a CRC that is being verified: reading it back is only right if
        // the values are the undamaged ones (flips that cancel out), and CRC-32 makes even that impossible here.
        mustReject++;
        assertThat(outcome.failure() != null || outcome.content().equals(undamaged))
            .as("%s: damage inside checksummed pages read back as different values", label)
            .isTrue();
      }
    }
    System.out.println("DamagedFileTest " + name + ": " + mustReject + " of " + FLIP_TRIALS
        + " trials flipped only checksummed page bytes with verification on");
  }

  /**
   * Single bit flips aimed into page bodies that carry a CRC: with verification on each must be rejected (CRC-32
   * detects every single-bit error); with it off the read either fails cleanly or returns values that differ
   * from the undamaged ones only where the page was hit, which this test does not try to predict.
   */
  @ParameterizedTest
  @ValueSource(strings = {"plain-dict-uncompressed-checksum.parquet", "datapage_v1-uncompressed-checksum.parquet",
      "datapage_v1-snappy-compressed-checksum.parquet"})
  void flipsInsideChecksummedPagesAreRejectedWhenVerifying(String name) throws IOException {
    byte[] original = Files.readAllBytes(CorpusFiles.dataDirectory().resolve(name));
    List<ChecksummedPages.Body> bodies = ChecksummedPages.bodies(original).stream()
        .filter(ChecksummedPages.Body::checksummed).toList();
    assertThat(bodies).as("checksummed page bodies found in %s", name).isNotEmpty();
    long seed = Long.getLong("damagedFile.seed",
        Boolean.getBoolean("damagedFile.random") ? System.nanoTime() : name.hashCode() * 31L);
    System.out.println("DamagedFileTest checksummed " + name + " seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int trial = 0; trial < FLIP_TRIALS; trial++) {
      ChecksummedPages.Body body = bodies.get(random.nextInt(bodies.size()));
      int at = (int) (body.start() + random.nextLong(body.end() - body.start()));
      int bit = random.nextInt(8);
      byte[] damaged = original.clone();
      damaged[at] ^= (byte) (1 << bit);
      String label = name + "[seed " + seed + ", trial " + trial + ", flipped byte.bit " + at + "." + bit + "]";
      assertThat(read(label, damaged, true).failure())
          .as("%s: a flipped bit inside a checksummed page must be rejected when verifying", label)
          .isNotNull();
      read(label + "[not verifying]", damaged, false);
    }
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

  record Outcome(long rows, ParquetException failure, String content) {}

  /** Reads all of {@code bytes}; fails the test on anything but success or an exception of our family. */
  private static Outcome read(String label, byte[] bytes, boolean verifyChecksums) {
    try (BufferAllocator allocator = TestAllocators.root()) {
      long rows = 0;
      ParquetException failure = null;
      StringBuilder content = new StringBuilder();
      try (ParquetArrowReader reader = ParquetArrowReader.open(new BytesInputFile(label, bytes), allocator,
          ReadOptions.builder().verifyChecksums(verifyChecksums).batchRows(97).build())) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
          rows += root.getRowCount();
          // Touches every value: a bad offset or length must already have been caught.
          content.append(root.contentToTSVString());
        }
      } catch (ParquetException e) {
        failure = e;
        assertThat(e.getMessage()).as("message of %s for %s", e.getClass().getSimpleName(), label)
            .contains(label);
      } catch (Throwable e) {
        fail("reading " + label + " threw " + e + " instead of a ParquetException", e);
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after reading %s", label).isZero();
      return new Outcome(rows, failure, content.toString());
    }
  }
}
