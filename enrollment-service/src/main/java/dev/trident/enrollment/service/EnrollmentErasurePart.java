package dev.trident.enrollment.service;

import dev.trident.support.erasure.ErasurePart;
import dev.trident.support.erasure.ErasureRecords;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * enrollment-service's part of an account's erasure: the account as a student ({@link StudentErasure}), its profile
 * and every ungraded enrollment; graded enrollments are kept (academic records under the legal-retention exception)
 * and counted on the record ({@code parts.enrollment.itemsKept}).
 */
@Singleton
public class EnrollmentErasurePart extends ErasurePart {

    private final StudentErasure students;

    EnrollmentErasurePart(ErasureRecords records, Clock clock, MeterRegistry registry, StudentErasure students) {
        super(records, clock, registry);
        this.students = students;
    }

    @Override
    protected String part() {
        return "enrollment";
    }

    @Override
    protected Uni<Void> erase(String userId, Progress progress) {
        return students.erase(userId, StudentErasure.Graded.KEEP, progress::erased)
                .invoke(progress::kept)
                .replaceWithVoid();
    }
}
