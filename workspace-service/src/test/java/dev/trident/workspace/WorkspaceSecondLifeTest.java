package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.work.WorkRunner;
import dev.trident.testing.DeferredDeletionProfile;
import dev.trident.testing.TestTable;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.repository.ProjectRepository;
import dev.trident.workspace.repository.WorkspaceRepository;
import dev.trident.workspace.service.WorkspaceDeletion;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DESIGN.md "An id's life" for workspaces: from the moment a deletion is accepted the workspace is a 404 for its
 * former members (settings, members, projects), its id is reserved until the deletion's task is done (409 with
 * Retry-After, nothing written), the old task never removes anything of the next life, and a write decided on one
 * life's layout is refused once the id lives another life.
 */
@QuarkusTest
@TestProfile(DeferredDeletionProfile.class)
class WorkspaceSecondLifeTest {

    @Inject
    WorkRunner runner;

    @Inject
    WorkspaceRepository workspaces;

    @Inject
    ProjectRepository projects;

    private static List<Map<String, AttributeValue>> itemsOf(String wsId) {
        return TestTable.all("trident").stream()
                .filter(item -> item.get("PK").s().equals("WS#" + wsId) || item.get("PK").s().startsWith("WS#" + wsId + "#"))
                .toList();
    }

    private void finishPendingDeletions() throws InterruptedException {
        Thread.sleep(DeferredDeletionProfile.RELEASE_PAUSE_MILLIS * 2);
        runner.pollPartition(WorkspaceDeletion.SERVICE).await().atMost(Duration.ofSeconds(30));
    }

    private static Response create(String creator, String wsId, int shards) {
        return Api.asPlatformAdmin(creator).contentType(ContentType.JSON)
                .body(Api.workspaceBody(wsId, shards, creator)).post("/workspaces");
    }

    @Test
    void aWorkspaceBeingDeletedIsGoneForItsMembersAndItsIdIsReservedUntilTheTaskIsDone() throws Exception {
        String wsId = Api.createWorkspace("second-life", 4);
        String member = Api.createUser("Old member");
        Api.given().contentType(ContentType.JSON).body(Map.of("role", "member"))
                .put("/workspaces/" + wsId + "/members/" + member).then().statusCode(201);
        for (int i = 0; i < 6; i++) {
            Api.createProject(wsId, "old " + i, "ACTIVE");
        }

        Api.given().delete("/workspaces/" + wsId).then().statusCode(202);
        for (String path : List.of("", "/members", "/projects", "/projects?status=ACTIVE", "?include=projects")) {
            Api.given().get("/workspaces/" + wsId + path).then().statusCode(404).contentType(PROBLEM_JSON);
            Api.as(member).get("/workspaces/" + wsId + path).then().statusCode(404).contentType(PROBLEM_JSON);
        }
        Api.postProject(wsId, "late", "ACTIVE").then().statusCode(404);

        String newOwner = Api.createUser("New owner");
        Response early = create(newOwner, wsId, 1);
        early.then().statusCode(409).contentType(PROBLEM_JSON);
        assertTrue(early.getHeader("Retry-After").matches("[1-9][0-9]*"), early::asString);
        assertTrue(itemsOf(wsId).stream().noneMatch(item -> item.get("SK").s().equals("META")),
                "a refused create writes nothing");

        finishPendingDeletions();
        assertEquals(List.of(), itemsOf(wsId), "the old life is gone, every shard of it");

        create(newOwner, wsId, 1).then().statusCode(201);
        String project = Api.postProject(wsId, "new life", "ACTIVE", newOwner).then().statusCode(201)
                .extract().path("projectId");
        finishPendingDeletions();
        Api.as(newOwner).get("/workspaces/" + wsId + "/projects/" + project).then().statusCode(200);
        assertEquals(1, Api.as(newOwner).get("/workspaces/" + wsId + "/projects").then().statusCode(200)
                .extract().jsonPath().getList("items").size(), "only the new life's project is listed");
        Api.given().get("/workspaces/" + wsId).then().statusCode(404);
        Api.as(member).get("/workspaces/" + wsId + "/members").then().statusCode(404);
    }

    @Test
    void aProjectPlacedByAnEarlierLifesLayoutIsRefusedAndWrittenNowhere() throws Exception {
        String wsId = Api.createWorkspace("layout", 4);
        Workspace firstLife = workspaces.workspaceAccess(wsId, Api.owner()).await().atMost(Duration.ofSeconds(5))
                .workspace();
        assertEquals(4, firstLife.shards());

        Api.given().delete("/workspaces/" + wsId).then().statusCode(202);
        finishPendingDeletions();
        String newOwner = Api.createUser("Next tenant");
        create(newOwner, wsId, 1).then().statusCode(201);

        // What a replica that read the first life's META would write: the project on a shard of four.
        Project late = new Project(wsId, new ProjectId(2026, 9_001), "stale layout", ProjectStatus.ACTIVE, newOwner,
                "Next tenant", 1, firstLife.createdAt(), firstLife.createdAt());
        CompletionException refused = assertThrows(CompletionException.class, () -> projects
                .createProject(late, firstLife.shards(), WorkspaceRepository.sameWorkspace(firstLife))
                .subscribeAsCompletionStage().join());
        assertTrue(refused.getCause() instanceof WriteRefused r && r.conditionFailed(WorkspaceRepository.SAME_WORKSPACE),
                () -> "refused by: " + refused.getCause());
        assertTrue(itemsOf(wsId).stream().noneMatch(item -> item.get("SK").s().startsWith("PROJ#")),
                "no project was written on any shard");
    }
}
