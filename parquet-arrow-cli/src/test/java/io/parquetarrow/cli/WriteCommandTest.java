package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.DummyRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code write} on the Arrow IPC form of {@code testdata/sample.parquet} (made by {@code cat --format arrow}):
 * the round trip back through {@code cat} from a stream and from a file, each option as the written footer
 * records it, dictionary-encoded and nested inputs, the progress line, and inputs that are not Arrow.
 */
class WriteCommandTest {

  @TempDir Path directory;

  /** The sample as an Arrow IPC stream, written by the CLI itself. */
  private Path sampleStream() throws IOException {
    CommandRunner.Result cat = CommandRunner.run("cat", "--format", "arrow", TestFiles.sampleFile().toString());
    assertThat(cat.exitCode()).as(cat.describe()).isZero();
    Path stream = directory.resolve("sample.arrows");
    Files.write(stream, cat.stdoutBytes());
    return stream;
  }

  /** The same batches as an Arrow IPC file (ARROW1 magic), written with arrow-java's file writer. */
  private Path sampleFile(Path stream) throws IOException {
    Path file = directory.resolve("sample.arrow");
    try (BufferAllocator allocator = TestAllocators.root();
        ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(Files.readAllBytes(stream)),
            allocator);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ArrowFileWriter writer = new ArrowFileWriter(reader.getVectorSchemaRoot(), reader, channel)) {
      writer.start();
      while (reader.loadNextBatch()) {
        writer.writeBatch();
      }
      writer.end();
    }
    return file;
  }

  private static String json(Path parquet) {
    CommandRunner.Result cat = CommandRunner.run("cat", "--format", "json", parquet.toString());
    assertThat(cat.exitCode()).as(cat.describe()).isZero();
    return cat.stdout();
  }

  private CommandRunner.Result write(String... args) {
    return CommandRunner.run(Stream.concat(Stream.of("write"), Arrays.stream(args)).toArray(String[]::new));
  }

  @Test
  void streamAndFileRoundTripToTheSameRows() throws IOException {
    Path stream = sampleStream();
    Path file = sampleFile(stream);
    assertThat(new String(Files.readAllBytes(file), 0, 6, StandardCharsets.US_ASCII)).as("file magic")
        .isEqualTo("ARROW1");
    String expected = json(TestFiles.sampleFile());
    assertThat(expected.lines().count()).as("sample rows").isEqualTo(1000);
    for (Path input : List.of(stream, file)) {
      Path output = directory.resolve(input.getFileName() + ".parquet");
      CommandRunner.Result result = write(input.toString(), output.toString());
      assertThat(result.exitCode()).as(result.describe()).isZero();
      assertThat(result.stdoutBytes()).as("nothing on stdout: %s", result.describe()).isEmpty();
      assertThat(result.stderr()).as("no progress for a small input by default").isEmpty();
      assertThat(json(output)).as("cat of the file written from %s", input.getFileName()).isEqualTo(expected);
    }
  }

  @Test
  void optionsAreRecordedInTheFooter() throws IOException {
    Path output = directory.resolve("options.parquet");
    CommandRunner.Result result = write(sampleStream().toString(), output.toString(),
        "--codec", "zstd", "--level", "7", "--page-version", "2", "--row-group-rows", "300",
        "--bloom-filter", "name", "--bloom-filter", "id:50000",
        "--encoding", "id=DELTA_BINARY_PACKED", "--encoding", "score=BYTE_STREAM_SPLIT");
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(json(output)).as("values survive the options").isEqualTo(json(TestFiles.sampleFile()));

    byte[] bytes = Files.readAllBytes(output);
    try (ParquetFile parquet = ParquetFile.open(output)) {
      ParquetMetadata metadata = parquet.metadata();
      assertThat(metadata.rowGroups()).extracting(RowGroupMetadata::rowCount).as("--row-group-rows 300")
          .containsExactly(300L, 300L, 300L, 100L);
      for (RowGroupMetadata rowGroup : metadata.rowGroups()) {
        for (ColumnChunkMetadata chunk : rowGroup.columns()) {
          String path = chunk.column().dottedPath();
          ColumnMetaData column = chunk.columnMetaData();
          assertThat(chunk.codec()).as("codec of %s", path).isEqualTo(CompressionCodec.ZSTD);
          PageHeader header = PageHeader.decodePrefix(bytes, Math.toIntExact(chunk.dataPageOffset()),
              bytes.length - Math.toIntExact(chunk.dataPageOffset())).header();
          assertThat(header.type()).as("--page-version 2: first data page of %s", path)
              .isEqualTo(PageType.DATA_PAGE_V2);
          boolean bloom = path.equals("name") || path.equals("id");
          assertThat(column.bloomFilterOffset() != null).as("bloom filter offset of %s", path).isEqualTo(bloom);
          switch (path) {
            case "id" -> assertThat(chunk.encodings()).as("encodings of id")
                .contains(Encoding.DELTA_BINARY_PACKED).doesNotContain(Encoding.RLE_DICTIONARY);
            case "score" -> assertThat(chunk.encodings()).as("encodings of score")
                .contains(Encoding.BYTE_STREAM_SPLIT).doesNotContain(Encoding.RLE_DICTIONARY);
            case "name" -> assertThat(chunk.encodings()).as("encodings of name (dictionary by default)")
                .contains(Encoding.RLE_DICTIONARY);
            default -> { }
          }
        }
        ColumnMetaData id = column(rowGroup, "id");
        ColumnMetaData name = column(rowGroup, "name");
        assertThat(id.bloomFilterLength()).as("id:50000 sizes a bigger filter than name's default (300 rows)")
            .isGreaterThan(name.bloomFilterLength());
      }
    }
  }

  private static ColumnMetaData column(RowGroupMetadata rowGroup, String path) throws IOException {
    for (ColumnChunkMetadata chunk : rowGroup.columns()) {
      if (chunk.column().dottedPath().equals(path)) {
        return chunk.columnMetaData();
      }
    }
    throw new AssertionError("no column " + path);
  }

  @Test
  void defaultsAreVersionOnePagesUncompressed() throws IOException {
    Path output = directory.resolve("defaults.parquet");
    CommandRunner.Result result = write(sampleStream().toString(), output.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    byte[] bytes = Files.readAllBytes(output);
    try (ParquetFile parquet = ParquetFile.open(output)) {
      for (ColumnChunkMetadata chunk : parquet.metadata().rowGroup(0).columns()) {
        assertThat(chunk.codec()).as("codec").isEqualTo(CompressionCodec.UNCOMPRESSED);
        assertThat(chunk.columnMetaData().bloomFilterOffset()).as("no bloom filter").isNull();
        PageHeader header = PageHeader.decodePrefix(bytes, Math.toIntExact(chunk.dataPageOffset()),
            bytes.length - Math.toIntExact(chunk.dataPageOffset())).header();
        assertThat(header.type()).as("page version 1").isEqualTo(PageType.DATA_PAGE);
      }
    }
  }

  @Test
  void progressGoesToStandardErrorOnly() throws IOException {
    Path output = directory.resolve("progress.parquet");
    CommandRunner.Result result = write("--progress", "always", sampleStream().toString(), output.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdoutBytes()).as("stdout stays empty").isEmpty();
    assertThat(result.stderr()).as(result.describe()).contains("1,000 rows written").contains("100%")
        .endsWith(System.lineSeparator());
  }

  @Test
  void textIsRejectedAsAStreamInOneLine() throws IOException {
    Path input = directory.resolve("notes.txt");
    Files.writeString(input, "these are not Arrow bytes, just a text file given by mistake\n");
    Path output = directory.resolve("out.parquet");
    CommandRunner.Result result = write(input.toString(), output.toString());
    assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
    assertThat(result.stderr().lines()).as(result.describe()).hasSize(1);
    assertThat(result.stderr()).as(result.describe())
        .startsWith("parquet-arrow: " + input + ": not a valid Arrow IPC stream");
    assertThat(output).as("no output after a failure").doesNotExist();
    assertThat(directory.toFile().list()).as("no partial file left").containsExactlyInAnyOrder("notes.txt");
  }

  @Test
  void truncatedStreamAndDamagedFileFailInOneLineWithoutOutput() throws IOException {
    Path stream = sampleStream();
    byte[] bytes = Files.readAllBytes(stream);
    Path truncated = directory.resolve("truncated.arrows");
    Files.write(truncated, Arrays.copyOf(bytes, bytes.length * 2 / 3));
    Path damagedFile = directory.resolve("damaged.arrow");
    byte[] file = Files.readAllBytes(sampleFile(stream));
    Files.write(damagedFile, Arrays.copyOf(file, file.length - 20));
    Path existing = directory.resolve("existing.parquet");
    Files.writeString(existing, "keep me");
    for (Path input : List.of(truncated, damagedFile)) {
      CommandRunner.Result result = write(input.toString(), existing.toString());
      assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
      assertThat(result.stderr().lines()).as(result.describe()).hasSize(1);
      assertThat(result.stderr()).as(result.describe()).startsWith("parquet-arrow: " + input + ": not a valid "
          + (input == truncated ? "Arrow IPC stream" : "Arrow IPC file"));
      assertThat(Files.readString(existing)).as("an existing output is not replaced after a failure")
          .isEqualTo("keep me");
    }
    try (Stream<Path> files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString()))
          .as("no partial files").noneMatch(name -> name.contains("partial"));
    }
  }

  @Test
  void unknownColumnIsAnErrorAndBadValuesAreUsageErrors() throws IOException {
    Path stream = sampleStream();
    Path output = directory.resolve("out.parquet");
    CommandRunner.Result unknown = write(stream.toString(), output.toString(), "--bloom-filter", "nope");
    assertThat(unknown.exitCode()).as(unknown.describe()).isEqualTo(1);
    assertThat(unknown.stderr().lines()).as(unknown.describe()).hasSize(1);
    assertThat(unknown.stderr()).as(unknown.describe()).contains("column 'nope'").contains("id, name");
    assertThat(output).doesNotExist();

    for (String[] args : List.of(new String[] {"--encoding", "id=ZIGZAG"}, new String[] {"--page-version", "3"},
        new String[] {"--bloom-filter", "id:many"}, new String[] {"--codec", "LZ77"},
        new String[] {"--level", "3"})) {
      CommandRunner.Result result = write(Stream.concat(Stream.of(stream.toString(), output.toString()),
          Arrays.stream(args)).toArray(String[]::new));
      assertThat(result.exitCode()).as(result.describe()).isEqualTo(2);
      assertThat(output).as(result.describe()).doesNotExist();
    }
  }

  @Test
  void missingInputIsNamed() {
    Path input = directory.resolve("absent.arrows");
    CommandRunner.Result result = write(input.toString(), directory.resolve("out.parquet").toString());
    assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
    assertThat(result.stderr()).as(result.describe()).isEqualTo("parquet-arrow: " + input + ": no such file"
        + System.lineSeparator());
  }

  @Test
  void dictionaryEncodedStreamKeepsItsValues() throws IOException {
    Path input = directory.resolve("dictionary.arrows");
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VarCharVector dictionaryValues = new VarCharVector("colors", allocator);
          VarCharVector plain = new VarCharVector("color", allocator)) {
        String[] colors = {"red", "green", "blue"};
        for (int i = 0; i < colors.length; i++) {
          dictionaryValues.setSafe(i, colors[i].getBytes(StandardCharsets.UTF_8));
        }
        dictionaryValues.setValueCount(colors.length);
        for (int row = 0; row < 100; row++) {
          if (row % 10 == 9) {
            plain.setNull(row);
          } else {
            plain.setSafe(row, colors[row % 3].getBytes(StandardCharsets.UTF_8));
          }
        }
        plain.setValueCount(100);
        Dictionary dictionary = new Dictionary(dictionaryValues,
            new DictionaryEncoding(1, false, new ArrowType.Int(32, true)));
        DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(dictionary);
        try (FieldVector encoded = (FieldVector) DictionaryEncoder.encode(plain, dictionary);
            VectorSchemaRoot root = new VectorSchemaRoot(List.of(encoded));
            FileChannel channel = FileChannel.open(input, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            ArrowStreamWriter writer = new ArrowStreamWriter(root, provider, channel)) {
          root.setRowCount(100);
          writer.start();
          writer.writeBatch();
          writer.writeBatch();
          writer.end();
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left by the test's own stream").isZero();
    }
    Path output = directory.resolve("dictionary.parquet");
    CommandRunner.Result result = write(input.toString(), output.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    // Read back with parquet-java, an independent reader.
    List<String> values = new ArrayList<>();
    try (ParquetFileReader reader =
        ParquetFileReader.open(new LocalInputFile(output))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      ColumnDescriptor column = schema.getColumns().get(0);
      assertThat(column.getPrimitiveType().getLogicalTypeAnnotation())
          .as("the dictionary's value type is what is stored")
          .isEqualTo(LogicalTypeAnnotation.stringType());
      PageReadStore rowGroup;
      while ((rowGroup = reader.readNextRowGroup()) != null) {
        ColumnReader columnReader =
            new ColumnReadStoreImpl(rowGroup,
                new DummyRecordConverter(schema).getRootConverter(), schema,
                reader.getFooter().getFileMetaData().getCreatedBy()).getColumnReader(column);
        for (long i = 0; i < columnReader.getTotalValueCount(); i++) {
          values.add(columnReader.getCurrentDefinitionLevel() == column.getMaxDefinitionLevel()
              ? columnReader.getBinary().toStringUsingUTF8() : null);
          columnReader.consume();
        }
      }
    }
    assertThat(values).as("two batches of 100 rows").hasSize(200);
    for (int row = 0; row < values.size(); row++) {
      String expected = row % 100 % 10 == 9 ? null : new String[] {"red", "green", "blue"}[row % 100 % 3];
      assertThat(values.get(row)).as("row %d", row).isEqualTo(expected);
    }
    // Our own reader restores the dictionary type from ARROW:schema; `cat` must show the values, not indices.
    CommandRunner.Result cat = CommandRunner.run("cat", "--format", "csv", "--limit", "4", output.toString());
    assertThat(cat.exitCode()).as(cat.describe()).isZero();
    assertThat(cat.stdout().split("\\R")).as("cat of a dictionary-typed column")
        .containsExactly("color", "red", "green", "blue", "red");
  }

  @Test
  void nestedColumnsAreNamedByTheirLeafPaths() throws IOException {
    Path input = directory.resolve("lists.arrows");
    Field listField = new Field("numbers",
        FieldType.nullable(ArrowType.List.INSTANCE),
        List.of(Field.nullable("element", new ArrowType.Int(64, true))));
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(
              new Schema(List.of(listField)), allocator);
          FileChannel channel = FileChannel.open(input, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
          ArrowStreamWriter writer = new ArrowStreamWriter(root, null, channel)) {
        ListVector numbers =
            (ListVector) root.getVector("numbers");
        BigIntVector elements =
            (BigIntVector) numbers.getDataVector();
        for (int row = 0; row < 50; row++) {
          int start = numbers.startNewValue(row);
          for (int k = 0; k < row % 4; k++) {
            elements.setSafe(start + k, row * 10L + k);
          }
          numbers.endValue(row, row % 4);
        }
        root.setRowCount(50);
        writer.start();
        writer.writeBatch();
        writer.end();
      }
    }
    Path output = directory.resolve("lists.parquet");
    CommandRunner.Result result = write(input.toString(), output.toString(),
        "--encoding", "numbers.list.element=DELTA_BINARY_PACKED", "--bloom-filter", "numbers.list.element:100");
    assertThat(result.exitCode()).as(result.describe()).isZero();
    try (ParquetFile parquet = ParquetFile.open(output)) {
      ColumnChunkMetadata chunk = parquet.metadata().rowGroup(0).column(0);
      assertThat(chunk.column().dottedPath()).as("leaf path").isEqualTo("numbers.list.element");
      assertThat(chunk.encodings()).as("encodings").contains(Encoding.DELTA_BINARY_PACKED)
          .doesNotContain(Encoding.RLE_DICTIONARY);
      assertThat(chunk.columnMetaData().bloomFilterOffset()).as("bloom filter").isNotNull();
    }
    CommandRunner.Result wrongPath = write(input.toString(), output.toString(), "--bloom-filter", "numbers");
    assertThat(wrongPath.exitCode()).as(wrongPath.describe()).isEqualTo(1);
    assertThat(wrongPath.stderr()).as(wrongPath.describe()).contains("its columns are numbers.list.element");
  }
}
