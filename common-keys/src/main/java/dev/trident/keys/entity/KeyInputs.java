package dev.trident.keys.entity;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/** The values of the {@link KeyInput}s an entity's keys are made with; asking for one not given is an error. */
public final class KeyInputs {

    /** No inputs: what an entity whose keys need none is written with. */
    public static final KeyInputs NONE = new KeyInputs(Map.of());

    private final Map<KeyInput<?>, Object> values;

    private KeyInputs(Map<KeyInput<?>, Object> values) {
        this.values = values;
    }

    public static <V> KeyInputs of(KeyInput<V> input, V value) {
        return NONE.and(input, value);
    }

    /** These inputs and one more (replacing a value given before). */
    public <V> KeyInputs and(KeyInput<V> input, V value) {
        Map<KeyInput<?>, Object> more = new HashMap<>(values);
        more.put(Objects.requireNonNull(input, "input"), Objects.requireNonNull(value, "value"));
        return new KeyInputs(Map.copyOf(more));
    }

    /** The value of the input named {@code name} as text, or null when it was not given. */
    public String text(String name) {
        for (Map.Entry<KeyInput<?>, Object> value : values.entrySet()) {
            if (value.getKey().name().equals(name)) {
                return String.valueOf(value.getValue());
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    public <V> V get(KeyInput<V> input) {
        Object value = values.get(input);
        if (value == null) {
            throw new IllegalStateException("the key input " + input + " was not given: bind it with "
                    + "EntitySchema.with(KeyInputs)");
        }
        return (V) value;
    }
}
