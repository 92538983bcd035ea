package dev.trident.support.dynamo;

import dev.trident.keys.cursor.CursorState;
import io.smallrye.mutiny.Uni;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * One list a route pages, not yet read: the scope its cursors are signed for (its access pattern's, with the
 * partition's parts: {@link dev.trident.keys.AccessPattern#cursorScope}) and how a page of it is read from where the
 * last one stopped ({@link DynamoTable#listing}).
 *
 * @param <T> what the list holds
 */
public final class Listing<T> {

    private final String scope;
    private final BiFunction<CursorState, Integer, Uni<Slice<T>>> pages;

    private Listing(String scope, BiFunction<CursorState, Integer, Uni<Slice<T>>> pages) {
        this.scope = Objects.requireNonNull(scope, "scope");
        this.pages = Objects.requireNonNull(pages, "pages");
    }

    /**
     * A list signed for {@code scope} whose pages {@code pages} reads from a resume point (null: the first page) and
     * a page size: one Query ({@link DynamoTable#listing}) or several merged ({@link MergedQuery}).
     */
    public static <T> Listing<T> of(String scope, BiFunction<CursorState, Integer, Uni<Slice<T>>> pages) {
        return new Listing<>(scope, pages);
    }

    /** The scope a cursor of this list is signed for: a cursor resumes only the list and partition it came from. */
    public String scope() {
        return scope;
    }

    /** At most {@code limit} items from {@code resume} (null: the first page), and where the next page starts. */
    public Uni<Slice<T>> page(CursorState resume, int limit) {
        return pages.apply(resume, limit);
    }
}
