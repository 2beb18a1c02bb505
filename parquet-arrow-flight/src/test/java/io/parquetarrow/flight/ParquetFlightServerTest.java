package io.parquetarrow.flight;

import static io.parquetarrow.flight.FlightTestClients.failure;
import static io.parquetarrow.flight.FlightTestClients.read;
import static io.parquetarrow.flight.FlightTestClients.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.dataset.ParquetDataset;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.testing.TestTables;
import io.parquetarrow.format.RowGroup;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallOptions;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.AllocationManager;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.netty.NettyAllocationManager;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server through an Arrow Java {@link FlightClient} on loopback: listing, plans and endpoints compared with a
 * local read, projection and filters, uploads, signed tickets, path escapes, the stream limit, and memory after
 * a client walks away mid-stream or cuts an upload short. Every test ends with nothing allocated on the server.
 */
class ParquetFlightServerTest {
  private static final int ROWS = 45_000;
  /** A deadline on the streams of tests where a server that never ends a call would otherwise hang the test. */
  private static final CallOption STREAM_DEADLINE = CallOptions.timeout(30, TimeUnit.SECONDS);

  @TempDir Path directory;
  @TempDir Path outside;
  private BufferAllocator allocator;
  private ParquetFlightServer server;
  private FlightClient client;

  @BeforeEach
  void start() throws Exception {
    allocator = TestAllocators.root();
    FlightTestData.write(directory.resolve("data.parquet"), ROWS, 0, allocator);
    server = startServer(ParquetFlightServer.builder(directory, allocator).sliceBytes(1).maxStreams(4));
  }

  private ParquetFlightServer startServer(ParquetFlightServer.Builder builder) throws Exception {
    ParquetFlightServer started = builder.build().start();
    client = FlightClient.builder(allocator, started.location()).build();
    return started;
  }

  @AfterEach
  void stop() throws Exception {
    client.close();
    awaitNothingAllocated();
    server.close();
    assertThat(allocator.getAllocatedMemory()).as("allocated after the server closed").isZero();
    allocator.close();
  }

  private void awaitNothingAllocated() throws InterruptedException {
    for (int attempt = 0; attempt < 200 && server.allocator().getAllocatedMemory() != 0; attempt++) {
      Thread.sleep(50);
    }
    assertThat(server.allocator().getAllocatedMemory()).as("server allocation after the test").isZero();
  }

  @Test
  void listsServedFilesFromTheirFooters() throws Exception {
    Files.createDirectories(directory.resolve("sub"));
    FlightTestData.write(directory.resolve("sub/more.parquet"), 10, 0, allocator);
    FlightTestData.write(directory.resolve("_hidden.parquet"), 10, 0, allocator);
    FlightTestData.write(directory.resolve(".upload.parquet"), 10, 0, allocator);
    Files.writeString(directory.resolve("notes.txt"), "not parquet");
    List<FlightInfo> infos = new ArrayList<>();
    client.listFlights(Criteria.ALL).forEach(infos::add);
    assertThat(infos).extracting(info -> info.getDescriptor().getPath()).containsExactly(
        List.of("data.parquet"), List.of("sub", "more.parquet"));
    assertThat(infos.get(0).getRecords()).isEqualTo(ROWS);
    assertThat(infos.get(0).getBytes()).isPositive();
    assertThat(infos.get(0).getSchema()).isEqualTo(FlightTestData.SCHEMA);
    assertThat(infos.get(1).getRecords()).isEqualTo(10);
  }

  @Test
  void everyEndpointTogetherReadsWhatTheLocalReaderReads() throws Exception {
    FlightInfo info = client.getInfo(FlightDescriptor.path("data.parquet"));
    assertThat(info.getEndpoints()).as("one endpoint per row group with 1-byte slices").hasSize(5);
    assertThat(info.getRecords()).isEqualTo(ROWS);
    assertThat(info.getSchema()).isEqualTo(FlightTestData.SCHEMA);
    assertThat(readAll(client, info))
        .isEqualTo(FlightTestData.readLocally(directory.resolve("data.parquet"), ReadOptions.defaults(), allocator));
  }

