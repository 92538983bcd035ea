package dev.trident.explorer.service;

import dev.trident.explorer.repository.CollectionReader;
import dev.trident.explorer.service.ExplorerViews.CollectionPage;
import dev.trident.explorer.service.ExplorerViews.CollectionView;
import dev.trident.explorer.service.ExplorerViews.EntityKind;
import dev.trident.explorer.service.ExplorerViews.EntityOverview;
import dev.trident.explorer.service.ExplorerViews.ItemRow;
import dev.trident.explorer.service.ExplorerViews.PartitionEntry;
import dev.trident.explorer.service.ExplorerViews.PartitionPage;
import dev.trident.explorer.service.ExplorerViews.ReadCost;
import dev.trident.explorer.service.ExplorerViews.RouteRead;
import dev.trident.keys.Ids;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.Shards;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.entity.GuardedAttribute;
import dev.trident.keys.pattern.CollectionReads;
import dev.trident.support.dynamo.Slice;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An entity's item collections: its table partition, its GSI1 partition where it has one, and for a sharded
 * workspace every shard's partition, each with the routes that read it ({@link CollectionReads}); each read a page
 * at a time with cursors signed for that entity and view.
 */
@ApplicationScoped
public class ExplorerService {

    static final String TABLE_VIEW = "table";
    static final String INVERTED_VIEW = "gsi1";
    private static final String SHARD_VIEW = "shard-";
    static final String PARTITION_VIEW = "partition";
    private static final int MAX_KEY_LENGTH = 1024;
    private static final Pattern SHARD_VIEW_NAME = Pattern.compile("shard-(0|[1-9][0-9]?)");

    private final CollectionReader reader;
    private final Cursors cursors;

    ExplorerService(CollectionReader reader, Cursors cursors) {
        this.reader = reader;
        this.cursors = cursors;
    }

    public String tableName() {
        return reader.tableName();
    }

    public List<EntityKind> kinds() {
        return Arrays.stream(ExplorerEntity.values())
                .map(e -> new EntityKind(e.slug(), e.idPart(), e.tableCollection().name(),
                        e.invertedCollection().map(ItemCollection::name).orElse(null), e.sharded()))
                .toList();
    }

    /**
     * The collections of one entity. A 404 when nothing at all is stored under it (no item in any of its
     * partitions), so a mistyped id reads as such instead of as an empty entity.
     */
    public Uni<EntityOverview> overview(String entitySlug, String id) {
        ExplorerEntity entity = entity(entitySlug);
        Ids.require("id", id);
        Uni<Integer> shards = entity.sharded() ? reader.workspaceShards(id) : Uni.createFrom().nullItem();
        return shards.chain(shardCount -> {
            List<CollectionView> views = views(entity, id, shardCount);
            if (shardCount != null) {
                // The workspace's settings item exists: there is something to show.
                return Uni.createFrom().item(new EntityOverview(entity.slug(), id, shardCount, views));
            }
            List<Uni<Boolean>> probes = views.stream()
                    .map(v -> reader.partition(v.index(), v.partition(), null, 1).map(read -> !read.entries().isEmpty()))
                    .toList();
            return Uni.join().all(probes).andFailFast().map(found -> {
                if (!found.contains(Boolean.TRUE)) {
                    throw ProblemException.notFound("nothing is stored for " + entity.slug() + " " + id + ": "
                            + views.stream().map(v -> (v.index() == null ? "" : v.index() + " ") + v.partition())
                                    .toList() + " hold no item");
                }
                return new EntityOverview(entity.slug(), id, null, views);
            });
        });
    }

    /**
     * One page of one view ({@code table}, {@code gsi1}, {@code shard-N}) of an entity, in key order. Guarded
     * attributes follow their own rule here too: without {@code seesGrades} (the registrar's role), every enrolment is
     * shown through {@link GuardedAttribute#GRADE}, without its grade, version and updatedAt.
     */
    public Uni<CollectionPage> items(String entitySlug, String id, String viewName, PageRequest page,
            boolean seesGrades) {
        ExplorerEntity entity = entity(entitySlug);
        Ids.require("id", id);
        Uni<CollectionView> view;
        Matcher shard = viewName == null ? null : SHARD_VIEW_NAME.matcher(viewName);
        if (TABLE_VIEW.equals(viewName)) {
            view = Uni.createFrom().item(tableView(entity, id));
        } else if (INVERTED_VIEW.equals(viewName) && entity.invertedCollection().isPresent()) {
            view = Uni.createFrom().item(invertedView(id, entity.invertedCollection().get()));
        } else if (shard != null && shard.matches() && entity.sharded()) {
            int n = Integer.parseInt(shard.group(1));
            view = reader.workspaceShards(id).map(count -> {
                if (count == null || count < 2 || n >= count) {
                    throw ProblemException.notFound("workspace " + id + " has no shard " + n);
                }
                return shardView(id, n, count);
            });
        } else {
            throw ProblemException.notFound("a " + entity.slug() + " has no view " + viewName);
        }
        String scope = "explorer:" + entity.slug() + ":" + id + ":" + viewName;
        CursorState resume = cursors.resume(scope, page);
        return view.chain(v -> read(v, scope, resume, page, seesGrades))
                .map(read -> new CollectionPage(read.page().items(), read.page().nextCursor(), read.cost()));
    }

