package dev.trident.enrollment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.enrollment.dependencies.Dependencies;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.FrozenTableContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * docs/operations.md "When DynamoDB stalls" on a route that makes several DynamoDB calls one after another: the enroll PUT
 * under an Idempotency-Key reads the key's record, then the student and the course (in parallel), writes the
 * enrollment in one transaction, and reads the record again when the create failed. Whether DynamoDB is frozen from
 * the start or stalls right after the record's first read (the create's reads, then the record's second read, would
 * each wait a full call timeout: about 3.4 s), the answer is a 503 problem+json with Retry-After within the 2.5 s
 * bound, every time: the calls share the request's deadline. Once DynamoDB runs again, an enrollment goes through.
 */
@QuarkusTest
class EnrollWithFrozenTableTest {

    private static final String ROUTE = "PUT /students/{studentId}/courses/{courseId}";
    private static final int SENDS = 3;

    private record Answer(int status, String contentType, String retryAfter, long millis) {

        void assertUnavailableWithinTheBound() {
            assertEquals(503, status, this::toString);
            assertTrue(contentType != null && contentType.startsWith("application/problem+json"), this::toString);
            assertTrue(retryAfter != null && retryAfter.matches("[1-9][0-9]*"), this::toString);
            assertTrue(millis < FrozenTableContract.BOUND.toMillis(), () -> "answered after " + millis + " ms: " + this);
        }
    }

    @Test
    void theEnrollPutWithDynamoDbFrozenIsA503WithRetryAfterWithinTheBoundEveryTime() {
        String courseId = warmCourse();
        List<Answer> answers = new ArrayList<>();
        DynamoDbLocalResource.freeze();
        try {
            for (int i = 0; i < SENDS; i++) {
                answers.add(enroll(Api.uniqueId("frozen-enrol"), courseId, UUID.randomUUID().toString()));
            }
        } finally {
            DynamoDbLocalResource.resume();
        }
        System.out.println("[frozen-enrol] frozen from the start: " + answers);
        answers.forEach(Answer::assertUnavailableWithinTheBound);
        assertEnrollsAgain(courseId);
    }

    @Test
    void theEnrollPutWhoseTableStallsAfterItsFirstCallIsA503WithRetryAfterWithinTheBoundEveryTime() {
        String courseId = warmCourse();
        List<Answer> answers = new ArrayList<>();
        for (int i = 0; i < SENDS; i++) {
            String studentId = Api.newStudent("stalling-enrol");
            String key = UUID.randomUUID().toString();
            Map<String, AttributeValue> record = IdempotencyKeys.record(Dependencies.REGISTRAR_ID, ROUTE, key)
                    .toAttributes();
            DynamoDbCallRecorder.freezeAfter(request -> request instanceof GetItemRequest get
                    && get.key().equals(record));
            try {
                answers.add(enroll(studentId, courseId, key));
            } finally {
                DynamoDbCallRecorder.disarm();
                DynamoDbLocalResource.resume();
            }
        }
        System.out.println("[frozen-enrol] stalled after the first call: " + answers);
        answers.forEach(Answer::assertUnavailableWithinTheBound);
        assertEnrollsAgain(courseId);
    }

    /** A course, and a warm route: what is measured next is the stall only. */
    private static String warmCourse() {
        String courseId = Api.newCourse("frozen-enrol", null);
        Api.enroll(Api.newStudent("frozen-enrol"), courseId).then().statusCode(201);
        return courseId;
    }

    private static Answer enroll(String studentId, String courseId, String idempotencyKey) {
        long started = System.nanoTime();
        Response response = Api.asStaff().header("Idempotency-Key", idempotencyKey)
                .when().put("/students/{sid}/courses/{cid}", studentId, courseId);
        return new Answer(response.statusCode(), response.getContentType(), response.getHeader("Retry-After"),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** DynamoDB runs again: an enrollment goes through within the contract's recovery time. */
    private static void assertEnrollsAgain(String courseId) {
        String studentId = Api.newStudent("frozen-enrol");
        long deadline = System.nanoTime() + FrozenTableContract.RECOVERY.toNanos();
        String key = UUID.randomUUID().toString();
        int status = enroll(studentId, courseId, key).status();
        while (status != 201 && System.nanoTime() < deadline) {
            sleep(100);
            status = enroll(studentId, courseId, key).status();
        }
        assertEquals(201, status, "enrol after resuming");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
