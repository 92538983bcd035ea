package dev.trident.keys.entity;

import java.util.Objects;

/**
 * A value a key is made with that is not the entity's own: how many write shards a layout has. An entity declares
 * its keys over its attributes and these inputs ({@link EntitySchema}); a writer binds the inputs it runs with
 * ({@link EntitySchema#with}), so one declaration serves every layout.
 *
 * @param <V> the input's Java type
 */
public final class KeyInput<V> {

    private final String name;

    private KeyInput(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    public static <V> KeyInput<V> named(String name) {
        return new KeyInput<>(name);
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
