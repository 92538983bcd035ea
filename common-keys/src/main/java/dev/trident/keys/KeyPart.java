package dev.trident.keys;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One named, typed part of a key ({@code studentId}, {@code month}, {@code shard}): how a value is spelled in a key,
 * how a key's text reads back into it, and how it is shown. A part's name is the field an invalid value is reported
 * under and the name a decoded key gives it ({@link KeyDecoder}).
 *
 * @param <T> the value's type
 */
public final class KeyPart<T> {
    private final String name;
    private final Function<String, T> reader;
    private final Function<T, String> writer;
    private final Function<T, String> shown;

    private KeyPart(String name, Function<String, T> reader, Function<T, String> writer, Function<T, String> shown) {
        this.name = Objects.requireNonNull(name, "name");
        this.reader = reader;
        this.writer = writer;
        this.shown = shown;
    }

    /**
     * A part read by {@code reader} and written by {@code writer}, both throwing {@link InvalidKeyException} for a
     * value outside the grammar; shown as written.
     */
    public static <T> KeyPart<T> of(String name, Function<String, T> reader, Function<T, String> writer) {
        return new KeyPart<>(name, reader, writer, writer);
    }

    /** A client-supplied id ({@link Ids}), case preserved. */
    public static KeyPart<String> id(String name) {
        return of(name, text -> Ids.require(name, text), value -> Ids.require(name, value));
    }

    /** A month, {@code yyyy-mm}. */
    public static KeyPart<String> month(String name) {
        return of(name, text -> Months.validate(name, text), value -> Months.validate(name, value));
    }

    /** A write shard, 0..15 in decimal without leading zeros (one spelling per shard). */
    public static KeyPart<Integer> shard(String name) {
        return of(name, text -> {
            try {
                return Keys.shardNumber(text);
            } catch (InvalidKeyException e) {
                throw new InvalidKeyException(name, e.reason());
            }
        }, value -> {
            if (value == null || value < 0 || value >= Shards.MAX_SHARDS) {
                throw new InvalidKeyException(name, "must be between 0 and " + (Shards.MAX_SHARDS - 1));
            }
            return Integer.toString(value);
        });
    }

    /** A lower-case word with dashes, at most 32 characters (a service's name, a kind of task). */
    public static KeyPart<String> word(String name) {
        Function<String, String> check = value -> {
            if (value == null || !value.matches("[a-z][a-z-]{0,31}")) {
                throw new InvalidKeyException(name, "must be lower-case letters and dashes");
            }
            return value;
        };
        return of(name, check, check);
    }

    /** The same part shown otherwise than it is written (a project id: fixed width in a key, short to a reader). */
    public KeyPart<T> shownAs(Function<T, String> display) {
        return new KeyPart<>(name, reader, writer, display);
    }

    public String name() {
        return name;
    }

    /** The value's spelling in a key; an {@link InvalidKeyException} naming this part for a value outside it. */
    public String write(T value) {
        return writer.apply(value);
    }

    @SuppressWarnings("unchecked")
    String writeValue(Object value) {
        if (value == null) {
            throw new InvalidKeyException(name, "is required");
        }
        return writer.apply((T) value);
    }

    /** The value a key's text spells, or an {@link InvalidKeyException} naming this part. */
    public T read(String text) {
        return reader.apply(text);
    }

    /** {@link #read}, empty where the text is not one of this part's values. */
    public Optional<T> tryRead(String text) {
        return Optional.ofNullable(readOrNull(text));
    }

    T readOrNull(String text) {
        try {
            return reader.apply(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** How a value is shown to a reader of the table (a decoded key). */
    public String show(T value) {
        return shown.apply(value);
    }

    @Override
    public String toString() {
        return "<" + name + ">";
    }
}
