package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.enrolledCount;
import static dev.trident.enrollment.Api.grade;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.function.Supplier;
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

    /**
     * Every racer acts as a client should: an answer with Retry-After (a write that kept losing to the others, or a
     * database that did not answer within the request's deadline on a slow machine) is sent again after that pause.
     * A resent enrolment whose first attempt did land answers "already enrolled", so the roster is the 201s plus
     * those, and never more than the seats.
     */
    @Test
    void sixtyDistinctStudentsRacingForTwentyPlacesEndWithTwentyEdgesAndCountTwenty() throws Exception {
        String courseId = newCourse("race", 20);
        List<String> students = IntStream.range(0, RACERS).mapToObj(i -> newStudent("racer")).toList();

        DynamoDbCallRecorder.reset();
        List<Response> answers = race(RACERS, i -> resentWhileAskedTo(() -> enroll(students.get(i), courseId)));
        long transactions = DynamoDbCallRecorder.operations().stream().filter("TransactWriteItems"::equals).count();
        // More transactions than requests means conflicts were met and re-sent.
        LOG.infof("%d concurrent enrolments sent %d transactions", RACERS, transactions);
        assertTrue(transactions >= RACERS, "every enrolment reached the transaction: " + transactions);

        Set<String> enrolled = new HashSet<>();
        Set<String> full = new HashSet<>();
        for (int i = 0; i < RACERS; i++) {
            Response answer = answers.get(i);
            String detail = answer.statusCode() == 409 ? answer.jsonPath().getString("detail") : "";
            if (answer.statusCode() == 201 || detail.contains("already enrolled")) {
                enrolled.add(students.get(i));
            } else if (detail.contains("is full")) {
                full.add(students.get(i));
            } else {
                fail("racer " + i + " ended with " + answer.statusCode() + " " + answer.asString());
            }
        }
        assertEquals(20, enrolled.size(), "enrolled: " + enrolled.size() + ", refused as full: " + full.size());
        assertEquals(RACERS - 20, full.size());
        assertEquals(20, enrolledCount(courseId));
        assertEquals(enrolled, roster(courseId));
    }

    /** A resent enrolment whose first attempt landed answers "already enrolled": one edge, whatever the retries. */
    @Test
    void concurrentDuplicateEnrollmentsOfOneStudentEndWithOneEdgeAndCountOne() throws Exception {
        String courseId = newCourse("dup", 20);
        String studentId = newStudent("dup");

        List<Response> answers = race(RACERS, i -> resentWhileAskedTo(() -> enroll(studentId, courseId)));

        List<Integer> statuses = answers.stream().map(Response::statusCode).toList();
        assertTrue(statuses.stream().filter(s -> s == 201).count() <= 1, "statuses: " + statuses);
        assertTrue(answers.stream().allMatch(a -> a.statusCode() == 201
                || a.statusCode() == 409 && a.jsonPath().getString("detail").contains("already enrolled")),
                "statuses: " + statuses);
        assertEquals(1, enrolledCount(courseId));
        assertEquals(Set.of(studentId), roster(courseId));
    }

    /** A resent patch whose first attempt landed meets its own new ETag (412): one write, whatever the retries. */
    @Test
    void concurrentGradePatchesWithOneETagLetExactlyOneWin() throws Exception {
        String courseId = newCourse("grade", null);
        String studentId = newStudent("grade");
        String etag = enroll(studentId, courseId).then().statusCode(201).extract().header("ETag");
        String[] grades = {"A", "B", "C", "D", "F"};

        List<Integer> statuses = race(RACERS, i -> resentWhileAskedTo(
                () -> grade(studentId, courseId, etag, grades[i % grades.length])).statusCode());

        assertTrue(statuses.stream().filter(s -> s == 200).count() <= 1, "statuses: " + statuses);
        assertTrue(statuses.stream().allMatch(s -> s == 200 || s == 412), "statuses: " + statuses);
        asStaff().get("/students/{sid}/courses/{cid}", studentId, courseId).then().statusCode(200)
                .header("ETag", "\"2\"");
    }

    /** Fires all calls at once from their own threads and returns their results. */
    private static <T> List<T> race(int callers, IntFunction<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    start.await();
                    return call.apply(index);
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> f : futures) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Set<String> roster(String courseId) {
        return new HashSet<>(asStaff().get("/courses/{id}/students?limit=100", courseId).then().statusCode(200)
                .extract().jsonPath().getList("items.studentId", String.class));
    }

    /** Sends the request again, at most three times, while its answer carries Retry-After, after that pause. */
    private static Response resentWhileAskedTo(Supplier<Response> send) {
        Response answer = send.get();
        for (int resends = 0; resends < 3 && answer.getHeader("Retry-After") != null; resends++) {
            LOG.infof("resent after %s %s", answer.statusCode(), answer.asString());
            try {
                Thread.sleep(Long.parseLong(answer.getHeader("Retry-After")) * 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return answer;
            }
            answer = send.get();
        }
        return answer;
    }
}
