package dev.trident.support.auth;

import io.smallrye.jwt.auth.principal.DefaultJWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTCallerPrincipal;
import io.smallrye.jwt.auth.principal.JWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Verifies a bearer token once and answers later requests that carry the very same token from a cache, until the
 * token expires. Verifying an RS256 signature and parsing the claims is about a tenth of a read's CPU (JFR on
 * {@code GET /users/{id}}), and a client sends one token with many requests.
 * <ul>
 * <li>The key is the whole compact token, signature included: a cached principal is only ever returned for a
 * byte-identical token that passed the full verification (signature, issuer, algorithm, times) before.</li>
 * <li>A cached token is used strictly before its {@code exp}, with no clock skew, and at most {@link #MAX_AGE}
 * after its verification, so a key the issuer withdraws stops counting within that time; after either, the token
 * is verified again (and refused if it no longer passes).</li>
 * <li>At most {@link #MAX_ENTRIES} tokens are kept; when full, the expired ones go, and if that is not enough, all.</li>
 * </ul>
 * Only successes are cached: a refused token costs a full verification every time, as before.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class VerifiedTokenCache extends JWTCallerPrincipalFactory {

    static final int MAX_ENTRIES = 4096;
    static final Duration MAX_AGE = Duration.ofMinutes(5);

    private record Verified(JWTCallerPrincipal principal, JWTAuthContextInfo context, long usableUntilMillis) {
    }

    private final JWTCallerPrincipalFactory verifier;
    private final Clock clock;
    private final Map<String, Verified> verified = new ConcurrentHashMap<>();

    public VerifiedTokenCache() {
        this(new DefaultJWTCallerPrincipalFactory(), Clock.systemUTC());
    }

    VerifiedTokenCache(JWTCallerPrincipalFactory verifier, Clock clock) {
        this.verifier = verifier;
        this.clock = clock;
    }

    @Override
    public JWTCallerPrincipal parse(String token, JWTAuthContextInfo context) throws ParseException {
        long now = clock.millis();
        Verified hit = verified.get(token);
        if (hit != null && hit.context() == context && now < hit.usableUntilMillis()) {
            return hit.principal();
        }
        JWTCallerPrincipal principal = verifier.parse(token, context);
        long expiresMillis = principal.getExpirationTime() * 1000;
        long until = Math.min(expiresMillis, now + MAX_AGE.toMillis());
        if (until > now) {
            if (verified.size() >= MAX_ENTRIES) {
                verified.values().removeIf(v -> v.usableUntilMillis() <= now);
                if (verified.size() >= MAX_ENTRIES) {
                    verified.clear();
                }
            }
            verified.put(token, new Verified(principal, context, until));
        }
        return principal;
    }
}
