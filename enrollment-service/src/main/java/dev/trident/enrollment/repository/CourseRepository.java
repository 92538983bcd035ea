package dev.trident.enrollment.repository;

import static dev.trident.enrollment.repository.EnrollmentEntities.CAPACITY;
import static dev.trident.enrollment.repository.EnrollmentEntities.COURSE;
import static dev.trident.enrollment.repository.EnrollmentEntities.CREDITS;
import static dev.trident.enrollment.repository.EnrollmentEntities.ENROLLED_COUNT;
import static dev.trident.enrollment.repository.EnrollmentEntities.ENROLLMENT;
import static dev.trident.enrollment.repository.EnrollmentEntities.INSTRUCTOR_IDS;
import static dev.trident.enrollment.repository.EnrollmentEntities.TERM;
import static dev.trident.enrollment.repository.EnrollmentEntities.TITLE;
import static dev.trident.enrollment.repository.EnrollmentEntities.WORKSPACE_ID;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;

import dev.trident.enrollment.config.EnrollmentConfig;
import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.CourseChanges;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.Shards;
import dev.trident.keys.TableSchema;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.entity.KeyInputs;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.MergedQuery;
import dev.trident.support.dynamo.Slice;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Course metadata, its instructors, and a course read together with the first page of its roster. */
@ApplicationScoped
public class CourseRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them.
    /** The course to create exists already. */
    public static final String NEW_COURSE = "new-course";
    /**
     * The course to update is gone (no item), the new capacity is below its enrolledCount, or the new term is not
     * its term while it has enrolments (the refusal carries the course, {@link #courseMet}).
     */
    public static final String COURSE_CHANGE = "course";


    private final DynamoTable table;
    private final int catalogueShards;
    /** The course as written: its GSI2 key on one of {@link #catalogueShards} catalogue shards. */
    private final EntitySchema<Course> courseWrite;

    CourseRepository(DynamoTable table, EnrollmentConfig config) {
        this.table = table;
        this.catalogueShards = Shards.requireShardCount(config.catalogue().shards());
        this.courseWrite = COURSE.with(KeyInputs.of(EnrollmentEntities.CATALOGUE_SHARDS, catalogueShards));
    }

    /** How many write shards a term's catalogue is spread over (a catalogue cursor is bound to it). */
    public int catalogueShards() {
        return catalogueShards;
    }

    /** A course and the first page of its roster. */
    public record CourseAndStudents(Course course, Slice<Enrollment> students) {
    }

    /**
     * Course metadata: one GetItem {@code CRS#<id>/METADATA}, strongly consistent: its answer carries the course's
     * ETag, and an ETag never goes back to a version older than one the client was already given. Emits null when
     * absent.
     */
    public Uni<Course> course(String courseId) {
        return table.get(EnrollmentKeys.COURSE, COURSE, EnrollmentKeys.course(courseId));
    }

    /**
     * The course an enrollment is about to name: one GetItem {@code CRS#<id>/METADATA}, eventually consistent (only
     * its title, term and credits are copied onto the edge; the enrollment's transaction re-checks the course and its
     * capacity). Emits null when absent.
     */
    public Uni<Course> courseToEnroll(String courseId) {
        return table.get(EnrollmentKeys.ENROL_COURSE, COURSE, EnrollmentKeys.course(courseId));
    }

    /**
     * A page of a term's catalogue, course id ascending: one Query on GSI2 per catalogue shard
     * {@code GSI2PK = TERM#<term>#<shard>}, in parallel, merged by course id, each for its share of the page; a shard
     * that runs out before the page is full is read again ({@link MergedQuery}). Eventually consistent as every index
     * read (a course just created or moved may take a moment to show). {@code resume} (label = shard number) resumes
     * each shard; null: the first page. An unknown term lists empty.
     */
    public Uni<Slice<Course>> termCatalogue(String term, CursorState resume, int limit) {
        KeyQuery catalogue = KeyQuery.of(EnrollmentKeys.COURSE_CATALOGUE);
        Map<String, KeyQuery> partitions = new LinkedHashMap<>();
        for (int shard = 0; shard < catalogueShards; shard++) {
            partitions.put(Integer.toString(shard),
                    catalogue.in(EnrollmentKeys.termPartition(term, shard, catalogueShards)));
        }
        return new MergedQuery<>(table, partitions, COURSE).page(resume, limit);
    }

    /**
     * Create a course: one TransactWriteItems of the course under {@code attribute_not_exists(PK)},
     * {@code enrolledCount = 0}, version 1, created and updated {@code now}, and what {@code alongside} adds (the check
     * that no deletion of the id is still running). Refused as {@link #NEW_COURSE} when it exists.
     */
    public Uni<Course> createCourse(String courseId, CourseChanges changes, String now, Transaction.Part alongside) {
        Course course = new Course(courseId, changes.title(), changes.credits(), changes.term(), changes.capacity(), 0,
                changes.workspaceId(), List.copyOf(changes.instructorIds()), 1, now, now);
        return table.transact(EnrollmentKeys.COURSE_CREATE, Transaction.of()
                .create(NEW_COURSE, courseWrite, course)
                .include(alongside)).replaceWith(course);
    }

    /**
     * Update an existing course's client-editable fields: one UpdateItem under {@code attribute_exists(PK)} and, with
     * a capacity, {@code enrolledCount <= :capacity}; an absent capacity, workspaceId or instructorIds is removed,
     * enrolledCount is left alone, version + 1, updated {@code now}. The GSI2 keys are set from the term every time, so
     * a course written before the catalogue existed (or under another shard count) joins its shard, and a new term
     * moves it to that term's catalogue. The
     * term changes only while the course has no enrolment ({@code term = :term OR enrolledCount = 0}): every edge keys
     * its student's term list by the term it copied, so a course with edges keeps its term. Emits the course as
     * updated; refused as {@link #COURSE_CHANGE}.
     */
    public Uni<Course> updateCourse(String courseId, CourseChanges changes, String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder()
                .set(TITLE, changes.title())
                .set(CREDITS, changes.credits())
                .set(TERM, changes.term())
                .setIndex(EnrollmentKeys.courseTermIndex(changes.term(), courseId, catalogueShards))
                .set(CAPACITY, changes.capacity())
                .set(WORKSPACE_ID, changes.workspaceId())
                .set(INSTRUCTOR_IDS, changes.instructorIds())
                .set(UPDATED_AT, now)
                .add(VERSION, 1)
                .condition(Conditions.ITEM_EXISTS)
                .condition(Conditions.or(Conditions.equalTo(TERM, changes.term()),
                        Conditions.or(Conditions.attributeNotExists(ENROLLED_COUNT.name()),
                                Conditions.equalTo(ENROLLED_COUNT, 0L))));
        if (changes.capacity() != null) {
            update.condition(Conditions.atMost(ENROLLED_COUNT, (long) changes.capacity()));
        }
        return table.update(EnrollmentKeys.COURSE_UPDATE, COURSE_CHANGE, EnrollmentKeys.course(courseId),
                update.build())
                .map(COURSE::fromItem);
    }

    /**
     * Who teaches a course: one GetItem {@code CRS#<id>/METADATA}, strongly consistent (it decides whose grades an
     * instructor sees, right after the registrar changed instructorIds). Empty when the course names none or does not
     * exist. Read only for an instructor's view of a roster or an enrollment.
     */
    public Uni<List<String>> courseInstructors(String courseId) {
        return table.get(EnrollmentKeys.COURSE_INSTRUCTORS, COURSE, EnrollmentKeys.course(courseId))
                .map(course -> course == null ? List.of() : course.instructorIds());
    }

    /**
     * Metadata and the first page of the roster in one read: one Query on GSI1 {@code GSI1PK = CRS#<id>} (METADATA
     * sorts before the {@code STU#} entries), eventually consistent as every index read; {@code Limit} = the course +
     * {@code limit} edges + one more proving a next page. The slice resumes the roster
     * ({@link EnrollmentRepository#courseRoster}). Emits null when the course is absent.
     */
    public Uni<CourseAndStudents> courseWithStudents(String courseId, int limit) {
        return table.query(KeyQuery.of(EnrollmentKeys.COURSE_WITH_STUDENTS)
                .in(EnrollmentKeys.coursePartition(courseId)).limit(limit + 2))
                .map(page -> {
                    var items = page.items();
                    Course course = items.stream().filter(COURSE::holds).findFirst().map(COURSE::fromItem)
                            .orElse(null);
                    if (course == null) {
                        return null;
                    }
                    var edges = items.stream().filter(ENROLLMENT::holds).toList();
                    return new CourseAndStudents(course,
                            Slice.fromQuery(edges, limit, TableSchema.GSI1, page.next(), ENROLLMENT::fromItem));
                });
    }

    /** The course the named refused action met; null when there was none. */
    public static Course courseMet(WriteRefused refused, String action) {
        return COURSE.fromItem(refused.currentItem(action));
    }
}
