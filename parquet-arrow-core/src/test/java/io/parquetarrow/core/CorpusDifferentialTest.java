package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.schema.FieldMapping;
import io.parquetarrow.core.schema.ParquetToArrowSchema;
import io.parquetarrow.core.schema.SchemaMapping;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reader against Arrow C++ on the parquet-testing corpus: every {@code data/**.parquet} file's top-level
 * columns, flat and nested, are read by us and by Arrow C++ ({@link ArrowCppOracle}) and must be equal in type
 * and in every value. For the files Arrow C++ cannot read ({@link #ARROW_CPP_CANNOT_READ}) only the flat columns
 * are compared, and {@code NestedHandCheckedTest} checks the rest.
 *
 * <p>Tolerated representation differences: only the names of list elements and map entries
 * ({@link ArrowAssertions.Tolerance#NESTED_FIELD_NAMES}), which are conventions rather than data. Our schema is
 * Arrow C++'s mapping (including ARROW:schema), so types must match exactly; floating point compares by bits
 * with NaN equal to NaN (as {@link ArrowAssertions} does), which is value equality for Parquet data.
 *
 * <p>Files not compared, each with its reason (an exception anywhere else is a bug):
 * {@link #EXPECTED_FAILURES}.
 */
class CorpusDifferentialTest {

  /**
   * Files whose read by us is expected to fail, with the reason. Only cases where the failure is right (the
   * feature is out of this reader's scope, or Arrow C++ is wrong) belong here.
   */
  static final Map<String, String> EXPECTED_FAILURES = Map.of();

  /** Files (or their nested fields) that the Arrow C++ build behind the oracle cannot read, with the reason. */
  static final Map<String, String> ARROW_CPP_CANNOT_READ = Map.of(
      "incorrect_map_schema.parquet", "Arrow C++ refuses a map whose key is optional ('Map keys must be annotated"
          + " as required'); NestedHandCheckedTest checks our values",
      "large_string_map.brotli.parquet", "the Arrow C++ build behind arrow-dataset has no brotli codec;"
          + " NestedHandCheckedTest checks our values");

  /** Every {@code data/**.parquet} file, as its path relative to {@code data/} (the test's display name). */
  static List<String> corpusFiles() {
    Path data = Corpus.assumeCorpus();
    try (Stream<Path> files = Files.walk(data)) {
      return files.filter(Files::isRegularFile)
          .filter(path -> path.getFileName().toString().endsWith(".parquet"))
          .sorted()
          .map(path -> data.relativize(path).toString())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Path> encryptedFiles() {
    Path data = Corpus.assumeCorpus();
    try (Stream<Path> files = Files.walk(data)) {
      return files.filter(Files::isRegularFile)
          .filter(path -> path.getFileName().toString().endsWith(".parquet.encrypted"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file's top-level fields that are flat (a primitive leaf), as Arrow C++ would map them. */
  static List<String> flatFields(Path file) throws IOException {
    return fields(file, true);
  }

  /** The file's top-level fields, flat only or all of them, as Arrow C++ would map them. */
  static List<String> fields(Path file, boolean flatOnly) throws IOException {
    try (ParquetFile parquet = ParquetFile.open(file)) {
      SchemaMapping mapping = ParquetToArrowSchema.convert(
          parquet.metadata().schema(), parquet.metadata().keyValueMetadata(), parquet.name());
      List<String> names = new ArrayList<>();
      for (FieldMapping field : mapping.fields()) {
        if (!flatOnly || field.kind() == FieldMapping.Kind.PRIMITIVE) {
          names.add(field.field().getName());
        }
      }
      return names;
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusFiles")
  void columnsEqualArrowCpp(String name) throws Exception {
    Path file = Corpus.assumeCorpus().resolve(name);
    if (EXPECTED_FAILURES.containsKey(name)) {
      assertThatThrownBy(() -> ReaderTestSupport.read(file, ReadOptions.defaults()))
          .as("%s is listed as an expected failure (%s); if it reads now, remove it from the list", name,
              EXPECTED_FAILURES.get(name))
          .isInstanceOf(IOException.class);
      return;
    }
    boolean flatOnly = ARROW_CPP_CANNOT_READ.containsKey(name);
    List<String> flat = fields(file, flatOnly);
    org.junit.jupiter.api.Assumptions.assumeFalse(flat.isEmpty(),
        name + " has no top-level column Arrow C++ can read: " + ARROW_CPP_CANNOT_READ.get(name));
    // Checksums are verified where present; the two corrupt-checksum files are read with verification off
    // (ChecksumVerificationTest covers their rejection), since Arrow C++ does not verify by default.
    boolean corruptChecksum = name.contains("corrupt-checksum");
    ReadOptions options = ReadOptions.builder().columns(flat).verifyChecksums(!corruptChecksum).build();
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ArrowBatches expected = ArrowCppOracle.read(allocator, file)) {
        List<VectorSchemaRoot> actual = ReaderTestSupport.readBatches(allocator, file, options);
        try {
          ArrowAssertions.assertBatchesEqual(
              name + " (columns " + flat + ")", ReaderTestSupport.project(expected.batches(), flat), actual,
              ArrowAssertions.Tolerance.NESTED_FIELD_NAMES);
        } finally {
          actual.forEach(VectorSchemaRoot::close);
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after %s", name).isZero();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("encryptedFiles")
  void encryptedFilesAreRefusedWithAnEncryptionError(Path file) throws IOException {
    // Without keys (ReadOptions.decryption) every encrypted file must be refused clearly; crypto.EncryptedCorpusTest
    // reads them with their keys.
    // A file with a plaintext footer opens; reading its (flat) encrypted columns is what must fail.
    ReadOptions options = ReadOptions.defaults();
    if (!io.parquetarrow.core.file.CorpusFiles.hasEncryptedFooter(file)) {
      options = ReadOptions.builder().columns(flatFields(file)).build();
    }
    ReadOptions selected = options;
    assertThatThrownBy(() -> ReaderTestSupport.read(file, selected))
        .as("encrypted file %s", file.getFileName())
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining(file.getFileName().toString());
  }

  @Test
  void filesArrowCppCannotReadExist() {
    for (String name : ARROW_CPP_CANNOT_READ.keySet()) {
      assertThat(Corpus.assumeCorpus().resolve(name)).as("file Arrow C++ cannot read %s", name).isRegularFile();
    }
  }

  @Test
  void expectedFailuresExist() {
    for (String name : EXPECTED_FAILURES.keySet()) {
      assertThat(Corpus.assumeCorpus().resolve(name)).as("expected-failure file %s", name).isRegularFile();
    }
  }
}
