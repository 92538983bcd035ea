package dev.trident.enrollment.service;

import dev.trident.enrollment.repository.EnrollmentRepository;
import dev.trident.enrollment.repository.StudentErasureRepository.StudentItem;
import dev.trident.enrollment.repository.StudentErasureRepository;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.support.work.Reservations;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Erases a student: every enrolment edge, each with its course's {@code enrolledCount} in one transaction (the drop),
 * then the profile; page by page, so nothing grows with the student. Idempotent: run again, it finds what is left.
 * Used by the account erasure and by {@code DELETE /students/{id}}.
 */
@ApplicationScoped
public class StudentErasure {

    static final int CONCURRENCY = 8;

    private final StudentErasureRepository students;
    private final EnrollmentRepository enrollments;

    StudentErasure(StudentErasureRepository students, EnrollmentRepository enrollments) {
        this.students = students;
        this.enrollments = enrollments;
    }

    /**
     * For a write that attaches something to a student: refused while the erasure of their account still has
     * enrollment's part to do (its task in enrollment's pending-work partition is there until the part is done).
     */
    static Transaction.Part notBeingErased(String studentId) {
        return Reservations.free(DeletionService.SERVICE, ErasureRecords.KIND, studentId);
    }

    /** Erases {@code studentId}'s items; {@code progress} is told each page's count (and may fail to stop the work). */
    public Uni<Void> erase(String studentId, LongFunction<Uni<Void>> progress) {
        return students.studentItems(studentId).chain(page -> {
            if (page.isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            List<Uni<Void>> drops = page.stream()
                    .filter(item -> item.type() == EntityType.ENROLLMENT && item.courseId() != null)
                    .map(item -> drop(studentId, item))
                    .toList();
            Uni<Void> dropped = drops.isEmpty() ? Uni.createFrom().voidItem()
                    : Uni.join().all(drops).usingConcurrencyOf(CONCURRENCY).andFailFast().replaceWithVoid();
            List<dev.trident.keys.ItemKey> rest = page.stream()
                    .filter(item -> item.type() != EntityType.ENROLLMENT).map(StudentItem::key).toList();
            return dropped.chain(() -> students.deleteAll(rest))
                    .chain(() -> progress.apply(page.size()))
                    .chain(() -> erase(studentId, progress));
        });
    }

    /**
     * The drop's transaction (edge + {@code ADD enrolledCount -1}), graded or not; an edge already gone is skipped;
     * an edge whose course is gone (or counts nobody) is deleted alone.
     */
    private Uni<Void> drop(String studentId, StudentItem edge) {
        return enrollments.drop(studentId, edge.courseId(), null, true)
                .onFailure(WriteRefused.class).recoverWithUni(refused -> {
                    if (((WriteRefused) refused).conditionFailed(EnrollmentRepository.DROPPED_ENROLMENT)) {
                        return Uni.createFrom().voidItem();
                    }
                    return students.deleteAll(List.of(EnrollmentKeys.enrollment(studentId, edge.courseId())));
                });
    }
}
