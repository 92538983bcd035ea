package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbMetricsScrape;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** /q/metrics counts DynamoDB requests per access pattern, operation and outcome, with their consumed capacity. */
@QuarkusTest
class DynamoDbMetricsTest {

    @Test
    void requestsAndConsumedCapacityAreCountedPerAccessPatternAndOutcome() {
        String first = newStudent("metrics");
        String second = newStudent("metrics");
        String course = newCourse("metrics", 1);
        DynamoDbMetricsScrape before = DynamoDbMetricsScrape.now();

        enroll(first, course).then().statusCode(201);
        enroll(second, course).then().statusCode(409); // full: the transaction's capacity condition refuses it
        asStaff().get("/courses/{id}/students", course).then().statusCode(200);
        asStaff().get("/courses/{id}/students", course).then().statusCode(200);

        DynamoDbMetricsScrape after = DynamoDbMetricsScrape.now();
        assertEquals(1, after.requestsSince(before, "enrol", "TransactWriteItems", "success"));
        assertEquals(1, after.requestsSince(before, "enrol", "TransactWriteItems", "TransactionCanceledException"));
        assertEquals(2, after.requestsSince(before, "course-roster", "Query", "success"));
        // A transaction of three actions writes two items and checks one: capacity is reported and counted.
        assertTrue(after.consumedCapacitySince(before, "enrol", "TransactWriteItems") > 0);
        assertTrue(after.consumedCapacitySince(before, "course-roster", "Query") > 0);
        // The readiness check's DescribeTable is named too; nothing is left unnamed by this test's routes.
        assertEquals(0, after.requests("unnamed", "Query", "success"));
        assertEquals(0, after.requests("unnamed", "TransactWriteItems", "success"));
    }
}
