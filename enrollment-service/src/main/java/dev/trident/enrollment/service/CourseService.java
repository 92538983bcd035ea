package dev.trident.enrollment.service;

import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.CourseChanges;
import dev.trident.enrollment.model.CourseWithStudents;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.repository.CourseRepository;
import dev.trident.enrollment.repository.EnrollmentRepository;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.Timestamps;
import dev.trident.support.client.Workspaces;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;

/** Courses: creating and changing one (the registrar's), reading it, alone or with its roster. */
@ApplicationScoped
public class CourseService {

    private static final String WORKSPACE_ID = "workspaceId";

    private final CourseRepository courses;
    private final EnrollmentRepository enrollments;
    private final Workspaces workspaces;
    private final Cursors cursors;
    private final Clock clock;

    CourseService(CourseRepository courses, EnrollmentRepository enrollments, Workspaces workspaces, Cursors cursors,
            Clock clock) {
        this.courses = courses;
        this.enrollments = enrollments;
        this.workspaces = workspaces;
        this.cursors = cursors;
        this.clock = clock;
    }

    /** Any authenticated caller reads a course. */
    public Uni<Course> course(String courseId) {
        return courses.course(courseId)
                .onItem().ifNull().failWith(() -> Refusals.courseNotFound(courseId));
    }

    /**
     * A page of a term's catalogue, by course id. Any authenticated caller lists it, as any caller reads a course
     * (docs/api.md "Who may do what": course metadata is not private; grades are, and a course carries none).
     */
    public Uni<Page<Course>> termCatalogue(String term, PageRequest page) {
        String scope = EnrollmentKeys.COURSE_CATALOGUE.cursorScope(term,
                "shards=" + courses.catalogueShards());
        return courses.termCatalogue(term, cursors.resume(scope, page), page.limit())
                .map(slice -> cursors.page(scope, slice));
    }

    /**
     * The course and the first page of its roster, from one Query on GSI1. Whose grades the caller sees is never
     * decided from that index copy of the course, which may lag a change of its instructors: only for an instructor
     * does it depend on the course, and then the instructors are read strongly, in parallel with the Query.
     */
    public Uni<CourseWithStudents> courseWithStudents(Caller caller, String courseId, int limit) {
        Uni<List<String>> instructors = AccessRules.gradeViewDependsOnCourse(caller)
                ? courses.courseInstructors(courseId) : Uni.createFrom().item(List.of());
        return Uni.combine().all().unis(courses.courseWithStudents(courseId, limit), instructors).asTuple()
                .map(both -> {
                    if (both.getItem1() == null) {
                        throw Refusals.courseNotFound(courseId);
                    }
                    String scope = EnrollmentKeys.COURSE_WITH_STUDENTS.cursorScope(courseId);
                    return new CourseWithStudents(both.getItem1().course(), AccessRules.listAsSeenBy(caller,
                            cursors.page(scope, both.getItem1().students()), both.getItem2()));
                });
    }

    /**
     * A page of the roster: every grade for the registrar and the course's instructors, only the caller's own row's
     * grade for anyone else. Only for an instructor does that depend on the course, whose instructors are then read
     * in parallel with the roster's Query.
     */
    public Uni<Page<Enrollment>> courseRoster(Caller caller, String courseId, PageRequest page) {
        String scope = EnrollmentKeys.COURSE_ROSTER.cursorScope(courseId);
        Uni<Page<Enrollment>> roster = enrollments.courseRoster(courseId, cursors.resume(scope, page), page.limit())
                .map(slice -> cursors.page(scope, slice));
        if (!AccessRules.gradeViewDependsOnCourse(caller)) {
            return roster.map(students -> AccessRules.listAsSeenBy(caller, students, List.of()));
        }
        return Uni.combine().all().unis(roster, courses.courseInstructors(courseId)).asTuple()
                .map(both -> AccessRules.listAsSeenBy(caller, both.getItem1(), both.getItem2()));
    }

    /**
     * Creates the course, or updates it in place when it exists (enrolledCount untouched). A capacity below the
     * current enrolledCount is a 409. A workspaceId must name a workspace of workspace-service that the caller may
     * read, i.e. is a member of (422 otherwise: workspace-service answers a non-member as if it did not exist),
     * checked with the caller's token before any write.
     */
    public Uni<Outcome<Course>> putCourse(Caller caller, String courseId, CourseChanges changes) {
        AccessRules.requireMayChangeCourses(caller);
        Uni<Void> workspaceExists = changes.workspaceId() == null ? Uni.createFrom().voidItem()
                : workspaces.require(WORKSPACE_ID, changes.workspaceId(), caller.authorization()).replaceWithVoid();
        return workspaceExists.chain(() -> createOrUpdate(courseId, changes, Timestamps.format(clock.instant())))
                .onFailure().transform(failure -> Refusals.coursePut(failure, courseId,
                        changes.term(), changes.capacity()));
    }

    private Uni<Outcome<Course>> createOrUpdate(String courseId, CourseChanges changes, String now) {
        return courses.createCourse(courseId, changes, now,
                        CourseDeletion.notBeingDeleted(courseId))
                .map(course -> new Outcome<>(course, true))
                .onFailure(failure -> Refusals.is(failure, CourseRepository.NEW_COURSE))
                .recoverWithUni(failure -> courses.updateCourse(courseId, changes, now)
                        .map(course -> new Outcome<>(course, false)));
    }
}
