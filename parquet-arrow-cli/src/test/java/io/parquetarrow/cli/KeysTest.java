package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's one parser of keys: hex keys of the three AES sizes, COLUMN=KEY and keys files. */
class KeysTest {
  @TempDir Path temporary;

  @Test
  void hexKeysOfTheThreeSizes() {
    for (int bytes : new int[] {16, 24, 32}) {
      byte[] key = new byte[bytes];
      for (int i = 0; i < bytes; i++) {
        key[i] = (byte) (i * 37 + 200);
      }
      String hex = HexFormat.of().formatHex(key);
      assertThat(Keys.parseHex(hex, "k")).as("%d bytes", bytes).isEqualTo(key);
      assertThat(Keys.parseHex(hex.toUpperCase(), "k")).as("%d bytes, upper case", bytes).isEqualTo(key);
    }
    assertThatThrownBy(() -> Keys.parseHex("00".repeat(20), "k"))
        .isInstanceOf(Keys.KeyFormatException.class)
        .hasMessage("k: a key is 32, 48 or 64 hex digits (128, 192 or 256 bits), got 40 characters");
    assertThatThrownBy(() -> Keys.parseHex("0".repeat(31) + "g", "k"))
        .hasMessage("k: a key is hex digits, character 32 is not one");
  }

  @Test
  void columnKeysSplitAtTheLastEquals() {
    Keys keys = new Keys();
    keys.addColumnKey("a.b=" + "11".repeat(16), "--column-key");
    assertThat(keys.columnKeys()).containsOnlyKeys("a.b");
    assertThat(keys.columnKeys().get("a.b")).containsOnly((byte) 0x11);
    assertThat(keys.toString()).doesNotContain("11");
  }

  @Test
  void keysFileLaterLinesAndOptionsReplaceEarlierOnes() throws Exception {
    Path file = temporary.resolve("keys");
    Files.writeString(file, "footer=" + "aa".repeat(16) + "\n#footer=zz\nfooter=" + "bb".repeat(24)
        + "\r\ncolumn.x.y=" + "cc".repeat(32) + "\n");
    Keys keys = new Keys();
    keys.addFile(file);
    assertThat(keys.footerKey()).hasSize(24).containsOnly((byte) 0xbb);
    assertThat(keys.columnKeys().get("x.y")).hasSize(32);
    keys.footerKey(new byte[16]);
    assertThat(keys.footerKey()).containsOnly((byte) 0);
  }
}
