package dev.trident.workspace.model;

import java.util.List;
import java.util.Map;

/**
 * One merged page read from one or more partitions, before it becomes a client page: the items and, per
 * partition label that still has items, the key to resume after (empty = from its start). No positions: done.
 */
public record Slice<T>(List<T> items, Map<String, Map<String, String>> positions) {
    public boolean hasMore() {
        return !positions.isEmpty();
    }
}
