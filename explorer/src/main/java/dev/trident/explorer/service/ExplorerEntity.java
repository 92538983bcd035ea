package dev.trident.explorer.service;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.KeyDecoder;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.WorkspaceKeys;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The entities the explorer opens by id: each has its own item collection in the table and, where the grammar gives
 * it one, its inverted collection on GSI1. {@code idPart} is the key part (of {@link KeyDecoder}) that holds this
 * entity's id, so every such part of a decoded key links to the entity's page.
 */
public enum ExplorerEntity {
    USER("user", KeyDecoder.USER_ID, ItemCollection.USER, ItemCollection.USER_INVERTED),
    HANDLE("handle", KeyDecoder.HANDLE, ItemCollection.HANDLE, ItemCollection.HANDLE_PROFILE),
    POST("post", KeyDecoder.POST_ID, ItemCollection.POST_COMMENTS, null),
    STUDENT("student", KeyDecoder.STUDENT_ID, ItemCollection.STUDENT, null),
    COURSE("course", KeyDecoder.COURSE_ID, ItemCollection.COURSE, ItemCollection.COURSE_ROSTER),
    WORKSPACE("workspace", KeyDecoder.WORKSPACE_ID, ItemCollection.WORKSPACE, null);

    private final String slug;
    private final String idPart;
    private final ItemCollection table;
    private final ItemCollection inverted;

    ExplorerEntity(String slug, String idPart, ItemCollection table, ItemCollection inverted) {
        this.slug = slug;
        this.idPart = idPart;
        this.table = table;
        this.inverted = inverted;
    }

    public String slug() {
        return slug;
    }

    public String idPart() {
        return idPart;
    }

    /** The entity's own partition of the table. */
    public ItemCollection tableCollection() {
        return table;
    }

    /** Its partition of GSI1, where the grammar has one. */
    public Optional<ItemCollection> invertedCollection() {
        return Optional.ofNullable(inverted);
    }

    /** Whether this entity's projects may be spread over shard partitions next to its own. */
    public boolean sharded() {
        return this == WORKSPACE;
    }

    /**
     * The partition key value of {@code collection} for this entity's id, built by common-keys (an id outside the
     * grammar is an InvalidKeyException: a 400).
     */
    public String partition(ItemCollection collection, String id) {
        return switch (collection) {
            case USER -> SocialKeys.userPartition(id);
            case USER_INVERTED -> WorkspaceKeys.userWorkspacesPartition(id);
            case HANDLE -> SocialKeys.handlePartition(SocialKeys.canonicalHandle(id));
            case HANDLE_PROFILE -> SocialKeys.userByHandle(SocialKeys.canonicalHandle(id)).pk();
            case POST_COMMENTS -> SocialKeys.commentPartition(id);
            case STUDENT -> EnrollmentKeys.studentPartition(id);
            case COURSE, COURSE_ROSTER -> EnrollmentKeys.coursePartition(id);
            case WORKSPACE -> WorkspaceKeys.workspacePartition(id);
            default -> throw new IllegalArgumentException(collection + " is not opened by one id");
        };
    }

    public static Optional<ExplorerEntity> fromSlug(String slug) {
        if (slug == null) {
            return Optional.empty();
        }
        String wanted = slug.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(e -> e.slug.equals(wanted)).findFirst();
    }
}
