package dev.trident.keys;

import java.util.Map;
import java.util.Optional;

/**
 * Reads any key of the table (and the index keys each entity type carries) back into its entity type and named
 * parts, with the key templates each entity type declares ({@link EntityType#keys()}): the one place where a tool
 * that shows the table (the explorer) learns what a key means. A key no entity type can make is an
 * {@link InvalidKeyException}.
 */
public final class KeyDecoder {

    /** Part names: the id fields of the key grammar ({@link KeyParts}). */
    public static final String USER_ID = KeyParts.USER_ID.name();
    public static final String HANDLE = KeyParts.HANDLE.name();
    public static final String POST_ID = KeyParts.POST_ID.name();
    public static final String COMMENT_ID = KeyParts.COMMENT_ID.name();
    public static final String MONTH = KeyParts.MONTH.name();
    public static final String STUDENT_ID = KeyParts.STUDENT_ID.name();
    public static final String COURSE_ID = KeyParts.COURSE_ID.name();
    public static final String TERM = KeyParts.TERM.name();
    public static final String WORKSPACE_ID = KeyParts.WORKSPACE_ID.name();
    public static final String SHARD = KeyParts.SHARD.name();
    public static final String PROJECT_ID = KeyParts.PROJECT_ID.name();
    public static final String YEAR = KeyParts.YEAR.name();
    public static final String STATUS = KeyParts.STATUS.name();
    public static final String STATUS_SHARD = KeyParts.STATUS_SHARD.name();
    public static final String CATALOGUE_SHARD = KeyParts.CATALOGUE_SHARD.name();
    public static final String CREATED_AT = KeyParts.CREATED_AT.name();
    public static final String RECORD_HASH = KeyParts.RECORD_HASH.name();
    public static final String SERVICE = KeyParts.SERVICE.name();
    public static final String KIND = KeyParts.KIND.name();
    public static final String TASK_ID = KeyParts.TASK_ID.name();

    private KeyDecoder() {
    }

    /** The entity type and parts of a table key; a key no entity type makes is an {@link InvalidKeyException}. */
    public static DecodedKey decode(ItemKey key) {
        return tryDecode(key.pk(), key.sk()).orElseThrow(() -> new InvalidKeyException("key",
                "no entity type has the key " + key.pk() + " / " + key.sk()));
    }

    /** {@link #decode(ItemKey)} of an item's PK and SK, empty when the item has none or no entity type makes them. */
    public static Optional<DecodedKey> tryDecode(String pk, String sk) {
        if (pk == null || sk == null) {
            return Optional.empty();
        }
        for (EntityType type : EntityType.values()) {
            Optional<Map<String, String>> parts = type.keys().decode(pk, sk);
            if (parts.isPresent()) {
                return Optional.of(new DecodedKey(type, parts.get()));
            }
        }
        return Optional.empty();
    }

    /**
     * The parts of an index key that an item of {@code type} carries (GSI1: a profile's handle, a course, an
     * enrolment's course and student, a member edge's user and workspace, a comment's author, a project's workspace
     * status shard; GSI2: a post's month and shard, a course's term and catalogue shard, an enrolment's student and
     * term, a project's status partition). Empty when this type has no such index key, or the key is not one it makes.
     */
    public static Optional<Map<String, String>> decodeIndex(EntityType type, IndexKey key) {
        return type.keys().decodeIndex(key);
    }
}
