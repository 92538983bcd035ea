package dev.trident.social.model;

/**
 * A post its owner deleted whose comments may not all be deleted yet, as recorded in the owner's own partition. The
 * repository hands one out only after the transaction that deleted the post (and wrote the record), or when it reads
 * that record back, and deletes comments only for one.
 *
 * @param expectedVersion the If-Match version the delete was made with, or null when it had none
 * @param deletedAt when the post was deleted (ISO-8601)
 */
public record PostDeletionRecord(String userId, String postId, Long expectedVersion, String deletedAt) {
}
