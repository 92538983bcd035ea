package dev.trident.containers;

import static dev.trident.containers.Containers.ENROLLMENT;
import static dev.trident.containers.Containers.ENROLLMENT_REPLICA;
import static dev.trident.containers.Containers.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Two enrollment-service containers (two ports, one table) take enrolments into one course at the same moment: the
 * course's capacity holds, because the seat is taken in DynamoDB's transaction, not in a process.
 */
@EnabledIfSystemProperty(named = Containers.ENABLED_BY, matches = ".+")
class EnrollmentRaceAcrossReplicasTest {

    private static final int CAPACITY = 5;
    private static final int STUDENTS = 16;
    private static final Pattern ENROLLED_COUNT = Pattern.compile("\"enrolledCount\"\\s*:\\s*(\\d+)");

    @Test
    void twoEnrollmentContainersRacingIntoOneCourseKeepItsCapacity() throws Exception {
        assertEquals(200, Containers.ready(ENROLLMENT_REPLICA), "the second enrollment-service container is ready");
        String registrar = Containers.bearer("race-registrar", "registrar");
        String courseId = Containers.unique("race");
        HttpResponse<String> course = send("PUT", ENROLLMENT + "/courses/" + courseId, registrar,
                "{\"title\":\"Race\",\"credits\":3,\"term\":\"2026-fall\",\"capacity\":" + CAPACITY + "}");
        assertEquals(201, course.statusCode(), course.body());
        List<String> students = new ArrayList<>();
        for (int i = 0; i < STUDENTS; i++) {
            String student = Containers.unique("racer" + i);
            Containers.createUser(student, "Racer " + i);
            assertEquals(201, send("PUT", ENROLLMENT + "/students/" + student, Containers.bearer(student),
                    "{\"year\":1,\"major\":\"CS\"}").statusCode());
            students.add(student);
        }

        // Every student at once, alternately through either container, released together.
        ExecutorService pool = Executors.newFixedThreadPool(STUDENTS);
        CountDownLatch start = new CountDownLatch(1);
        List<CompletableFuture<String>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < STUDENTS; i++) {
                String replica = i % 2 == 0 ? ENROLLMENT : ENROLLMENT_REPLICA;
                String student = students.get(i);
                answers.add(CompletableFuture.supplyAsync(() -> {
                    await(start);
                    HttpResponse<String> answer = send("PUT", replica + "/students/" + student + "/courses/" + courseId,
                            registrar, null);
                    return (replica.equals(ENROLLMENT) ? "a:" : "b:") + answer.statusCode();
                }, pool));
            }
            start.countDown();
            CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).join();
        } finally {
            pool.shutdownNow();
        }

        Map<String, Integer> byAnswer = new TreeMap<>();
        answers.forEach(a -> byAnswer.merge(a.join(), 1, Integer::sum));
        int enrolled = byAnswer.getOrDefault("a:201", 0) + byAnswer.getOrDefault("b:201", 0);
        assertTrue(byAnswer.keySet().stream().allMatch(k -> k.endsWith(":201") || k.endsWith(":409")),
                "an enrolment is taken (201) or refused (409: full, or contended, to be sent again): " + byAnswer);
        assertTrue(enrolled >= 1 && enrolled <= CAPACITY, "never more enrolments than seats: " + byAnswer);
        assertEquals(enrolled, enrolledCount(courseId, registrar), "the course's counter counts the enrolments taken");

        // The refused ones once more, one by one: the seats left are filled exactly, and no more.
        int late = 0;
        for (int i = 0; i < STUDENTS; i++) {
            String answer = answers.get(i).join();
            if (!answer.endsWith(":201")) {
                int status = send("PUT", ENROLLMENT_REPLICA + "/students/" + students.get(i) + "/courses/" + courseId,
                        registrar, null).statusCode();
                assertTrue(status == 201 || status == 409, "enrolled or full: " + status);
                late += status == 201 ? 1 : 0;
            }
        }
        assertEquals(CAPACITY, enrolled + late, "the course fills up to its capacity: " + byAnswer + ", later " + late);
        assertEquals(CAPACITY, enrolledCount(courseId, registrar));
        HttpResponse<String> roster = send("GET", ENROLLMENT + "/courses/" + courseId + "?include=students", registrar,
                null);
        long onRoster = students.stream().filter(s -> roster.body().contains("\"" + s + "\"")).count();
        assertEquals(CAPACITY, onRoster, "the roster: " + roster.body());
        Containers.report("enrolment race: %d students into a course of %d seats through two enrollment-service"
                + " containers: %s", STUDENTS, CAPACITY, byAnswer);
    }

    private static int enrolledCount(String courseId, String registrar) {
        HttpResponse<String> course = send("GET", ENROLLMENT_REPLICA + "/courses/" + courseId, registrar, null);
        assertEquals(200, course.statusCode(), course.body());
        Matcher count = ENROLLED_COUNT.matcher(course.body());
        assertTrue(count.find(), course.body());
        return Integer.parseInt(count.group(1));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
