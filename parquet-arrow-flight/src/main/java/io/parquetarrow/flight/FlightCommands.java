package io.parquetarrow.flight;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.WriteOptions.DataPageVersion;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightRuntimeException;

/**
 * Reads a {@link FlightDescriptor} into what the server does: a path descriptor's segments joined with {@code /},
 * or a command descriptor's JSON object (Jackson, which Arrow already brings). Reading takes
 * {@code {"path", "columns", "filter", "batch_rows"}}; writing takes {@code {"path", "codec", "page_version",
 * "bloom_columns", "overwrite"}}. Unknown keys and wrong types are {@code INVALID_ARGUMENT}, so a misspelt option
 * is never silently ignored.
 */
final class FlightCommands {
  /** A read: the target's path and what to read of it. */
  record Read(String path, ReadRequest request) {}

  /** An upload: the file's path, how to write it and whether it may replace an existing file. */
  record Write(String path, WriteOptions options, boolean overwrite) {}

  /** The Bloom filter sizing of the {@code write} command (Arrow C++'s defaults). */
  static final long BLOOM_FILTER_DISTINCT_VALUES = 1_000_000;
  static final double BLOOM_FILTER_FALSE_POSITIVE_PROBABILITY = 0.05;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> READ_KEYS = Set.of("path", "columns", "filter", "batch_rows");
  private static final Set<String> WRITE_KEYS = Set.of("path", "codec", "page_version", "bloom_columns", "overwrite");

  private FlightCommands() {}

  static Read read(FlightDescriptor descriptor) {
    if (descriptor.isCommand()) {
      JsonNode command = parse(descriptor.getCommand(), READ_KEYS);
      Integer batchRows = integer(command, "batch_rows");
      return new Read(path(command), new ReadRequest(strings(command, "columns"), text(command, "filter"),
          batchRows == null ? ReadOptions.DEFAULT_BATCH_ROWS : batchRows));
    }
    return new Read(joined(descriptor.getPath()), ReadRequest.all());
  }

  static Write write(FlightDescriptor descriptor) {
    WriteOptions.Builder options = WriteOptions.builder().syncOnClose(true);
    if (!descriptor.isCommand()) {
      return new Write(joined(descriptor.getPath()), options.build(), false);
    }
    JsonNode command = parse(descriptor.getCommand(), WRITE_KEYS);
    String codec = text(command, "codec");
    if (codec != null) {
      try {
        options.codec(Codec.valueOf(codec.toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        throw invalid("unknown codec " + codec + "; one of " + List.of(Codec.values()));
      }
    }
    Integer pageVersion = integer(command, "page_version");
    if (pageVersion != null) {
      if (pageVersion != 1 && pageVersion != 2) {
        throw invalid("page_version must be 1 or 2, got " + pageVersion);
      }
      options.dataPageVersion(pageVersion == 1 ? DataPageVersion.V1 : DataPageVersion.V2);
    }
    List<String> bloomColumns = strings(command, "bloom_columns");
    if (bloomColumns != null) {
      for (String column : bloomColumns) {
        options.bloomFilter(column, BLOOM_FILTER_DISTINCT_VALUES, BLOOM_FILTER_FALSE_POSITIVE_PROBABILITY);
      }
    }
    JsonNode overwrite = command.get("overwrite");
    if (overwrite != null && !overwrite.isBoolean()) {
      throw invalid("overwrite must be true or false");
    }
    return new Write(path(command), options.build(), overwrite != null && overwrite.booleanValue());
  }

  private static JsonNode parse(byte[] bytes, Set<String> keys) {
    JsonNode command;
    try {
      command = JSON.readTree(bytes);
    } catch (JsonProcessingException e) {
      throw invalid("the command is not JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw invalid("the command cannot be read");
    }
    if (command == null || !command.isObject()) {
      throw invalid("the command must be a JSON object with one of the keys " + keys);
    }
    for (Iterator<String> names = command.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!keys.contains(name)) {
        throw invalid("unknown key \"" + name + "\" in the command; known keys: " + keys);
      }
    }
    return command;
  }

  private static String path(JsonNode command) {
    String path = text(command, "path");
    if (path == null) {
      throw invalid("the command has no \"path\"");
    }
    return path;
  }

  private static String text(JsonNode command, String key) {
    JsonNode value = command.get(key);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isTextual()) {
      throw invalid("\"" + key + "\" must be a string");
    }
    return value.textValue();
  }

  private static Integer integer(JsonNode command, String key) {
    JsonNode value = command.get(key);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isInt()) {
      throw invalid("\"" + key + "\" must be a 32-bit integer");
    }
    return value.intValue();
  }

  private static List<String> strings(JsonNode command, String key) {
    JsonNode value = command.get(key);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isArray()) {
      throw invalid("\"" + key + "\" must be an array of strings");
    }
    List<String> strings = new ArrayList<>();
    for (JsonNode element : value) {
      if (!element.isTextual()) {
        throw invalid("\"" + key + "\" must be an array of strings");
      }
      strings.add(element.textValue());
    }
    return strings;
  }

  /**
   * A path descriptor's segments as one path. A segment may itself hold {@code /} (clients often send one segment
   * {@code "dir/file.parquet"}); the joined path is checked as a whole by {@link ServedDirectory}.
   */
  private static String joined(List<String> segments) {
    if (segments.isEmpty()) {
      throw invalid("the path descriptor is empty");
    }
    return String.join("/", segments);
  }

  private static FlightRuntimeException invalid(String message) {
    return CallStatus.INVALID_ARGUMENT.withDescription(message).toRuntimeException();
  }
}
