package dev.trident.bench.keys;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.Ids;
import dev.trident.keys.ItemKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.WorkspaceKeys;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Id checks, key building and parsing on the services' hot paths: every read builds keys, every list item is parsed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class KeysBenchmark {
    private final String studentId = "user-000042";
    private final String courseId = "crs-00017";
    private final ProjectId projectId = new ProjectId(2026, 4711);
    // Keys as stored, built once by the same grammar the services use.
    private final String enrollmentSk = EnrollmentKeys.enrollment(studentId, courseId).sk();
    private final String rosterSk = EnrollmentKeys.enrollmentIndex(courseId, studentId).sk();
    private final String projectSk = WorkspaceKeys.project("ws-big", 1, projectId).sk();
    private final String shardedPk = WorkspaceKeys.projectPartition("ws-big", 3, 4);
    private final String studentTermPk = EnrollmentKeys.STUDENT_TERM_COLLECTION.partitionOf(studentId, "2026-fall");
    private final ItemKey shardedProjectKey = WorkspaceKeys.project("ws-big", 4, projectId);

    /** The id grammar alone: every key built checks its ids, and so does a path id's {@code @ValidId}. */
    @Benchmark
    public String validateId() {
        return Ids.require("studentId", studentId);
    }

    @Benchmark
    public ItemKey buildEnrollmentKey() {
        return EnrollmentKeys.enrollment(studentId, courseId);
    }

    @Benchmark
    public Map<String, AttributeValue> buildEnrollmentKeyAttributes() {
        return EnrollmentKeys.enrollment(studentId, courseId).toAttributes();
    }

    @Benchmark
    public ItemKey buildUserProfileKey() {
        return SocialKeys.userProfile(studentId);
    }

    @Benchmark
    public ItemKey buildShardedProjectKey() {
        return WorkspaceKeys.project("ws-big", 4, projectId);
    }

    @Benchmark
    public String parseEnrollmentSk() {
        return EnrollmentKeys.parseEnrollmentSk(enrollmentSk);
    }

    @Benchmark
    public String parseRosterSk() {
        return EnrollmentKeys.parseRosterSk(rosterSk);
    }

    @Benchmark
    public ProjectId parseProjectSk() {
        return WorkspaceKeys.parseProjectSk(projectSk);
    }

    @Benchmark
    public WorkspaceKeys.ProjectPartition parseShardedPartition() {
        return WorkspaceKeys.parseProjectPartition(shardedPk);
    }

    /** The explorer and the call recorder name the collection of every partition they meet. */
    @Benchmark
    public java.util.Optional<dev.trident.keys.ItemCollection> classifyStudentTermPartition() {
        return dev.trident.keys.ItemCollection.classify("GSI2", studentTermPk);
    }

    /** The explorer decodes every row's key. */
    @Benchmark
    public dev.trident.keys.DecodedKey decodeShardedProjectKey() {
        return dev.trident.keys.KeyDecoder.decode(shardedProjectKey);
    }

    @Benchmark
    public String newPostId() {
        return SocialKeys.newId(java.time.Instant.ofEpochMilli(1_767_225_600_000L));
    }
}
