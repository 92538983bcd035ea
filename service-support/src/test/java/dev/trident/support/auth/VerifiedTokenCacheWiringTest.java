package dev.trident.support.auth;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The service's token parser is the cached one: a repeated token is verified once, a bad one every time. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class VerifiedTokenCacheWiringTest {

    @Inject
    JWTParser parser;

    @Test
    void theServiceAnswersARepeatedTokenFromTheCacheAndStillRefusesBadOnes() throws ParseException {
        String token = Tokens.user("grace").token();

        assertSame(parser.parse(token), parser.parse(token));
        assertNotSame(parser.parse(token), parser.parse(Tokens.user("grace").expiresIn(java.time.Duration.ofHours(2))
                .token()));
        assertThrows(ParseException.class, () -> parser.parse(Tokens.user("grace").signedByAnotherKey().token()));
    }
}
