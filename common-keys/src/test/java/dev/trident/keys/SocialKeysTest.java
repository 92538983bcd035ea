package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class SocialKeysTest {

    @Test
    void handlesDifferingOnlyInCaseShareOneClaim() {
        assertEquals("ann_b", SocialKeys.canonicalHandle("Ann_B"));
        assertEquals(SocialKeys.handleClaim(SocialKeys.canonicalHandle("Ann")),
                SocialKeys.handleClaim(SocialKeys.canonicalHandle("aNN")));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.canonicalHandle("a b"));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.canonicalHandle(null));
    }

    @Test
    void newIdCarriesTheGivenInstantEvenWhenItIsInThePast() {
        Instant now = Instant.now();
        Instant past = Instant.parse("2024-02-29T23:59:59.999Z");
        String recent = SocialKeys.newId(now);
        String old = SocialKeys.newId(past);
        assertTrue(Ulid.isValid(old));
        assertEquals(past, Ulid.timestamp(old));
        assertEquals(now.toEpochMilli(), Ulid.timestamp(recent).toEpochMilli());
        assertTrue(old.compareTo(recent) < 0);
        assertNotEquals(SocialKeys.newId(past), SocialKeys.newId(past));
    }
}
