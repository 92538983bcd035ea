package dev.trident.social.repository;

import static dev.trident.keys.TableSchema.SK;
import static dev.trident.social.repository.SocialEntities.POST;

import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.pattern.SocialPatterns;
import dev.trident.social.config.SocialConfig;
import dev.trident.social.model.Post;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.paging.Slice;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Everyone's posts, newest first: GSI2 holds each post under {@code TIMELINE#<month>}, and the month index
 * ({@code TIMELINE#MONTHS/MONTH#<month>}, written with a month's first post, see {@link PostRepository#createPost})
 * names the months that hold posts, so empty months are never read.
 */
@ApplicationScoped
public class TimelineRepository {

    /** The one attribute a month index read projects: {@code MONTH#<month>}. */
    private static final Attribute<String> MONTH_SORT_KEY = Attribute.string(SK);

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
        PageKey startKey = null;
        if (resume != null) {
            if (resume.positions().size() != 1) {
                throw new InvalidCursorException("cursor does not fit this listing");
            }
            Map.Entry<String, Map<String, String>> position = resume.positions().entrySet().iterator().next();
            month = position.getKey();
            if (timelinePartitionOrNull(month) == null) {
                throw new InvalidCursorException("cursor does not fit this listing");
            }
            startKey = PageKey.fromCursorPosition(position.getValue());
        }
        return new TimelineWalk(limit).readMonth(month, startKey).map(posts -> {
            if (posts.size() <= limit) {
                return Slice.last(posts.stream().map(TimelinePost::post).toList());
            }
            TimelinePost last = posts.get(limit - 1);
            CursorState next = new CursorState(Map.of(last.month(), last.key().cursorPosition()));
            return new Slice<>(posts.subList(0, limit).stream().map(TimelinePost::post).toList(), next);
        });
    }

    /** A post read, with the month it was read in and its GSI2 key there (where a page after it resumes). */
    private record TimelinePost(String month, Post post, PageKey key) {
    }

    /** One timeline page being read: the posts so far, and the months the index named that are not read yet. */
    private final class TimelineWalk {
        private final int limit;
        private final List<TimelinePost> collected = new ArrayList<>();
        /** Months below the one being read that hold posts, newest first, from the last index read. */
        private final Deque<String> indexedAhead = new ArrayDeque<>();
        private boolean indexHasMore = true;
        private int emptyMonths;

        TimelineWalk(int limit) {
            this.limit = limit;
        }

        Uni<List<TimelinePost>> readMonth(String month, PageKey startKey) {
            return table.query(KeyQuery.of(SocialPatterns.TIMELINE).in(SocialKeys.timelinePartition(month))
                    .limit(wanted()).resumingAfter(startKey),
                            POST)
                    .chain(page -> {
                        page.entries().forEach(entry -> collected.add(new TimelinePost(month, entry.value(),
                                entry.key())));
                        if (collected.size() > limit) {
                            return Uni.createFrom().item(collected);
                        }
                        if (page.hasNext()) {
                            // The 1 MB page limit cut this month short: read on in the same month.
                            emptyMonths = 0;
                            return readMonth(month, page.next());
                        }
                        emptyMonths = page.entries().isEmpty() ? emptyMonths + 1 : 0;
                        if (emptyMonths > maxEmptyMonths) {
                            return Uni.createFrom().item(collected);
                        }
                        return nextMonthWithPosts(month).chain(next -> readOlderMonth(month, next));
                    });
        }

        private Uni<List<TimelinePost>> readOlderMonth(String month, String next) {
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
            return table.query(KeyQuery.of(SocialPatterns.TIMELINE_MONTHS).project(SK)
                    .in(SocialKeys.TIMELINE_MONTHS_PARTITION)
                            .below(SocialKeys.timelineMonthSortKey(month)).limit(wanted()))
                    .map(page -> {
                        page.values(MONTH_SORT_KEY)
                                .forEach(sk -> indexedAhead.add(SocialKeys.parseTimelineMonthSk(sk)));
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
