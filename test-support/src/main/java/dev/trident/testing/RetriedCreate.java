package dev.trident.testing;

import io.restassured.response.Response;
import java.time.Duration;
import java.util.UUID;
import java.util.function.Function;

/**
 * A create sent the way docs/api.md "Retrying a create" tells a client to: under one Idempotency-Key, sent again with that
 * key while the answer says to retry (503, or 409 with Retry-After while the first is still in flight). Concurrency
 * tests fire dozens of transactions at one item; DynamoDB Local on two cores queues them, so one may outlast the
 * attempt timeout and come back as a 503. A client retries that, and the counts a test checks must still be exact:
 * a create that a timed-out attempt stored anyway must not be stored twice.
 */
public final class RetriedCreate {

    private static final int ATTEMPTS = 10;
    private static final Duration LONGEST_WAIT = Duration.ofSeconds(2);

    private RetriedCreate() {
    }

    /** The answer to {@code send} (given the key) once it no longer says to retry, or the last of ten attempts. */
    public static Response send(Function<String, Response> send) {
        String key = UUID.randomUUID().toString();
        Response answer = send.apply(key);
        for (int attempt = 1; attempt < ATTEMPTS && saysRetry(answer); attempt++) {
            sleep(wait(answer));
            answer = send.apply(key);
        }
        return answer;
    }

    private static boolean saysRetry(Response answer) {
        return answer.statusCode() == 503 || answer.statusCode() == 409 && answer.header("Retry-After") != null;
    }

    private static Duration wait(Response answer) {
        String retryAfter = answer.header("Retry-After");
        Duration asked = retryAfter == null || !retryAfter.matches("\\d{1,3}") ? Duration.ofSeconds(1)
                : Duration.ofSeconds(Long.parseLong(retryAfter));
        return asked.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : asked;
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to retry", e);
        }
    }
}
