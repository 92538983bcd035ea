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
    USER("user", SocialKeys.USER_COLLECTION, SocialKeys.USER_INVERTED_COLLECTION),
    HANDLE("handle", SocialKeys.HANDLE_COLLECTION, SocialKeys.HANDLE_PROFILE_COLLECTION),
    POST("post", SocialKeys.POST_COMMENTS_COLLECTION, null),
    STUDENT("student", EnrollmentKeys.STUDENT_COLLECTION, null),
    COURSE("course", EnrollmentKeys.COURSE_COLLECTION, EnrollmentKeys.COURSE_ROSTER_COLLECTION),
    WORKSPACE("workspace", WorkspaceKeys.WORKSPACE_COLLECTION, null);

    private final String slug;
    private final String idPart;
    private final ItemCollection table;
    private final ItemCollection inverted;

    ExplorerEntity(String slug, ItemCollection table, ItemCollection inverted) {
        this.slug = slug;
        // The one part of the partition key's template: the id that opens the entity.
        this.idPart = table.partitionKey().parts().get(0).name();
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

    public static Optional<ExplorerEntity> fromSlug(String slug) {
        if (slug == null) {
            return Optional.empty();
        }
        String wanted = slug.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(e -> e.slug.equals(wanted)).findFirst();
    }
}
