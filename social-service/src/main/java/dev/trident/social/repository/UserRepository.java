package dev.trident.social.repository;

import static dev.trident.social.repository.SocialEntities.BIO;
import static dev.trident.social.repository.SocialEntities.DISPLAY_NAME;
import static dev.trident.social.repository.SocialEntities.HANDLE_CLAIM;
import static dev.trident.social.repository.SocialEntities.PROFILE;

import dev.trident.keys.IndexKey;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.social.config.SocialConfig;
import dev.trident.social.model.Post;
import dev.trident.social.model.Profile;
import dev.trident.social.repository.SocialEntities.HandleClaim;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.Slice;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.VersionedChange;
import dev.trident.support.erasure.ErasureRecords;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Profiles and the handles that make them unique. */
@ApplicationScoped
public class UserRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them.
    /** The profile to create exists already. */
    public static final String NEW_PROFILE = "new-profile";
    /** Another profile holds the handle (in any case). */
    public static final String HANDLE_TAKEN = "handle-claim";
    /** The profile to change is gone ({@code itemExists() == false}) or at another version. */
    public static final String PROFILE_CHANGE = "profile";

    private final DynamoTable table;
    private final SocialConfig.BatchGet batchGet;

    UserRepository(DynamoTable table, SocialConfig config) {
        this.table = table;
        this.batchGet = config.batchGet();
        if (batchGet.chunkSize() < 1 || batchGet.chunkSize() > DynamoTable.BATCH_GET_LIMIT) {
            throw new IllegalArgumentException(
                    "trident.social.batch-get.chunk-size must be 1.." + DynamoTable.BATCH_GET_LIMIT);
        }
    }

    /** A profile and the first page of its posts, newest first. */
    public record ProfileAndPosts(Profile profile, Slice<Post> posts) {
    }

    /**
     * Create a profile with a unique handle: one TransactWriteItems = Put profile + Put handle claim, both
     * {@code attribute_not_exists(PK)}, + ConditionCheck that no erasure of the id is still running (its record
     * absent or DONE: an erasure deletes everything in {@code USER#<id>}, so a profile created meanwhile would be
     * erased with the old account while its new handle claim stayed).
     * Refused as {@link #NEW_PROFILE}, {@link #HANDLE_TAKEN} or by the erasure check
     * ({@link dev.trident.support.work.Reservations#refused}).
     */
    public Uni<Void> createUser(Profile profile) {
        return table.transact(SocialKeys.USER_CREATE, Transaction.of()
                .create(NEW_PROFILE, PROFILE, profile)
                .create(HANDLE_TAKEN, HANDLE_CLAIM.toItem(HandleClaim.of(profile)))
                .include(ErasureRecords.noErasureRunning(profile.userId())));
    }

    /** Get a profile: one GetItem, strongly consistent (it carries the ETag). Emits null when absent. */
    public Uni<Profile> userProfile(String userId) {
        return table.get(SocialKeys.USER_PROFILE, PROFILE, SocialKeys.userProfile(userId));
    }

    /**
     * A profile and its newest posts in one read: one Query {@code PK = USER#id AND SK BETWEEN POST# AND PROFILE},
     * descending, strongly consistent (the answer carries the profile's ETag), so the profile comes first and the
     * posts newest first;
     * {@code Limit} = the profile + {@code limit} posts + one more to prove a next page exists. Emits null when
     * there is no profile.
     */
    public Uni<ProfileAndPosts> userWithNewestPosts(String userId, int limit) {
        return table.query(KeyQuery.of(SocialKeys.USER_WITH_NEWEST_POSTS).between(SocialKeys.postsPrefix(),
                SocialKeys.PROFILE).in(SocialKeys.userPartition(userId)).limit(limit + 2))
                .map(page -> {
                    var items = page.items();
                    if (items.isEmpty() || !PROFILE.holds(items.get(0))) {
                        return null;
                    }
                    return new ProfileAndPosts(PROFILE.fromItem(items.get(0)),
                            Slice.fromQuery(items.subList(1, items.size()), limit, null, page.next(),
                                    SocialEntities.POST::fromItem));
                });
    }

    /**
     * Find a profile by handle (any case): one Query on GSI1 {@code GSI1PK = HANDLE#<handle> AND GSI1SK = PROFILE},
     * eventually consistent (every GSI read is). Emits null when no profile has the handle.
     */
    public Uni<Profile> userByHandle(String handle) {
        IndexKey key = SocialKeys.userByHandle(SocialKeys.canonicalHandle(handle));
        return table.query(KeyQuery.of(SocialKeys.USER_BY_HANDLE).limit(1).in(key.pk()).sortKeyEquals(key.sk()))
                .map(page -> page.items().isEmpty() ? null : PROFILE.fromItem(page.items().get(0)));
    }

    /**
     * Change a profile's displayName and/or bio (null leaves a field, an empty bio removes it): one UpdateItem
     * conditioned on {@code attribute_exists(PK)} and, with If-Match, {@code version = :expected}; bumps version
     * and updatedAt. Refused as {@link #PROFILE_CHANGE}, with the item it met (none: the profile is gone).
     */
    public Uni<Profile> updateUser(String userId, String displayName, String bio, Long expectedVersion, String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder().setIfGiven(DISPLAY_NAME, displayName)
                .setIfGiven(BIO, bio);
        return table.update(SocialKeys.USER_UPDATE, PROFILE_CHANGE, SocialKeys.userProfile(userId),
                VersionedChange.of(update, expectedVersion, now)).map(PROFILE::fromItem);
    }

    /**
     * Up to 100 profiles by id: one BatchGetItem per chunk of {@code trident.social.batch-get.chunk-size} keys
     * (chunks in parallel, eventually consistent); unprocessed keys are re-sent with backoff until
     * {@code trident.social.batch-get.time-budget} runs out (TableBusy). Emits the profiles found by id; absent ids
     * are not in the map.
     */
    public Uni<Map<String, Profile>> usersByIds(List<String> userIds) {
        return table.batchGet(SocialKeys.USERS_BY_IDS, userIds.stream().map(SocialKeys::userProfile).toList(),
                batchGet.chunkSize(), batchGet.timeBudget()).map(items -> {
                    Map<String, Profile> found = new HashMap<>();
                    items.forEach(item -> {
                        Profile profile = PROFILE.fromItem(item);
                        found.put(profile.userId(), profile);
                    });
                    return found;
                });
    }
}
