package dev.trident.workspace.service;

import dev.trident.keys.ItemKey;
import dev.trident.keys.Shards;
import dev.trident.keys.WorkspaceKeys;
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
import java.util.Optional;
import java.util.function.LongFunction;

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

    /** Every membership of {@code userId}, a page of workspaces at a time. */
    public Uni<Void> eraseMemberships(String userId, LongFunction<Uni<Void>> progress) {
        return repository.workspacesOf(userId).chain(page -> page.isEmpty() ? Uni.createFrom().voidItem()
                : Multi.createFrom().iterable(page)
                        .onItem().transformToUniAndConcatenate(wsId -> leave(wsId, userId, true).chain(progress::apply))
                        .collect().last()
                        .chain(() -> eraseMemberships(userId, progress)));
    }

    /**
     * One workspace: emits the items erased or changed there. As its only member, the account's workspace is deleted
     * ({@link WorkspaceDeletion#deleteAsOnlyMember}); when that did not finish at once (someone joined meanwhile, or
     * the rest is left to the deletion's task) the workspace is looked at once more.
     */
    private Uni<Long> leave(String wsId, String userId, boolean mayLookAgain) {
        return repository.shards(wsId).chain(shards -> repository.members(wsId).chain(all -> {
            Optional<Member> own = all.stream().filter(m -> m.userId().equals(userId)).findFirst();
            if (own.isEmpty()) {
                return Uni.createFrom().item(0L); // the index was behind: nothing of the account here
            }
            List<Member> others = all.stream().filter(m -> !m.userId().equals(userId)).toList();
            if (shards == null) {
                // The workspace is being deleted (META gone): only the account's edge is of concern here.
                return repository.deleteAll(List.of(WorkspaceKeys.member(wsId, userId))).replaceWith(1L);
            }
            if (others.isEmpty()) {
                return deletion.deleteAsOnlyMember(wsId, shards).chain(done -> done || !mayLookAgain
                        ? Uni.createFrom().item(1L) : leave(wsId, userId, false));
            }
            return anonymiseProjects(wsId, shards, userId)
                    .chain(changed -> handOver(own.get(), others).chain(() -> removeMembership(own.get()))
                            .replaceWith(changed + 1));
        }));
    }

    /**
     * Where the account is the last owner, its successor becomes owner (before the account's edge goes); META's
     * {@code ownerId}, where it names the account, names the owner who carries on (the longest-standing one).
     */
    private Uni<Void> handOver(Member leaving, List<Member> others) {
        String now = clock.instant().toString();
        Optional<Member> otherOwner = others.stream().filter(m -> m.role() == MemberRole.OWNER)
                .min(Comparator.comparing(WorkspaceErasure::joined, Comparator.nullsLast(Comparator.naturalOrder())));
        if (otherOwner.isPresent()) {
            return repository.replaceOwnerId(leaving.workspaceId(), leaving.userId(), otherOwner.get().userId(), now);
        }
        // The account is the last owner (a workspace always has one).
        Member successor = others.stream().min(SUCCESSION).orElseThrow();
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

    private Uni<Long> anonymiseProjects(String wsId, int shards, String userId) {
        String now = clock.instant().toString();
        List<Uni<Long>> perShard = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            int s = shard;
            perShard.add(repository.projectsCreatedBy(wsId, s, shards, userId).chain(projects -> projects.isEmpty()
                    ? Uni.createFrom().item(0L)
                    : Multi.createFrom().iterable(projects)
                            .onItem().transformToUniAndConcatenate(p -> repository.anonymiseCreator(p, userId, now))
                            .collect().asList().map(done -> (long) projects.size())));
        }
        return Uni.join().all(perShard).andFailFast().map(counts -> counts.stream().mapToLong(Long::longValue).sum());
    }
}
