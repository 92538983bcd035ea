package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.enrolledCount;
import static dev.trident.enrollment.Api.grade;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Real concurrency against DynamoDB Local: the transaction, not luck, keeps the count equal to the edges. */
@QuarkusTest
class EnrollmentRaceTest {

    private static final int RACERS = 60;
    private static final Logger LOG = Logger.getLogger(EnrollmentRaceTest.class);

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    @Test
    void sixtyDistinctStudentsRacingForTwentyPlacesEndWithTwentyEdgesAndCountTwenty() throws Exception {
        String courseId = newCourse("race", 20);
        List<String> students = IntStream.range(0, RACERS).mapToObj(i -> newStudent("racer")).toList();

        DynamoDbCallRecorder.reset();
        List<Integer> statuses = race(RACERS, i -> enroll(students.get(i), courseId).statusCode());
        long transactions = DynamoDbCallRecorder.operations().stream().filter("TransactWriteItems"::equals).count();
        // More transactions than requests means conflicts were met and re-sent.
        LOG.infof("%d concurrent enrolments sent %d transactions", RACERS, transactions);
        assertTrue(transactions >= RACERS, "every enrolment reached the transaction: " + transactions);

        Map<Integer, Long> byStatus = statuses.stream().collect(Collectors.groupingBy(s -> s, Collectors.counting()));
        assertEquals(20L, byStatus.get(201), "201s: " + byStatus);
        assertEquals(RACERS - 20L, byStatus.get(409), "409s: " + byStatus);
        assertEquals(20, enrolledCount(courseId));
        assertEquals(20, rosterSize(courseId));
    }

    @Test
    void concurrentDuplicateEnrollmentsOfOneStudentEndWithOneEdgeAndCountOne() throws Exception {
        String courseId = newCourse("dup", 20);
        String studentId = newStudent("dup");

        List<Integer> statuses = race(RACERS, i -> enroll(studentId, courseId).statusCode());

        assertEquals(1, statuses.stream().filter(s -> s == 201).count(), "statuses: " + statuses);
        assertTrue(statuses.stream().allMatch(s -> s == 201 || s == 409), "statuses: " + statuses);
        assertEquals(1, enrolledCount(courseId));
        assertEquals(1, rosterSize(courseId));
    }

    @Test
    void concurrentGradePatchesWithOneETagLetExactlyOneWin() throws Exception {
        String courseId = newCourse("grade", null);
        String studentId = newStudent("grade");
        String etag = enroll(studentId, courseId).then().statusCode(201).extract().header("ETag");
        String[] grades = {"A", "B", "C", "D", "F"};

        List<Integer> statuses = race(RACERS, i -> grade(studentId, courseId, etag, grades[i % grades.length]).statusCode());

        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), "statuses: " + statuses);
        assertEquals(RACERS - 1, statuses.stream().filter(s -> s == 412).count(), "statuses: " + statuses);
        asStaff().get("/students/{sid}/courses/{cid}", studentId, courseId).then().statusCode(200)
                .header("ETag", "\"2\"");
    }

    /** Fires all calls at once from their own threads and returns their results. */
    private static List<Integer> race(int callers, IntFunction<Integer> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    start.await();
                    return call.apply(index);
                }));
            }
            start.countDown();
            List<Integer> results = new ArrayList<>();
            for (Future<Integer> f : futures) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static int rosterSize(String courseId) {
        return asStaff().get("/courses/{id}/students?limit=100", courseId).then().statusCode(200)
                .extract().jsonPath().getList("items").size();
    }
}
