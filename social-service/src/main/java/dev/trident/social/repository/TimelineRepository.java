package dev.trident.social.repository;

import static dev.trident.keys.TableSchema.SK;

import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.Months;
import dev.trident.keys.Shards;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.keys.entity.Attribute;
import dev.trident.social.config.SocialConfig;
import dev.trident.social.model.Post;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.MergedQuery;
import dev.trident.support.dynamo.Slice;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everyone's posts, newest first: GSI2 holds each post under one write shard of its month,
 * {@code TIMELINE#<month>#<shard>}, and the month index ({@code TIMELINE#MONTHS/MONTH#<month>}, written with a
 * month's first post, see {@link PostRepository#createPost}) names the months that hold posts, so empty months are
 * never read.
 */
@ApplicationScoped
public class TimelineRepository {

    /** The one attribute a month index read projects: {@code MONTH#<month>}. */
    private static final Attribute<String> MONTH_SORT_KEY = Attribute.string(SK);
    /** A cursor position's label: {@code <yyyy-mm>/<shard>}, one per shard of the month the page stopped in. */
    private static final Pattern LABEL = Pattern.compile("(\\d{4}-\\d{2})/(\\d{1,2})");

    private final DynamoTable table;
    private final int maxEmptyMonths;
    private final int shards;

    TimelineRepository(DynamoTable table, SocialConfig config) {
        this.table = table;
        this.maxEmptyMonths = config.timeline().maxEmptyMonths();
        this.shards = Shards.requireShardCount(config.timeline().shards());
    }

    /**
     * One page of the timeline. Per month that holds posts, starting at {@code currentMonth} (or where {@code resume}
     * stopped: one position per shard of a month), one Query on GSI2 {@code GSI2PK = TIMELINE#<month>#<shard>},
     * descending, per shard 0..shards-1, in parallel, merged newest first by post id, each for its share of the page
     * ({@link MergedQuery}: a shard that runs out before the page is full, or whose read the 1 MB limit cut short, is
     * read again). The months before it come from the month index: when a month runs out, one Query
     * {@code PK = TIMELINE#MONTHS AND SK < MONTH#<month>}, descending, keys only, names the next months that hold
     * posts. A page that fills as its month runs out reads the next month holding posts for one post, so a next
     * cursor is issued only when a next page has something in it. The walk ends where the index does, or where more
     * than {@code trident.social.timeline.max-empty-months} consecutive months are empty (months the index skips
     * count as empty without being read). Every read is eventually consistent (GSI2 always is; the index may lag a
     * moment behind a new month's first post, as GSI2 does).
     */
    public Uni<Slice<Post>> timeline(String currentMonth, CursorState resume, int limit) {
        if (resume == null) {
            return new TimelineWalk(limit).read(currentMonth, null);
        }
        return new TimelineWalk(limit).read(monthOf(resume), resume);
    }

    /** The one month every position of a timeline cursor is in; any other cursor does not fit this listing (400). */
    private static String monthOf(CursorState resume) {
        String month = null;
        for (String label : resume.positions().keySet()) {
            Matcher m = LABEL.matcher(label);
            if (!m.matches() || !validShard(m.group(2)) || validMonth(m.group(1)) == null
                    || (month != null && !month.equals(m.group(1)))) {
                throw new InvalidCursorException("cursor does not fit this listing");
            }
            month = m.group(1);
        }
        return month;
    }

    /**
     * The Queries of one month, labelled for the cursor: shards 0..shards-1, and any higher shard a cursor names
     * (issued while another replica had more shards, during a rolling change of the setting).
     */
    private Map<String, KeyQuery> monthShards(String month, CursorState resume) {
        int read = shards;
        if (resume != null) {
            for (String label : resume.positions().keySet()) {
                read = Math.max(read, shardOf(label) + 1);
            }
        }
        Map<String, KeyQuery> partitions = new LinkedHashMap<>();
        KeyQuery timeline = KeyQuery.of(SocialKeys.TIMELINE);
        for (int shard = 0; shard < read; shard++) {
            partitions.put(label(month, shard), timeline.in(SocialKeys.timelinePartition(month, shard, read)));
        }
        return partitions;
    }

    /** Every shard of {@code month} from its start: where the page after one that ended with the month before begins. */
    private CursorState startOf(String month) {
        Map<String, Map<String, String>> positions = new LinkedHashMap<>();
        for (int shard = 0; shard < shards; shard++) {
            positions.put(label(month, shard), Map.of());
        }
        return new CursorState(positions);
    }

    private static String label(String month, int shard) {
        return month + "/" + shard;
    }

    private static int shardOf(String label) {
        Matcher m = LABEL.matcher(label);
        if (!m.matches()) {
            throw new InvalidCursorException("cursor does not fit this listing");
        }
        return Integer.parseInt(m.group(2));
    }

    private static boolean validShard(String shard) {
        int n = Integer.parseInt(shard);
        return n < Shards.MAX_SHARDS && shard.equals(Integer.toString(n));
    }

    /** One timeline page being read: the posts so far, and the months the index named that are not read yet. */
    private final class TimelineWalk {
        private final int limit;
        private final List<Post> collected = new ArrayList<>();
        /** Months below the one being read that hold posts, newest first, from the last index read. */
        private final Deque<String> indexedAhead = new ArrayDeque<>();
        private boolean indexHasMore = true;
        private int emptyMonths;

        TimelineWalk(int limit) {
            this.limit = limit;
        }

        /**
         * Reads {@code month} from {@code resume} (null: from its start) for what the page still needs; once the page
         * is full, for one post only, to learn whether a next page would hold anything.
         */
        Uni<Slice<Post>> read(String month, CursorState resume) {
            boolean probing = collected.size() == limit;
            int wanted = probing ? 1 : limit - collected.size();
            return new MergedQuery<>(table, monthShards(month, resume), SocialEntities.POST)
                    .page(resume, wanted)
                    .chain(slice -> {
                        if (probing) {
                            if (!slice.items().isEmpty()) {
                                return done(startOf(month));
                            }
                        } else {
                            collected.addAll(slice.items());
                            if (slice.resume() != null) {
                                return done(slice.resume()); // labelled with this month's shards
                            }
                        }
                        emptyMonths = slice.items().isEmpty() ? emptyMonths + 1 : 0;
                        if (emptyMonths > maxEmptyMonths) {
                            return done(null);
                        }
                        return nextMonthWithPosts(month).chain(next -> readOlderMonth(month, next));
                    });
        }

        private Uni<Slice<Post>> readOlderMonth(String month, String next) {
            if (next == null) {
                return done(null);
            }
            // The months between hold no posts: they count as empty without being read.
            emptyMonths += monthsBetween(next, month) - 1;
            if (emptyMonths > maxEmptyMonths) {
                return done(null);
            }
            return read(next, null);
        }

        private Uni<Slice<Post>> done(CursorState next) {
            return Uni.createFrom().item(new Slice<>(List.copyOf(collected), next));
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
            return table.query(KeyQuery.of(SocialKeys.TIMELINE_MONTHS).project(SK)
                    .in(SocialKeys.TIMELINE_MONTHS_PARTITION)
                            .below(SocialKeys.timelineMonthSortKey(month)).limit(limit + 1 - collected.size()))
                    .map(page -> {
                        page.values(MONTH_SORT_KEY)
                                .forEach(sk -> indexedAhead.add(SocialKeys.parseTimelineMonthSk(sk)));
                        indexHasMore = page.hasNext();
                        return indexedAhead.poll();
                    });
        }
    }

    private static int monthsBetween(String older, String newer) {
        return (int) ChronoUnit.MONTHS.between(Months.toYearMonth("month", older), Months.toYearMonth("month", newer));
    }

    private static String validMonth(String month) {
        try {
            return Months.validate("month", month);
        } catch (InvalidKeyException e) {
            return null;
        }
    }
}
