package dev.trident.keys;

import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one registry of entity types: the name each stores in {@code _type} and its keys, declared in its domain's key
 * class ({@link EntityKeys}). A test over this enum proves that no two entity types can share a (PK, SK).
 */
public enum EntityType {
    USER_PROFILE("UserProfile", SocialKeys.USER_PROFILE_KEYS),
    HANDLE_CLAIM("HandleClaim", SocialKeys.HANDLE_CLAIM_KEYS),
    POST("Post", SocialKeys.POST_KEYS),
    COMMENT("Comment", SocialKeys.COMMENT_KEYS),
    MONTHLY_STATS("MonthlyStats", SocialKeys.MONTHLY_STATS_KEYS),
    POST_DELETION("PostDeletion", SocialKeys.POST_DELETION_KEYS),
    TIMELINE_MONTH("TimelineMonth", SocialKeys.TIMELINE_MONTH_KEYS),
    STUDENT("Student", EnrollmentKeys.STUDENT_KEYS),
    COURSE("Course", EnrollmentKeys.COURSE_KEYS),
    ENROLLMENT("Enrollment", EnrollmentKeys.ENROLLMENT_KEYS),
    WORKSPACE("Workspace", WorkspaceKeys.WORKSPACE_KEYS),
    MEMBER("WorkspaceMember", WorkspaceKeys.MEMBER_KEYS),
    PROJECT("Project", WorkspaceKeys.PROJECT_KEYS),
    PROJECT_SEQUENCE("ProjectSequence", WorkspaceKeys.PROJECT_SEQUENCE_KEYS),
    IDEMPOTENCY("IdempotencyRecord", IdempotencyKeys.IDEMPOTENCY_KEYS),
    ERASURE("Erasure", ErasureKeys.ERASURE_KEYS),
    WORK_ITEM("WorkItem", WorkKeys.WORK_ITEM_KEYS);

    private final String typeName;
    private final EntityKeys keys;
    private final String pkPrefix;
    private final String sortKey;
    private final boolean sortKeyIsPrefix;

    EntityType(String typeName, EntityKeys keys) {
        this.typeName = typeName;
        this.keys = keys;
        String pkWords = keys.pk().prefix();
        // The partition family: the key's first word and its delimiter (TIMELINE# of TIMELINE#MONTHS).
        this.pkPrefix = pkWords.substring(0, pkWords.indexOf(Keys.DELIMITER) + 1);
        this.sortKey = keys.sk().prefix();
        this.sortKeyIsPrefix = !keys.sk().parts().isEmpty();
    }

    /** This type's keys: primary key and index key templates, declared in its domain's key class. */
    public EntityKeys keys() {
        return keys;
    }

    /** The value stored in {@code _type}. */
    public String typeName() {
        return typeName;
    }

    public AttributeValue typeAttribute() {
        return AttributeValue.fromS(typeName);
    }

    /** Every PK of this type starts with this (ends with the delimiter). */
    public String pkPrefix() {
        return pkPrefix;
    }

    /** The fixed SK, or the SK prefix when {@link #sortKeyIsPrefix()}. */
    public String sortKey() {
        return sortKey;
    }

    public boolean sortKeyIsPrefix() {
        return sortKeyIsPrefix;
    }

    public static EntityType fromTypeName(String typeName) {
        for (EntityType t : values()) {
            if (t.typeName.equals(typeName)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown entity type " + typeName);
    }

    /** The entity type whose key space contains this key, if any (by prefix only, not by full parse). */
    public static Optional<EntityType> classify(ItemKey key) {
        for (EntityType t : values()) {
            boolean skMatch = t.sortKeyIsPrefix ? key.sk().startsWith(t.sortKey) : key.sk().equals(t.sortKey);
            if (key.pk().startsWith(t.pkPrefix) && skMatch) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
