package dev.trident.enrollment.service;

import static dev.trident.enrollment.repository.EnrollmentRepository.COURSE_SEAT;
import static dev.trident.enrollment.repository.EnrollmentRepository.DROPPED_ENROLLMENT;
import static dev.trident.enrollment.repository.EnrollmentRepository.ENROLLED_STUDENT;
import static dev.trident.enrollment.repository.EnrollmentRepository.GRADED_ENROLLMENT;
import static dev.trident.enrollment.repository.EnrollmentRepository.NEW_ENROLLMENT;
import static dev.trident.enrollment.repository.EnrollmentRepository.RELEASED_SEAT;
import static dev.trident.enrollment.repository.EnrollmentRepository.TAUGHT_COURSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.enrollment.repository.CourseRepository;
import dev.trident.enrollment.repository.StudentRepository;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.support.dynamo.WriteContended;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What each refusal of the enrollment writes answers, action by action, including races the HTTP tests cannot
 * stage (a side vanishing between the reads and the enroll transaction, several conditions failing at once).
 */
class RefusalsTest {

    private static final Map<String, AttributeValue> NONE = Map.of();

    /** A refusal of the given actions, in transaction order, each with the item it met. */
    @SafeVarargs
    private static WriteRefused refused(Map.Entry<String, Map<String, AttributeValue>>... actions) {
        Map<String, Map<String, AttributeValue>> refusals = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, AttributeValue>> action : actions) {
            refusals.put(action.getKey(), action.getValue());
        }
        return new WriteRefused(refusals);
    }

    private static Map.Entry<String, Map<String, AttributeValue>> on(String action, Map<String, AttributeValue> met) {
        return Map.entry(action, met);
    }

    private static ProblemException problem(Throwable mapped) {
        return (ProblemException) mapped;
    }

    private static ProblemException enroll(Throwable failure) {
        return problem(Refusals.enroll(failure, "s1", "c1"));
    }

    private static ProblemException grade(Throwable failure, Long expectedVersion) {
        return problem(Refusals.grade(failure, "s1", "c1", expectedVersion));
    }

    private static ProblemException drop(Throwable failure, Long expectedVersion) {
        return problem(Refusals.drop(failure, "s1", "c1", expectedVersion));
    }

    private static Map<String, AttributeValue> course(int capacity, int enrolled) {
        Map<String, AttributeValue> item = new HashMap<>(EnrollmentKeys.course("c1").toAttributes());
        item.put("courseId", AttributeValue.fromS("c1"));
        item.put("term", AttributeValue.fromS("2026-fall"));
        item.put("capacity", AttributeValue.fromN(Integer.toString(capacity)));
        item.put("enrolledCount", AttributeValue.fromN(Integer.toString(enrolled)));
        return item;
    }

    private static Map<String, AttributeValue> edge(long version, String grade) {
        Map<String, AttributeValue> item = new HashMap<>(EnrollmentKeys.enrollment("s1", "c1").toAttributes());
        item.put("studentId", AttributeValue.fromS("s1"));
        item.put("courseId", AttributeValue.fromS("c1"));
        item.put("version", AttributeValue.fromN(Long.toString(version)));
        if (grade != null) {
            item.put("grade", AttributeValue.fromS(grade));
        }
        return item;
    }

    @Test
    void anExistingEdgeIsAlreadyEnrolled() {
        ProblemException problem = enroll(refused(on(NEW_ENROLLMENT, Map.of("PK", AttributeValue.fromS("x")))));
        assertEquals(409, problem.status());
        assertEquals("student s1 is already enrolled in course c1", problem.getMessage());
    }

    @Test
    void aCourseConditionWithoutAnOldItemIsAMissingCourse() {
        ProblemException problem = enroll(refused(on(COURSE_SEAT, NONE)));
        assertEquals(404, problem.status());
        assertEquals("course c1 does not exist", problem.getMessage());
    }

    @Test
    void aCourseConditionWithTheCourseAtCapacityIsFull() {
        ProblemException problem = enroll(refused(on(COURSE_SEAT, course(20, 20))));
        assertEquals(409, problem.status());
        assertEquals("course c1 is full: all 20 places are taken", problem.getMessage());
    }

    @Test
    void aFailedStudentCheckIsAMissingStudent() {
        ProblemException problem = enroll(refused(on(ENROLLED_STUDENT, NONE)));
        assertEquals(404, problem.status());
        assertEquals("student s1 does not exist", problem.getMessage());
    }

    @Test
    void bothSidesMissingNamesBoth() {
        ProblemException problem = enroll(refused(on(COURSE_SEAT, NONE), on(ENROLLED_STUDENT, NONE)));
        assertEquals(404, problem.status());
        assertEquals("student s1 and course c1 do not exist", problem.getMessage());
    }

    @Test
    void aMissingStudentOutranksAFullCourse() {
        assertEquals(404, enroll(refused(on(COURSE_SEAT, course(20, 20)), on(ENROLLED_STUDENT, NONE))).status());
    }

    @Test
    void aWriteThatKeptLosingToConcurrentTransactionsIs409WithRetryAfterNamingWhatIsContended() {
        ProblemException problem = enroll(new WriteContended(new RuntimeException("conflict")));
        assertEquals(409, problem.status());
        assertEquals(1, problem.retryAfterSeconds());
        assertEquals("the enrolment of student s1 in course c1 is being changed by many requests at once; retry",
                problem.getMessage());
        assertEquals(problem.getMessage(), drop(new WriteContended(null), 1L).getMessage());
        assertEquals(409, Refusals.studentChangedConcurrently("s1").status());
        assertEquals(1, Refusals.studentChangedConcurrently("s1").retryAfterSeconds());
        ProblemException course = problem(Refusals.coursePut(new WriteContended(null), "c1", "2026-fall", 10));
        assertEquals("course c1 is being changed by many requests at once; retry", course.getMessage());
    }

    @Test
    void anyOtherFailureAndARefusalTheServicesRecoverFromPassUnchanged() {
        RuntimeException other = new IllegalStateException("x");
        assertSame(other, Refusals.enroll(other, "s1", "c1"));
        assertSame(other, Refusals.coursePut(other, "c1", "2026-fall", 10));
        WriteRefused exists = refused(on(StudentRepository.NEW_STUDENT, Map.of("PK", AttributeValue.fromS("x"))));
        assertSame(exists, Refusals.studentPut(exists, "s1"));
        // A refusal of another write's action is not this write's answer to give.
        WriteRefused gradeRefusal = refused(on(GRADED_ENROLLMENT, NONE));
        assertSame(gradeRefusal, Refusals.enroll(gradeRefusal, "s1", "c1"));
    }

    @Test
    void aCapacityBelowTheEnrolledCountIs409NamingBoth() {
        ProblemException problem = problem(Refusals.coursePut(
                refused(on(CourseRepository.COURSE_CHANGE, course(30, 12))), "c1", "2026-fall", 10));
        assertEquals(409, problem.status());
        assertEquals("capacity 10 is below the 12 students already enrolled in course c1", problem.getMessage());
        assertEquals(409, problem(Refusals.coursePut(refused(on(CourseRepository.COURSE_CHANGE, NONE)), "c1",
                "2026-fall", 10)).status());
    }

    @Test
    void aNewTermForACourseWithEnrollmentsIs409NamingItsTerm() {
        ProblemException problem = problem(Refusals.coursePut(
                refused(on(CourseRepository.COURSE_CHANGE, course(30, 12))), "c1", "2027-spring", 40));
        assertEquals(409, problem.status());
        assertEquals("course c1 has enrolments in term 2026-fall (12): its term changes only while nobody is "
                + "enrolled", problem.getMessage());
    }

    @Test
    void anEnrollmentMeetingACourseMovedToAnotherTermWithSeatsLeftIs409Retry() {
        ProblemException problem = enroll(refused(on(COURSE_SEAT, course(20, 3))));
        assertEquals(409, problem.status());
        assertEquals("course c1 moved to term 2026-fall while the enrolment was being made; retry",
                problem.getMessage());
    }

    @Test
    void aGradeOnACourseNotNamingTheInstructorIs403WhateverTheEdge() {
        assertEquals(403, grade(refused(on(GRADED_ENROLLMENT, edge(3, null)), on(TAUGHT_COURSE, NONE)), 2L)
                .status());
        assertEquals(403, grade(refused(on(TAUGHT_COURSE, NONE)), null).status());
    }

    @Test
    void aGradeOnAGoneEdgeIs404AndOnAnotherVersion412() {
        assertEquals(404, grade(refused(on(GRADED_ENROLLMENT, NONE)), null).status());
        ProblemException stale = grade(refused(on(GRADED_ENROLLMENT, edge(3, null))), 2L);
        assertEquals(412, stale.status());
        assertEquals("the enrollment is at version 3, If-Match asked for 2", stale.getMessage());
    }

    @Test
    void onlyAnEdgeChangedSinceAnInstructorReadItIsReadAgain() {
        assertTrue(Refusals.changedSinceRead(refused(on(GRADED_ENROLLMENT, edge(3, null)))));
        assertFalse(Refusals.changedSinceRead(refused(on(GRADED_ENROLLMENT, NONE))));
        assertFalse(Refusals.changedSinceRead(refused(on(GRADED_ENROLLMENT, edge(3, null)), on(TAUGHT_COURSE, NONE))));
        assertFalse(Refusals.changedSinceRead(new IllegalStateException("x")));
    }

    @Test
    void aDropAnswersGoneThenAStaleIfMatchThenAGradeThenAChange() {
        assertEquals(404, drop(refused(on(DROPPED_ENROLLMENT, NONE)), null).status());
        assertEquals(412, drop(refused(on(DROPPED_ENROLLMENT, edge(4, "A"))), 3L).status());
        ProblemException graded = drop(refused(on(DROPPED_ENROLLMENT, edge(4, "A"))), 4L);
        assertEquals(409, graded.status());
        assertTrue(graded.getMessage().contains("is graded"), graded.getMessage());
        assertTrue(drop(refused(on(DROPPED_ENROLLMENT, edge(4, null))), null).getMessage()
                .contains("changed meanwhile"));
        assertEquals(409, drop(refused(on(RELEASED_SEAT, course(5, 0))), null).status());
    }
}
