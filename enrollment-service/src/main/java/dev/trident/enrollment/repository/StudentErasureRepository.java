package dev.trident.enrollment.repository;

import static dev.trident.enrollment.repository.EnrollmentEntities.COURSE_ID;
import static dev.trident.keys.TableSchema.PK;
import static dev.trident.keys.TableSchema.TYPE;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import dev.trident.keys.expr.Conditions;
import dev.trident.support.dynamo.AccessPattern;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyConditions;
import dev.trident.support.dynamo.Transaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What deleting a student or a course (and erasing an account's student side) reads and deletes: the student's
 * partition ({@code STU#<id>}) and a course's edges (its roster on GSI1), page by page.
 */
@ApplicationScoped
public class StudentErasureRepository {

    private static final AccessPattern ERASURE_STUDENT_ITEMS = AccessPattern.named("erasure-student-items");
    private static final AccessPattern ERASURE_STUDENT_DELETE = AccessPattern.named("erasure-student-delete");
    private static final AccessPattern STUDENT_DELETE = AccessPattern.named("student-delete");
    private static final AccessPattern COURSE_DELETE = AccessPattern.named("course-delete");
    private static final AccessPattern COURSE_EDGES = AccessPattern.named("course-edges");

    /** The student to delete is not there. */
    public static final String DELETED_STUDENT = "deleted-student";
    /** The course to delete is not there. */
    public static final String DELETED_COURSE = "deleted-course";

    /** Items of the student's partition read at once. */
    public static final int PAGE = 100;

    private final DynamoTable table;

    StudentErasureRepository(DynamoTable table) {
        this.table = table;
    }

    /** One item of a student's partition: the profile, or an enrolment edge and its course. */
    public record StudentItem(ItemKey key, EntityType type, String courseId) {
    }

    /**
     * The first {@link #PAGE} items left in {@code STU#<studentId>}: one Query, keys, type and course id only,
     * strongly consistent (the erasure deletes what it reads before it reads again, so every page starts at the
     * partition's beginning).
     */
    public Uni<List<StudentItem>> studentItems(String studentId) {
        return table.query(ERASURE_STUDENT_ITEMS, q -> KeyConditions.partitionHead(q,
                        EnrollmentKeys.studentPartition(studentId), PAGE, TYPE, COURSE_ID.name()))
                .map(response -> response.items().stream().map(item -> {
                    ItemKey key = ItemKey.of(item);
                    return new StudentItem(key, EntityType.classify(key).orElse(null), COURSE_ID.read(item));
                }).toList());
    }

    /**
     * Deletes a student's profile and records the rest as a task ({@code alongside}): one TransactWriteItems =
     * Delete {@code STU#<id>/PROFILE} ({@code attribute_exists(PK)}, refused as {@link #DELETED_STUDENT}) + Put the
     * task. From then on nobody can enrol the student (the enrol transaction needs the profile).
     */
    public Uni<Void> deleteStudent(String studentId, Transaction.Part alongside) {
        return table.transact(STUDENT_DELETE, Transaction.of()
                .delete(DELETED_STUDENT, EnrollmentKeys.student(studentId), Conditions.ITEM_EXISTS)
                .include(alongside));
    }

    /**
     * Deletes a course's item and records the rest as a task: one TransactWriteItems = Delete {@code CRS#<id>/METADATA}
     * ({@code attribute_exists(PK)}, refused as {@link #DELETED_COURSE}) + Put the task. No enrolment can be added
     * after it (the enrol transaction updates the course under {@code attribute_exists}).
     */
    public Uni<Void> deleteCourse(String courseId, Transaction.Part alongside) {
        return table.transact(COURSE_DELETE, Transaction.of()
                .delete(DELETED_COURSE, EnrollmentKeys.course(courseId), Conditions.ITEM_EXISTS)
                .include(alongside));
    }

    /**
     * The keys of the first {@link #PAGE} enrolment edges to a course, from its roster: one Query on GSI1
     * {@code GSI1PK = CRS#<id> AND begins_with(GSI1SK, STU#)}, keys only (eventually consistent, as every index
     * read; the edges are deleted before the next page is read, so every page starts at the beginning).
     */
    public Uni<List<ItemKey>> courseEdges(String courseId) {
        return table.query(COURSE_EDGES, q -> q.indexName(TableSchema.GSI1)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK, "#sk", TableSchema.GSI1SK))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(EnrollmentKeys.coursePartition(courseId)),
                        ":prefix", AttributeValue.fromS(EnrollmentKeys.rosterPrefix())))
                .limit(PAGE))
                .map(response -> response.items().stream()
                        .map(ItemKey::of).toList());
    }

    /** BatchWriteItem deletes, 25 a request, unprocessed items re-sent with backoff. */
    public Uni<Void> deleteAll(List<ItemKey> keys) {
        return table.batchDelete(ERASURE_STUDENT_DELETE, keys);
    }
}
