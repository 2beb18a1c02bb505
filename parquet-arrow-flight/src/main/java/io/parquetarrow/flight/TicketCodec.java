package io.parquetarrow.flight;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;

/**
 * Signs and checks the server's tickets. A ticket is opaque to clients: the target's path, the slice (file and row
 * groups) and the {@link ReadRequest}, serialized, followed by an HMAC-SHA256 of those bytes under a key drawn at
 * random when the server starts. A client can replay a ticket it was given but cannot make or change one; tickets
 * die with the server that signed them. A ticket whose MAC does not check is refused with {@code INVALID_ARGUMENT}
 * before any of it is parsed, and the path it names is resolved under the served directory again when used.
 *
 * <p>Layout (big-endian): version byte 1; path; slice file; row group count and indices (int32); column count
 * (-1 for all) and names; filter presence byte and text; batch rows (int32); then the 32-byte MAC. Strings are an
 * int32 byte length and UTF-8 bytes.
 */
final class TicketCodec {
  /** What a ticket names: a slice of a target, read as requested. */
  record Contents(String path, ReadSlice slice, ReadRequest request) {}

  private static final String ALGORITHM = "HmacSHA256";
  private static final int MAC_LENGTH = 32;
  private static final byte VERSION = 1;
  /** Far above any real ticket; keeps a forged length from allocating much before the MAC is checked. */
  private static final int MAX_STRING_BYTES = 1 << 20;

  private final SecretKeySpec key;

  /** A codec with a fresh random key. */
  TicketCodec() {
    byte[] secret = new byte[MAC_LENGTH];
    new SecureRandom().nextBytes(secret);
    this.key = new SecretKeySpec(secret, ALGORITHM);
  }

  byte[] sign(Contents contents) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      writeString(out, contents.path());
      writeString(out, contents.slice().file());
      int[] rowGroups = contents.slice().rowGroups();
      out.writeInt(rowGroups.length);
      for (int rowGroup : rowGroups) {
        out.writeInt(rowGroup);
      }
      List<String> columns = contents.request().columns();
      out.writeInt(columns == null ? -1 : columns.size());
      if (columns != null) {
        for (String column : columns) {
          writeString(out, column);
        }
      }
      String filter = contents.request().filter();
      out.writeBoolean(filter != null);
      if (filter != null) {
        writeString(out, filter);
      }
      out.writeInt(contents.request().batchRows());
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory failed", e);
    }
    byte[] payload = bytes.toByteArray();
    byte[] ticket = Arrays.copyOf(payload, payload.length + MAC_LENGTH);
    System.arraycopy(mac(payload), 0, ticket, payload.length, MAC_LENGTH);
    return ticket;
  }

  /**
   * The contents of a ticket this codec signed.
   *
   * @throws FlightRuntimeException {@code INVALID_ARGUMENT} for a ticket not signed by this server or malformed
   */
  Contents verify(byte[] ticket) {
    if (ticket.length <= MAC_LENGTH) {
      throw invalid();
    }
    byte[] payload = Arrays.copyOf(ticket, ticket.length - MAC_LENGTH);
    byte[] mac = Arrays.copyOfRange(ticket, payload.length, ticket.length);
    if (!MessageDigest.isEqual(mac(payload), mac)) {
      throw invalid();
    }
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
      if (in.readByte() != VERSION) {
        throw invalid();
      }
      String path = readString(in);
      String file = readString(in);
      int[] rowGroups = new int[count(in.readInt(), payload.length)];
      for (int i = 0; i < rowGroups.length; i++) {
        rowGroups[i] = in.readInt();
      }
      int columnCount = in.readInt();
      List<String> columns = null;
      if (columnCount >= 0) {
        columns = new ArrayList<>();
        for (int i = 0; i < count(columnCount, payload.length); i++) {
          columns.add(readString(in));
        }
      }
      String filter = in.readBoolean() ? readString(in) : null;
      int batchRows = in.readInt();
      if (in.available() != 0) {
        throw invalid();
      }
      return new Contents(path, new ReadSlice(file, rowGroups), new ReadRequest(columns, filter, batchRows));
    } catch (EOFException | IllegalArgumentException e) {
      throw invalid();
    } catch (IOException e) {
      throw new IllegalStateException("reading from memory failed", e);
    }
  }

  private byte[] mac(byte[] payload) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      return mac.doFinal(payload);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(ALGORITHM + " is not available", e);
    }
  }

  private static void writeString(DataOutputStream out, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  private static String readString(DataInputStream in) throws IOException {
    int length = count(in.readInt(), MAX_STRING_BYTES);
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return StandardCharsets.UTF_8.decode(ByteBuffer.wrap(bytes)).toString();
  }

  private static int count(int value, int limit) {
    if (value < 0 || value > limit) {
      throw invalid();
    }
    return value;
  }

  private static FlightRuntimeException invalid() {
    return CallStatus.INVALID_ARGUMENT.withDescription("invalid ticket: not one this server issued")
        .toRuntimeException();
  }
}
