package dev.trident.migrations;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.KeyDecoder;
import dev.trident.keys.ProjectId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole table in memory, as the invariants read it: every item by its key, the items of each entity type, and
 * the projects by workspace and id (a project's partition depends on its workspace's shard count, which the
 * Location of an Idempotency-Key record does not carry). Lookups only: every invariant is one pass over one type.
 */
final class AuditedTable {

    /** A project named by what its API path says: workspace and project id. */
    record ProjectRef(String wsId, ProjectId projectId) {
    }

    private final Map<ItemKey, AuditedItem> byKey = new HashMap<>();
    private final Map<EntityType, List<AuditedItem>> byType = new EnumMap<>(EntityType.class);
    private final List<AuditedItem> undecodable = new ArrayList<>();
    private final Map<ProjectRef, AuditedItem> projects = new HashMap<>();

    AuditedTable(Collection<AuditedItem> items) {
        for (AuditedItem item : items) {
            byKey.put(item.key(), item);
            if (item.type() == null) {
                undecodable.add(item);
                continue;
            }
            byType.computeIfAbsent(item.type(), t -> new ArrayList<>()).add(item);
            if (item.type() == EntityType.PROJECT) {
                projects.put(new ProjectRef(item.part(KeyDecoder.WORKSPACE_ID),
                        ProjectId.parse(item.part(KeyDecoder.PROJECT_ID))), item);
            }
        }
    }

    int size() {
        return byKey.size();
    }

    /** The item under {@code key}, null when the table has none. */
    AuditedItem get(ItemKey key) {
        return byKey.get(key);
    }

    boolean has(ItemKey key) {
        return byKey.containsKey(key);
    }

    /** The items whose key decodes to {@code type}, in no particular order (the report sorts its lines). */
    List<AuditedItem> ofType(EntityType type) {
        return byType.getOrDefault(type, List.of());
    }

    /** The items no entity type makes. */
    List<AuditedItem> undecodable() {
        return undecodable;
    }

    /** The project {@code wsId}/{@code projectId} on whichever partition it is stored, null when none. */
    AuditedItem project(String wsId, ProjectId projectId) {
        return projects.get(new ProjectRef(wsId, projectId));
    }
}
