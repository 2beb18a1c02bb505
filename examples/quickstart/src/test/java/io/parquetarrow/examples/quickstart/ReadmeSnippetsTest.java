package io.parquetarrow.examples.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Keeps README.md's code blocks and this project's sources the same text, so the README cannot drift from code
 * that compiles and runs ({@link QuickstartTest} runs it).
 *
 * <p>In README.md a block is named by an HTML comment on the line before its fence,
 * {@code <!-- snippet: NAME ... -->}; in the sources it is the lines between {@code snippet begin: NAME} and
 * {@code snippet end: NAME}, compared after removing their common indentation. In the pom's block the dependency
 * names {@code ${project.version}}, which a user's pom spells out: the README shows the version itself.
 */
class ReadmeSnippetsTest {
  private static final Pattern README_BLOCK =
      Pattern.compile("<!-- snippet: ([\\w-]+)[^>]*-->\\R```\\w*\\R(.*?)\\R```", Pattern.DOTALL);
  private static final Pattern SOURCE_MARKER = Pattern.compile("snippet (begin|end): ([\\w-]+)");

  private final Path project = Path.of(System.getProperty("quickstart.basedir", "."));

  @Test
  void everyReadmeBlockIsTheExampleCodeOfTheSameName() throws IOException {
    Map<String, String> readme = readmeBlocks(Files.readString(project.resolve("../../README.md")));
    Map<String, String> sources = new LinkedHashMap<>();
    sources.putAll(sourceBlocks(project.resolve("pom.xml")));
    sources.putAll(sourceBlocks(
        project.resolve("src/main/java/io/parquetarrow/examples/quickstart/Quickstart.java")));
    String version = System.getProperty("quickstart.version");
    assertThat(version).as("system property quickstart.version, set by the pom's surefire configuration")
        .isNotNull();
    sources.replaceAll((name, text) -> text.replace("${project.version}", version));

    assertThat(readme.keySet()).as("snippets named in README.md").contains("dependency", "writer", "reader");
    assertThat(readme.keySet()).as("snippets named in README.md against those marked in the example's sources")
        .containsExactlyInAnyOrderElementsOf(sources.keySet());
    readme.forEach((name, text) -> assertThat(text)
        .as("README.md's \"%s\" block against the example's (examples/quickstart)", name)
        .isEqualTo(sources.get(name)));
  }

  private static Map<String, String> readmeBlocks(String readme) {
    Map<String, String> blocks = new LinkedHashMap<>();
    Matcher block = README_BLOCK.matcher(readme);
    while (block.find()) {
      String previous = blocks.put(block.group(1), normalized(block.group(2).lines().toList()));
      assertThat(previous).as("README.md names the snippet %s twice", block.group(1)).isNull();
    }
    return blocks;
  }

  private static Map<String, String> sourceBlocks(Path source) throws IOException {
    Map<String, String> blocks = new LinkedHashMap<>();
    String open = null;
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(source)) {
      Matcher marker = SOURCE_MARKER.matcher(line);
      if (!marker.find()) {
        if (open != null) {
          lines.add(line);
        }
      } else if (marker.group(1).equals("begin")) {
        assertThat(open).as("%s: snippet %s begins inside snippet %s", source, marker.group(2), open).isNull();
        open = marker.group(2);
        lines.clear();
      } else {
        assertThat(marker.group(2)).as("%s: a snippet end without its begin", source).isEqualTo(open);
        assertThat(blocks.put(open, normalized(lines))).as("%s names the snippet %s twice", source, open).isNull();
        open = null;
      }
    }
    assertThat(open).as("%s: snippet %s has no end", source, open).isNull();
    return blocks;
  }

  /** The lines without trailing blanks and without the indentation they all share. */
  private static String normalized(List<String> lines) {
    int indentation = lines.stream().filter(line -> !line.isBlank())
        .mapToInt(line -> line.length() - line.stripLeading().length()).min().orElse(0);
    List<String> result = new ArrayList<>();
    for (String line : lines) {
      result.add(line.isBlank() ? "" : line.substring(indentation).stripTrailing());
    }
    return String.join("\n", result);
  }
}
