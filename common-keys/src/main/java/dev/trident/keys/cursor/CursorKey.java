package dev.trident.keys.cursor;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/** One HMAC key for cursors: a short public id (carried in the token) and a secret of at least 32 bytes. */
public record CursorKey(String id, byte[] secret) {
    public static final int MIN_SECRET_BYTES = 32;

    public CursorKey {
        Objects.requireNonNull(id, "id");
        if (!id.matches("[A-Za-z0-9_-]{1,16}")) {
            throw new IllegalArgumentException("cursor key id must be 1..16 of [A-Za-z0-9_-]");
        }
        if (secret == null || secret.length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("cursor key " + id + " needs a secret of at least "
                    + MIN_SECRET_BYTES + " bytes");
        }
        secret = secret.clone();
    }

    public static CursorKey of(String id, String secret) {
        return new CursorKey(id, secret == null ? null : secret.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public byte[] secret() {
        return secret.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CursorKey k && id.equals(k.id) && Arrays.equals(secret, k.secret);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    /** Never prints the secret. */
    @Override
    public String toString() {
        return "CursorKey[" + id + "]";
    }
}
