package dev.trident.enrollment.service;

import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.repository.EnrollmentRepository;
import dev.trident.enrollment.repository.StudentErasureRepository.StudentItem;
import dev.trident.enrollment.repository.StudentErasureRepository;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.Timestamps;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.support.work.Reservations;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Erases a student: every enrollment edge, each with its course's {@code enrolledCount} in one transaction (the drop),
 * then the profile; page by page, so nothing grows with the student. Graded enrollments are academic records: a sweep
 * that {@linkplain Graded#KEEP keeps} them (the account erasure, and the student's own deletion) leaves each graded
 * edge in place, decided by the condition of the drop's own transaction, so a grade set after the page was read still
 * keeps its edge. Idempotent: run again, it finds what is left. Used by the account erasure and by
 * {@code DELETE /students/{id}}.
 */
@ApplicationScoped
public class StudentErasure {

    static final int CONCURRENCY = 8;

    /** What a sweep does with a graded enrollment. */
    public enum Graded {
        /** Removed with the rest: only the registrar's deletion of another student. */
        REMOVE,
        /** Left in place and counted: the account erasure, and a student deleting themselves. */
        KEEP
    }

    private final StudentErasureRepository students;
    private final EnrollmentRepository enrollments;
    private final Clock clock;

    StudentErasure(StudentErasureRepository students, EnrollmentRepository enrollments, Clock clock) {
        this.students = students;
        this.enrollments = enrollments;
        this.clock = clock;
    }

    /**
     * For a write that attaches something to a student: refused while the erasure of their account still has
     * enrollment's part to do (its task in enrollment's pending-work partition is there until the part is done).
     */
    static Transaction.Part notBeingErased(String studentId) {
        return Reservations.free(StudentDeletion.SERVICE, ErasureRecords.KIND, studentId);
    }

    /**
     * Erases {@code studentId}'s items; {@code progress} is told each page's count of items removed (and may fail to
     * stop the work). Emits how many graded enrollments were kept (always 0 with {@link Graded#REMOVE}).
     */
    public Uni<Long> erase(String studentId, Graded graded, LongFunction<Uni<Void>> progress) {
        return erase(studentId, graded, progress, null, 0L);
    }

    private Uni<Long> erase(String studentId, Graded graded, LongFunction<Uni<Void>> progress,
            PageKey after, long keptSoFar) {
        return students.studentItems(studentId, after).chain(page -> {
            if (page.isEmpty()) {
                return Uni.createFrom().item(keptSoFar);
            }
            List<Uni<Boolean>> drops = page.items().stream()
                    .filter(item -> item.type() == EntityType.ENROLLMENT && item.courseId() != null)
                    .map(item -> graded == Graded.KEEP && item.graded() ? Uni.createFrom().item(false)
                            : drop(studentId, item, graded))
                    .toList();
            Uni<List<Boolean>> dropped = drops.isEmpty() ? Uni.createFrom().item(List.of())
                    : Uni.join().all(drops).usingConcurrencyOf(CONCURRENCY).andFailFast();
            List<dev.trident.keys.ItemKey> rest = page.items().stream()
                    .filter(item -> item.type() != EntityType.ENROLLMENT).map(StudentItem::key).toList();
            return dropped.chain(removed -> {
                long kept = removed.stream().filter(r -> !r).count();
                long gone = page.items().size() - kept;
                return students.deleteAll(rest)
                        .chain(() -> progress.apply(gone))
                        .chain(() -> page.next() == null ? Uni.createFrom().item(keptSoFar + kept)
                                : erase(studentId, graded, progress, page.next(), keptSoFar + kept));
            });
        });
    }

    /**
     * The drop's transaction (edge + {@code ADD enrolledCount -1}); with {@link Graded#KEEP} under
     * {@code attribute_not_exists(grade)}, as a student's own drop. Emits false when the edge stays because it is
     * graded, true otherwise: an edge already gone is skipped; an edge whose course is gone (or counts nobody) is
     * deleted alone (its course's deletion removes it anyway).
     */
    private Uni<Boolean> drop(String studentId, StudentItem edge, Graded graded) {
        String now = Timestamps.format(clock.instant());
        return enrollments.drop(studentId, edge.courseId(), null, graded == Graded.REMOVE, now)
                .replaceWith(true)
                .onFailure(WriteRefused.class).recoverWithUni(failure -> {
                    WriteRefused refused = (WriteRefused) failure;
                    if (refused.conditionFailed(EnrollmentRepository.DROPPED_ENROLLMENT)) {
                        Enrollment met = EnrollmentRepository.enrollmentMet(refused,
                                EnrollmentRepository.DROPPED_ENROLLMENT);
                        return Uni.createFrom().item(met == null || !met.hasGrade());
                    }
                    return students.deleteAll(List.of(EnrollmentKeys.enrollment(studentId, edge.courseId())))
                            .replaceWith(true);
                });
    }
}
