package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class IdsTest {
    @ParameterizedTest
    @ValueSource(strings = {"a", "1", "Z", "abc-DEF_1.2", "01HZX", "a.", "a-", "a_"})
    void acceptsAndPreservesCase(String id) {
        assertEquals(id, Ids.require("userId", id));
    }

    @Test
    void acceptsSixtyFourCharacters() {
        String id = "a".repeat(64);
        assertEquals(id, Ids.require("userId", id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "#", "a#b", "a b", " a", "a ", ".a", "-a", "_a", "é", "aé", "a\u0000", "a/b", "a:b",
            "\u0661", "ａ"})
    void rejects(String id) {
        InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> Ids.require("userId", id));
        assertEquals("userId", e.field());
        assertTrue(e.getMessage().startsWith("userId: "));
        assertFalse(e.reason().isEmpty());
    }

    @Test
    void rejectsNullAndTooLong() {
        assertEquals("is required", assertThrows(InvalidKeyException.class, () -> Ids.require("f", null)).reason());
        InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> Ids.require("f", "a".repeat(65)));
        assertEquals("f", e.field());
    }

    @Test
    void acceptsExactlyWhatThePublishedPatternDescribes() {
        // The check is written out by hand for speed; the documents publish PATTERN_TEXT. They must never disagree.
        Pattern published = Pattern.compile(Ids.PATTERN_TEXT);
        String alphabet = "aZ09._-#/: é\u0661ａ\u0000";
        Random random = new Random(20261126);
        int accepted = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder id = new StringBuilder();
            int length = random.nextInt(Ids.MAX_LENGTH + 3);
            for (int j = 0; j < length; j++) {
                // mostly valid characters, so that long valid ids and single bad characters both occur
                id.append(random.nextInt(16) == 0 ? alphabet.charAt(random.nextInt(alphabet.length()))
                        : alphabet.charAt(random.nextInt(7)));
            }
            String candidate = id.toString();
            boolean expected = published.matcher(candidate).matches();
            assertEquals(expected, Ids.isValid(candidate), () -> "disagree on \"" + candidate + "\"");
            assertEquals(expected, Ids.violation(candidate) == null, () -> "disagree on \"" + candidate + "\"");
            accepted += expected ? 1 : 0;
        }
        assertTrue(accepted > 20_000 && accepted < 180_000, "both outcomes are exercised: " + accepted);
    }

    @Test
    void monthsFormatValidateAndStepBack() {
        assertEquals("2026-03", Months.of(Instant.parse("2026-03-31T23:59:59Z")));
        assertEquals("2026-04", Months.of(Instant.parse("2026-04-01T00:00:00Z")));
        assertEquals("2025-12", Months.previous("2026-01"));
        assertEquals("2026-01", Months.previous("2026-02"));
        for (String bad : new String[] {"2026-00", "2026-13", "2026-1", "26-01", "2026/01", "2026-01-01", "", "abcd-ef"}) {
            assertThrows(InvalidKeyException.class, () -> Months.validate("month", bad), bad);
        }
        assertThrows(InvalidKeyException.class, () -> Months.validate("month", null));
    }

    @Test
    void projectIdFormatsAndParses() {
        assertEquals("2026-0042", new ProjectId(2026, 42).toString());
        assertEquals("2026-10000", new ProjectId(2026, 10000).toString());
        assertEquals("2026-000042", new ProjectId(2026, 42).sortKeyPart());
        assertEquals("2026-999999", new ProjectId(2026, 999_999).sortKeyPart());
        assertEquals(new ProjectId(2026, 42), ProjectId.parse("2026-0042"));
        assertEquals(new ProjectId(2026, 10000), ProjectId.parse("2026-10000"));
        assertEquals(new ProjectId(2026, 42), ProjectId.fromSortKeyPart("2026-000042"));
        for (String bad : new String[] {"2026-42", "2026-00042", "2026-0000", "26-0042", "2026-1000000", "2026_0042",
                "x", "", "2026-0042 ", "0999-0001"}) {
            assertThrows(InvalidKeyException.class, () -> ProjectId.parse(bad), bad);
        }
        assertThrows(InvalidKeyException.class, () -> ProjectId.parse(null));
        assertThrows(InvalidKeyException.class, () -> ProjectId.fromSortKeyPart("2026-0042"));
        assertThrows(InvalidKeyException.class, () -> new ProjectId(2026, 1_000_000));
    }

    @Test
    void projectSortKeysOrderPastNineThousandNineHundredNinetyNine() {
        List<ProjectId> ids = new ArrayList<>();
        for (int seq : new int[] {1, 9, 10, 99, 999, 9999, 10000, 10001, 99999, 100000, 999999}) {
            ids.add(new ProjectId(2026, seq));
        }
        ids.add(new ProjectId(2027, 1));
        List<String> sks = ids.stream().map(id -> WorkspaceKeys.project("w", 1, id).sk()).toList();
        List<String> sorted = new ArrayList<>(sks);
        sorted.sort(null);
        assertEquals(sks, sorted);
        // The public form alone would not sort: that is why the SK is fixed width.
        assertTrue("2026-10000".compareTo("2026-9999") < 0);
    }
}
