package dev.trident.migrations;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where each segment of a parallel Scan stands, kept in a small properties file that is rewritten (atomically, a
 * temporary file moved over it) after every page: {@code segment.<n>} is {@code start}, {@code done} or the Scan's
 * LastEvaluatedKey (each string key attribute as {@code name=base64(value)}, joined by ','). The file names its table
 * and number of segments, and refuses to resume a run of another table or another split.
 */
final class BackfillState {

    private static final String START = "start";
    private static final String DONE = "done";

    private final Path file;
    private final String table;
    private final List<String> positions;

    private BackfillState(Path file, String table, List<String> positions) {
        this.file = file;
        this.table = table;
        this.positions = positions;
    }

    /** The saved state of {@code table}'s backfill in {@code file}, or a fresh one when the file does not exist. */
    static BackfillState open(Path file, String table, int segments) {
        if (segments < 1 || segments > 64) {
            throw new IllegalArgumentException("segments must be 1..64");
        }
        List<String> positions = new ArrayList<>();
        if (!Files.exists(file)) {
            for (int i = 0; i < segments; i++) {
                positions.add(START);
            }
            return new BackfillState(file, table, positions);
        }
        Properties saved = new Properties();
        try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            saved.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the backfill state " + file, e);
        }
        if (!table.equals(saved.getProperty("table"))
                || !Integer.toString(segments).equals(saved.getProperty("segments"))) {
            throw new IllegalArgumentException("the state " + file + " is of table " + saved.getProperty("table")
                    + " in " + saved.getProperty("segments") + " segments; resume with those, or remove the file");
        }
        for (int i = 0; i < segments; i++) {
            positions.add(saved.getProperty("segment." + i, START));
        }
        return new BackfillState(file, table, positions);
    }

    int segments() {
        return positions.size();
    }

    synchronized boolean isDone(int segment) {
        return DONE.equals(positions.get(segment));
    }

    synchronized boolean finished() {
        return positions.stream().allMatch(DONE::equals);
    }

    /** The ExclusiveStartKey a segment resumes from; null at its start. */
    synchronized Map<String, AttributeValue> position(int segment) {
        String saved = positions.get(segment);
        if (START.equals(saved) || DONE.equals(saved)) {
            return null;
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String part : saved.split(",")) {
            int eq = part.indexOf('=');
            key.put(part.substring(0, eq), AttributeValue.fromS(
                    new String(Base64.getUrlDecoder().decode(part.substring(eq + 1)), StandardCharsets.UTF_8)));
        }
        return key;
    }

    /** Records that a segment has read up to {@code lastEvaluatedKey} (null: to its end) and writes the file. */
    synchronized void save(int segment, Map<String, AttributeValue> lastEvaluatedKey) {
        positions.set(segment, lastEvaluatedKey == null ? DONE : encode(lastEvaluatedKey));
        Map<String, String> lines = new TreeMap<>();
        lines.put("table", table);
        lines.put("segments", Integer.toString(positions.size()));
        for (int i = 0; i < positions.size(); i++) {
            lines.put("segment." + i, positions.get(i));
        }
        StringBuilder text = new StringBuilder("# backfill position; remove to start over\n");
        lines.forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path temporary = Files.createTempFile(parent, ".backfill", ".tmp");
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the backfill state " + file, e);
        }
    }

    private static String encode(Map<String, AttributeValue> key) {
        List<String> parts = new ArrayList<>();
        new TreeMap<>(key).forEach((name, value) -> {
            if (value.s() == null) {
                throw new IllegalStateException("key attribute " + name + " is not a string");
            }
            parts.add(name + "=" + Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(value.s().getBytes(StandardCharsets.UTF_8)));
        });
        return String.join(",", parts);
    }
}
