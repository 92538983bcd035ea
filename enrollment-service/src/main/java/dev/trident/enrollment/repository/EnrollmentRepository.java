package dev.trident.enrollment.repository;

import static dev.trident.enrollment.repository.EnrollmentItems.CAPACITY;
import static dev.trident.enrollment.repository.EnrollmentItems.CREDITS;
import static dev.trident.enrollment.repository.EnrollmentItems.ENROLLED_COUNT;
import static dev.trident.enrollment.repository.EnrollmentItems.GRADE;
import static dev.trident.enrollment.repository.EnrollmentItems.INSTRUCTOR_IDS;
import static dev.trident.enrollment.repository.EnrollmentItems.TERM;
import static dev.trident.enrollment.repository.EnrollmentItems.TITLE;
import static dev.trident.enrollment.repository.EnrollmentItems.WORKSPACE_ID;
import static dev.trident.support.dynamo.Attributes.n;
import static dev.trident.support.dynamo.Attributes.s;

import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.CourseChanges;
import dev.trident.enrollment.model.CourseWithStudents;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.model.Student;
import dev.trident.enrollment.model.StudentProfile;
import dev.trident.enrollment.model.StudentWithCourses;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.Expression;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import dev.trident.support.dynamo.AccessPattern;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Every access pattern of the enrollment domain, one method each. Methods return null for an absent item and
 * fail with the SDK's own exceptions (ConditionalCheckFailedException, TransactionCanceledException) carrying
 * the old item or the cancellation reasons; {@code EnrollmentService} decides what they mean for a client.
 * Every request is sent lazily, so a resubscription (retry) sends it again.
 */
@ApplicationScoped
public class EnrollmentRepository {

    /** Action indexes of the enrol transaction; cancellation reasons come back in this order. */
    public static final int ENROL_EDGE = 0;
    public static final int ENROL_COURSE = 1;
    public static final int ENROL_STUDENT = 2;
    /** Action indexes of the drop transaction. */
    public static final int DROP_EDGE = 0;
    public static final int DROP_COURSE = 1;
    /** Action indexes of an instructor's grade transaction. */
    public static final int GRADE_EDGE = 0;
    public static final int GRADE_COURSE = 1;

    private static final String STUDENT_COURSES_SCOPE = "enrollment:student-courses:";
    private static final String ROSTER_SCOPE = "enrollment:roster:";

    // The access patterns, as named in the metrics (trident_dynamodb_requests_seconds{pattern=...}).
    private static final AccessPattern STUDENT = AccessPattern.named("student");
    private static final AccessPattern STUDENT_PUT = AccessPattern.named("student-put");
    private static final AccessPattern STUDENT_WITH_COURSES = AccessPattern.named("student-with-courses");
    private static final AccessPattern STUDENT_COURSES = AccessPattern.named("student-courses");
    private static final AccessPattern COURSE = AccessPattern.named("course");
    private static final AccessPattern COURSE_CREATE = AccessPattern.named("course-create");
    private static final AccessPattern COURSE_UPDATE = AccessPattern.named("course-update");
    private static final AccessPattern COURSE_WITH_STUDENTS = AccessPattern.named("course-with-students");
    private static final AccessPattern COURSE_ROSTER = AccessPattern.named("course-roster");
    private static final AccessPattern ENROL = AccessPattern.named("enrol");
    private static final AccessPattern ENROLLMENT = AccessPattern.named("enrollment");
    private static final AccessPattern GRADE_UPDATE = AccessPattern.named("grade-update");
    private static final AccessPattern COURSE_INSTRUCTORS = AccessPattern.named("course-instructors");
    private static final AccessPattern GRADE_EDGE_READ = AccessPattern.named("grade-edge-read");
    private static final AccessPattern GRADE_AS_INSTRUCTOR = AccessPattern.named("grade-as-instructor");
    private static final AccessPattern DROP = AccessPattern.named("drop");

    private final DynamoDbAsyncClient dynamo;
    private final Cursors cursors;
    private final String table;

