package dev.trident.social.repository;

import static dev.trident.keys.TableSchema.PK;
import static dev.trident.keys.TableSchema.SK;
import static dev.trident.keys.TableSchema.TYPE;
import static dev.trident.social.repository.SocialEntities.AUTHOR_ID;
import static dev.trident.social.repository.SocialEntities.COMMENT_ID;
import static dev.trident.social.repository.SocialEntities.POST_AUTHOR_ID;
import static dev.trident.social.repository.SocialEntities.POST_ID;
import static dev.trident.social.repository.SocialEntities.USER_ID;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.expr.Conditions;
import dev.trident.social.model.Profile;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.erasure.ErasureRecord;
import dev.trident.support.erasure.ErasureRecords;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * What an account's erasure reads and writes in social-service's part of the table: the request (profile and handle
 * claim gone, erasure record and tasks written, one transaction), then the account's partition page by page and its
 * comments elsewhere through GSI1.
 */
@ApplicationScoped
public class AccountErasureRepository {

    /** The profile to erase is gone (another request erased it first). */
    public static final String ERASED_PROFILE = "erased-profile";
    private static final String RELEASED_HANDLE = "released-handle";

    /** Items of the account's partition read (and then deleted) at once. */
    public static final int PAGE = 100;

    private final DynamoTable table;

    AccountErasureRepository(DynamoTable table) {
        this.table = table;
    }

    /**
     * The erasure request: one TransactWriteItems = Delete the profile ({@code attribute_exists(PK)}, refused as
     * {@link #ERASED_PROFILE}) + Delete its handle claim (only while it names this user, so a handle claimed since
     * by someone else stays theirs; with If-Match also {@code version = :expected}) + Put the erasure record + Put a
     * task in each service's pending-work partition. From then on the account is gone for every reader (no profile: no
     * new post, comment, membership, enrolment) and its handle is free; the rest is erased by the tasks.
     */
    public Uni<Void> requestErasure(Profile profile, Long expectedVersion, ErasureRecord record) {
        return table.transact(SocialKeys.ERASURE_REQUEST, Transaction.of()
                .delete(ERASED_PROFILE, SocialKeys.userProfile(profile.userId()), expectedVersion == null
                        ? Conditions.ITEM_EXISTS : Conditions.ITEM_EXISTS.and(Conditions.versionEquals(expectedVersion)))
                .delete(RELEASED_HANDLE, SocialKeys.handleClaim(SocialKeys.canonicalHandle(profile.handle())),
                        Conditions.or(Conditions.ITEM_NOT_EXISTS,
                                Conditions.equalTo(USER_ID.name(), USER_ID.encode(profile.userId()))))
                .include(ErasureRecords.request(record)));
    }

    /** One item of the account's partition, by kind. */
    public record UserItem(ItemKey key, EntityType type, String postId) {
    }

    /**
     * The first {@link #PAGE} items left in {@code USER#<userId>} (profile, posts, pending post deletions, stats):
     * one Query, keys and type only, strongly consistent. Erased items are deleted before the next page is read, so
     * each page starts at the partition's beginning again.
     */
    public Uni<List<UserItem>> userItems(String userId) {
        return table.query(KeyQuery.of(SocialKeys.ERASURE_USER_ITEMS).project(PK, SK, TYPE, POST_ID.name())
                .limit(PAGE).in(SocialKeys.userPartition(userId)))
                .map(page -> page.items().stream().map(item -> {
                    ItemKey key = ItemKey.of(item);
                    EntityType type = EntityType.classify(key).orElse(null);
                    return new UserItem(key, type, POST_ID.read(item));
                }).toList());
    }

    /** BatchWriteItem deletes, 25 a request, unprocessed items re-sent with backoff. */
    public Uni<Void> deleteAll(List<ItemKey> keys) {
        return table.batchDelete(SocialKeys.ERASURE_USER_ITEMS_DELETE, keys);
    }

    /** A comment the account wrote, as GSI1 lists it. */
    public record AuthoredComment(String postAuthorId, String postId, String commentId) {
    }

    /** A page of the account's comments (any post) and where the next page starts (null: none). */
    public record AuthoredComments(List<AuthoredComment> comments, PageKey next) {
    }

    /**
     * The comments {@code userId} wrote, on any post: one Query on GSI1 {@code GSI1PK = USER#<userId> AND
     * begins_with(GSI1SK, COMMENT#)}, {@link #PAGE} at a time from {@code startKey} (eventually consistent, as every
     * index read: a comment deleted a moment ago may still be listed, and its delete is then refused and skipped).
     */
    public Uni<AuthoredComments> commentsBy(String userId, PageKey startKey) {
        return table.query(KeyQuery.of(SocialKeys.ERASURE_AUTHOR_COMMENTS).limit(PAGE)
                .in(SocialKeys.userPartition(userId)).after(startKey))
                .map(page -> new AuthoredComments(page.items().stream()
                        .filter(item -> userId.equals(AUTHOR_ID.read(item)))
                        .map(item -> new AuthoredComment(POST_AUTHOR_ID.read(item), POST_ID.read(item),
                                COMMENT_ID.read(item)))
                        .toList(),
                        page.next()));
    }
}
