package dev.trident.testing.openapi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * One file of tab-separated lines per test JVM, {@code target/<directory>/<pid>.tsv}: a file and not memory because
 * each Quarkus restart of the test run loads the recording classes anew; the pid keeps an earlier run's file out.
 */
final class RunFile {

    private final Path directory;

    RunFile(String directory) {
        this.directory = Path.of("target", directory);
    }

    /** Appends one line of these fields (tabs and line breaks in them become spaces). */
    synchronized void append(String... fields) {
        StringBuilder line = new StringBuilder();
        for (String field : fields) {
            line.append(line.isEmpty() ? "" : "\t").append(field == null ? "" : field.replaceAll("[\t\r\n]", " "));
        }
        try {
            Files.createDirectories(directory);
            Files.writeString(thisRun(), line.append('\n'), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** This JVM's lines with exactly {@code fields} fields; empty when none were written. */
    List<String[]> read(int fields) {
        Path file = thisRun();
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(line -> !line.isBlank())
                    .map(line -> line.split("\t", -1)).filter(parts -> parts.length == fields).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path thisRun() {
        return directory.resolve(ProcessHandle.current().pid() + ".tsv");
    }
}
