package dev.trident.enrollment.repository;

import static dev.trident.enrollment.repository.EnrollmentEntities.COURSE_ID;
import static dev.trident.enrollment.repository.EnrollmentEntities.GRADE;
import static dev.trident.keys.TableSchema.TYPE;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import dev.trident.keys.expr.Conditions;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.Transaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * What deleting a student or a course (and erasing an account's student side) reads and deletes: the student's
 * partition ({@code STU#<id>}) and a course's edges (its roster on GSI1), page by page.
 */
@ApplicationScoped
public class StudentErasureRepository {

    /** Items of the student's partition read at once. */
    public static final int PAGE = 100;

    /** The student to delete is not there. */
    public static final String DELETED_STUDENT = "deleted-student";
    /** The course to delete is not there. */
    public static final String DELETED_COURSE = "deleted-course";

    private final DynamoTable table;

    StudentErasureRepository(DynamoTable table) {
        this.table = table;
    }

    /** One item of a student's partition: the profile, or an enrollment edge, its course and whether it is graded. */
    public record StudentItem(ItemKey key, EntityType type, String courseId, boolean graded) {
    }

    /** A page of a student's partition and the key it ends at (null: the partition has nothing after it). */
    public record StudentItems(List<StudentItem> items, PageKey next) {
        public boolean isEmpty() {
            return items.isEmpty();
        }
    }

    /**
     * The next {@link #PAGE} items of {@code STU#<studentId>} after {@code after} (null: from the start): one Query,
     * keys, type, course id and grade only, strongly consistent. A sweep that deletes every item it reads could
     * always start again at the beginning; one that keeps graded enrollments must go on after them, so it resumes
     * after the last key it read (nothing new is written before that key meanwhile: no enrollment attaches to a
     * student being deleted or erased).
     */
    public Uni<StudentItems> studentItems(String studentId, PageKey after) {
        return table.query(KeyQuery.of(EnrollmentKeys.ERASURE_STUDENT_ITEMS).project(TableSchema.PK,
                TableSchema.SK, TYPE, COURSE_ID.name(), GRADE.name()).limit(PAGE)
                .in(EnrollmentKeys.studentPartition(studentId)).after(after))
                .map(page -> new StudentItems(page.items().stream().map(item -> {
                    ItemKey key = ItemKey.of(item);
                    return new StudentItem(key, EntityType.classify(key).orElse(null), COURSE_ID.read(item),
                            GRADE.read(item) != null);
                }).toList(), page.next()));
    }

    /**
     * Up to {@code max} courses in which {@code studentId} has a graded enrollment, in course id order: Queries
     * {@code PK = STU#<id> AND begins_with(SK, ENROLL#CRS#)}, strongly consistent, filtered on
     * {@code attribute_exists(grade)}, projected to the course id, page after page until {@code max} are found or the
     * partition ends.
     */
    public Uni<List<String>> gradedCourses(String studentId, int max) {
        return table.pages(KeyQuery.of(EnrollmentKeys.STUDENT_GRADED_COURSES)
                .filter(Conditions.attributeExists(GRADE.name())).project(COURSE_ID.name()).limit(PAGE)
                .in(EnrollmentKeys.studentPartition(studentId)))
                .onItem().transformToIterable(page -> page.items().stream().map(COURSE_ID::read).toList())
                .select().first(max)
                .collect().asList();
    }

    /**
     * Deletes a student's profile and records the rest as a task ({@code alongside}): one TransactWriteItems =
     * Delete {@code STU#<id>/PROFILE} ({@code attribute_exists(PK)}, and {@code version = :expected} with If-Match;
     * refused as {@link #DELETED_STUDENT}) + Put the task. From then on nobody can enroll the student (the enroll
     * transaction needs the profile).
     */
    public Uni<Void> deleteStudent(String studentId, Long expectedVersion, Transaction.Part alongside) {
        return table.transact(EnrollmentKeys.STUDENT_DELETE, Transaction.of()
                .delete(DELETED_STUDENT, EnrollmentKeys.student(studentId), existsAt(expectedVersion))
                .include(alongside));
    }

    /**
     * Deletes a course's item and records the rest as a task: one TransactWriteItems = Delete {@code CRS#<id>/METADATA}
     * ({@code attribute_exists(PK)}, and {@code version = :expected} with If-Match; refused as {@link #DELETED_COURSE})
     * + Put the task. No enrollment can be added after it (the enroll transaction updates the course under {@code
     * attribute_exists}).
     */
    public Uni<Void> deleteCourse(String courseId, Long expectedVersion, Transaction.Part alongside) {
        return table.transact(EnrollmentKeys.COURSE_DELETE, Transaction.of()
                .delete(DELETED_COURSE, EnrollmentKeys.course(courseId), existsAt(expectedVersion))
                .include(alongside));
    }

    /** A page of a course's edge keys, and where the next page starts (null: none). */
    public record EdgePage(List<ItemKey> keys, PageKey next) {
    }

    /**
     * A page of {@link #PAGE} enrollment edges to a course, from its roster, after {@code after} (null: from the
     * first): one Query on GSI1 {@code GSI1PK = CRS#<id> AND begins_with(GSI1SK, STU#)}, keys only, eventually
     * consistent as every index read. Pages go on from where the last one stopped: an edge just deleted may linger
     * in the index for a moment, and a sweep that began again at the start would meet it over and over.
     */
    public Uni<EdgePage> courseEdges(String courseId, PageKey after) {
        return table.query(KeyQuery.of(EnrollmentKeys.COURSE_EDGES).limit(PAGE)
                .in(EnrollmentKeys.coursePartition(courseId)).after(after))
                .map(page -> new EdgePage(page.items().stream().map(ItemKey::of).toList(), page.next()));
    }

    private static dev.trident.keys.expr.Condition existsAt(Long expectedVersion) {
        return expectedVersion == null ? Conditions.ITEM_EXISTS
                : Conditions.ITEM_EXISTS.and(Conditions.versionEquals(expectedVersion));
    }

    /** BatchWriteItem deletes, 25 a request, unprocessed items re-sent with backoff. */
    public Uni<Void> deleteAll(List<ItemKey> keys) {
        return table.batchDelete(EnrollmentKeys.ERASURE_STUDENT_DELETE, keys);
    }
}
