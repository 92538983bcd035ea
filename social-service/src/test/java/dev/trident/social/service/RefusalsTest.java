package dev.trident.social.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.trident.social.repository.CommentRepository;
import dev.trident.social.repository.PostRepository;
import dev.trident.social.repository.UserRepository;
import dev.trident.support.dynamo.TableBusy;
import dev.trident.support.dynamo.WriteContended;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every refusal the social repositories can meet, and the answer a client gets for it. */
class RefusalsTest {

    private static final Map<String, AttributeValue> AT_VERSION_2 = Map.of("version", AttributeValue.fromN("2"));

    private static ProblemException problem(Throwable failure, String entity, String id) {
        return assertInstanceOf(ProblemException.class, Refusals.toProblem(failure, entity, id));
    }

    private static WriteRefused refused(String action) {
        return new WriteRefused(action, Map.of());
    }

    @Test
    void anItemThatExistsAlreadyIsAConflictNamingIt() {
        for (String action : new String[] { UserRepository.NEW_PROFILE, PostRepository.NEW_POST,
                CommentRepository.NEW_COMMENT }) {
            ProblemException p = problem(refused(action), "user", "ann");
            assertEquals(409, p.status());
            assertEquals("user ann exists already", p.getMessage());
        }
    }

    @Test
    void aTakenHandleIsAConflict() {
        ProblemException p = problem(refused(UserRepository.HANDLE_TAKEN), "user", "ann");
        assertEquals(409, p.status());
        assertEquals("the handle is taken", p.getMessage());
    }

    @Test
    void aChangeThatMetNoItemIs404AndOneThatMetAnotherVersionIs412() {
        for (String action : new String[] { UserRepository.PROFILE_CHANGE, PostRepository.POST_CHANGE }) {
            ProblemException gone = problem(refused(action), "post", "p1");
            assertEquals(404, gone.status());
            assertEquals("post p1 does not exist", gone.getMessage());
            ProblemException moved = problem(new WriteRefused(action, AT_VERSION_2), "post", "p1");
            assertEquals(412, moved.status());
            assertEquals("post p1 has changed since it was read (If-Match does not match its ETag)", moved.getMessage());
        }
    }

    @Test
    void aMissingAuthorOrPostIs404() {
        assertEquals("user ann does not exist", problem(refused(PostRepository.AUTHOR_PROFILE), "user", "ann")
                .getMessage());
        ProblemException post = problem(refused(CommentRepository.COMMENTED_POST), "post", "p1");
        assertEquals(404, post.status());
        assertEquals("post p1 does not exist", post.getMessage());
    }

    @Test
    void aCommenterWithoutAProfileIs403() {
        ProblemException p = problem(refused(CommentRepository.COMMENTER_PROFILE), "post", "p1");
        assertEquals(403, p.status());
        assertEquals("the caller has no profile: create it (POST /users) before commenting", p.getMessage());
    }

    @Test
    void contentionIsAConflictNamingWhatIsContended() {
        ProblemException p = problem(new WriteContended(null), "post", "p1");
        assertEquals(409, p.status());
        assertEquals("post p1 is being changed by many requests at once; retry", p.getMessage());
        // It passes with time (e.g. a create under the same Idempotency-Key still in flight): say when to retry.
        assertEquals(1, p.retryAfterSeconds());
    }

    @Test
    void aGoneItemIsTheNamedActionMeetingNoItem() {
        assertEquals(true, Refusals.isGone(refused(PostRepository.POST_CHANGE), PostRepository.POST_CHANGE));
        assertEquals(false, Refusals.isGone(new WriteRefused(PostRepository.POST_CHANGE, AT_VERSION_2),
                PostRepository.POST_CHANGE));
        assertEquals(false, Refusals.isGone(refused(PostRepository.AUTHOR_PROFILE), PostRepository.POST_CHANGE));
        assertEquals(false, Refusals.isGone(new IllegalStateException(), PostRepository.POST_CHANGE));
    }

    @Test
    void aBusyTableIs503WithRetryAfter() {
        assertEquals(503, Refusals.profilesNotAllRead().status());
        assertEquals(1, Refusals.profilesNotAllRead().retryAfterSeconds());
    }

    @Test
    void anUnknownActionAndAnyOtherFailurePassUnchanged() {
        WriteRefused unknown = refused("something-else");
        assertSame(unknown, Refusals.toProblem(unknown, "post", "p1"));
        TableBusy busy = new TableBusy("busy");
        assertSame(busy, Refusals.toProblem(busy, "post", "p1"));
    }
}
