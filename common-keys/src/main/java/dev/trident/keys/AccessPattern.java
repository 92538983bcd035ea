package dev.trident.keys;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One access pattern, declared once with the keys and item collections it reads, in its service's declaration
 * ({@link SocialKeys}, {@link EnrollmentKeys}, {@link WorkspaceKeys}; the calls every service makes through
 * service-support in {@link ErasureKeys}, {@link WorkKeys}, {@link IdempotencyKeys} and {@link TableSchema}):
 * its name (the metrics' {@code pattern} tag), the item collections it reads, and so the index it reads (a collection
 * is a partition of the table or of one index), the sort-key prefix every read of it keeps to, its order, its
 * consistency, and the routes that make it. A repository sends the declaration itself (dynamo-support's DynamoTable
 * and KeyQuery take it); the explorer shows it beside every collection it reads
 * ({@link dev.trident.keys.pattern.CollectionReads}); the
 * services' tests refuse a read of a collection it does not declare. Immutable: each method returns a new pattern.
 * Equality is identity, so a pattern is a cheap map key for whatever a client keeps per pattern.
 */
public final class AccessPattern {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,63}");
    /** A cursor scope's name: the service, then the list ({@code enrollment:roster}). */
    private static final Pattern SCOPE = Pattern.compile("[a-z]+:[a-z][a-z0-9-]{0,63}");

    private final String name;
    private final boolean read;
    private final List<ItemCollection> collections;
    private final String index;
    private final String sortKeyPrefix;
    private final boolean newestFirst;
    private final boolean consistent;
    private final List<String> routes;
    private final String cursorScope;

    private AccessPattern(String name, boolean read, List<ItemCollection> collections, String index,
            String sortKeyPrefix, boolean newestFirst, boolean consistent, List<String> routes, String cursorScope) {
        this.name = name;
        this.read = read;
        this.collections = collections;
        this.index = index;
        this.sortKeyPrefix = sortKeyPrefix;
        this.newestFirst = newestFirst;
        this.consistent = consistent;
        this.routes = routes;
        this.cursorScope = cursorScope;
    }

    private static String validName(String name) {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("an access pattern name is lower-case words joined by '-': " + name);
        }
        return name;
    }

    /**
     * A pattern that reads these collections (a GetItem, a BatchGetItem or a Query of their partitions), all of the
     * table or all of one index.
     */
    public static AccessPattern reads(String name, ItemCollection... collections) {
        if (collections.length == 0) {
            throw new IllegalArgumentException(name + ": a read names the collections it reads");
        }
        String index = collections[0].indexName();
        for (ItemCollection collection : collections) {
            if (!Objects.equals(index, collection.indexName())) {
                throw new IllegalArgumentException(name + " reads " + List.of(collections)
                        + ": one pattern reads the table or one index, not both");
            }
        }
        return new AccessPattern(validName(name), true, List.of(collections), index, null, false, false, List.of(),
                null);
    }

    /**
     * A pattern that reads whichever partition of the table ({@code index} null) or of an index it is given: a tool
     * that looks at every collection, such as the explorer; no service declares one.
     */
    public static AccessPattern readsAnyPartitionOf(String name, String index) {
        return new AccessPattern(validName(name), true, List.of(), index, null, false, false, List.of(), null);
    }

    /** A pattern that reads no item collection: a write (put, update, delete, transaction) or a call on the table. */
    public static AccessPattern named(String name) {
        return new AccessPattern(validName(name), false, List.of(), null, null, false, false, List.of(), null);
    }

    /** Every read of it keeps to the sort keys beginning with {@code prefix}. */
    public AccessPattern beginsWith(String prefix) {
        return new AccessPattern(name, read, collections, index, Objects.requireNonNull(prefix, "prefix"),
                newestFirst, consistent, routes, cursorScope);
    }

    /** Highest sort key first. */
    public AccessPattern newestFirst() {
        return new AccessPattern(name, read, collections, index, sortKeyPrefix, true, consistent, routes,
                cursorScope);
    }

    /** Strongly consistent: what a decision or a deletion reads. The base table only. */
    public AccessPattern consistent() {
        if (index != null) {
            throw new IllegalStateException(name + ": a global secondary index has no strongly consistent read");
        }
        return new AccessPattern(name, read, collections, index, sortKeyPrefix, newestFirst, true, routes,
                cursorScope);
    }

    /** The routes of the service that make this read ({@code GET /users/{userId}}, or what else starts it). */
    public AccessPattern routes(String... made) {
        if (made.length == 0) {
            throw new IllegalArgumentException(name + ": name the routes that make the read");
        }
        return new AccessPattern(name, read, collections, index, sortKeyPrefix, newestFirst, consistent,
                List.of(made), cursorScope);
    }

    /**
     * A list the service pages with signed cursors, under the scope {@code scope} ({@code service:list}): a cursor
     * resumes only the list, and the partition, it was issued for ({@link #cursorScope}). Two patterns that page
     * the same list (a route's first page and its own list route) declare the same scope.
     */
    public AccessPattern pagedAs(String scope) {
        if (!read || scope == null || !SCOPE.matcher(scope).matches()) {
            throw new IllegalArgumentException(name + ": a read pages as a scope named service:list, not " + scope);
        }
        return new AccessPattern(name, read, collections, index, sortKeyPrefix, newestFirst, consistent, routes,
                scope);
    }

    public String name() {
        return name;
    }

    /** Whether it is declared to read (GetItem, BatchGetItem, Query); a write pattern's name tags writes only. */
    public boolean isRead() {
        return read;
    }

    /** The collections it reads; empty for a write, a call on the table, or a read of any partition. */
    public List<ItemCollection> collections() {
        return collections;
    }

    /** The index it reads, null for the table. */
    public String index() {
        return index;
    }

    /** The sort-key prefix every read keeps to, or null. */
    public String sortKeyPrefix() {
        return sortKeyPrefix;
    }

    public boolean isNewestFirst() {
        return newestFirst;
    }

    public boolean isConsistent() {
        return consistent;
    }

    /** The routes that make this read; empty where none are declared. */
    public List<String> routes() {
        return routes;
    }

    /** Whether it declares a cursor scope ({@link #pagedAs}). */
    public boolean isPaged() {
        return cursorScope != null;
    }

    /**
     * The scope a cursor of this list is signed for: the declared scope, then each part of what the list is of (the
     * partition's ids, and what else a cursor must not be carried across, such as a shard count), joined by
     * {@code :}.
     */
    public String cursorScope(Object... partition) {
        if (cursorScope == null) {
            throw new IllegalStateException(name + " declares no cursor scope (pagedAs)");
        }
        StringBuilder scope = new StringBuilder(cursorScope);
        for (Object part : partition) {
            scope.append(':').append(Objects.requireNonNull(part, "part"));
        }
        return scope.toString();
    }

    @Override
    public String toString() {
        return name;
    }
}
