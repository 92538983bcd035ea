package dev.trident.keys;

import static dev.trident.keys.KeyParts.RECORD_HASH;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Keys of idempotency records. A client's key is scoped to the caller and the route, and is free text (any printable
 * ASCII), so the partition is the SHA-256 of the three, never the key itself: no client text reaches a key.
 */
public final class IdempotencyKeys {
    static final KeyTemplate RECORD_PARTITION = KeyTemplate.of("IDEM", RECORD_HASH);
    /** The stored answer of a create sent with an Idempotency-Key, per caller, route and key; expires (TTL). */
    static final EntityKeys IDEMPOTENCY_KEYS = EntityKeys.of(RECORD_PARTITION, KeyTemplate.of("IDEM"));
    public static final String RECORD = IDEMPOTENCY_KEYS.sk().prefix();

    public static final ItemCollection IDEMPOTENCY_COLLECTION = ItemCollection.of("IDEMPOTENCY", null,
            "the stored answer of one create sent with an Idempotency-Key", RECORD_PARTITION, null);
    public static final List<ItemCollection> COLLECTIONS = List.of(IDEMPOTENCY_COLLECTION);
    /** The stored answer of a create sent with an Idempotency-Key (GetItem, strong). */
    public static final AccessPattern IDEMPOTENCY_RECORD = AccessPattern.reads("idempotency-record",
            IDEMPOTENCY_COLLECTION).consistent();

    private IdempotencyKeys() {
    }

    /** {@code IDEM#<hex sha256(callerId NUL route NUL key)>} / {@code IDEM}. */
    public static ItemKey record(String callerId, String route, String idempotencyKey) {
        Ids.require("callerId", callerId);
        if (route == null || route.isEmpty() || idempotencyKey == null || idempotencyKey.isEmpty()) {
            throw new InvalidKeyException("idempotencyKey", "route and key must not be empty");
        }
        return IDEMPOTENCY_KEYS.build(sha256(callerId + '\0' + route + '\0' + idempotencyKey));
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
