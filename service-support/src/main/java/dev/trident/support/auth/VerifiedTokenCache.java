package dev.trident.support.auth;

import dev.trident.support.config.TridentConfig;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.jwt.auth.principal.DefaultJWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTCallerPrincipal;
import io.smallrye.jwt.auth.principal.JWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * Where every bearer token is parsed: checks its shape and claims ({@link BearerTokenRules}), verifies it once, and
 * answers later requests that carry the very same token from a cache, until the token expires. Verifying an RS256
 * signature and parsing the claims is about a tenth of a read's CPU (JFR on {@code GET /users/{id}}), and a client
 * sends one token with many requests.
 * <ul>
 * <li>The shape and the length cap are checked before anything else, so only the one canonical spelling of a token
 * is ever looked up, verified or cached.</li>
 * <li>The key is the SHA-256 of the whole compact token, signature included: a cached principal is only ever
 * returned for a byte-identical token that passed the full verification (shape, claims, signature, issuer,
 * audience, algorithm, times) before.</li>
 * <li>A cached token is used strictly before its {@code exp}, with no clock skew, and at most {@link #MAX_AGE}
 * after its verification, so a key the issuer withdraws stops counting within that time; after either, the token
 * is verified again (and refused if it no longer passes).</li>
 * <li>At most {@link #MAX_ENTRIES} tokens are kept; when full, the expired ones go, and if that is not enough, all.</li>
 * </ul>
 * Only successes are cached: a refused token costs a full verification every time. Whatever the verifier throws
 * is a refusal (a 401), logged in one line.
 */
@Alternative
@Priority(1)
@Singleton
public class VerifiedTokenCache extends JWTCallerPrincipalFactory {

    static final int MAX_ENTRIES = 4096;
    static final Duration MAX_AGE = Duration.ofMinutes(5);
    private static final Logger LOG = Logger.getLogger(VerifiedTokenCache.class);

    private record Verified(JWTCallerPrincipal principal, JWTAuthContextInfo context, long usableUntilMillis) {
    }

    /** The SHA-256 of a token: a fixed-size key whatever the token's length. */
    record TokenDigest(long first, long second, long third, long fourth) {
        static TokenDigest of(String token) {
            try {
                ByteBuffer digest = ByteBuffer.wrap(MessageDigest.getInstance("SHA-256")
                        .digest(token.getBytes(StandardCharsets.US_ASCII)));
                return new TokenDigest(digest.getLong(), digest.getLong(), digest.getLong(), digest.getLong());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is not available", e);
            }
        }
    }

    private final JWTCallerPrincipalFactory verifier;
    private final Clock clock;
    private final BearerTokenRules rules;
    private final Map<TokenDigest, Verified> verified = new ConcurrentHashMap<>();

    /** smallrye-jwt creates a factory of the same class by reflection for a parse with other key settings. */
    public VerifiedTokenCache() {
        this(ConfigProvider.getConfig().unwrap(SmallRyeConfig.class).getConfigMapping(TridentConfig.class));
    }

    @Inject
    VerifiedTokenCache(TridentConfig config) {
        this(new DefaultJWTCallerPrincipalFactory(), Clock.systemUTC(), BearerTokenRules.of(config.auth()));
    }

    VerifiedTokenCache(JWTCallerPrincipalFactory verifier, Clock clock, BearerTokenRules rules) {
        this.verifier = verifier;
        this.clock = clock;
        this.rules = rules;
    }

    @Override
    public JWTCallerPrincipal parse(String token, JWTAuthContextInfo context) throws ParseException {
        rules.checkShape(token);
        long now = clock.millis();
        TokenDigest key = TokenDigest.of(token);
        Verified hit = verified.get(key);
        if (hit != null && hit.context() == context && now < hit.usableUntilMillis()) {
            return hit.principal();
        }
        rules.checkClaims(token, Math.floorDiv(now, 1000), context.getClockSkew());
        JWTCallerPrincipal principal = verify(token, context);
        long expiresMillis = principal.getExpirationTime() * 1000;
        long until = Math.min(expiresMillis, now + MAX_AGE.toMillis());
        if (until > now) {
            if (verified.size() >= MAX_ENTRIES) {
                verified.values().removeIf(v -> v.usableUntilMillis() <= now);
                if (verified.size() >= MAX_ENTRIES) {
                    verified.clear();
                }
            }
            verified.put(key, new Verified(principal, context, until));
        }
        return principal;
    }

    private JWTCallerPrincipal verify(String token, JWTAuthContextInfo context) throws ParseException {
        try {
            return verifier.parse(token, context);
        } catch (ParseException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // A token is the caller's input: whatever it makes the verifier throw is a 401, never a 500 with a
            // stack trace per request.
            LOG.warnf("bearer token refused: the verifier failed with %s", e.getClass().getName());
            throw new ParseException("bearer token refused: the verifier failed with " + e.getClass().getName());
        }
    }
}
