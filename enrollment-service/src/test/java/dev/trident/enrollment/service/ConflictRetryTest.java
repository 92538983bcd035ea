package dev.trident.enrollment.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * DynamoDB Local runs transactions one at a time, so the races in EnrolmentRaceTest never meet a
 * TransactionConflict there; this proves the retry itself: it re-sends (the write is lazy), only for conflicts,
 * and gives up with a 503.
 */
class ConflictRetryTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private static TransactionCanceledException cancelledBy(String... codes) {
        CancellationReason[] reasons = new CancellationReason[codes.length];
        for (int i = 0; i < codes.length; i++) {
            reasons[i] = CancellationReason.builder().code(codes[i]).build();
        }
        return TransactionCanceledException.builder().message("cancelled").cancellationReasons(reasons).build();
    }

    /** A write that fails {@code failures} times with the given error, then succeeds; counts what was sent. */
    private static Uni<String> write(AtomicInteger sends, int failures, Supplier<RuntimeException> error) {
        return Uni.createFrom().item(() -> {
            if (sends.incrementAndGet() <= failures) {
                throw error.get();
            }
            return "written";
        });
    }

    @Test
    void aCancelledTransactionWithOnlyConflictsIsSentAgainUntilItGoesThrough() {
        AtomicInteger sends = new AtomicInteger();
        String result = EnrollmentService.retryOnConflict(
                write(sends, 3, () -> cancelledBy("None", "TransactionConflict", "None"))).await().atMost(WAIT);
        assertEquals("written", result);
        assertEquals(4, sends.get());
    }

    @Test
    void aSingleWriteMeetingATransactionIsSentAgain() {
        AtomicInteger sends = new AtomicInteger();
        EnrollmentService.retryOnConflict(write(sends, 1,
                () -> TransactionConflictException.builder().message("conflict").build())).await().atMost(WAIT);
        assertEquals(2, sends.get());
    }

    @Test
    void aFailedConditionIsAnAnswerAndIsNotRetried() {
        AtomicInteger sends = new AtomicInteger();
        Uni<String> retried = EnrollmentService.retryOnConflict(
                write(sends, 5, () -> cancelledBy("ConditionalCheckFailed", "TransactionConflict", "None")));
        assertThrows(TransactionCanceledException.class, () -> retried.await().atMost(WAIT));
        assertEquals(1, sends.get());

        AtomicInteger singleSends = new AtomicInteger();
        assertThrows(ConditionalCheckFailedException.class, () -> EnrollmentService.retryOnConflict(write(singleSends,
                5, () -> ConditionalCheckFailedException.builder().message("no").build())).await().atMost(WAIT));
        assertEquals(1, singleSends.get());
    }

    @Test
    void endlessConflictsEndIn503AfterTheBoundedRetries() {
        AtomicInteger sends = new AtomicInteger();
        ProblemException problem = assertThrows(ProblemException.class, () -> EnrollmentService.retryOnConflict(
                write(sends, Integer.MAX_VALUE, () -> cancelledBy("TransactionConflict"))).await().atMost(WAIT));
        assertEquals(503, problem.status());
        assertEquals(EnrollmentService.CONFLICT_RETRIES + 1, sends.get());
        assertInstanceOf(Integer.class, problem.retryAfterSeconds());
    }
}
