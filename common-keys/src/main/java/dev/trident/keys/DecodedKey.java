package dev.trident.keys;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A key read back into what it says: the entity type it belongs to and its named parts in key order (e.g.
 * {@code studentId}, {@code courseId}; a project's {@code wsId}, {@code shard}, {@code projectId}). Part names are
 * the id fields of the key grammar, so a part named {@code courseId} always holds a course id.
 */
public record DecodedKey(EntityType type, Map<String, String> parts) {
    public DecodedKey {
        Objects.requireNonNull(type, "type");
        parts = Collections.unmodifiableMap(new LinkedHashMap<>(parts));
    }
}
