package dev.trident.keys;

import static dev.trident.keys.KeyParts.USER_ID;

import java.util.List;

/** The key of an account's erasure record: {@code ERASURE#<userId>} / {@code ERASURE}. */
public final class ErasureKeys {
    static final KeyTemplate RECORD_PARTITION = KeyTemplate.of("ERASURE", USER_ID);
    /** The record of an account's erasure: id and progress only; expires 30 days after it is written. */
    static final EntityKeys ERASURE_KEYS = EntityKeys.of(RECORD_PARTITION, KeyTemplate.of("ERASURE"));
    public static final String RECORD = ERASURE_KEYS.sk().prefix();

    public static final ItemCollection ERASURE_COLLECTION = ItemCollection.of("ERASURE", null,
            "the record of one account's erasure: its progress per service", RECORD_PARTITION, null);
    public static final List<ItemCollection> COLLECTIONS = List.of(ERASURE_COLLECTION);
    /** An account's erasure record, read strongly (GetItem). */
    public static final AccessPattern ERASURE_RECORD = AccessPattern.reads("erasure-record", ERASURE_COLLECTION)
            .consistent();
    public static final AccessPattern ERASURE_PROGRESS = AccessPattern.named("erasure-progress");
    /** The erasure of an account, done by each service asynchronously from its pending work. */
    static final String ERASE_ACCOUNT = "DELETE /users/{userId} (this service's erasure part, from its pending work)";

    private ErasureKeys() {
    }

    /** {@code ERASURE#<userId>} / {@code ERASURE}. */
    public static ItemKey record(String userId) {
        return ERASURE_KEYS.build(userId);
    }

    public static String parseRecordPk(String pk) {
        return RECORD_PARTITION.read("userId", pk).get(USER_ID);
    }
}
