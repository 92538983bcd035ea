package dev.trident.support.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.Tokens;
import io.smallrye.jwt.auth.principal.DefaultJWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * On the local stack and in dev mode a refused token is still a bare 401 for the client, but the service log says
 * why in one line that holds nothing of the token (neither the token, nor its claims, nor its signature): a token
 * minted with another data folder's key is the usual cause, and the line names the key the service expected.
 */
class TokenRefusalLogTest {

    private final List<String> lines = new ArrayList<>();
    private final Logger logger = Logger.getLogger(VerifiedTokenCache.class.getName());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            String message = record.getMessage();
            Object[] parameters = record.getParameters();
            lines.add(parameters == null || parameters.length == 0 ? message : String.format(message, parameters));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void capture() {
        logger.addHandler(capture);
    }

    @AfterEach
    void release() {
        logger.removeHandler(capture);
    }

    static List<Arguments> refusedTokens() {
        return List.of(
                Arguments.of("another key pair", Tokens.user("ada").roles("registrar").signedByAnotherKey().token(),
                        "its signature does not verify with the key " + Tokens.publicKeyLocation()),
                Arguments.of("expired", Tokens.user("ada").expired().token(), "it has expired"),
                Arguments.of("another issuer", Tokens.user("ada").issuer("https://elsewhere.example/").token(),
                        "its issuer is not " + Tokens.ISSUER),
                Arguments.of("another audience", Tokens.user("ada").audience("someone-else").token(),
                        "its audience does not name [" + Tokens.AUDIENCE + "]"),
                Arguments.of("not a JWS", "abcd.efgh", "not three segments"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedTokens")
    void aRefusedTokenIsLoggedWithItsReasonInOneLineWithoutItsContents(String name, String token, String reason) {
        VerifiedTokenCache cache = new VerifiedTokenCache(new DefaultJWTCallerPrincipalFactory(), Clock.systemUTC(),
                new BearerTokenRules(8192, Duration.ofHours(24)), VerifiedTokenCacheTest.caffeine(), true, null);

        assertThrows(ParseException.class, () -> cache.parse(token, context()));

        List<String> refusals = lines.stream().filter(line -> line.startsWith("bearer token refused: ")).toList();
        assertEquals(1, refusals.size(), lines.toString());
        String line = refusals.get(0);
        assertTrue(line.contains(reason), line);
        assertFalse(line.contains("\n"), line);
        for (String segment : token.split("\\.")) {
            assertFalse(segment.length() > 8 && line.contains(segment), "the line holds a part of the token: " + line);
        }
        assertFalse(line.contains("\"sub\"") || line.contains("registrar") || line.contains("claims->"), line);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedTokens")
    void productionLogsNoLinePerRefusedToken(String name, String token, String reason) {
        VerifiedTokenCache cache = new VerifiedTokenCache(new DefaultJWTCallerPrincipalFactory(), Clock.systemUTC(),
                new BearerTokenRules(8192, Duration.ofHours(24)), VerifiedTokenCacheTest.caffeine(), false, null);

        assertThrows(ParseException.class, () -> cache.parse(token, context()));

        assertTrue(lines.stream().noneMatch(line -> line.startsWith("bearer token refused: ")), lines.toString());
    }

    private static JWTAuthContextInfo context() {
        JWTAuthContextInfo context = new JWTAuthContextInfo(Tokens.publicKeyLocation(), Tokens.ISSUER);
        context.setExpectedAudience(Set.of(Tokens.AUDIENCE));
        return context;
    }
}
