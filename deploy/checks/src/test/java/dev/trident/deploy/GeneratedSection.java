package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A part of a page written from the code, between a begin and an end marker: a test compares it with what the code
 * gives now, or rewrites it when the system property {@code write} is true.
 */
record GeneratedSection(Path page, String begin, String end, String write) {

    /** Fails when the page's section differs from {@code generated} (which includes both markers). */
    void assertShows(String generated) throws IOException {
        String text = Files.readString(page);
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        assertTrue(from >= 0 && to > from, Repo.ROOT.relativize(page) + " holds the section between its markers");
        String current = text.substring(from, to + end.length());
        if (Boolean.getBoolean(write)) {
            Files.writeString(page, text.replace(current, generated));
            return;
        }
        assertEquals(generated, current, Repo.ROOT.relativize(page) + "'s generated section (run with -D" + write
                + "=true to rewrite it)");
    }
}
