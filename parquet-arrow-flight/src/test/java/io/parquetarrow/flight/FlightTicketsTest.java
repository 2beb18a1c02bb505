package io.parquetarrow.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.apache.arrow.flight.FlightRuntimeException;
import org.junit.jupiter.api.Test;

/**
 * {@link TicketCodec}: tickets round-trip through the codec that signed them and through no other, and no altered
 * byte passes.
 */
class FlightTicketsTest {
  private static final TicketCodec.Contents CONTENTS = new TicketCodec.Contents("dir/f.parquet",
      new ReadSlice("", new int[] {3, 4, 5}), new ReadRequest(List.of("a", "b.c"), "a > 5 AND b.c = 'x'", 1024));

  @Test
  void aSignedTicketReadsBackAsSigned() {
    TicketCodec codec = new TicketCodec();
    assertThat(codec.verify(codec.sign(CONTENTS))).isEqualTo(CONTENTS);
    TicketCodec.Contents everything = new TicketCodec.Contents("f.parquet", new ReadSlice("", new int[0]),
        ReadRequest.all());
    assertThat(codec.verify(codec.sign(everything))).isEqualTo(everything);
  }

  @Test
  void anotherServersTicketsAndEveryAlteredByteAreRefused() {
    TicketCodec codec = new TicketCodec();
    byte[] ticket = codec.sign(CONTENTS);
    assertThatThrownBy(() -> new TicketCodec().verify(ticket)).isInstanceOf(FlightRuntimeException.class)
        .hasMessageContaining("not one this server issued");
    for (int position = 0; position < ticket.length; position++) {
      byte[] altered = ticket.clone();
      altered[position] ^= (byte) 0x80;
      assertThatThrownBy(() -> codec.verify(altered)).as("byte %d altered", position)
          .isInstanceOf(FlightRuntimeException.class);
    }
    assertThatThrownBy(() -> codec.verify(Arrays.copyOf(ticket, ticket.length - 1)))
        .isInstanceOf(FlightRuntimeException.class);
    assertThatThrownBy(() -> codec.verify(new byte[0])).isInstanceOf(FlightRuntimeException.class);
  }
}
