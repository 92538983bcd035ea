package dev.trident.keys;

import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one registry of entity types and their primary-key prefixes. Builders read their prefixes from here,
 * so a test over this enum proves that no two entity types can share a (PK, SK).
 */
public enum EntityType {
    USER_PROFILE("UserProfile", "USER#", "PROFILE", false),
    HANDLE_CLAIM("HandleClaim", "HANDLE#", "HANDLE", false),
    POST("Post", "USER#", "POST#", true),
    COMMENT("Comment", "POST#", "COMMENT#", true),
    MONTHLY_STATS("MonthlyStats", "USER#", "STATS#", true),
    /** A post its owner deleted whose comments may not all be deleted yet; sorts below POST# on purpose. */
    POST_DELETION("PostDeletion", "USER#", "DELPOST#", true),
    /** One item per month that has (or had) posts, so the timeline never reads an empty month. */
    TIMELINE_MONTH("TimelineMonth", "TIMELINE#", "MONTH#", true),
    STUDENT("Student", "STU#", "PROFILE", false),
    COURSE("Course", "CRS#", "METADATA", false),
    ENROLLMENT("Enrollment", "STU#", "ENROLL#CRS#", true),
    WORKSPACE("Workspace", "WS#", "META", false),
    MEMBER("WorkspaceMember", "WS#", "MEMBER#", true),
    PROJECT("Project", "WS#", "PROJ#", true),
    PROJECT_SEQUENCE("ProjectSequence", "WS#", "PROJSEQ#", true),
    /** The stored answer of a create sent with an Idempotency-Key, per caller, route and key; expires (TTL). */
    IDEMPOTENCY("IdempotencyRecord", "IDEM#", "IDEM", false),
    /** The record of an account's erasure: id and progress only; expires 30 days after it is written. */
    ERASURE("Erasure", "ERASURE#", "ERASURE", false),
    /** A piece of work a service still has to do, in that service's pending-work partition, claimed by lease. */
    WORK_ITEM("WorkItem", "WORK#", "TASK#", true);

    private final String typeName;
    private final String pkPrefix;
    private final String sortKey;
    private final boolean sortKeyIsPrefix;

    EntityType(String typeName, String pkPrefix, String sortKey, boolean sortKeyIsPrefix) {
        this.typeName = typeName;
        this.pkPrefix = pkPrefix;
        this.sortKey = sortKey;
        this.sortKeyIsPrefix = sortKeyIsPrefix;
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
