package dev.trident.social.service;

import dev.trident.social.repository.AccountErasureRepository;
import dev.trident.social.repository.UserRepository;
import dev.trident.support.dynamo.WriteContended;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.erasure.ErasureRecord;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.problem.RetryAfter;
import dev.trident.support.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * Erasing an account (DESIGN.md "Erasure"): the user themselves or {@code admin} asks, anyone else is answered 404
 * (an erasure is nobody else's business, not even whether there is one). The request is answered once the erasure
 * record and a task for every service are written (with the profile and handle claim gone); each service then does
 * its part from its pending-work partition.
 */
@ApplicationScoped
public class AccountErasureService {

    private final UserRepository users;
    private final AccountErasureRepository erasures;
    private final ErasureRecords records;
    private final Clock clock;

    AccountErasureService(UserRepository users, AccountErasureRepository erasures, ErasureRecords records,
            Clock clock) {
        this.users = users;
        this.erasures = erasures;
        this.records = records;
        this.clock = clock;
    }

    /**
     * Requests the erasure of {@code userId}; emits the record to point at. An erasure already pending (or a
     * finished one, when there is no profile any more) is answered as it stands, nothing written: asking twice is
     * one erasure. No profile and no record: 404. With {@code expectedVersion} (If-Match), only the profile at that
     * version is erased: 412 when it is at another, decided by the read and again by the condition of the request's
     * own transaction.
     */
    public Uni<ErasureRecord> request(Caller caller, String userId, Long expectedVersion) {
        requireSelfOrAdmin(caller, userId);
        return Uni.combine().all().unis(users.userProfile(userId), records.read(userId)).asTuple()
                .chain(found -> {
                    var profile = found.getItem1();
                    ErasureRecord existing = found.getItem2();
                    if (existing != null && (!existing.finished() || profile == null)) {
                        return Uni.createFrom().item(existing);
                    }
                    if (profile == null) {
                        return Uni.createFrom().failure(noErasure(userId));
                    }
                    if (expectedVersion != null && profile.version() != expectedVersion) {
                        return Uni.createFrom().failure(ProblemException.preconditionFailed("user " + userId
                                + " is at version " + profile.version() + ", If-Match asked for " + expectedVersion
                                + "; nothing was erased"));
                    }
                    ErasureRecord record = ErasureRecords.requested(userId, clock.instant());
                    return erasures.requestErasure(profile, expectedVersion, record).replaceWith(record)
                            .onFailure(e -> e instanceof WriteRefused || e instanceof WriteContended)
                            .recoverWithUni(() -> records.read(userId).onItem().ifNull()
                                    .failWith(() -> ProblemException.conflict(
                                            "the account changed while its erasure was requested: try again",
                                            RetryAfter.MOMENT)));
                });
    }

    /** The progress of {@code userId}'s erasure: the user or {@code admin}; 404 for anyone else or when none. */
    public Uni<ErasureRecord> progress(Caller caller, String userId) {
        requireSelfOrAdmin(caller, userId);
        return records.read(userId).onItem().ifNull().failWith(() -> noErasure(userId));
    }

    private static void requireSelfOrAdmin(Caller caller, String userId) {
        if (!caller.is(userId) && !caller.hasRole(Caller.ADMIN)) {
            throw noErasure(userId);
        }
    }

    private static ProblemException noErasure(String userId) {
        return ProblemException.notFound("no erasure of user " + userId);
    }
}
