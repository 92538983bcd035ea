package dev.trident.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.repository.MemberRepository;
import dev.trident.workspace.repository.WorkspaceErasureRepository;
import dev.trident.workspace.service.WorkspaceErasure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Erasing the account of a workspace's last owner holds one page of its members at a time, however many seats the
 * workspace has, and still hands the workspace to the right successor when that member is on the last page.
 */
@QuarkusTest
class WorkspaceErasurePagingTest {

    private static final int MEMBERS = 250;

    @Inject
    WorkspaceErasure erasure;
    @Inject
    MemberRepository members;
    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private Map<String, AttributeValue> stored(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(key.toAttributes()).consistentRead(true))
                .join().item();
    }

    @Test
    void theLastOwnersErasureReadsMembersAPageAtATimeAndPromotesTheEarliestAdminOnTheLastPage() {
        String leaver = Api.createUser("Leaving Owner");
        String ws = Api.uniqueId("big");
        Map<String, Object> body = Api.workspaceBody(ws, 2, leaver);
        body.put("seatLimit", MEMBERS + 10);
        Api.asPlatformAdmin(leaver).contentType(ContentType.JSON).body(body).post("/workspaces").then()
                .statusCode(201);
        List<String> projects = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            projects.add(Api.postProject(ws, "by the leaver " + i, null, leaver).then().statusCode(201).extract()
                    .path("projectId"));
        }
        // Member ids sort after the leaver's and each other's as numbered; the successor sorts last of all, so it
        // is on the last page, and joined before every other admin.
        String laterAdmin = "a-admin";
        String successor = "zz-admin";
        join(ws, laterAdmin, MemberRole.ADMIN, "2026-06-01T00:00:00Z");
        for (int i = 0; i < MEMBERS - 3; i++) {
            join(ws, String.format("m-%04d", i), MemberRole.MEMBER, "2026-01-01T00:00:00Z");
        }
        join(ws, successor, MemberRole.ADMIN, "2026-03-01T00:00:00Z");

        DynamoDbCallRecorder.reset();
        erasure.eraseMemberships(leaver, erased -> Uni.createFrom().voidItem()).await().atMost(Duration.ofSeconds(60));

        List<QueryRequest> memberReads = DynamoDbCallRecorder.calls().stream()
                .filter(call -> call.request() instanceof QueryRequest query
                        && query.expressionAttributeValues().containsValue(
                                AttributeValue.fromS(WorkspaceKeys.membersPrefix()))
                        && query.expressionAttributeValues().containsValue(
                                AttributeValue.fromS(WorkspaceKeys.workspacePartition(ws))))
                .map(call -> (QueryRequest) call.request())
                .toList();
        assertTrue(memberReads.size() >= (MEMBERS + 1) / WorkspaceErasureRepository.PAGE,
                "the members were read in pages: " + memberReads.size() + " Queries");
        assertTrue(memberReads.stream().allMatch(query -> query.limit() != null
                        && query.limit() <= WorkspaceErasureRepository.PAGE),
                "every page is bounded: " + memberReads.stream().map(QueryRequest::limit).toList());

        assertTrue(stored(WorkspaceKeys.member(ws, leaver)).isEmpty(), "the leaver's membership is gone");
        assertEquals("owner", stored(WorkspaceKeys.member(ws, successor)).get("role").s());
        assertEquals("admin", stored(WorkspaceKeys.member(ws, laterAdmin)).get("role").s());
        Map<String, AttributeValue> meta = stored(WorkspaceKeys.workspace(ws));
        assertEquals(successor, meta.get("ownerId").s());
        assertEquals("1", meta.get("ownerCount").n());
        assertEquals(Integer.toString(MEMBERS - 1), meta.get("memberCount").n());
        for (String projectId : projects) {
            Map<String, AttributeValue> project = projectItem(ws, successor, projectId);
            assertFalse(project.isEmpty(), "the project stays");
            assertFalse(project.containsKey("createdBy"), "its creator's id goes: " + project);
        }
    }

    private void join(String ws, String userId, MemberRole role, String joined) {
        members.putMember(null, new Member(ws, userId, role, 1, joined, joined)).await()
                .atMost(Duration.ofSeconds(10));
    }

    /** The project's item, read where its shard puts it, once the new owner has been shown it by the route. */
    private Map<String, AttributeValue> projectItem(String ws, String owner, String projectId) {
        Api.as(owner).get("/workspaces/" + ws + "/projects/" + projectId).then().statusCode(200);
        return stored(WorkspaceKeys.project(ws, 2, ProjectId.parse(projectId)));
    }
}
