package dev.trident.workspace.service;

import dev.trident.keys.cursor.CursorState;
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

    <T> Page<T> page(String scope, Slice<T> slice) {
        String next = slice.hasMore() ? cursors.encode(scope, new CursorState(slice.positions())) : null;
        return new Page<>(slice.items(), next);
    }
}
