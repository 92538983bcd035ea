package dev.trident.enrollment.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.support.problem.ProblemException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;

/**
 * How a cancelled enrol transaction becomes an answer, reason by reason (action order: edge, course, student),
 * including races the HTTP tests cannot stage (a side vanishing between the reads and the transaction).
 */
class EnrolmentRejectionTest {

    private static final CancellationReason NONE = CancellationReason.builder().code("None").build();
    private static final CancellationReason MISSING = CancellationReason.builder().code("ConditionalCheckFailed").build();
    private static final CancellationReason CONFLICT = CancellationReason.builder().code("TransactionConflict").build();
    private static final RuntimeException ORIGINAL = new RuntimeException("original");

    private static CancellationReason failedOn(Map<String, AttributeValue> oldItem) {
        return CancellationReason.builder().code("ConditionalCheckFailed").item(oldItem).build();
    }

    private static Map<String, AttributeValue> fullCourse() {
        Map<String, AttributeValue> item = new HashMap<>(EnrollmentKeys.course("c1").toAttributes());
        item.put("courseId", AttributeValue.fromS("c1"));
        item.put("capacity", AttributeValue.fromN("20"));
        item.put("enrolledCount", AttributeValue.fromN("20"));
        return item;
    }

    private static ProblemException rejected(CancellationReason... reasons) {
        return (ProblemException) EnrollmentService.enrolmentRejected("s1", "c1", List.of(reasons), ORIGINAL);
    }

    @Test
    void anExistingEdgeIsAlreadyEnrolled() {
        ProblemException problem = rejected(failedOn(Map.of("PK", AttributeValue.fromS("x"))), NONE, NONE);
        assertEquals(409, problem.status());
        assertEquals("student s1 is already enrolled in course c1", problem.getMessage());
    }

    @Test
    void aCourseConditionWithoutAnOldItemIsAMissingCourse() {
        ProblemException problem = rejected(NONE, MISSING, NONE);
        assertEquals(404, problem.status());
        assertEquals("course c1 does not exist", problem.getMessage());
    }

    @Test
    void aCourseConditionWithTheCourseAtCapacityIsFull() {
        ProblemException problem = rejected(NONE, failedOn(fullCourse()), NONE);
        assertEquals(409, problem.status());
        assertEquals("course c1 is full: all 20 places are taken", problem.getMessage());
    }

    @Test
    void aFailedStudentCheckIsAMissingStudent() {
        ProblemException problem = rejected(NONE, NONE, MISSING);
        assertEquals(404, problem.status());
        assertEquals("student s1 does not exist", problem.getMessage());
    }

    @Test
    void bothSidesMissingNamesBoth() {
        ProblemException problem = rejected(NONE, MISSING, MISSING);
        assertEquals(404, problem.status());
        assertEquals("student s1 and course c1 do not exist", problem.getMessage());
    }

    @Test
    void aMissingStudentOutranksAFullCourse() {
        assertEquals(404, rejected(NONE, failedOn(fullCourse()), MISSING).status());
    }

    @Test
    void aConflictIsNoConditionFailureAndIsLeftForTheRetry() {
        assertSame(ORIGINAL, EnrollmentService.enrolmentRejected("s1", "c1", List.of(CONFLICT, NONE, NONE), ORIGINAL));
    }
}
