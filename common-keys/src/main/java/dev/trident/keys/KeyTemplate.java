package dev.trident.keys;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The spelling of one key value, declared once: a sequence of segments joined by {@code #}, each a literal word or a
 * {@link KeyPart}, the last ones possibly optional ({@code WS#<wsId>[#<shard>]}: a key from before sharding has no
 * shard). The same declaration builds a key ({@link #build}), reads one back ({@link #match}, never by a prefix test
 * by hand), gives the prefix a {@code begins_with} reads ({@link #prefix}) and documents itself ({@link #toString}).
 * No part can hold the delimiter, so a key splits one way only.
 */
public final class KeyTemplate {
    private final List<Object> segments;
    private final int required;
    private final List<KeyPart<?>> parts;
    private final int optionalParts;
    private final String prefix;
    /** The index of the first part; all segments when there is none. */
    private final int firstPart;

    private KeyTemplate(List<Object> segments, int required) {
        this.segments = List.copyOf(segments);
        this.required = required;
        List<KeyPart<?>> declared = new ArrayList<>();
        for (Object segment : segments) {
            if (segment instanceof KeyPart<?> part) {
                declared.add(part);
            } else if (!(segment instanceof String word) || word.isEmpty() || word.indexOf(Keys.DELIMITER) >= 0) {
                throw new IllegalArgumentException("a segment is a KeyPart or a word without " + Keys.DELIMITER
                        + ": " + segment);
            }
        }
        this.parts = List.copyOf(declared);
        this.optionalParts = (int) segments.subList(required, segments.size()).stream()
                .filter(KeyPart.class::isInstance).count();
        this.prefix = literalPrefix(segments);
        int first = 0;
        while (first < segments.size() && !(segments.get(first) instanceof KeyPart<?>)) {
            first++;
        }
        this.firstPart = first;
    }

    /**
     * A template of literal words ({@code "STU"}), parts ({@code STUDENT_ID}) and other templates (their segments),
     * in key order.
     */
    public static KeyTemplate of(Object... segments) {
        List<Object> all = flatten(List.of(), segments);
        return new KeyTemplate(all, all.size());
    }

    /** This template followed by more segments, all required. */
    public KeyTemplate then(Object... more) {
        requireNoOptional();
        List<Object> all = flatten(segments, more);
        return new KeyTemplate(all, all.size());
    }

    /** This template followed by segments a key may lack as a whole (a shard a key from before sharding has not). */
    public KeyTemplate optionally(Object... more) {
        requireNoOptional();
        return new KeyTemplate(flatten(segments, more), segments.size());
    }

    private static List<Object> flatten(List<Object> head, Object... more) {
        List<Object> all = new ArrayList<>(head);
        for (Object segment : more) {
            if (segment instanceof KeyTemplate template) {
                template.requireNoOptional();
                all.addAll(template.segments);
            } else {
                all.add(segment);
            }
        }
        return all;
    }

    private void requireNoOptional() {
        if (required != segments.size()) {
            throw new IllegalStateException("optional segments end a template: " + this);
        }
    }

    /** The parts, in key order. */
    public List<KeyPart<?>> parts() {
        return parts;
    }

    /** Whether the template names a value of one part and nothing optional ({@code CRS#<courseId>}). */
    public boolean isSinglePart() {
        return parts.size() == 1 && required == segments.size();
    }

    /**
     * The key of these values, one per part in key order; the optional tail is written when its values are given
     * (not null). A value outside its part's grammar is an {@link InvalidKeyException} naming the part.
     */
    public String build(Object... values) {
        return build(values, 0, values.length);
    }

    /** {@link #build} of {@code values[from..to)}: one array serves a primary or index key's two templates. */
    String build(Object[] values, int from, int to) {
        int count = to - from;
        boolean withTail = count == parts.size() && (optionalParts == 0 || values[to - 1] != null);
        if (count != parts.size() && count != parts.size() - optionalParts) {
            throw new IllegalArgumentException(this + " takes " + parts.size() + " values, not " + count);
        }
        int end = withTail ? segments.size() : required;
        if (firstPart == segments.size()) {
            return prefix;
        }
        // The literal words before the first part are the prefix, joined once at declaration.
        StringBuilder key = new StringBuilder(prefix.length() + 32).append(prefix);
        int next = from;
        for (int i = firstPart; i < end; i++) {
            if (i > firstPart) {
                key.append(Keys.DELIMITER);
            }
            Object segment = segments.get(i);
            key.append(segment instanceof KeyPart<?> part ? part.writeValue(values[next++]) : (String) segment);
        }
        return key.toString();
    }

    /**
     * The literal words before the first part, each followed by the delimiter ({@code ENROLL#CRS#}); the whole key
     * when the template has no part ({@code PROFILE}). What a {@code begins_with} on these keys is given.
     */
    public String prefix() {
        return prefix;
    }

    private static String literalPrefix(List<Object> segments) {
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < segments.size(); i++) {
            Object segment = segments.get(i);
            if (segment instanceof KeyPart<?>) {
                return prefix.toString();
            }
            prefix.append((String) segment);
            if (i + 1 < segments.size()) {
                prefix.append(Keys.DELIMITER);
            }
        }
        return prefix.toString();
    }

    /** Whether a key is spelled by this template (each part read back); never throws. */
    public boolean matches(String key) {
        return match(key).isPresent();
    }

    /** The values a key spells, or empty when this template does not spell it; never throws. */
    public Optional<Match> match(String key) {
        // The literal words and the number of segments first: most keys a reader tries are another template's.
        if (key == null || !key.startsWith(prefix)) {
            return Optional.empty();
        }
        if (firstPart == segments.size()) {
            return key.length() == prefix.length() ? Optional.of(new Match(parts, new Object[0])) : Optional.empty();
        }
        int count = 1;
        for (int i = 0; i < key.length(); i++) {
            if (key.charAt(i) == Keys.DELIMITER) {
                count++;
            }
        }
        if (count != segments.size() && count != required) {
            return Optional.empty();
        }
        Object[] values = new Object[parts.size()];
        // The prefix matched the leading words and their delimiters; only what follows is read.
        int start = prefix.length();
        int next = 0;
        for (int i = firstPart; i < count; i++) {
            int end = key.indexOf(Keys.DELIMITER, start);
            int stop = end < 0 ? key.length() : end;
            Object segment = segments.get(i);
            if (segment instanceof KeyPart<?> part) {
                Object value = part.readOrNull(key.substring(start, stop));
                if (value == null) {
                    return Optional.empty();
                }
                values[next++] = value;
            } else {
                String word = (String) segment;
                if (stop - start != word.length() || !key.startsWith(word, start)) {
                    return Optional.empty();
                }
            }
            start = stop + 1;
        }
        return Optional.of(new Match(parts, values));
    }

    /**
     * The values a key spells; when this template does not spell it, an {@link InvalidKeyException} naming the part
     * that is wrong, or {@code field} when the key's words are not this template's.
     */
    public Match read(String field, String key) {
        Optional<Match> match = match(key);
        if (match.isPresent()) {
            return match.get();
        }
        String[] texts = key == null ? new String[0] : key.split(String.valueOf(Keys.DELIMITER), -1);
        if (texts.length == segments.size() || texts.length == required) {
            for (int i = 0; i < texts.length; i++) {
                Object segment = segments.get(i);
                if (!(segment instanceof KeyPart<?>) && !segment.equals(texts[i])) {
                    break;
                }
                if (segment instanceof KeyPart<?> part) {
                    part.read(texts[i]);
                }
            }
        }
        throw new InvalidKeyException(field, "not a " + this + " key");
    }

    /** The declaration's spelling, e.g. {@code STU#<studentId>#TERM#<term>} or {@code WS#<wsId>[#<shard>]}. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < segments.size(); i++) {
            if (i == required) {
                text.append('[');
            }
            if (i > 0) {
                text.append(Keys.DELIMITER);
            }
            text.append(segments.get(i));
        }
        return required < segments.size() ? text.append(']').toString() : text.toString();
    }

    /** The values one key spells, by part; an optional part the key lacks has none. */
    public static final class Match {
        private final List<KeyPart<?>> parts;
        private final Object[] values;

        private Match(List<KeyPart<?>> parts, Object[] values) {
            this.parts = parts;
            this.values = values;
        }

        /** The value of a part; an {@link IllegalArgumentException} when the template has no such part. */
        public <T> T get(KeyPart<T> part) {
            return find(part).orElseThrow(() -> new IllegalArgumentException("the key has no " + part));
        }

        /** The value of a part, empty when the key lacks it (an optional part). */
        @SuppressWarnings("unchecked")
        public <T> Optional<T> find(KeyPart<T> part) {
            int index = parts.indexOf(part);
            return Optional.ofNullable(index < 0 ? null : (T) values[index]);
        }

        /** Each part's name and value as shown, in key order. */
        public Map<String, String> shown() {
            Map<String, String> shown = new LinkedHashMap<>();
            for (int i = 0; i < parts.size(); i++) {
                if (values[i] != null) {
                    shown.put(parts.get(i).name(), showOne(parts.get(i), values[i]));
                }
            }
            return shown;
        }

        @SuppressWarnings("unchecked")
        private static <T> String showOne(KeyPart<T> part, Object value) {
            return part.show((T) value);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Match other && parts.equals(other.parts) && Arrays.equals(values, other.values);
        }

        @Override
        public int hashCode() {
            return Objects.hash(parts, Arrays.hashCode(values));
        }
    }
}
