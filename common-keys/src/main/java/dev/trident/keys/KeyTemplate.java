package dev.trident.keys;

import java.util.ArrayList;
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
        int optionalParts = (int) segments.subList(required, segments.size()).stream()
                .filter(KeyPart.class::isInstance).count();
        boolean withTail = values.length == parts.size() && (optionalParts == 0 || values[values.length - 1] != null);
        if (values.length != parts.size() && values.length != parts.size() - optionalParts) {
            throw new IllegalArgumentException(this + " takes " + parts.size() + " values, not " + values.length);
        }
        int end = withTail ? segments.size() : required;
        StringBuilder key = new StringBuilder(32);
        int next = 0;
        for (int i = 0; i < end; i++) {
            if (i > 0) {
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
        if (key == null) {
            return Optional.empty();
        }
        String[] texts = key.split(String.valueOf(Keys.DELIMITER), -1);
        if (texts.length != segments.size() && texts.length != required) {
            return Optional.empty();
        }
        Map<KeyPart<?>, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < texts.length; i++) {
            Object segment = segments.get(i);
            if (segment instanceof KeyPart<?> part) {
                Optional<?> value = part.tryRead(texts[i]);
                if (value.isEmpty()) {
                    return Optional.empty();
                }
                values.put(part, value.get());
            } else if (!segment.equals(texts[i])) {
                return Optional.empty();
            }
        }
        return Optional.of(new Match(values));
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

    /** The values one key spells, by part. */
    public static final class Match {
        private final Map<KeyPart<?>, Object> values;

        private Match(Map<KeyPart<?>, Object> values) {
            this.values = values;
        }

        /** The value of a part; an {@link IllegalArgumentException} when the template has no such part. */
        @SuppressWarnings("unchecked")
        public <T> T get(KeyPart<T> part) {
            Object value = values.get(part);
            if (value == null && !values.containsKey(part)) {
                throw new IllegalArgumentException("the key has no " + part);
            }
            return (T) value;
        }

        /** The value of an optional part, empty when the key lacks it. */
        @SuppressWarnings("unchecked")
        public <T> Optional<T> find(KeyPart<T> part) {
            return Optional.ofNullable((T) values.get(part));
        }

        /** Each part's name and value as shown, in key order. */
        public Map<String, String> shown() {
            Map<String, String> shown = new LinkedHashMap<>();
            values.forEach((part, value) -> shown.put(part.name(), showOne(part, value)));
            return shown;
        }

        @SuppressWarnings("unchecked")
        private static <T> String showOne(KeyPart<T> part, Object value) {
            return part.show((T) value);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Match other && values.equals(other.values);
        }

        @Override
        public int hashCode() {
            return Objects.hash(values);
        }
    }
}
