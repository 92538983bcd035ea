package dev.trident.workspace.service;

import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.repository.WorkspaceRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shard count of each workspace, which locates its project partitions. It is fixed at creation and
 * workspaces are never deleted, so a known count never goes stale: once known, reading one project is one
 * GetItem. Unknown (first use on this instance): one GetItem of META, which also answers 404.
 */
@ApplicationScoped
public class ShardLayouts {

    private static final int MAX_ENTRIES = 10_000;

    private final WorkspaceRepository repository;
    private final Map<String, Integer> known = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            return size() > MAX_ENTRIES;
        }
    };

    ShardLayouts(WorkspaceRepository repository) {
        this.repository = repository;
    }

    /** The workspace's shard count; fails with 404 when the workspace does not exist. */
    public Uni<Integer> shardCount(String wsId) {
        Integer cached;
        synchronized (known) {
            cached = known.get(wsId);
        }
        if (cached != null) {
            return Uni.createFrom().item(cached);
        }
        return repository.workspace(wsId)
                .onItem().ifNull().failWith(() -> WorkspaceService.workspaceNotFound(wsId))
                .map(this::remember);
    }

    /** Records the layout of a workspace just read or created and returns its shard count. */
    public int remember(Workspace workspace) {
        synchronized (known) {
            known.put(workspace.id(), workspace.shards());
        }
        return workspace.shards();
    }

}
