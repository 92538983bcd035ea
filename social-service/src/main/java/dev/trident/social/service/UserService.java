package dev.trident.social.service;

import dev.trident.keys.Ids;
import dev.trident.keys.Months;
import dev.trident.social.model.MonthlyStats;
import dev.trident.social.model.Profile;
import dev.trident.social.model.ProfileWithPosts;
import dev.trident.social.model.WriteRejected;
import dev.trident.social.repository.SocialRepository;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Rules for profiles: unique handles (case-insensitive), optimistic updates, batch reads, monthly stats. */
@ApplicationScoped
public class UserService {

    /** DynamoDB's BatchGetItem limit, and so the most ids one batch-get request may name. */
    public static final int MAX_BATCH_IDS = 100;

    private final SocialRepository repository;
    private final AccessRules rules;
    private final Clock clock;

    UserService(SocialRepository repository, AccessRules rules, Clock clock) {
        this.repository = repository;
        this.rules = rules;
        this.clock = clock;
    }

    /** The caller's own profile: its id is the token's {@code sub}; 409 when the caller has one already. */
    public Uni<Profile> create(String handle, String displayName, String bio) {
        String now = clock.instant().toString();
        Profile profile = new Profile(rules.callerId(), handle, displayName, emptyToNull(bio), 1, now, now);
        return repository.createUser(profile)
                .onFailure(WriteRejected.class).transform(e -> Rejections.toProblem(e, "user", profile.userId()))
                .replaceWith(profile);
    }

    public Uni<Profile> get(String userId) {
        return repository.userProfile(userId).onItem().ifNull().failWith(() -> notFound(userId));
    }

    public Uni<ProfileWithPosts> getWithNewestPosts(String userId, PageRequest page) {
        if (page.hasCursor()) {
            throw ProblemException.badRequest("cursor", "continue the posts at /users/{userId}/posts");
        }
        return repository.userWithNewestPosts(userId, page.limit()).onItem().ifNull().failWith(() -> notFound(userId));
    }

    public Uni<Profile> byHandle(String handle) {
        return repository.userByHandle(handle).onItem().ifNull()
                .failWith(() -> ProblemException.notFound("no user has the handle " + handle));
    }

    /** Only the owner changes a profile (403 for anyone else, before anything is read or written). */
    public Uni<Profile> update(String userId, String displayName, String bio, Long expectedVersion) {
        Ids.require("userId", userId);
        rules.requireSelf(userId);
        return repository.updateUser(userId, displayName, bio, expectedVersion, clock.instant().toString())
                .onFailure(WriteRejected.class).transform(e -> Rejections.toProblem(e, "user", userId));
    }

    /** Profiles for up to 100 ids in the order asked, duplicates collapsed; unknown ids are listed, not errors. */
    public Uni<BatchResult> batchGet(List<String> userIds) {
        if (userIds.size() > MAX_BATCH_IDS) {
            throw ProblemException.badRequest("ids", "at most " + MAX_BATCH_IDS + " ids per request");
        }
        Set<String> unique = new LinkedHashSet<>();
        for (int i = 0; i < userIds.size(); i++) {
            unique.add(Ids.require("ids[" + i + "]", userIds.get(i)));
        }
        List<String> ids = List.copyOf(unique);
        return repository.usersByIds(ids).map(found -> {
            List<Profile> items = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            for (String id : ids) {
                Profile profile = found.get(id);
                if (profile == null) {
                    missing.add(id);
                } else {
                    items.add(profile);
                }
            }
            return new BatchResult(items, missing);
        });
    }

    /** A month with nothing counted (or an unknown user) answers zeros: a read never counts. */
    public Uni<MonthlyStats> stats(String userId, String month) {
        String wanted = month == null || month.isBlank() ? Months.of(clock.instant()) : Months.validate("month", month);
        Ids.require("userId", userId);
        return repository.monthlyStats(userId, wanted).onItem().ifNull()
                .continueWith(() -> new MonthlyStats(userId, wanted, 0, 0));
    }

    public record BatchResult(List<Profile> items, List<String> missing) {
    }

    private static ProblemException notFound(String userId) {
        return ProblemException.notFound("user " + userId + " does not exist");
    }

    static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
