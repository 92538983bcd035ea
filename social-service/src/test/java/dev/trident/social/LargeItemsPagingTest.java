package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A Query stops at 1 MB of items whatever its Limit: posts as large as the API allows (10,000 characters of three
 * UTF-8 bytes each, 30 KB a post) fill a page long before 100 of them. Every list still reaches every post, through
 * the cursor of each page that stopped early.
 */
@QuarkusTest
class LargeItemsPagingTest {

    private static final int POSTS = 110;
    /** Three bytes in UTF-8 each: the API counts characters, DynamoDB bytes. */
    private static final String LARGEST_BODY = "€".repeat(10_000);

    @Test
    void everyPostOfALargeAccountIsListedThroughTheCursorsOfPagesCutAtOneMegabyte() {
        String author = createUser();
        Set<String> created = new LinkedHashSet<>();
        for (int i = 0; i < POSTS; i++) {
            created.add(createPost(author, LARGEST_BODY));
        }

        List<Integer> pageSizes = new ArrayList<>();
        Set<String> listed = new LinkedHashSet<>();
        String cursor = null;
        do {
            var request = anyone().queryParam("limit", 100);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath page = request.when().get("/users/" + author + "/posts").then().statusCode(200)
                    .extract().jsonPath();
            List<String> ids = page.getList("items.postId", String.class);
            pageSizes.add(ids.size());
            ids.forEach(id -> assertTrue(listed.add(id), "listed twice: " + id));
            cursor = page.getString("nextCursor");
        } while (cursor != null && pageSizes.size() < 20);

        assertEquals(created, listed, "every post is listed, once: pages of " + pageSizes);
        assertTrue(pageSizes.get(0) < 100, "the first page was cut by the 1 MB limit: " + pageSizes);
    }

    @Test
    void aProfileWithItsPostsCutAtOneMegabyteCarriesTheCursorToTheRest() {
        String author = createUser();
        for (int i = 0; i < 40; i++) {
            createPost(author, LARGEST_BODY);
        }
        JsonPath first = anyone().queryParam("include", "posts").queryParam("limit", 100)
                .when().get("/users/" + author).then().statusCode(200).extract().jsonPath();
        int shown = first.getList("posts.items").size();
        assertTrue(shown < 40, "the page was cut by the 1 MB limit: " + shown);
        String cursor = first.getString("posts.nextCursor");
        assertNotNull(cursor, "a page cut short says where the rest begins");

        JsonPath rest = anyone().queryParam("limit", 100).queryParam("cursor", cursor)
                .when().get("/users/" + author + "/posts").then().statusCode(200).extract().jsonPath();
        assertEquals(40, shown + rest.getList("items").size());
    }
}
