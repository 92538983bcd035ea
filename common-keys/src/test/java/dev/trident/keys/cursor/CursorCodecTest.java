package dev.trident.keys.cursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class CursorCodecTest {
    static final CursorKey K1 = CursorKey.of("k1", "first-secret-of-at-least-32-bytes!!");
    static final CursorKey K2 = CursorKey.of("k2", "second-secret-of-at-least-32-bytes!");
    static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    static final String SCOPE = "enrollment:roster:CRS#c1";

    static CursorCodec codec(Instant now, CursorKey... keys) {
        return new CursorCodec(List.of(keys), Duration.ofHours(1), Clock.fixed(now, ZoneOffset.UTC));
    }

    static CursorState state() {
        Map<String, Map<String, String>> p = new LinkedHashMap<>();
        p.put("3", Map.of("PK", "WS#w#3", "SK", "PROJ#2026-000042"));
        p.put("0", Map.of());
        p.put("é#", Map.of("GSI2PK", "PROJSTATUS#ACTIVE#1", "GSI2SK", "2026-05-01T10:15:30.123Z#w#2026-0042"));
        return new CursorState(p);
    }

    @Test
    void roundTripKeepsOrderAndIsUrlSafe() {
        CursorCodec c = codec(NOW, K1);
        String token = c.encode(SCOPE, state());
        assertTrue(token.matches("v1\\.k1\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+"), token);
        CursorState back = c.decode(SCOPE, token);
        assertEquals(state(), back);
        assertEquals(List.of("3", "0", "é#"), List.copyOf(back.positions().keySet()));
    }

    @Test
    void singleTrimsToKeyAttributes() {
        Map<String, AttributeValue> lek = Map.of("PK", AttributeValue.fromS("CRS#c1"),
                "SK", AttributeValue.fromS("METADATA"), "GSI1PK", AttributeValue.fromS("CRS#c1"),
                "GSI1SK", AttributeValue.fromS("STU#s1"), "name", AttributeValue.fromS("secret name"),
                "version", AttributeValue.fromN("3"));
        CursorState s = CursorState.single(lek);
        assertEquals(Map.of("", Map.of("PK", "CRS#c1", "SK", "METADATA", "GSI1PK", "CRS#c1", "GSI1SK", "STU#s1")),
                s.positions());
        CursorCodec c = codec(NOW, K1);
        Map<String, AttributeValue> start = c.decode(SCOPE, c.encode(SCOPE, s)).singleKey();
        assertEquals(4, start.size());
        assertEquals(AttributeValue.fromS("STU#s1"), start.get("GSI1SK"));
        assertThrows(IllegalArgumentException.class,
                () -> CursorState.single(Map.of("PK", AttributeValue.fromN("1"))));
        assertThrows(IllegalArgumentException.class, () -> new CursorState(Map.of("", Map.of("name", "x"))));
        assertThrows(InvalidCursorException.class, () -> state().singleKey());
    }

    @Test
    void rejectsForeignScope() {
        CursorCodec c = codec(NOW, K1);
        String token = c.encode(SCOPE, state());
        assertThrows(InvalidCursorException.class, () -> c.decode("enrollment:roster:CRS#c10", token));
        assertThrows(InvalidCursorException.class, () -> c.decode("workspace:projects:WS#w", token));
    }

    @Test
    void rejectsTamperingTruncationAndGarbage() {
        CursorCodec c = codec(NOW, K1);
        String token = c.encode(SCOPE, state());
        String[] parts = token.split("\\.");
        byte[] payload = Base64.getUrlDecoder().decode(parts[2]);
        payload[payload.length - 1] ^= 1;
        String tamperedPayload = parts[0] + "." + parts[1] + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(payload) + "." + parts[3];
        char last = parts[3].charAt(0);
        String tamperedSig = parts[0] + "." + parts[1] + "." + parts[2] + "."
                + (last == 'A' ? 'B' : 'A') + parts[3].substring(1);
        List<String> bad = List.of(tamperedPayload, tamperedSig, token.substring(0, token.length() - 3),
                token.substring(0, token.lastIndexOf('.')), token + ".x", "", "garbage", "v1.k1.!!!.???",
                "v1.k1..", "v1.k1.AAAA.AAAA", "....", "v2." + token.substring(3), "v1.k3" + token.substring(5),
                "x".repeat(10_000));
        for (String t : bad) {
            InvalidCursorException e = assertThrows(InvalidCursorException.class, () -> c.decode(SCOPE, t), t);
            assertFalse(e.getMessage().contains("Exception"));
        }
        assertThrows(InvalidCursorException.class, () -> c.decode(SCOPE, null));
        assertEquals("cursor version is not supported",
                assertThrows(InvalidCursorException.class, () -> c.decode(SCOPE, "v2." + token.substring(3)))
                        .getMessage());
    }

    @Test
    void expires() {
        String token = codec(NOW, K1).encode(SCOPE, state());
        assertEquals(state(), codec(NOW.plus(Duration.ofHours(1)), K1).decode(SCOPE, token));
        InvalidCursorException e = assertThrows(InvalidCursorException.class,
                () -> codec(NOW.plus(Duration.ofHours(1)).plusSeconds(1), K1).decode(SCOPE, token));
        assertEquals("cursor has expired", e.getMessage());
    }

    @Test
    void rotation() {
        String old = codec(NOW, K1).encode(SCOPE, state());
        CursorCodec rotated = codec(NOW, K2, K1);
        assertEquals(state(), rotated.decode(SCOPE, old));
        String fresh = rotated.encode(SCOPE, state());
        assertTrue(fresh.startsWith("v1.k2."));
        assertEquals("cursor was signed with an unknown key",
                assertThrows(InvalidCursorException.class, () -> codec(NOW, K1).decode(SCOPE, fresh)).getMessage());
        // Same id, different secret: the signature fails.
        CursorKey impostor = CursorKey.of("k1", "another-secret-of-at-least-32-bytes");
        assertThrows(InvalidCursorException.class, () -> codec(NOW, impostor).decode(SCOPE, old));
    }

    @Test
    void configurationIsValidated() {
        assertThrows(IllegalArgumentException.class, () -> CursorKey.of("k", "short"));
        assertThrows(IllegalArgumentException.class, () -> CursorKey.of("k.1", "first-secret-of-at-least-32-bytes!!"));
        assertThrows(IllegalArgumentException.class, () -> codec(NOW, K1, K1));
        assertThrows(IllegalArgumentException.class, () -> codec(NOW));
        assertFalse(K1.toString().contains("secret"));
    }
}
