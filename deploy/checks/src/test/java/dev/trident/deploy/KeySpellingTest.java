package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.KeyTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The key declarations in common-keys are the only spelling of a key: no main source of any module holds a string
 * that spells a key's word and its delimiter ({@code "STU#"}, {@code "#TERM#"}) by hand. A template shown to a reader
 * ({@code STU#<studentId>}, in an OpenAPI description) is text, not a key, and is allowed.
 */
class KeySpellingTest {
    private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    /** Every literal word of every declared key: {@code STU}, {@code PROFILE}, {@code ENROLL}, {@code CRS}... */
    static Set<String> keyWords() {
        Set<String> words = new TreeSet<>();
        for (EntityType type : EntityType.values()) {
            EntityKeys keys = type.keys();
            List<KeyTemplate> templates = new ArrayList<>(List.of(keys.pk(), keys.sk()));
            keys.indexes().forEach(index -> {
                templates.add(index.pk());
                templates.add(index.sk());
            });
            for (KeyTemplate template : templates) {
                for (String word : template.prefix().split("#")) {
                    if (!word.isEmpty()) {
                        words.add(word);
                    }
                }
            }
        }
        return words;
    }

    @Test
    void theWordsOfTheDeclaredKeysAreFound() {
        assertTrue(keyWords().containsAll(Set.of("USER", "PROFILE", "STU", "ENROLL", "CRS", "WS", "PROJ", "PROJSTATUS",
                "TIMELINE", "MONTHS", "TERM", "WORK", "TASK", "IDEM", "ERASURE")), keyWords().toString());
    }

    @Test
    void noMainSourceSpellsAKeyByHand() throws IOException {
        Pattern spelled = Pattern.compile("(^|[^A-Z])(" + String.join("|", keyWords()) + ")#");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Repo.ROOT)) {
            files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> f.toString().contains("/src/main/java/"))
                    .filter(f -> !f.toString().contains("/target/"))
                    .forEach(f -> {
                        String code = COMMENT.matcher(read(f)).replaceAll("");
                        Matcher literal = STRING_LITERAL.matcher(code);
                        while (literal.find()) {
                            String text = literal.group(1);
                            if (!text.contains("<") && spelled.matcher(text).find()) {
                                found.add(Repo.ROOT.relativize(f) + ": \"" + text + "\"");
                            }
                        }
                    });
        }
        assertEquals(List.of(), found);
    }

    /**
     * A key template, an entity's keys, an item collection and an access pattern are declared in common-keys, in its
     * domains' declarations ({@code SocialKeys}, {@code EnrollmentKeys}...); no main source of another module
     * declares one, so those declarations are all the key code there is.
     */
    @Test
    void onlyCommonKeysDeclaresKeysCollectionsAndPatterns() throws IOException {
        Pattern declaration = Pattern.compile(
                "\\b(KeyTemplate|EntityKeys|ItemCollection)\\.of\\(|\\bAccessPattern\\.(reads|named)\\(");
        Path commonKeys = Repo.ROOT.resolve("common-keys");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Repo.ROOT)) {
            files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> f.toString().contains("/src/main/java/"))
                    .filter(f -> !f.toString().contains("/target/"))
                    .filter(f -> !f.startsWith(commonKeys))
                    .forEach(f -> {
                        Matcher declared = declaration.matcher(COMMENT.matcher(read(f)).replaceAll(""));
                        if (declared.find()) {
                            found.add(Repo.ROOT.relativize(f) + ": " + declared.group());
                        }
                    });
        }
        assertEquals(List.of(), found);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