  /**
   * Every column kind the server frames itself (numbers, booleans, strings, binary, decimals, dates, timestamps,
   * a list and a struct, nulls in each), in batches of odd lengths whose buffers need padding, and a file without
   * rows, whose stream is the schema alone.
   */
  @Test
  void everyColumnKindReadsBackAsTheLocalReaderReadsIt() throws Exception {
    WriteOptions options = WriteOptions.builder().rowGroupRowLimit(1000).build();
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(directory.resolve("mixed.parquet"),
             TestTables.mixedSchema(), options);
         VectorSchemaRoot first = TestTables.mixed(allocator, 2501, 0);
         VectorSchemaRoot second = TestTables.mixed(allocator, 3, 1)) {
      writer.write(first);
      writer.write(second);
    }
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(directory.resolve("empty.parquet"),
        TestTables.mixedSchema(), options)) {
      // No rows: a footer and a schema only.
    }
    String command = "{\"path\": \"mixed.parquet\", \"batch_rows\": 333}";
    FlightInfo info = client.getInfo(command(command));
    List<List<String>> expected = FlightTestData.readLocally(directory.resolve("mixed.parquet"),
        ReadOptions.builder().batchRows(333).build(), allocator);
    assertThat(expected).hasSize(2504);
    assertThat(readAll(client, info)).isEqualTo(expected);
    FlightInfo empty = client.getInfo(FlightDescriptor.path("empty.parquet"));
    for (FlightEndpoint endpoint : empty.getEndpoints()) {
      try (FlightStream stream = client.getStream(endpoint.getTicket())) {
        assertThat(stream.getSchema().getFields()).hasSize(TestTables.mixedSchema().getFields().size());
        while (stream.next()) {
          assertThat(stream.getRoot().getRowCount()).isZero();
        }
      }
    }
  }

  @Test
  void commandsProjectAndFilterWithEndpointsOnlyForRowGroupsThatMayMatch() throws Exception {
    String command = "{\"path\": \"data.parquet\", \"columns\": [\"name\", \"id\"], \"filter\": \"id < 15000\","
        + " \"batch_rows\": 1000}";
    FlightInfo info = client.getInfo(FlightDescriptor.command(command.getBytes(StandardCharsets.UTF_8)));
    assertThat(info.getSchema().getFields()).extracting(field -> field.getName())
        .as("in file order, as the reader returns them").containsExactly("id", "name");
    assertThat(info.getEndpoints()).as("row groups 0 and 1 only").hasSize(2);
    assertThat(info.getRecords()).as("unknown with a filter").isEqualTo(-1);
    List<List<String>> rows = readAll(client, info);
    assertThat(rows).hasSize(15_000).isEqualTo(FlightTestData.readLocally(directory.resolve("data.parquet"),
        ReadOptions.builder().columns("name", "id").filter("id < 15000").build(), allocator));
  }

  @Test
  void aPartitionedDirectoryIsListedAndReadAsOneDataset() throws Exception {
    Files.createDirectories(directory.resolve("sales/year=2023"));
    Files.createDirectories(directory.resolve("sales/year=2024"));
    FlightTestData.write(directory.resolve("sales/year=2023/part-0.parquet"), 2_000, 0, allocator);
    FlightTestData.write(directory.resolve("sales/year=2024/part-0.parquet"), 3_000, 2_000, allocator);
    FlightTestData.write(directory.resolve("sales/year=2024/part-1.parquet"), 1_000, 5_000, allocator);
    Path sales = directory.resolve("sales");
    List<FlightInfo> infos = new ArrayList<>();
    client.listFlights(Criteria.ALL).forEach(infos::add);
    FlightInfo listed = infos.stream().filter(info -> info.getDescriptor().getPath().equals(List.of("sales")))
        .findFirst().orElseThrow();
    assertThat(listed.getRecords()).isEqualTo(6_000);
    assertThat(listed.getSchema().getFields()).extracting(field -> field.getName())
        .containsExactly("id", "name", "score", "year");

    FlightInfo info = client.getInfo(FlightDescriptor.path("sales"));
    assertThat(info.getEndpoints()).as("one endpoint per file").hasSize(3);
    assertThat(info.getRecords()).isEqualTo(6_000);
    assertThat(readAll(client, info)).isEqualTo(readDataset(sales, ReadOptions.defaults()));

    String command = "{\"path\": \"sales\", \"columns\": [\"id\", \"year\"], "
        + "\"filter\": \"year = 2024 AND id < 5500\"}";
    FlightInfo filtered = client.getInfo(FlightDescriptor.command(command.getBytes(StandardCharsets.UTF_8)));
    assertThat(filtered.getEndpoints()).as("the 2023 file and the file of ids from 5000 are pruned").hasSize(2);
    List<List<String>> rows = readAll(client, filtered);
    assertThat(rows).hasSize(3_500).isEqualTo(readDataset(sales,
        ReadOptions.builder().columns("id", "year").filter("year = 2024 AND id < 5500").build()));
  }

  private List<List<String>> readDataset(Path root, ReadOptions options) throws Exception {
    List<List<String>> rows = new ArrayList<>();
    try (ArrowReader reader = ParquetDataset.open(root).reader(allocator, options)) {
      while (reader.loadNextBatch()) {
        FlightTestData.addRows(reader.getVectorSchemaRoot(), rows);
      }
    }
    return rows;
  }

  @Test
  void badCommandsAndUnknownColumnsAreInvalidArguments() {
    assertThat(failure(() -> client.getInfo(command("{\"path\": \"data.parquet\", \"colums\": [\"id\"]}"))))
        .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> client.getInfo(command("{\"path\": \"data.parquet\", \"columns\": [\"nope\"]}"))))
        .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> client.getInfo(command("{\"path\": \"data.parquet\", \"filter\": \"id <\"}"))))
        .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> client.getInfo(command("not json")))).isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> client.getInfo(FlightDescriptor.path("missing.parquet"))))
        .isEqualTo(FlightStatusCode.NOT_FOUND);
  }

  @Test
  void aDamagedFileIsReportedByItsRelativePathWithoutStackTrace() throws Exception {
    Files.writeString(directory.resolve("damaged.parquet"), "this is not a Parquet file at all");
    List<FlightInfo> listed = new ArrayList<>();
    client.listFlights(Criteria.ALL).forEach(listed::add);
    assertThat(listed).as("a damaged file is left out of the listing").hasSize(1);
    try {
      client.getInfo(FlightDescriptor.path("damaged.parquet"));
      throw new AssertionError("GetFlightInfo of a damaged file succeeded");
    } catch (FlightRuntimeException e) {
      assertThat(e.status().code()).isEqualTo(FlightStatusCode.INTERNAL);
      assertThat(e.getMessage()).contains("damaged.parquet").doesNotContain(directory.toRealPath().toString())
          .doesNotContain("\tat ").doesNotContain("Exception:");
    }
  }

  @Test
  void uploadsAreWrittenAndReadBack() throws Exception {
    put(FlightDescriptor.path("up", "new.parquet"), 25_000, 1_000_000);
    Path written = directory.resolve("up/new.parquet");
    List<List<String>> local = FlightTestData.readLocally(written, ReadOptions.defaults(), allocator);
    assertThat(local).hasSize(25_000);
    assertThat(local.get(0).get(0)).isEqualTo("1000000");
    assertThat(readAll(client, client.getInfo(FlightDescriptor.path("up", "new.parquet")))).isEqualTo(local);
    try (Stream<Path> files = Files.list(directory.resolve("up"))) {
      assertThat(files).as("no temporary file left").containsExactly(written);
    }
  }

  @Test
  void uploadsRefuseToReplaceAFileUnlessAskedTo() throws Exception {
    assertThat(failure(() -> put(FlightDescriptor.path("data.parquet"), 10, 0)))
        .isEqualTo(FlightStatusCode.ALREADY_EXISTS);
    assertThat(FlightTestData.readLocally(directory.resolve("data.parquet"), ReadOptions.defaults(), allocator))
        .hasSize(ROWS);
    put(command("{\"path\": \"data.parquet\", \"overwrite\": true, \"codec\": \"zstd\", \"page_version\": 2,"
        + " \"bloom_columns\": [\"name\"]}"), 10, 0);
    assertThat(FlightTestData.readLocally(directory.resolve("data.parquet"), ReadOptions.defaults(), allocator))
        .hasSize(10);
  }

  @Test
  void ticketsThatThisServerDidNotSignAreRefused() throws Exception {
    byte[] random = new byte[80];
    new Random(42).nextBytes(random);
    assertThat(failure(() -> read(client, new Ticket(random)))).isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    byte[] genuine = client.getInfo(FlightDescriptor.path("data.parquet")).getEndpoints().get(0).getTicket()
        .getBytes();
    for (int position : new int[] {0, 5, genuine.length / 2, genuine.length - 1}) {
      byte[] tampered = genuine.clone();
      tampered[position] ^= 1;
      assertThat(failure(() -> read(client, new Ticket(tampered)))).as("byte %d flipped", position)
          .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    }
    assertThat(failure(() -> read(client, new Ticket(new byte[0])))).isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(read(client, new Ticket(genuine))).hasSize(FlightTestData.ROW_GROUP_ROWS);
  }

  @Test
  void pathsThatLeaveTheDirectoryAreRefused() throws Exception {
    FlightTestData.write(outside.resolve("secret.parquet"), 10, 0, allocator);
    Files.createSymbolicLink(directory.resolve("link.parquet"), outside.resolve("secret.parquet"));
    Files.createSymbolicLink(directory.resolve("out"), outside);
    Path relativeEscape = directory.relativize(outside.resolve("secret.parquet"));
    assertThat(failure(() -> client.getInfo(FlightDescriptor.path(relativeEscape.toString()))))
        .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> client.getInfo(FlightDescriptor.path("..", "x.parquet"))))
        .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> client.getInfo(command("{\"path\": \"" + outside.resolve("secret.parquet")
        + "\"}")))).isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> client.getInfo(FlightDescriptor.path("link.parquet"))))
        .isEqualTo(FlightStatusCode.UNAUTHORIZED);
    assertThat(failure(() -> client.getInfo(FlightDescriptor.path("out", "secret.parquet"))))
        .isEqualTo(FlightStatusCode.UNAUTHORIZED);
    assertThat(failure(() -> put(FlightDescriptor.path("..", "evil.parquet"), 10, 0)))
        .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> put(FlightDescriptor.path(".hidden.parquet"), 10, 0)))
        .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> put(FlightDescriptor.path("notes.txt"), 10, 0)))
        .isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(failure(() -> put(FlightDescriptor.path("out", "evil.parquet"), 10, 0)))
        .isEqualTo(FlightStatusCode.UNAUTHORIZED);
    assertThat(outside.resolve("evil.parquet")).doesNotExist();
    List<FlightInfo> listed = new ArrayList<>();
    client.listFlights(Criteria.ALL).forEach(listed::add);
    assertThat(listed).extracting(info -> info.getDescriptor().getPath()).containsExactly(List.of("data.parquet"));
    Files.delete(directory.resolve("link.parquet"));
    Files.delete(directory.resolve("out"));
  }

  @Test
  void aClientLeavingMidStreamFreesTheServersMemoryAndStream() throws Exception {
    FlightInfo info = client.getInfo(command("{\"path\": \"data.parquet\", \"batch_rows\": 10}"));
    for (int round = 0; round < 6; round++) {
      try (FlightStream stream = client.getStream(info.getEndpoints().get(0).getTicket())) {
        assertThat(stream.next()).isTrue();
        assertThat(stream.getRoot().getRowCount()).isEqualTo(10);
        stream.cancel("the test has seen enough", null);
      }
    }
    awaitNothingAllocated();
    FlightInfo whole = client.getInfo(FlightDescriptor.path("data.parquet"));
    assertThat(read(client, whole.getEndpoints().get(1).getTicket()))
        .as("streams were released: more than the limit of 4 ran").hasSize(FlightTestData.ROW_GROUP_ROWS);
  }

  @Test
  void aFileDamagedPastItsFirstBatchesFailsTheStreamByItsRelativePath() throws Exception {
    Path damaged = directory.resolve("late-damage.parquet");
    FlightTestData.write(damaged, 4 * FlightTestData.ROW_GROUP_ROWS, 0, allocator);
    long lastGroupStart;
    try (ParquetFile file = ParquetFile.open(damaged)) {
      List<RowGroup> groups = file.metadata().fileMetaData().rowGroups();
      lastGroupStart = groups.get(groups.size() - 1).columns().get(0).metaData().dataPageOffset();
    }
    byte[] garbage = new byte[64];
    Arrays.fill(garbage, (byte) 0xFF);
    try (FileChannel channel = FileChannel.open(damaged, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(garbage), lastGroupStart);
    }
    server.close();
    client.close();
    // One endpoint for the whole file (the default slice size), so the damage is met in the middle of a stream
    // whose first batches gRPC has already queued or sent.
    server = startServer(ParquetFlightServer.builder(directory, allocator));
    FlightInfo info = client.getInfo(command("{\"path\": \"late-damage.parquet\", \"batch_rows\": 1000}"));
    assertThat(info.getEndpoints()).hasSize(1);
    FailedStream failed = readUntilFailure(client, info.getEndpoints().get(0).getTicket());
    assertThat(failed.error().getMessage()).contains("late-damage.parquet").contains("row group 3")
        .doesNotContain(directory.toRealPath().toString());
    assertThat(failed.rows()).as("rows before the damaged row group").isEqualTo(3L * FlightTestData.ROW_GROUP_ROWS);
    awaitNothingAllocated();
    assertThat(readAll(client, client.getInfo(FlightDescriptor.path("data.parquet")))).hasSize(ROWS);
  }

  @Test
  void anErrorOnTheStreamThreadFailsTheCallInsteadOfLeavingTheClientWaiting() throws Exception {
    // Allocations fail with an Error once the countdown runs out, as a class that fails to initialize (Arrow's
    // MemoryUtil without --add-opens) or a full heap would: not an exception the library's code expects.
    AtomicInteger allocationsLeft = new AtomicInteger(Integer.MAX_VALUE);
    AllocationManager.Factory failing = new AllocationManager.Factory() {
      @Override
      public AllocationManager create(BufferAllocator accountingAllocator, long size) {
        if (allocationsLeft.getAndDecrement() <= 0) {
          throw new LinkageError("injected failure of an allocation");
        }
        return NettyAllocationManager.FACTORY.create(accountingAllocator, size);
      }

      @Override
      public ArrowBuf empty() {
        return NettyAllocationManager.FACTORY.empty();
      }
    };
    try (BufferAllocator failingRoot = TestAllocators.root(failing)) {
      try (ParquetFlightServer failingServer = ParquetFlightServer.builder(directory, failingRoot).build().start();
           FlightClient failingClient = FlightClient.builder(allocator, failingServer.location()).build()) {
        FlightInfo info = failingClient.getInfo(command("{\"path\": \"data.parquet\", \"batch_rows\": 1000}"));
        allocationsLeft.set(40);
        FailedStream failed = readUntilFailure(failingClient, info.getEndpoints().get(0).getTicket());
        assertThat(failed.error().getMessage()).contains("LinkageError").doesNotContain("injected");
        assertThat(failed.rows()).as("rows before the failure").isPositive().isLessThan(ROWS);
        allocationsLeft.set(Integer.MAX_VALUE);
        for (int attempt = 0; attempt < 200 && failingServer.allocator().getAllocatedMemory() != 0; attempt++) {
          Thread.sleep(50);
        }
        assertThat(failingServer.allocator().getAllocatedMemory()).as("server allocation after the failure").isZero();
        assertThat(readAll(failingClient, info)).as("the server still serves").hasSize(ROWS);
      }
      assertThat(failingRoot.getAllocatedMemory()).isZero();
    }
  }

  @Test
  void streamsBeyondTheLimitAreRefused() throws Exception {
    server.close();
    client.close();
    server = startServer(ParquetFlightServer.builder(directory, allocator).maxStreams(1).streamWaitMillis(100));
    FlightInfo info = client.getInfo(command("{\"path\": \"data.parquet\", \"batch_rows\": 1}"));
    try (FlightStream held = client.getStream(info.getEndpoints().get(0).getTicket())) {
      assertThat(held.next()).isTrue();
      assertThat(failure(() -> read(client, info.getEndpoints().get(0).getTicket())))
          .isEqualTo(FlightStatusCode.RESOURCE_EXHAUSTED);
      held.cancel("done", null);
    }
  }

  @Test
  void anUploadCutShortLeavesNoFile() throws Exception {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(FlightTestData.SCHEMA, allocator)) {
      FlightClient.ClientStreamListener put = client.startPut(FlightDescriptor.path("cut.parquet"), root,
          new AsyncPutListener());
      for (int batch = 0; batch < 3; batch++) {
        FlightTestData.fill(root, batch * 1000L, 1000);
        put.putNext();
      }
      put.error(new IllegalStateException("the client gave up"));
      assertThat(failure(put::getResult)).isNotNull();
    }
    // The client's cancel returns before the server has handled the upload, which may not have created its
    // temporary file yet: wait until the directory has held none for a second in a row (at most ten seconds).
    int absentInARow = 0;
    for (int attempt = 0; attempt < 200 && absentInARow < 20; attempt++) {
      absentInARow = directoryHolds("cut") ? 0 : absentInARow + 1;
      Thread.sleep(50);
    }
    assertThat(directoryHolds("cut")).as("a file or temporary file of the cut upload").isFalse();
  }

  /** The rows a stream delivered before it failed, and its failure. */
  private record FailedStream(long rows, FlightRuntimeException error) {
  }

  /** Reads a stream that must end in {@code INTERNAL} (within {@link #STREAM_DEADLINE}, not hang). */
  private static FailedStream readUntilFailure(FlightClient client, Ticket ticket) throws Exception {
    long[] rows = new long[1];
    FlightRuntimeException error;
    try (FlightStream stream = client.getStream(ticket, STREAM_DEADLINE)) {
      error = catchThrowableOfType(FlightRuntimeException.class, () -> {
        while (stream.next()) {
          rows[0] += stream.getRoot().getRowCount();
        }
      });
    }
    assertThat(error).as("the stream's end").isNotNull();
    assertThat(error.status().code()).as(error.getMessage()).isEqualTo(FlightStatusCode.INTERNAL);
    return new FailedStream(rows[0], error);
  }

  private boolean directoryHolds(String part) throws Exception {
    try (Stream<Path> files = Files.list(directory)) {
      return files.anyMatch(file -> file.getFileName().toString().contains(part));
    }
  }

  private void put(FlightDescriptor descriptor, int rows, long firstId) throws Exception {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(FlightTestData.SCHEMA, allocator)) {
      FlightClient.ClientStreamListener put = client.startPut(descriptor, root, new AsyncPutListener());
      for (int start = 0; start < rows; start += 4_000) {
        FlightTestData.fill(root, firstId + start, Math.min(4_000, rows - start));
        put.putNext();
      }
      put.completed();
      put.getResult();
    }
  }

  private static FlightDescriptor command(String json) {
    return FlightDescriptor.command(json.getBytes(StandardCharsets.UTF_8));
  }
}
