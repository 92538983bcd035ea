package dev.trident.social.service;

import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.Timestamps;
import dev.trident.social.model.MonthlyStats;
import dev.trident.social.model.Profile;
import dev.trident.social.model.ProfileWithPosts;
import dev.trident.social.repository.StatsRepository;
import dev.trident.social.repository.UserRepository;
import dev.trident.support.dynamo.TableBusy;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** Rules for profiles: unique handles (case-insensitive), optimistic updates, batch reads, monthly stats. */
@ApplicationScoped
public class UserService {

    private final UserRepository users;
    private final StatsRepository stats;
    private final Cursors cursors;
    private final Clock clock;

    UserService(UserRepository users, StatsRepository stats, Cursors cursors, Clock clock) {
        this.users = users;
        this.stats = stats;
        this.cursors = cursors;
        this.clock = clock;
    }

    /**
     * The caller's own profile: its id is the token's {@code sub}; 409 when the caller has one already.
     */
    public Uni<Profile> create(Caller caller, String handle, String displayName, String bio) {
        String now = Timestamps.format(clock.instant());
        Profile profile = new Profile(AccessRules.callerId(caller), handle, displayName, emptyToNull(bio), 1, now, now);
        return users.createUser(profile)
                .onFailure().transform(e -> Refusals.userCreate(e, profile.userId()))
                .replaceWith(profile);
    }

    public Uni<Profile> get(String userId) {
        return users.userProfile(userId).onItem().ifNull().failWith(() -> Refusals.notFound("user", userId));
    }

    /** The profile and its newest posts; the posts' cursor continues at {@code /users/{userId}/posts}. */
    public Uni<ProfileWithPosts> getWithNewestPosts(String userId, PageRequest page) {
        if (page.hasCursor()) {
            throw ProblemException.badRequest("cursor", "continue the posts at /users/{userId}/posts");
        }
        return users.userWithNewestPosts(userId, page.limit())
                .onItem().ifNull().failWith(() -> Refusals.notFound("user", userId))
                .map(found -> new ProfileWithPosts(found.profile(),
                        cursors.page(SocialKeys.USER_WITH_NEWEST_POSTS.cursorScope(userId), found.posts())));
    }

    public Uni<Profile> byHandle(String handle) {
        return users.userByHandle(handle).onItem().ifNull()
                .failWith(() -> ProblemException.notFound("no user has the handle " + handle));
    }

    /** Only the owner changes a profile (403 for anyone else, before anything is read or written). */
    public Uni<Profile> update(Caller caller, String userId, String displayName, String bio, Long expectedVersion) {
        AccessRules.requireSelf(caller, userId);
        return users.updateUser(userId, displayName, bio, expectedVersion, Timestamps.format(clock.instant()))
                .onFailure().transform(e -> Refusals.userChange(e, userId));
    }

    /** Profiles for up to 100 ids in the order asked, duplicates collapsed; unknown ids are listed, not errors. */
    public Uni<BatchResult> batchGet(List<String> userIds) {
        List<String> ids = List.copyOf(new LinkedHashSet<>(userIds));
        return users.usersByIds(ids)
                .onFailure(TableBusy.class).transform(e -> Refusals.profilesNotAllRead())
                .map(found -> {
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

    /**
     * Counters of {@code month} (null: the current UTC month). A month with nothing counted (or an unknown user)
     * answers zeros: a read never counts.
     */
    public Uni<MonthlyStats> stats(String userId, String month) {
        String wanted = month == null ? Months.of(clock.instant()) : month;
        return stats.monthlyStats(userId, wanted).onItem().ifNull()
                .continueWith(() -> new MonthlyStats(userId, wanted, 0, 0));
    }

    public record BatchResult(List<Profile> items, List<String> missing) {
    }

    static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
