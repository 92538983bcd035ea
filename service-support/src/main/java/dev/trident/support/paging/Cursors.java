package dev.trident.support.paging;

import dev.trident.keys.cursor.CursorCodec;
import dev.trident.keys.cursor.CursorKey;
import dev.trident.keys.cursor.CursorState;
import dev.trident.support.config.TridentConfig;
import dev.trident.support.dynamo.Listing;
import dev.trident.support.dynamo.Slice;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.List;

/**
 * Signed, scoped page cursors. A scope names the route and the partition a cursor was issued
 * for (e.g. {@code enrollment:roster:<courseId>}), so a cursor can only resume the list it came from.
 */
@Singleton
public class Cursors {

    private final CursorCodec codec;

    Cursors(TridentConfig config, Clock clock) {
        List<CursorKey> keys = config.cursor().secrets().stream().map(Cursors::parseKey).toList();
        this.codec = new CursorCodec(keys, config.cursor().ttl(), clock);
    }

    /** Where a list resumes, from the request's cursor (checked against the scope), or null for the first page. */
    public CursorState resume(String scope, PageRequest page) {
        return page.hasCursor() ? codec.decode(scope, page.cursor()) : null;
    }

    /** The page a client sees: the slice's items and, where it resumes, a cursor signed for this scope. */
    public <T> Page<T> page(String scope, Slice<T> slice) {
        return new Page<>(slice.items(), slice.hasMore() ? codec.encode(scope, slice.resume()) : null);
    }

    /** One page of a list: resumed where the request's cursor (checked against the list's scope) says. */
    public <T> Uni<Page<T>> list(Listing<T> listing, PageRequest page) {
        return listing.page(resume(listing.scope(), page), page.limit()).map(slice -> page(listing.scope(), slice));
    }

    private static CursorKey parseKey(String spec) {
        int colon = spec.indexOf(':');
        if (colon < 1 || colon == spec.length() - 1) {
            throw new IllegalArgumentException("trident.cursor.secrets entries must look like id:secret");
        }
        return CursorKey.of(spec.substring(0, colon), spec.substring(colon + 1));
    }
}