    EnrollmentRepository(DynamoDbAsyncClient dynamo, TableDefinition table, Cursors cursors) {
        this.dynamo = dynamo;
        this.cursors = cursors;
        this.table = table.tableName();
    }

    /** Student profile: GetItem {@code STU#<id>/PROFILE}. Emits null when absent. */
    public Uni<Student> student(String studentId) {
        return getItem(STUDENT, EnrollmentKeys.student(studentId), EnrollmentItems::toStudent);
    }

    /**
     * Register a student: PutItem {@code attribute_not_exists(PK)}, version 1. Fails with
     * ConditionalCheckFailedException carrying the existing item when the student is already registered.
     */
    public Uni<Student> registerStudent(String studentId, StudentProfile profile) {
        String now = now();
        Map<String, AttributeValue> item = EnrollmentItems.studentItem(studentId, profile, 1, now, now);
        return putStudent(item, Conditions.ITEM_NOT_EXISTS);
    }

    /**
     * Replace a registered student's profile: PutItem conditioned on the version read before, writing the next
     * version and keeping createdAt. Fails with ConditionalCheckFailedException (old item attached) when the
     * profile changed or vanished meanwhile.
     */
    public Uni<Student> replaceStudent(Student current, StudentProfile profile) {
        Map<String, AttributeValue> item = EnrollmentItems.studentItem(current.studentId(), profile,
                current.version() + 1, current.createdAt(), now());
        return putStudent(item, Conditions.ITEM_EXISTS.and(Conditions.versionEquals(current.version())));
    }

    private Uni<Student> putStudent(Map<String, AttributeValue> item, Condition condition) {
        Expression expression = Conditions.render(condition);
        return Uni.createFrom().completionStage(() -> dynamo.putItem(r -> r.tableName(table).item(item)
                        .conditionExpression(expression.expression())
                        .expressionAttributeNames(expression.namesOrNull())
                        .expressionAttributeValues(expression.valuesOrNull())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(STUDENT_PUT.tag())))
                .map(ignored -> EnrollmentItems.toStudent(item));
    }

    /**
     * Profile and the first page of enrollments in one read: Query {@code PK = STU#<id>}, newest course id
     * first, so PROFILE (which sorts after ENROLL#) comes back first. Emits null when the profile is absent.
     * The page's cursor continues {@link #studentCourses}.
     */
    public Uni<StudentWithCourses> studentWithCourses(String studentId, int limit) {
        String partition = EnrollmentKeys.studentPartition(studentId);
        // Room for the profile, the page and one item proving there is more.
        QueryRequest request = QueryRequest.builder().tableName(table)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", TableSchema.PK))
                .expressionAttributeValues(Map.of(":pk", s(partition)))
                .scanIndexForward(false)
                .limit(limit + 2)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .overrideConfiguration(STUDENT_WITH_COURSES.tag())
                .build();
        return query(request).map(response -> {
            List<Map<String, AttributeValue>> items = response.items();
            Student student = items.stream().filter(EnrollmentItems::isStudent).findFirst()
                    .map(EnrollmentItems::toStudent).orElse(null);
            if (student == null) {
                return null;
            }
            List<Map<String, AttributeValue>> edges = items.stream().filter(EnrollmentItems::isEnrollment).toList();
            return new StudentWithCourses(student,
                    cursors.page(studentCoursesScope(studentId), edges, limit, null, EnrollmentItems::toEnrollment));
        });
    }

    /** A student's courses: Query {@code PK = STU#<id> AND begins_with(SK, ENROLL#CRS#)}, course id descending. */
    public Uni<Page<Enrollment>> studentCourses(String studentId, PageRequest page) {
        String partition = EnrollmentKeys.studentPartition(studentId);
        String scope = studentCoursesScope(studentId);
        QueryRequest request = QueryRequest.builder().tableName(table)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#sk", TableSchema.SK))
                .expressionAttributeValues(Map.of(":pk", s(partition), ":prefix", s(EnrollmentKeys.enrollmentsPrefix())))
                .scanIndexForward(false)
                .exclusiveStartKey(cursors.startKey(scope, page))
                .limit(page.limit() + 1)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .overrideConfiguration(STUDENT_COURSES.tag())
                .build();
        return query(request).map(response -> cursors.page(scope, response.items(), page.limit(), null,
                EnrollmentItems::toEnrollment));
    }

