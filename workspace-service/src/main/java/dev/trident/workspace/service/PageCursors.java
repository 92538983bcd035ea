package dev.trident.workspace.service;

import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.workspace.model.Slice;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/** Turns page requests into partition positions and slices into client pages, with cursors bound to a scope. */
@ApplicationScoped
class PageCursors {

    private final Cursors cursors;

    PageCursors(Cursors cursors) {
        this.cursors = cursors;
    }

    /** The positions a cursor resumes, or null for a first page; a cursor of another scope is a 400. */
    Map<String, Map<String, String>> positions(String scope, PageRequest page) {
        return page.hasCursor() ? cursors.decode(scope, page.cursor()).positions() : null;
    }

    /**
     * Where a single-partition listing resumes: null for a first page; a cursor of another scope, or one carrying
     * several partitions, is a 400.
     */
    Map<String, String> singleStart(String scope, PageRequest page) {
        Map<String, Map<String, String>> positions = positions(scope, page);
        if (positions == null) {
            return null;
        }
        Map<String, String> start = positions.get(CursorState.SINGLE);
        if (start == null || positions.size() != 1) {
            throw new InvalidCursorException("cursor does not fit this listing");
        }
        return start;
    }

    <T> Page<T> page(String scope, Slice<T> slice) {
        String next = slice.hasMore() ? cursors.encode(scope, new CursorState(slice.positions())) : null;
        return new Page<>(slice.items(), next);
    }
}
