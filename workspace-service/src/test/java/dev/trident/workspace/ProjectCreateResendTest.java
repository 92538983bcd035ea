package dev.trident.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.repository.ProjectRepository;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The SDK re-sends a project's TransactWriteItems whose answer was lost (an attempt timed out while DynamoDB stalled)
 * with the same client request token. When the lost attempt was written, the re-sent one is answered as the success it
 * was: the create succeeds (201), it is not refused as a taken id (409), or a client retry would make a second
 * project under a new number.
 */
@QuarkusTest
class ProjectCreateResendTest {

    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final Duration ATTEMPT_TIMEOUT = Duration.ofMillis(700);

    @Inject
    ProjectRepository repository;

    @Test
    void aCreateWhoseFirstAttemptLandedUnansweredSucceedsWithTheSameProject() throws Exception {
        Project project = project(Api.uniqueId("resend"), 7, "Launch");
        repository.project(project.workspaceId(), 1, project.id()).await().atMost(WAIT); // a warm connection
        CompletableFuture<Project> created;
        DynamoDbLocalResource.freeze();
        try {
            created = repository.createProject(project, 1, Transaction.Part.NONE).subscribeAsCompletionStage()
                    .toCompletableFuture();
            // Longer than an attempt's timeout, shorter than the call's: the SDK has sent the transaction again.
            Thread.sleep(ATTEMPT_TIMEOUT.plusMillis(200).toMillis());
        } finally {
            DynamoDbLocalResource.resume();
        }

        assertEquals(project, created.get(WAIT.toSeconds(), TimeUnit.SECONDS));
        assertEquals(project, repository.project(project.workspaceId(), 1, project.id()).await().atMost(WAIT));
    }

    @Test
    void aDifferentProjectUnderATakenIdIsStillRefused() {
        String wsId = Api.uniqueId("resend");
        repository.createProject(project(wsId, 8, "First"), 1, Transaction.Part.NONE).await().atMost(WAIT);

        WriteRefused refused = assertThrows(WriteRefused.class,
                () -> repository.createProject(project(wsId, 8, "Second"), 1, Transaction.Part.NONE)
                        .await().atMost(WAIT));

        assertEquals(ProjectRepository.NEW_PROJECT, refused.action());
        assertTrue(refused.itemExists());
        assertEquals("First", repository.project(wsId, 1, new ProjectId(2026, 8)).await().atMost(WAIT).title());
    }

    private static Project project(String wsId, int seq, String title) {
        String now = Instant.parse("2026-03-01T10:00:00Z").toString();
        return new Project(wsId, new ProjectId(2026, seq), title, ProjectStatus.ACTIVE, "u-1", "User One", 1, now, now);
    }
}
