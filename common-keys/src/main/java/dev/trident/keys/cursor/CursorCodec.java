package dev.trident.keys.cursor;

import dev.trident.keys.TableSchema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signed, expiring, scope-bound page cursors.
 *
 * <p>Token: {@code v1.<keyId>.<payload>.<signature>}, each part url-safe base64 without padding (the key id is
 * plain). The payload is a small binary record: issued-at (epoch seconds), then each position label with its
 * key attributes (attribute names as one-byte codes). The signature is HMAC-SHA256 over the first three parts
 * and the scope; the scope (route + partition) is not carried, so a cursor used on another route or partition
 * fails verification. The first key signs; every key verifies, which allows rotation.
 */
public final class CursorCodec {
    private static final String VERSION = "v1";
    private static final String ALGORITHM = "HmacSHA256";
    private static final int MAX_TOKEN_LENGTH = 8192;
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();

    private final List<CursorKey> keys;
    private final Duration ttl;
    private final Clock clock;
    /** A keyed Mac per thread and key: looking up the provider and keying it per cursor costs more than the HMAC. */
    private final ThreadLocal<Map<String, Mac>> macs = ThreadLocal.withInitial(HashMap::new);

    public CursorCodec(List<CursorKey> keys, Duration ttl, Clock clock) {
        if (keys == null || keys.isEmpty()) {
            throw new IllegalArgumentException("at least one cursor key is required");
        }
        if (keys.stream().map(CursorKey::id).distinct().count() != keys.size()) {
            throw new IllegalArgumentException("cursor key ids must be unique");
        }
        if (ttl == null || ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("cursor ttl must be positive");
        }
        this.keys = List.copyOf(keys);
        this.ttl = ttl;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public String encode(String scope, CursorState state) {
        Objects.requireNonNull(scope, "scope");
        CursorKey key = keys.get(0);
        String signed = VERSION + "." + key.id() + "." + B64.encodeToString(payload(state));
        return signed + "." + B64.encodeToString(mac(key, signed, scope));
    }

    public CursorState decode(String scope, String token) {
        Objects.requireNonNull(scope, "scope");
        if (token == null || token.isEmpty() || token.length() > MAX_TOKEN_LENGTH) {
            throw new InvalidCursorException("cursor is malformed");
        }
        String[] parts = token.split("\\.", -1);
        if (parts.length != 4) {
            throw new InvalidCursorException("cursor is malformed");
        }
        if (!VERSION.equals(parts[0])) {
            throw new InvalidCursorException("cursor version is not supported");
        }
        CursorKey key = keys.stream().filter(k -> k.id().equals(parts[1])).findFirst()
                .orElseThrow(() -> new InvalidCursorException("cursor was signed with an unknown key"));
        byte[] payload;
        byte[] signature;
        try {
            payload = B64D.decode(parts[2]);
            signature = B64D.decode(parts[3]);
        } catch (IllegalArgumentException e) {
            throw new InvalidCursorException("cursor is malformed");
        }
        byte[] expected = mac(key, parts[0] + "." + parts[1] + "." + parts[2], scope);
        if (!MessageDigest.isEqual(expected, signature)) {
            throw new InvalidCursorException("cursor is not valid for this request");
        }
        Decoded d = read(payload);
        Instant issuedAt = Instant.ofEpochSecond(d.issuedAt);
        if (clock.instant().isAfter(issuedAt.plus(ttl))) {
            throw new InvalidCursorException("cursor has expired");
        }
        return d.state;
    }

    private byte[] payload(CursorState state) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(clock.instant().getEpochSecond());
            out.writeByte(state.positions().size());
            for (Map.Entry<String, Map<String, String>> p : state.positions().entrySet()) {
                out.writeUTF(p.getKey());
                out.writeByte(p.getValue().size());
                for (Map.Entry<String, String> a : p.getValue().entrySet()) {
                    out.writeByte(TableSchema.KEY_ATTRIBUTES.indexOf(a.getKey()));
                    out.writeUTF(a.getValue());
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cursor state too large", e);
        }
        return bytes.toByteArray();
    }

    private record Decoded(long issuedAt, CursorState state) {
    }

    private static Decoded read(byte[] payload) {
        // Only reached with a valid signature, but still defensive: any surprise is a malformed cursor.
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
            long issuedAt = in.readLong();
            int count = in.readUnsignedByte();
            Map<String, Map<String, String>> positions = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                String label = in.readUTF();
                int n = in.readUnsignedByte();
                Map<String, String> key = new LinkedHashMap<>();
                for (int j = 0; j < n; j++) {
                    key.put(TableSchema.KEY_ATTRIBUTES.get(in.readUnsignedByte()), in.readUTF());
                }
                positions.put(label, key);
            }
            if (in.available() > 0) {
                throw new InvalidCursorException("cursor is malformed");
            }
            return new Decoded(issuedAt, new CursorState(positions));
        } catch (IOException | IndexOutOfBoundsException e) {
            throw new InvalidCursorException("cursor is malformed");
        } catch (InvalidCursorException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidCursorException("cursor is malformed");
        }
    }

    private byte[] mac(CursorKey key, String signed, String scope) {
        Mac mac = macs.get().computeIfAbsent(key.id(), id -> newMac(key));
        mac.update(signed.getBytes(StandardCharsets.UTF_8));
        mac.update((byte) '\n'); // cannot occur in the token, so token and scope cannot be shifted into each other
        return mac.doFinal(scope.getBytes(StandardCharsets.UTF_8)); // doFinal also resets it for the next use
    }

    private static Mac newMac(CursorKey key) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key.secret(), ALGORITHM));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
