package dev.trident.keys;

import static dev.trident.keys.EntityType.IDEMPOTENCY;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Keys of idempotency records. A client's key is scoped to the caller and the route, and is free text (any printable
 * ASCII), so the partition is the SHA-256 of the three, never the key itself: no client text reaches a key.
 */
public final class IdempotencyKeys {
    public static final String RECORD = IDEMPOTENCY.sortKey();

    private IdempotencyKeys() {
    }

    /** {@code IDEM#<hex sha256(callerId NUL route NUL key)>} / {@code IDEM}. */
    public static ItemKey record(String callerId, String route, String idempotencyKey) {
        Ids.require("callerId", callerId);
        if (route == null || route.isEmpty() || idempotencyKey == null || idempotencyKey.isEmpty()) {
            throw new InvalidKeyException("idempotencyKey", "route and key must not be empty");
        }
        return new ItemKey(IDEMPOTENCY.pkPrefix() + sha256(callerId + '\0' + route + '\0' + idempotencyKey), RECORD);
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