    /** Course metadata: GetItem {@code CRS#<id>/METADATA}. Emits null when absent. */
    public Uni<Course> course(String courseId) {
        return getItem(COURSE, EnrollmentKeys.course(courseId), EnrollmentItems::toCourse);
    }

    /**
     * Create a course: PutItem {@code attribute_not_exists(PK)} with {@code enrolledCount = 0}, version 1. Fails
     * with ConditionalCheckFailedException carrying the existing course when it exists.
     */
    public Uni<Course> createCourse(String courseId, CourseChanges changes) {
        Map<String, AttributeValue> item = EnrollmentItems.newCourseItem(courseId, changes, now());
        Expression expression = Conditions.render(Conditions.ITEM_NOT_EXISTS);
        return Uni.createFrom().completionStage(() -> dynamo.putItem(r -> r.tableName(table).item(item)
                        .conditionExpression(expression.expression())
                        .expressionAttributeNames(expression.namesOrNull())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(COURSE_CREATE.tag())))
                .map(ignored -> EnrollmentItems.toCourse(item));
    }

    /**
     * Update an existing course: UpdateItem {@code attribute_exists(PK)} and, with a capacity, {@code enrolledCount
     * <= capacity}; enrolledCount itself is left alone. Fails with ConditionalCheckFailedException carrying the
     * old course (none when it does not exist).
     */
    public Uni<Course> updateCourse(String courseId, CourseChanges changes) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder()
                .set(TITLE, s(changes.title()))
                .set(CREDITS, n(changes.credits()))
                .set(TERM, s(changes.term()))
                .set(TableSchema.UPDATED_AT, s(now()))
                .add(TableSchema.VERSION, 1)
                .condition(Conditions.ITEM_EXISTS);
        if (changes.capacity() == null) {
            update.remove(CAPACITY);
        } else {
            AttributeValue capacity = n(changes.capacity());
            update.set(CAPACITY, capacity)
                    .condition(p -> p.name(ENROLLED_COUNT) + " <= " + p.value(capacity));
        }
        if (changes.workspaceId() == null) {
            update.remove(WORKSPACE_ID);
        } else {
            update.set(WORKSPACE_ID, s(changes.workspaceId()));
        }
        if (changes.instructorIds().isEmpty()) {
            update.remove(INSTRUCTOR_IDS);
        } else {
            update.set(INSTRUCTOR_IDS, EnrollmentItems.instructorIdSet(changes.instructorIds()));
        }
        UpdateExpression expression = update.build();
        Map<String, AttributeValue> key = EnrollmentKeys.course(courseId).toAttributes();
        return Uni.createFrom().completionStage(() -> dynamo.updateItem(r -> r.tableName(table).key(key)
                        .updateExpression(expression.updateExpression())
                        .conditionExpression(expression.conditionExpression())
                        .expressionAttributeNames(expression.names())
                        .expressionAttributeValues(expression.valuesOrNull())
                        .returnValues(ReturnValue.ALL_NEW)
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(COURSE_UPDATE.tag())))
                .map(response -> EnrollmentItems.toCourse(response.attributes()));
    }

    /**
     * Who teaches a course: GetItem {@code CRS#<id>/METADATA} projected to {@code instructorIds}. Empty when the
     * course names none or does not exist. Read only for an instructor's view of a roster or an enrolment.
     */
    public Uni<List<String>> courseInstructors(String courseId) {
        Map<String, AttributeValue> key = EnrollmentKeys.course(courseId).toAttributes();
        return Uni.createFrom().completionStage(() -> dynamo.getItem(r -> r.tableName(table).key(key)
                        .projectionExpression("#i")
                        .expressionAttributeNames(Map.of("#i", INSTRUCTOR_IDS))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(COURSE_INSTRUCTORS.tag())))
                .map(response -> response.hasItem() ? EnrollmentItems.instructorIds(response.item()) : List.of());
    }

    /**
     * Metadata and the first page of the roster in one read: Query GSI1 {@code GSI1PK = CRS#<id>}; METADATA sorts
     * before the {@code STU#} entries. Emits null when the course is absent. The page's cursor continues
     * {@link #courseRoster}. Eventually consistent on real DynamoDB (a GSI).
     */
    public Uni<CourseWithStudents> courseWithStudents(String courseId, int limit) {
        String partition = EnrollmentKeys.coursePartition(courseId);
        QueryRequest request = QueryRequest.builder().tableName(table).indexName(TableSchema.GSI1)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK))
                .expressionAttributeValues(Map.of(":pk", s(partition)))
                .limit(limit + 2)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(COURSE_WITH_STUDENTS.tag())
                .build();
        return query(request).map(response -> {
            List<Map<String, AttributeValue>> items = response.items();
            Course course = items.stream().filter(EnrollmentItems::isCourse).findFirst()
                    .map(EnrollmentItems::toCourse).orElse(null);
            if (course == null) {
                return null;
            }
            List<Map<String, AttributeValue>> edges = items.stream().filter(EnrollmentItems::isEnrollment).toList();
            return new CourseWithStudents(course, cursors.page(rosterScope(courseId), edges, limit,
                    TableSchema.GSI1, EnrollmentItems::toEnrollment));
        });
    }

    /**
     * A course's roster: Query GSI1 {@code GSI1PK = CRS#<id> AND begins_with(GSI1SK, STU#)}, student id ascending.
     * Eventually consistent on real DynamoDB (a GSI).
     */
    public Uni<Page<Enrollment>> courseRoster(String courseId, PageRequest page) {
        String partition = EnrollmentKeys.coursePartition(courseId);
        String scope = rosterScope(courseId);
        QueryRequest request = QueryRequest.builder().tableName(table).indexName(TableSchema.GSI1)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK, "#sk", TableSchema.GSI1SK))
                .expressionAttributeValues(Map.of(":pk", s(partition), ":prefix", s(EnrollmentKeys.rosterPrefix())))
                .exclusiveStartKey(cursors.startKey(scope, page))
                .limit(page.limit() + 1)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(COURSE_ROSTER.tag())
                .build();
        return query(request).map(response -> cursors.page(scope, response.items(), page.limit(), TableSchema.GSI1,
                EnrollmentItems::toEnrollment));
    }

    /**
     * Enrol: TransactWriteItems of (0) Put edge {@code attribute_not_exists(PK)}, (1) Update course {@code ADD
     * enrolledCount 1} under {@code attribute_exists(PK) AND (attribute_not_exists(capacity) OR enrolledCount <
     * capacity)}, (2) ConditionCheck student {@code attribute_exists(PK)}; every action returns its old item on a
     * failed condition. Fails with TransactionCanceledException whose reasons follow that order.
     */
    public Uni<Enrollment> enrollStudent(Student student, Course course) {
        String now = now();
        Map<String, AttributeValue> edge = EnrollmentItems.newEnrollmentItem(student, course, now);
        Expression edgeAbsent = Conditions.render(Conditions.ITEM_NOT_EXISTS);
        UpdateExpression countUp = new UpdateExpressionBuilder()
                .add(ENROLLED_COUNT, 1)
                .add(TableSchema.VERSION, 1)
                .set(TableSchema.UPDATED_AT, s(now))
                .condition(Conditions.ITEM_EXISTS.and(Conditions.or(Conditions.attributeNotExists(CAPACITY),
                        Conditions.lessThanAttribute(ENROLLED_COUNT, CAPACITY))))
                .build();
        Expression studentExists = Conditions.render(Conditions.ITEM_EXISTS);
        List<TransactWriteItem> actions = List.of(
                TransactWriteItem.builder().put(Put.builder().tableName(table).item(edge)
                        .conditionExpression(edgeAbsent.expression())
                        .expressionAttributeNames(edgeAbsent.namesOrNull())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build(),
                TransactWriteItem.builder().update(courseUpdate(course.courseId(), countUp)).build(),
                TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
                        .key(EnrollmentKeys.student(student.studentId()).toAttributes())
                        .conditionExpression(studentExists.expression())
                        .expressionAttributeNames(studentExists.namesOrNull())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
        return transact(ENROL, actions).map(ignored -> EnrollmentItems.toEnrollment(edge));
    }

    /** One enrollment edge: GetItem {@code STU#<sid>/ENROLL#CRS#<cid>}. Emits null when absent. */
    public Uni<Enrollment> enrollment(String studentId, String courseId) {
        return getItem(ENROLLMENT, EnrollmentKeys.enrollment(studentId, courseId), EnrollmentItems::toEnrollment);
    }

    /**
     * Set a grade: UpdateItem on the edge under {@code attribute_exists(PK)} and, when given, {@code version =
     * expected}. Fails with ConditionalCheckFailedException carrying the old edge (none when absent).
     */
    public Uni<Enrollment> gradeEnrollment(String studentId, String courseId, String grade, Long expectedVersion) {
        UpdateExpression expression = new UpdateExpressionBuilder()
                .set(GRADE, s(grade))
                .set(TableSchema.UPDATED_AT, s(now()))
                .add(TableSchema.VERSION, 1)
                .condition(existsAtVersion(expectedVersion))
                .build();
        Map<String, AttributeValue> key = EnrollmentKeys.enrollment(studentId, courseId).toAttributes();
        return Uni.createFrom().completionStage(() -> dynamo.updateItem(r -> r.tableName(table).key(key)
                        .updateExpression(expression.updateExpression())
                        .conditionExpression(expression.conditionExpression())
                        .expressionAttributeNames(expression.names())
                        .expressionAttributeValues(expression.valuesOrNull())
                        .returnValues(ReturnValue.ALL_NEW)
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(GRADE_UPDATE.tag())))
                .map(response -> EnrollmentItems.toEnrollment(response.attributes()));
    }

    /**
     * The edge an instructor is about to grade, strongly consistent so that the version the grade is conditioned on
     * is the latest: GetItem {@code STU#<sid>/ENROLL#CRS#<cid>}. Emits null when absent.
     */
    public Uni<Enrollment> enrollmentToGrade(String studentId, String courseId) {
        Map<String, AttributeValue> key = EnrollmentKeys.enrollment(studentId, courseId).toAttributes();
        return Uni.createFrom().completionStage(() -> dynamo.getItem(r -> r.tableName(table).key(key)
                        .consistentRead(true)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(GRADE_EDGE_READ.tag())))
                .map(response -> response.hasItem() && !response.item().isEmpty()
                        ? EnrollmentItems.toEnrollment(response.item()) : null);
    }

    /**
     * An instructor sets a grade: TransactWriteItems of (0) Update edge {@code SET grade} under {@code
     * attribute_exists(PK) AND version = current.version}, (1) ConditionCheck course {@code contains(instructorIds,
     * :instructor)}, so the grade is written only while the course names the caller (a registrar removing them
     * meanwhile wins). Emits the edge as written; fails with TransactionCanceledException whose reasons follow that
     * order (each with the old item).
     */
    public Uni<Enrollment> gradeAsInstructor(Enrollment current, String grade, String instructorId) {
        String now = now();
        UpdateExpression setGrade = new UpdateExpressionBuilder()
                .set(GRADE, s(grade))
                .set(TableSchema.UPDATED_AT, s(now))
                .add(TableSchema.VERSION, 1)
                .condition(existsAtVersion(current.version()))
                .build();
        Expression teaches = Conditions.render(p -> "contains(" + p.name(INSTRUCTOR_IDS) + ", "
                + p.value(s(instructorId)) + ")");
        List<TransactWriteItem> actions = List.of(
                TransactWriteItem.builder().update(Update.builder().tableName(table)
                        .key(EnrollmentKeys.enrollment(current.studentId(), current.courseId()).toAttributes())
                        .updateExpression(setGrade.updateExpression())
                        .conditionExpression(setGrade.conditionExpression())
                        .expressionAttributeNames(setGrade.names())
                        .expressionAttributeValues(setGrade.valuesOrNull())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build(),
                TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
                        .key(EnrollmentKeys.course(current.courseId()).toAttributes())
                        .conditionExpression(teaches.expression())
                        .expressionAttributeNames(teaches.namesOrNull())
                        .expressionAttributeValues(teaches.valuesOrNull())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
        return transact(GRADE_AS_INSTRUCTOR, actions).map(ignored -> current.graded(grade, now));
    }

    /**
     * Drop: TransactWriteItems of (0) Delete edge under {@code attribute_exists(PK)} (and the expected version, and
     * unless {@code mayDropGraded} {@code attribute_not_exists(grade)}), (1) Update course {@code ADD enrolledCount
     * -1} under {@code enrolledCount > 0}. Fails with TransactionCanceledException whose reasons follow that order.
     * The grade condition sits on the delete itself, so a grade set after the caller last looked still stops it.
     */
    public Uni<Void> dropEnrollment(String studentId, String courseId, Long expectedVersion, boolean mayDropGraded) {
        Condition edgeState = mayDropGraded ? existsAtVersion(expectedVersion)
                : existsAtVersion(expectedVersion).and(Conditions.attributeNotExists(GRADE));
        Expression edgeCondition = Conditions.render(edgeState);
        UpdateExpression countDown = new UpdateExpressionBuilder()
                .add(ENROLLED_COUNT, -1)
                .add(TableSchema.VERSION, 1)
                .set(TableSchema.UPDATED_AT, s(now()))
                .condition(Conditions.ITEM_EXISTS.and(p -> p.name(ENROLLED_COUNT) + " > " + p.value(n(0))))
                .build();
        List<TransactWriteItem> actions = List.of(
                TransactWriteItem.builder().delete(Delete.builder().tableName(table)
                        .key(EnrollmentKeys.enrollment(studentId, courseId).toAttributes())
                        .conditionExpression(edgeCondition.expression())
                        .expressionAttributeNames(edgeCondition.namesOrNull())
                        .expressionAttributeValues(edgeCondition.valuesOrNull())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build(),
                TransactWriteItem.builder().update(courseUpdate(courseId, countDown)).build());
        return transact(DROP, actions).replaceWithVoid();
    }

    public static String studentCoursesScope(String studentId) {
        return STUDENT_COURSES_SCOPE + studentId;
    }

    public static String rosterScope(String courseId) {
        return ROSTER_SCOPE + courseId;
    }

    private Update courseUpdate(String courseId, UpdateExpression expression) {
        return Update.builder().tableName(table)
                .key(EnrollmentKeys.course(courseId).toAttributes())
                .updateExpression(expression.updateExpression())
                .conditionExpression(expression.conditionExpression())
                .expressionAttributeNames(expression.names())
                .expressionAttributeValues(expression.valuesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    private static Condition existsAtVersion(Long expectedVersion) {
        return expectedVersion == null ? Conditions.ITEM_EXISTS
                : Conditions.ITEM_EXISTS.and(Conditions.versionEquals(expectedVersion));
    }

    private Uni<QueryResponse> query(QueryRequest request) {
        return Uni.createFrom().completionStage(() -> dynamo.query(request));
    }

    private Uni<Void> transact(AccessPattern pattern, List<TransactWriteItem> actions) {
        return Uni.createFrom().completionStage(() -> dynamo.transactWriteItems(r -> r.transactItems(actions)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(pattern.tag())))
                .replaceWithVoid();
    }

    private static String now() {
        return Instant.now().toString();
    }

    /** One GetItem by primary key; emits null when the item is absent. */
    private <T> Uni<T> getItem(AccessPattern pattern, ItemKey key, Function<Map<String, AttributeValue>, T> mapper) {
        Map<String, AttributeValue> attributes = key.toAttributes();
        return Uni.createFrom().completionStage(() -> dynamo.getItem(r -> r.tableName(table).key(attributes)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(pattern.tag())))
                .map(response -> response.hasItem() && !response.item().isEmpty() ? mapper.apply(response.item()) : null);
    }
}
