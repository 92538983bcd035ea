package dev.trident.support.auth;

import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.Tokens;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.cache.CaffeineCache;
import io.quarkus.cache.runtime.caffeine.CaffeineCacheImpl;
import io.quarkus.cache.runtime.caffeine.CaffeineCacheInfo;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * The service's token parser is the cached one: a repeated token is verified once, a bad one every time; the cache
 * is the Quarkus cache configured with the class's bounds.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class VerifiedTokenCacheWiringTest {

    @Inject
    JWTParser parser;

    @Inject
    @CacheName(VerifiedTokenCache.CACHE_NAME)
    Cache verifiedTokens;

    @Test
    void theServiceAnswersARepeatedTokenFromTheCacheAndStillRefusesBadOnes() throws ParseException {
        String token = Tokens.user("grace").token();

        assertSame(parser.parse(token), parser.parse(token));
        assertNotSame(parser.parse(token), parser.parse(Tokens.user("grace").expiresIn(java.time.Duration.ofHours(2))
                .token()));
        String forged = Tokens.user("grace").signedByAnotherKey().token();
        assertThrows(ParseException.class, () -> parser.parse(forged));
        assertTrue(verifiedTokens.as(CaffeineCache.class).keySet().contains(VerifiedTokenCache.TokenDigest.of(token)));
        assertFalse(verifiedTokens.as(CaffeineCache.class).keySet().contains(VerifiedTokenCache.TokenDigest.of(forged)));
    }

    @Test
    void hitsAndMissesOfTheCacheAreOnTheMetrics() throws ParseException {
        String token = Tokens.user("grace").token();
        parser.parse(token);
        parser.parse(token);

        RestAssured.get("/q/metrics").then().statusCode(200)
                .body(containsString("cache_gets_total{cache=\"verified-tokens\",result=\"hit\""))
                .body(containsString("cache_gets_total{cache=\"verified-tokens\",result=\"miss\""));
    }

    @Test
    void theCacheHoldsAtMostMaxEntriesEachForAtMostMaxAge() {
        CaffeineCacheInfo info = ((CaffeineCacheImpl) verifiedTokens.as(CaffeineCache.class)).getCacheInfo();

        assertEquals(VerifiedTokenCache.MAX_ENTRIES, info.maximumSize);
        assertEquals(VerifiedTokenCache.MAX_AGE, info.expireAfterWrite);
    }
}
