package dev.trident.support.dynamo;

import dev.trident.keys.KeyPart;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a list route takes besides its path to choose the partition it reads (a term, a status), each value under the
 * key part it fills, checked at the edge. The resource gathers them, the service passes them on unread, and the
 * repository picks the access pattern whose key they make: a list that gains an argument changes its route and its
 * repository, not the rules between them.
 */
public final class ListArguments {

    private static final ListArguments NONE = new ListArguments(Map.of());

    private final Map<KeyPart<?>, Object> values;

    private ListArguments(Map<KeyPart<?>, Object> values) {
        this.values = values;
    }

    /** No arguments: the whole list. */
    public static ListArguments none() {
        return NONE;
    }

    /** These arguments and {@code part} = {@code value}; a null value (a parameter left out) adds nothing. */
    public <T> ListArguments and(KeyPart<T> part, T value) {
        Objects.requireNonNull(part, "part");
        if (value == null) {
            return this;
        }
        part.write(value);
        Map<KeyPart<?>, Object> more = new LinkedHashMap<>(values);
        more.put(part, value);
        return new ListArguments(Map.copyOf(more));
    }

    /** The value given for {@code part}, if any. */
    @SuppressWarnings("unchecked")
    public <T> Optional<T> get(KeyPart<T> part) {
        return Optional.ofNullable((T) values.get(part));
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
