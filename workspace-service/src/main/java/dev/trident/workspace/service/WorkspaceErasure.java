package dev.trident.workspace.service;

import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.repository.MemberRepository;
import dev.trident.workspace.repository.WorkspaceErasureRepository;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

/**
 * Erasing an account's memberships, and deleting a whole workspace (both batch by batch, both idempotent: run
 * again after a crash, they find what is left).
 * <p>
 * Per workspace the account belongs to: the projects it created lose their creator's id and name; then, if it is
 * the only member, the workspace goes with everything in it; else, if it is the last owner, the longest-standing
 * remaining member (admins before members) becomes owner first; then its membership is removed (the member removal
 * every other route uses, so the seat and owner counts move with it).
 */
@ApplicationScoped
public class WorkspaceErasure {

    /** Admins first, then the longest-standing (earliest createdAt), then by user id so the choice is stable. */
    static final Comparator<Member> SUCCESSION = Comparator
            .comparing((Member m) -> m.role() == MemberRole.ADMIN ? 0 : 1)
            .thenComparing(WorkspaceErasure::joined, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(Member::userId);

    /** When a member joined, as an instant (ISO text with and without fractions does not sort by time). */
    static Instant joined(Member m) {
        return m.createdAt() == null ? null : Instant.parse(m.createdAt());
    }

    private final WorkspaceErasureRepository repository;
    private final MemberRepository members;
    private final WorkspaceDeletion deletion;
    private final Clock clock;

    WorkspaceErasure(WorkspaceErasureRepository repository, MemberRepository members, WorkspaceDeletion deletion,
            Clock clock) {
        this.repository = repository;
        this.members = members;
        this.deletion = deletion;
        this.clock = clock;
    }

    /** Every membership of {@code userId}, a page of workspaces at a time, in one pass over GSI1. */
    public Uni<Void> eraseMemberships(String userId, LongFunction<Uni<Void>> progress) {
        return eraseMemberships(userId, null, progress);
    }

    private Uni<Void> eraseMemberships(String userId, PageKey after, LongFunction<Uni<Void>> progress) {
        return repository.workspacesOf(userId, after).chain(page -> Multi.createFrom().iterable(page.workspaceIds())
                .onItem().transformToUniAndConcatenate(wsId -> leave(wsId, userId, true).chain(progress::apply))
                .collect().last()
                .chain(() -> page.next() == null ? Uni.createFrom().voidItem()
                        : eraseMemberships(userId, page.next(), progress)));
    }

    /**
     * One workspace: emits the items erased or changed there. As its only member, the account's workspace is deleted
     * ({@link WorkspaceDeletion#deleteAsOnlyMember}); when that did not finish at once (someone joined meanwhile, or
     * the rest is left to the deletion's task) the workspace is looked at once more.
     */
    private Uni<Long> leave(String wsId, String userId, boolean mayLookAgain) {
        return repository.shards(wsId).chain(shards -> members.member(wsId, userId).chain(own -> {
            if (own == null) {
                return Uni.createFrom().item(0L); // the index was behind: nothing of the account here
            }
            if (shards == null) {
                // The workspace is being deleted (META gone): only the account's edge is of concern here.
                return repository.deleteAll(List.of(WorkspaceKeys.member(wsId, userId))).replaceWith(1L);
            }
            return othersThan(own).chain(others -> others.none()
                    ? deletion.deleteAsOnlyMember(wsId, shards).chain(done -> done || !mayLookAgain
                            ? Uni.createFrom().item(1L) : leave(wsId, userId, false))
                    : anonymiseProjects(wsId, shards, userId).call(() -> handOver(own, others))
                            .call(() -> removeMembership(own)).map(changed -> changed + 1));
        }));
    }

    /** The other members, read a page at a time and kept as only what the hand-over needs. */
    private Uni<OtherMembers> othersThan(Member leaving) {
        return repository.memberPages(leaving.workspaceId())
                .collect().in(() -> new OtherMembers(leaving.userId()), OtherMembers::add);
    }

    /**
     * What a departure needs to know of the other members: whether there are any, the longest-standing other owner,
     * and who would succeed the last owner. Its size does not grow with the workspace (seatLimit may be a million).
     */
    static final class OtherMembers {

        private static final Comparator<Member> EARLIEST = Comparator.comparing(WorkspaceErasure::joined,
                Comparator.nullsLast(Comparator.naturalOrder()));

        private final String leaving;
        private Member earliestOwner;
        private Member successor;

        OtherMembers(String leaving) {
            this.leaving = leaving;
        }

        void add(List<Member> page) {
            for (Member m : page) {
                if (m.userId().equals(leaving)) {
                    continue;
                }
                if (m.role() == MemberRole.OWNER && (earliestOwner == null || EARLIEST.compare(m, earliestOwner) < 0)) {
                    earliestOwner = m;
                }
                if (successor == null || SUCCESSION.compare(m, successor) < 0) {
                    successor = m;
                }
            }
        }

        boolean none() {
            return successor == null;
        }
    }

    /**
     * Where the account is the last owner, its successor becomes owner (before the account's edge goes); META's
     * {@code ownerId}, where it names the account, names the owner who carries on (the longest-standing one).
     */
    private Uni<Void> handOver(Member leaving, OtherMembers others) {
        String now = Timestamps.format(clock.instant());
        if (others.earliestOwner != null) {
            return repository.replaceOwnerId(leaving.workspaceId(), leaving.userId(), others.earliestOwner.userId(),
                    now);
        }
        // The account is the last owner (a workspace always has one).
        Member successor = others.successor;
        Member promoted = new Member(successor.workspaceId(), successor.userId(), MemberRole.OWNER,
                successor.version() + 1, successor.createdAt(), now);
        return members.putMember(successor, promoted)
                .chain(() -> repository.replaceOwnerId(leaving.workspaceId(), leaving.userId(), successor.userId(), now));
    }

    /** The member removal of every route; already gone is fine. */
    private Uni<Void> removeMembership(Member own) {
        return members.removeMember(own).onFailure(WriteRefused.class)
                .recoverWithUni(refused -> members.member(own.workspaceId(), own.userId())
                        .chain(now -> now == null ? Uni.createFrom().voidItem() : Uni.createFrom().failure(refused)));
    }

    /** The projects the account created, shard by shard and a page at a time, keep their place but not its name. */
    private Uni<Long> anonymiseProjects(String wsId, int shards, String userId) {
        String now = Timestamps.format(clock.instant());
        List<Uni<Long>> perShard = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            perShard.add(repository.projectPagesCreatedBy(wsId, shard, shards, userId)
                    .onItem().transformToUniAndConcatenate(page -> Multi.createFrom().iterable(page)
                            .onItem().transformToUniAndConcatenate(p -> repository.anonymiseCreator(p, userId, now))
                            .collect().asList().replaceWith((long) page.size()))
                    .collect().with(Collectors.summingLong(Long::longValue)));
        }
        return Uni.join().all(perShard).andFailFast().map(counts -> counts.stream().mapToLong(Long::longValue).sum());
    }
}
