package dev.trident.explorer;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ItemKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.WorkspaceKeys;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Writes items straight into the table with common-keys' builders, as the services lay them out. */
final class TableSeed {

    private final DynamoDbAsyncClient dynamo;
    private final String table;

    TableSeed(DynamoDbAsyncClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    static String uniqueId(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    void put(EntityType type, ItemKey key, List<IndexKey> indexKeys, Map<String, AttributeValue> attributes) {
        Map<String, AttributeValue> item = new HashMap<>(attributes);
        item.putAll(key.toAttributes());
        indexKeys.forEach(k -> item.putAll(k.toAttributes()));
        item.put("_type", type.typeAttribute());
        item.put("createdAt", AttributeValue.fromS("2026-05-01T10:00:00Z"));
        try {
            dynamo.putItem(r -> r.tableName(table).item(item)).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("seeding " + key + " failed", e);
        }
    }

    void student(String studentId, String name) {
        put(EntityType.STUDENT, EnrollmentKeys.student(studentId), List.of(),
                Map.of("name", AttributeValue.fromS(name), "year", AttributeValue.fromN("2"),
                        "major", AttributeValue.fromS("History")));
    }

    void course(String courseId, String title) {
        put(EntityType.COURSE, EnrollmentKeys.course(courseId), List.of(EnrollmentKeys.courseIndex(courseId)),
                Map.of("title", AttributeValue.fromS(title), "credits", AttributeValue.fromN("5"),
                        "term", AttributeValue.fromS("2026-fall")));
    }

    /** A course in a term's catalogue (GSI2 {@code TERM#<term>#<shard>}), as enrollment-service writes it. */
    void courseInTerm(String courseId, String title, String term) {
        put(EntityType.COURSE, EnrollmentKeys.course(courseId),
                List.of(EnrollmentKeys.courseIndex(courseId), EnrollmentKeys.courseTermIndex(term, courseId,
                        EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS)),
                Map.of("title", AttributeValue.fromS(title), "credits", AttributeValue.fromN("5"),
                        "term", AttributeValue.fromS(term), "courseId", AttributeValue.fromS(courseId)));
    }

    void enrol(String studentId, String courseId) {
        put(EntityType.ENROLLMENT, EnrollmentKeys.enrollment(studentId, courseId),
                List.of(EnrollmentKeys.enrollmentIndex(courseId, studentId)),
                Map.of("enrolledOn", AttributeValue.fromS("2026-05-01")));
    }

    /** An enrolment graded once: version 2, updatedAt later than createdAt. */
    void enrolGraded(String studentId, String courseId, String grade) {
        put(EntityType.ENROLLMENT, EnrollmentKeys.enrollment(studentId, courseId),
                List.of(EnrollmentKeys.enrollmentIndex(courseId, studentId)),
                Map.of("enrolledOn", AttributeValue.fromS("2026-05-01"), "grade", AttributeValue.fromS(grade),
                        "version", AttributeValue.fromN("2"), "updatedAt", AttributeValue.fromS("2026-07-01T10:00:00Z")));
    }

    void user(String userId, String handle) {
        put(EntityType.USER_PROFILE, SocialKeys.userProfile(userId),
                List.of(SocialKeys.userByHandle(SocialKeys.canonicalHandle(handle))),
                Map.of("displayName", AttributeValue.fromS("User " + userId), "handle", AttributeValue.fromS(handle)));
        put(EntityType.HANDLE_CLAIM, SocialKeys.handleClaim(SocialKeys.canonicalHandle(handle)), List.of(),
                Map.of("userId", AttributeValue.fromS(userId)));
    }

    void workspace(String wsId, int shards) {
        put(EntityType.WORKSPACE, WorkspaceKeys.workspace(wsId), List.of(),
                Map.of("displayName", AttributeValue.fromS("Workspace " + wsId),
                        "shards", AttributeValue.fromN(Integer.toString(shards))));
    }

    void member(String wsId, String userId) {
        put(EntityType.MEMBER, WorkspaceKeys.member(wsId, userId), List.of(WorkspaceKeys.memberIndex(userId, wsId)),
                Map.of("role", AttributeValue.fromS("member")));
    }

    void project(String wsId, int shards, ProjectId projectId) {
        Instant created = Instant.parse("2026-05-01T10:00:00Z").plusSeconds(projectId.seq());
        put(EntityType.PROJECT, WorkspaceKeys.project(wsId, shards, projectId),
                List.of(WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE,
                        WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS, created, wsId, projectId)),
                Map.of("title", AttributeValue.fromS("Project " + projectId),
                        "status", AttributeValue.fromS("ACTIVE")));
    }
}
