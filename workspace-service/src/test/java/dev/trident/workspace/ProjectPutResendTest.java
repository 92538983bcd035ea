package dev.trident.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.repository.ProjectRepository;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The SDK re-sends a PutItem whose answer was lost. When the lost attempt was written, the re-sent put meets its own
 * item: that is the create succeeding (201), not the id being taken (409), or a client retry would make a second
 * project under a new number.
 */
@QuarkusTest
class ProjectPutResendTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    @Inject
    ProjectRepository repository;

    @Test
    void aProjectPutSentAgainAfterItLandedSucceedsWithTheSameProject() {
        Project project = project(Api.uniqueId("resend"), 7, "Launch");
        assertEquals(project, repository.createProject(project, 1, Transaction.Part.NONE).await().atMost(WAIT));

        Project again = repository.createProject(project, 1, Transaction.Part.NONE).await().atMost(WAIT);

        assertEquals(project, again);
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
