package dev.trident.social.repository;

import static dev.trident.keys.TableSchema.GSI2;
import static dev.trident.keys.TableSchema.GSI2PK;
import static dev.trident.keys.TableSchema.SK;
import static dev.trident.social.repository.SocialEntities.POST;

import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.social.config.SocialConfig;
import dev.trident.social.model.Post;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Slice;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Everyone's posts, newest first: GSI2 holds each post under {@code TIMELINE#<month>}, and the month index
 * ({@code TIMELINE#MONTHS/MONTH#<month>}, written with a month's first post, see {@link PostRepository#createPost})
 * names the months that hold posts, so empty months are never read.
 */
@ApplicationScoped
public class TimelineRepository {

    // The access patterns, as named in the metrics (trident_dynamodb_requests_seconds{pattern=...}).
    private static final KeyQuery TIMELINE = KeyQuery.onIndex(GSI2, "timeline").newestFirst();
    private static final KeyQuery TIMELINE_MONTHS = KeyQuery.onTable("timeline-months").project(SK).newestFirst();

    private final DynamoTable table;
    private final int maxEmptyMonths;

    TimelineRepository(DynamoTable table, SocialConfig config) {
        this.table = table;
        this.maxEmptyMonths = config.timeline().maxEmptyMonths();
    }

    /**
     * One page of the timeline: one Query on GSI2 {@code GSI2PK = TIMELINE#<month>}, descending, per month that
     * holds posts, starting at {@code currentMonth} (or where {@code resume} stopped: its one position is a month and
     * the last GSI2 key read there) until the page holds {@code limit + 1} posts. The months before it come from the
     * month index: when a month runs out, one Query {@code PK = TIMELINE#MONTHS AND SK < MONTH#<month>},
     * descending, keys only, names the next months that hold posts. The walk ends where the index does, or where
     * more than {@code trident.social.timeline.max-empty-months} consecutive months are empty (months the index
     * skips count as empty without being read). Every read is eventually consistent (GSI2 always is; the index
     * may lag a moment behind a new month's first post, as GSI2 does).
     */
    public Uni<Slice<Post>> timeline(String currentMonth, CursorState resume, int limit) {
        String month = currentMonth;
        Map<String, AttributeValue> startKey = null;
        if (resume != null) {
            if (resume.positions().size() != 1) {
                throw new InvalidCursorException("cursor does not fit this listing");
            }
            Map.Entry<String, Map<String, String>> position = resume.positions().entrySet().iterator().next();
            month = position.getKey();
            if (timelinePartitionOrNull(month) == null) {
                throw new InvalidCursorException("cursor does not fit this listing");
            }
            startKey = CursorState.keyAttributes(position.getValue());
        }
        return new TimelineWalk(limit).readMonth(month, startKey).map(items -> {
            if (items.size() <= limit) {
                return Slice.last(items.stream().map(POST::fromItem).toList());
            }
            Map<String, AttributeValue> last = items.get(limit - 1);
            String lastMonth = SocialKeys.parseTimelinePk(last.get(GSI2PK).s());
            CursorState next = new CursorState(Map.of(lastMonth, CursorState.keyStrings(Cursors.keyOf(last, GSI2))));
            return new Slice<>(items.subList(0, limit).stream().map(POST::fromItem).toList(), next);
        });
    }

    /** One timeline page being read: the posts so far, and the months the index named that are not read yet. */
    private final class TimelineWalk {
        private final int limit;
        private final List<Map<String, AttributeValue>> collected = new ArrayList<>();
        /** Months below the one being read that hold posts, newest first, from the last index read. */
        private final Deque<String> indexedAhead = new ArrayDeque<>();
        private boolean indexHasMore = true;
        private int emptyMonths;

        TimelineWalk(int limit) {
            this.limit = limit;
        }

        Uni<List<Map<String, AttributeValue>>> readMonth(String month, Map<String, AttributeValue> startKey) {
            return table.query(TIMELINE.in(SocialKeys.timelinePartition(month)).limit(wanted()).resumingAfter(startKey))
                    .chain(page -> {
                        collected.addAll(page.items());
                        if (collected.size() > limit) {
                            return Uni.createFrom().item(collected);
                        }
                        if (page.hasNext()) {
                            // The 1 MB page limit cut this month short: read on in the same month.
                            emptyMonths = 0;
                            return readMonth(month, page.next().key());
                        }
                        emptyMonths = page.items().isEmpty() ? emptyMonths + 1 : 0;
                        if (emptyMonths > maxEmptyMonths) {
                            return Uni.createFrom().item(collected);
                        }
                        return nextMonthWithPosts(month).chain(next -> readOlderMonth(month, next));
                    });
        }

        private Uni<List<Map<String, AttributeValue>>> readOlderMonth(String month, String next) {
            if (next == null) {
                return Uni.createFrom().item(collected);
            }
            // The months between hold no posts: they count as empty without being read.
            emptyMonths += monthsBetween(next, month) - 1;
            if (emptyMonths > maxEmptyMonths) {
                return Uni.createFrom().item(collected);
            }
            return readMonth(next, null);
        }

        /** The newest indexed month before {@code month}, or null: from the last index read, else one more Query. */
        private Uni<String> nextMonthWithPosts(String month) {
            if (!indexedAhead.isEmpty()) {
                return Uni.createFrom().item(indexedAhead.poll());
            }
            if (!indexHasMore) {
                return Uni.createFrom().nullItem();
            }
            // Each month listed holds at least one post (unless all were deleted), so this many months fill the page.
            return table.query(TIMELINE_MONTHS.in(SocialKeys.TIMELINE_MONTHS_PARTITION)
                            .below(SocialKeys.timelineMonthSortKey(month)).limit(wanted()))
                    .map(page -> {
                        page.items().forEach(item -> indexedAhead.add(SocialKeys.parseTimelineMonthSk(item.get(SK).s())));
                        indexHasMore = page.hasNext();
                        return indexedAhead.poll();
                    });
        }

        private int wanted() {
            return limit + 1 - collected.size();
        }
    }

    private static int monthsBetween(String older, String newer) {
        return (int) ChronoUnit.MONTHS.between(Months.toYearMonth("month", older), Months.toYearMonth("month", newer));
    }

    private static String timelinePartitionOrNull(String month) {
        try {
            return SocialKeys.timelinePartition(month);
        } catch (InvalidKeyException e) {
            return null;
        }
    }
}