    /**
     * Any partition of the table ({@code index} {@code table}) or of GSI1 or GSI2, by its key, as long as the grammar
     * has an access pattern that reads such a partition ({@link ItemCollection#classify}): a term's catalogue, a
     * timeline month, a status shard, a service's pending work, an erasure record... One page of it, in key order,
     * with the same grade rule as {@link #items}.
     */
    public Uni<PartitionPage> partition(String index, String partitionKey, PageRequest page, boolean seesGrades) {
        String indexName = indexName(index);
        if (partitionKey == null || partitionKey.isBlank() || partitionKey.length() > MAX_KEY_LENGTH) {
            throw ProblemException.badRequest("pk", "a partition key of 1 to " + MAX_KEY_LENGTH + " characters");
        }
        ItemCollection collection = ItemCollection.classify(indexName, partitionKey).orElseThrow(() ->
                ProblemException.notFound("no access pattern reads a partition " + partitionKey + " of "
                        + (indexName == null ? "the table" : indexName) + "; " + (indexName == null ? "the table"
                        : indexName) + " holds partitions like " + PartitionEntries.templates(indexName)));
        CollectionView view = view(PARTITION_VIEW, collection, partitionKey, null);
        String scope = "explorer:partition:" + (indexName == null ? TABLE_VIEW : indexName) + ":" + partitionKey;
        CursorState resume = cursors.resume(scope, page);
        return read(view, scope, resume, page, seesGrades)
                .map(read -> new PartitionPage(view, read.page().items(), read.page().nextCursor(), read.cost()));
    }

    /** The partitions to open without an entity id, and the key templates of those that need one. */
    public List<PartitionEntry> partitionEntries() {
        return PartitionEntries.all();
    }

    private record ViewRead(Page<ItemRow> page, ReadCost cost) {
    }

    private Uni<ViewRead> read(CollectionView v, String scope, CursorState resume, PageRequest page,
            boolean seesGrades) {
        return reader.partition(v.index(), v.partition(), resume, page.limit() + 1)
                .map(read -> {
                    Slice<ItemRow> slice = Slice.fromEntries(read.entries(), page.limit(), read.next(),
                            item -> ItemRows.row(seesGrades ? item : item.withheld(GuardedAttribute.GRADE)));
                    return new ViewRead(cursors.page(scope, slice), new ReadCost("Query", v.index(), v.partition(),
                            read.entries().size(), read.capacityUnits()));
                });
    }

    /** {@code table}, {@code GSI1} or {@code GSI2} (any case); null for the table. */
    private static String indexName(String index) {
        if (index == null || index.isEmpty() || TABLE_VIEW.equalsIgnoreCase(index)) {
            return null;
        }
        for (String name : List.of(TableSchema.GSI1, TableSchema.GSI2)) {
            if (name.equalsIgnoreCase(index)) {
                return name;
            }
        }
        throw ProblemException.badRequest("index", "is table, GSI1 or GSI2");
    }

    private static ExplorerEntity entity(String slug) {
        return ExplorerEntity.fromSlug(slug).orElseThrow(() -> ProblemException.notFound(
                "no entity type " + slug + "; the explorer opens " + Arrays.stream(ExplorerEntity.values())
                        .map(ExplorerEntity::slug).toList()));
    }

    private static List<CollectionView> views(ExplorerEntity entity, String id, Integer shardCount) {
        List<CollectionView> views = new ArrayList<>();
        views.add(tableView(entity, id));
        entity.invertedCollection().ifPresent(inverted -> views.add(invertedView(id, inverted)));
        if (shardCount != null && shardCount > 1) {
            Shards.requireShardCount(shardCount);
            for (int n = 0; n < shardCount; n++) {
                views.add(shardView(id, n, shardCount));
            }
        }
        return views;
    }

    private static CollectionView tableView(ExplorerEntity entity, String id) {
        ItemCollection collection = entity.tableCollection();
        return view(TABLE_VIEW, collection, collection.partition(id), null);
    }

    private static CollectionView invertedView(String id, ItemCollection inverted) {
        return view(INVERTED_VIEW, inverted, inverted.partition(id), null);
    }

    private static CollectionView shardView(String wsId, int shard, int shardCount) {
        return view(SHARD_VIEW + shard, WorkspaceKeys.WORKSPACE_SHARD_COLLECTION,
                WorkspaceKeys.projectPartition(wsId, shard, shardCount), shard);
    }

    private static CollectionView view(String name, ItemCollection collection, String partition, Integer shard) {
        List<RouteRead> readBy = CollectionReads.of(collection).stream()
                .map(r -> new RouteRead(r.service(), r.accessPattern(), r.routes(), r.pattern().sortKeyPrefix(),
                        r.pattern().isNewestFirst(), r.pattern().isConsistent()))
                .toList();
        return new CollectionView(name, collection.name(), collection.indexName(), partition,
                collection.description(), shard, readBy);
    }
}
