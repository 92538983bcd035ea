package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbCallRecorder;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Walks the whole timeline page by page, each page's cursor fed to the next, as a client does. */
final class TimelinePages {

    /** Every post id seen, in order, and the size of each page. */
    record Walk(List<String> ids, List<Integer> pageSizes) {
    }

    private TimelinePages() {
    }

    static Walk walk(int limit) {
        List<String> ids = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String cursor = null;
        do {
            var request = anyone().queryParam("limit", limit);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            DynamoDbCallRecorder.reset();
            Response page = request.get("/timeline");
            page.then().statusCode(200);
            assertTrue(DynamoDbCallRecorder.calls().stream().allMatch(TimelineTest::isTimelineRead),
                    () -> DynamoDbCallRecorder.operations().toString());
            List<String> pageIds = page.path("items.postId");
            assertTrue(pageIds.size() <= limit);
            ids.addAll(pageIds);
            sizes.add(pageIds.size());
            cursor = page.path("nextCursor");
            assertFalse(cursor != null && pageIds.isEmpty(), "a page with a cursor is never empty");
        } while (cursor != null);
        return new Walk(ids, sizes);
    }

    /** {@code count} posts by {@code authors} in turn, spaced a minute apart from {@code first}; ids oldest first. */
    static List<String> postsFrom(AdjustableClock clock, Instant first, int count, List<String> authors) {
        return postsFrom(clock, first, count, authors, new HashMap<>());
    }

    /** As above, noting each post's author in {@code authorOf}. */
    static List<String> postsFrom(AdjustableClock clock, Instant first, int count, List<String> authors,
            Map<String, String> authorOf) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            clock.pin(first.plusSeconds(60L * i));
            String author = authors.get(i % authors.size());
            String postId = Api.createPost(author, "post " + i + " at " + first.plusSeconds(60L * i));
            authorOf.put(postId, author);
            ids.add(postId);
        }
        return ids;
    }
}
