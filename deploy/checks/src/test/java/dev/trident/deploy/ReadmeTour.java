package dev.trident.deploy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tour of README.md: its one fenced block marked {@code ```bash tour}, as a script a test can run on a suite.
 * Each command that calls {@code curl} expects a 2xx answer, unless its comment says otherwise with
 * {@code -> NNN} (e.g. {@code # -> 409: enrolled already}).
 */
final class ReadmeTour {
    static final Path README = Repo.ROOT.resolve("README.md");
    private static final Pattern BLOCK = Pattern.compile("(?ms)^```bash tour\\n(.*?)^```\\s*$");
    private static final Pattern EXPECTED = Pattern.compile("#.*?-> (\\d{3})\\b");
    /** Records the status of every curl call: the command's number, the status it expects and the one it got. */
    private static final String RECORDER = """
            set -euo pipefail
            curl() {
              local headers rc=0 status
              headers=$(mktemp)
              command curl -D "$headers" "$@" || rc=$?
              status=$(awk 'toupper($1) ~ /^HTTP\\// { s = $2 } END { print s }' "$headers")
              rm -f "$headers"
              echo "$TOUR_COMMAND $TOUR_EXPECT ${status:-none}" >> "$TOUR_LOG"
              return $rc
            }
            """;

    /** One command of the tour, continuation lines joined, and the status it expects ("2xx" or a code). */
    record Command(String text, String expected) {
    }

    private final List<Command> commands;

    private ReadmeTour(List<Command> commands) {
        this.commands = commands;
    }

    static ReadmeTour read() {
        Matcher block = BLOCK.matcher(Repo.read(README));
        if (!block.find()) {
            throw new IllegalStateException("README.md has no ```bash tour block");
        }
        if (block.find()) {
            throw new IllegalStateException("README.md has more than one ```bash tour block");
        }
        block.reset().find();
        List<Command> commands = new ArrayList<>();
        for (String line : block.group(1).replace("\\\n", " ").split("\n")) {
            Matcher expected = EXPECTED.matcher(line);
            commands.add(new Command(line, expected.find() ? expected.group(1) : "2xx"));
        }
        return new ReadmeTour(List.copyOf(commands));
    }

    List<Command> commands() {
        return commands;
    }

    /** The commands that send a request. */
    List<Integer> requests() {
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            if (commands.get(i).text().contains("curl ")) {
                numbers.add(i);
            }
        }
        return numbers;
    }

    /**
     * The tour as a bash script: the addresses replaced ({@code localhost:8081} to another), each curl call recorded
     * in {@code $TOUR_LOG} with its command's number and expected status, any failing command ending the script.
     */
    String script(Map<String, String> addresses) {
        StringBuilder script = new StringBuilder(RECORDER);
        for (int i = 0; i < commands.size(); i++) {
            String text = commands.get(i).text();
            for (Map.Entry<String, String> address : addresses.entrySet()) {
                text = text.replace(address.getKey(), address.getValue());
            }
            script.append(text.replaceFirst("\\bcurl ",
                    "TOUR_COMMAND=" + i + " TOUR_EXPECT=" + commands.get(i).expected() + " curl ")).append('\n');
        }
        return script.toString();
    }
}
