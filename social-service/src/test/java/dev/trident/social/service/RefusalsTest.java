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

    private static ProblemException problem(Throwable mapped) {
        return assertInstanceOf(ProblemException.class, mapped);
    }

    private static WriteRefused refused(String action) {
        return new WriteRefused(action, Map.of());
    }

    @Test
    void anItemThatExistsAlreadyIsAConflictNamingIt() {
        for (ProblemException p : new ProblemException[] {
                problem(Refusals.userCreate(refused(UserRepository.NEW_PROFILE), "ann")),
                problem(Refusals.postCreate(refused(PostRepository.NEW_POST), "ann")) }) {
            assertEquals(409, p.status());
            assertEquals("user ann exists already", p.getMessage());
        }
        ProblemException comment = problem(Refusals.commentCreate(refused(CommentRepository.NEW_COMMENT), "p1"));
        assertEquals(409, comment.status());
        assertEquals("post p1 exists already", comment.getMessage());
    }

    @Test
    void aTakenHandleIsAConflict() {
        ProblemException p = problem(Refusals.userCreate(refused(UserRepository.HANDLE_TAKEN), "ann"));
        assertEquals(409, p.status());
        assertEquals("the handle is taken", p.getMessage());
    }

    @Test
    void aChangeThatMetNoItemIs404AndOneThatMetAnotherVersionIs412() {
        ProblemException gone = problem(Refusals.postChange(refused(PostRepository.POST_CHANGE), "p1"));
        assertEquals(404, gone.status());
        assertEquals("post p1 does not exist", gone.getMessage());
        ProblemException moved = problem(Refusals.postChange(new WriteRefused(PostRepository.POST_CHANGE,
                AT_VERSION_2), "p1"));
        assertEquals(412, moved.status());
        assertEquals("post p1 has changed since it was read (If-Match does not match its ETag)", moved.getMessage());
        assertEquals("user ann does not exist",
                problem(Refusals.userChange(refused(UserRepository.PROFILE_CHANGE), "ann")).getMessage());
        assertEquals(412, problem(Refusals.userChange(new WriteRefused(UserRepository.PROFILE_CHANGE, AT_VERSION_2),
                "ann")).status());
    }

    @Test
    void aMissingAuthorOrPostIs404() {
        assertEquals("user ann does not exist",
                problem(Refusals.postCreate(refused(PostRepository.AUTHOR_PROFILE), "ann")).getMessage());
        for (String action : new String[] { CommentRepository.COMMENTED_POST, CommentRepository.POST_OWNER_PROFILE }) {
            ProblemException post = problem(Refusals.commentCreate(refused(action), "p1"));
            assertEquals(404, post.status());
            assertEquals("post p1 does not exist", post.getMessage());
        }
    }

    @Test
    void aCommenterWithoutAProfileIs403() {
        ProblemException p = problem(Refusals.commentCreate(refused(CommentRepository.COMMENTER_PROFILE), "p1"));
        assertEquals(403, p.status());
        assertEquals("the caller has no profile: create it (POST /users) before commenting", p.getMessage());
    }

    @Test
    void contentionIsAConflictNamingWhatIsContended() {
        ProblemException p = problem(Refusals.postChange(new WriteContended(null), "p1"));
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
        assertSame(unknown, Refusals.postChange(unknown, "p1"));
        // A refusal of another write's action is not this write's answer to give.
        WriteRefused otherWrites = refused(UserRepository.HANDLE_TAKEN);
        assertSame(otherWrites, Refusals.commentCreate(otherWrites, "p1"));
        TableBusy busy = new TableBusy("busy");
        assertSame(busy, Refusals.userCreate(busy, "ann"));
    }
}
