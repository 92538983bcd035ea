package dev.trident.support.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.TokenSpellings;
import dev.trident.testing.Tokens;
import io.quarkus.cache.Cache;
import io.quarkus.cache.runtime.caffeine.CaffeineCacheImpl;
import io.quarkus.cache.runtime.caffeine.CaffeineCacheInfo;
import io.smallrye.jwt.auth.principal.DefaultJWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTCallerPrincipal;
import io.smallrye.jwt.auth.principal.ParseException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class VerifiedTokenCacheTest {

    /** Counts full verifications and lets the test move the cache's clock. */
    private final AtomicInteger verifications = new AtomicInteger();
    private Instant now = Instant.now();
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };
    private final BearerTokenRules rules = new BearerTokenRules(8192, Duration.ofHours(24));
    private final VerifiedTokenCache cache = new VerifiedTokenCache(new DefaultJWTCallerPrincipalFactory() {
        @Override
        public JWTCallerPrincipal parse(String token, JWTAuthContextInfo context) throws ParseException {
            verifications.incrementAndGet();
            return super.parse(token, context);
        }
    }, clock, rules, caffeine());
    private final JWTAuthContextInfo context = context();

    /**
     * The Caffeine cache Quarkus builds from service-support's configuration of {@value VerifiedTokenCache#CACHE_NAME}.
     */
    static Cache caffeine() {
        CaffeineCacheInfo info = new CaffeineCacheInfo();
        info.name = VerifiedTokenCache.CACHE_NAME;
        info.maximumSize = VerifiedTokenCache.MAX_ENTRIES;
        info.expireAfterWrite = VerifiedTokenCache.MAX_AGE;
        return new CaffeineCacheImpl(info, false);
    }

    private static JWTAuthContextInfo context() {
        JWTAuthContextInfo context = new JWTAuthContextInfo(Tokens.publicKeyLocation(), Tokens.ISSUER);
        context.setClockSkew(0);
        context.setExpectedAudience(Set.of(Tokens.AUDIENCE));
        return context;
    }

    @Test
    void theSameTokenIsVerifiedOnceAndAnsweredFromTheCacheAfterwards() throws ParseException {
        String token = Tokens.user("ada").roles("registrar").token();

        JWTCallerPrincipal first = cache.parse(token, context);
        JWTCallerPrincipal second = cache.parse(token, context);

        assertSame(first, second);
        assertEquals("ada", second.getSubject());
        assertEquals(1, verifications.get());
    }

    @Test
    void aTokenDifferingOnlyInItsSignatureIsVerifiedAndRefused() throws ParseException {
        String token = Tokens.user("ada").token();
        cache.parse(token, context);
        char last = token.charAt(token.length() - 2);
        String forged = token.substring(0, token.length() - 2) + (last == 'A' ? 'B' : 'A') + token.charAt(token.length() - 1);

        assertThrows(ParseException.class, () -> cache.parse(forged, context));
        assertEquals(2, verifications.get());
    }

    @Test
    void aCachedTokenIsVerifiedAgainOnceItExpires() throws ParseException {
        String token = Tokens.user("ada").expiresIn(Duration.ofMinutes(1)).token();
        JWTCallerPrincipal principal = cache.parse(token, context);
        now = Instant.ofEpochSecond(principal.getExpirationTime()).minusMillis(1);
        cache.parse(token, context);
        assertEquals(1, verifications.get(), "still cached just before exp");

        now = Instant.ofEpochSecond(principal.getExpirationTime());
        // Past exp the cache does not answer: the verifier does, with its own clock (the real time, token valid).
        cache.parse(token, context);
        assertEquals(2, verifications.get());
    }

    @Test
    void aCachedTokenIsVerifiedAgainAfterTheMaximumAge() throws ParseException {
        String token = Tokens.user("ada").token();
        cache.parse(token, context);
        now = now.plus(VerifiedTokenCache.MAX_AGE).plus(Duration.ofSeconds(1));

        cache.parse(token, context);

        assertEquals(2, verifications.get());
    }

    @Test
    void refusedTokensAreNeverCached() {
        String expired = Tokens.user("ada").expired().token();

        assertThrows(ParseException.class, () -> cache.parse(expired, context));
        assertThrows(ParseException.class, () -> cache.parse(expired, context));

        assertEquals(2, verifications.get());
    }

    @Test
    void otherSpellingsOfACachedTokenAreRefusedWithoutAVerification() throws ParseException {
        String token = Tokens.user("ada").token();
        cache.parse(token, context);

        assertThrows(ParseException.class, () -> cache.parse(TokenSpellings.paddedSignature(token), context));
        assertThrows(ParseException.class, () -> cache.parse(TokenSpellings.spaceInSignature(token), context));
        assertThrows(ParseException.class, () -> cache.parse(TokenSpellings.strayBitsInSignature(token), context));

        assertEquals(1, verifications.get(), "only the canonical token was ever verified");
    }

    @Test
    void tokensBreakingAClaimRuleNeverReachTheVerifier() {
        assertThrows(ParseException.class, () -> cache.parse(Tokens.user("x#y").token(), context));
        assertThrows(ParseException.class,
                () -> cache.parse(Tokens.user("ada").claim("groups", "admin registrar").token(), context));
        assertThrows(ParseException.class,
                () -> cache.parse(Tokens.user("ada").expiresIn(Duration.ofDays(365_000)).token(), context));

        assertEquals(0, verifications.get());
    }

    @Test
    void aTokenOfAnotherAudienceIsRefusedByTheVerifier() {
        assertThrows(ParseException.class, () -> cache.parse(Tokens.user("ada").audience("billing").token(), context));
        assertThrows(ParseException.class, () -> cache.parse(Tokens.user("ada").withoutClaim("aud").token(), context));
    }

    @Test
    void whateverTheVerifierThrowsIsARefusal() {
        for (Throwable failure : new Throwable[] { new ClassCastException("groups"), new StackOverflowError() }) {
            VerifiedTokenCache failing = new VerifiedTokenCache(new DefaultJWTCallerPrincipalFactory() {
                @Override
                public JWTCallerPrincipal parse(String token, JWTAuthContextInfo context) {
                    if (failure instanceof Error error) {
                        throw error;
                    }
                    throw (RuntimeException) failure;
                }
            }, clock, rules, caffeine());

            ParseException refusal = assertThrows(ParseException.class,
                    () -> failing.parse(Tokens.user("ada").token(), context));
            assertTrue(refusal.getMessage().contains(failure.getClass().getName()), refusal.getMessage());
        }
    }

    @Test
    void theCacheKeyIsTheSha256OfTheToken() throws Exception {
        String token = Tokens.user("ada").token();
        ByteBuffer sha256 = ByteBuffer.wrap(MessageDigest.getInstance("SHA-256")
                .digest(token.getBytes(StandardCharsets.US_ASCII)));

        assertEquals(new VerifiedTokenCache.TokenDigest(sha256.getLong(), sha256.getLong(), sha256.getLong(),
                sha256.getLong()), VerifiedTokenCache.TokenDigest.of(token));
    }
}
