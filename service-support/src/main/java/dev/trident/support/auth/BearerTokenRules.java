package dev.trident.support.auth;

import dev.trident.keys.Ids;
import dev.trident.support.config.TridentConfig;
import io.smallrye.jwt.auth.principal.ParseException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jose4j.json.JsonUtil;
import org.jose4j.lang.JoseException;

/**
 * What a bearer token must be besides correctly signed, issued and in date (docs/api.md "Who may do what"). Every
 * refusal is a {@link ParseException}, which the services answer with a 401.
 * <ul>
 * <li>{@link #checkShape}: a compact JWS and nothing else, at most {@code trident.auth.max-token-length}
 * characters. The JOSE decoder skips {@code =}, whitespace and stray bits and takes {@code +/} for {@code -_}, so
 * without this one token could be sent in endless spellings, each a new cache entry and a full verification.</li>
 * <li>{@link #checkClaims}: {@code sub} a user id of the id grammar ({@link Ids}), {@code groups} absent or an
 * array of strings (the verifier would split a string into roles), a lifetime within
 * {@code trident.auth.max-token-lifetime}, and claims nested at most {@link #MAX_CLAIM_DEPTH} deep (the verifier
 * converts nested claims recursively).</li>
 * </ul>
 */
final class BearerTokenRules {

    /** Deep enough for any identity provider's claims (Keycloak's {@code resource_access} is 4 levels). */
    static final int MAX_CLAIM_DEPTH = 16;

    private static final int[] BASE64URL_VALUES = base64UrlValues();

    private final int maxLength;
    private final long maxLifetimeSeconds;

    BearerTokenRules(int maxLength, Duration maxLifetime) {
        if (maxLength < 1 || maxLifetime.isNegative() || maxLifetime.isZero()) {
            throw new IllegalArgumentException("trident.auth.max-token-length and max-token-lifetime must be positive");
        }
        this.maxLength = maxLength;
        this.maxLifetimeSeconds = maxLifetime.toSeconds();
    }

    static BearerTokenRules of(TridentConfig.Auth auth) {
        return new BearerTokenRules(auth.maxTokenLength(), auth.maxTokenLifetime());
    }

    /** Present and at most {@code trident.auth.max-token-length} characters: checked before the token is hashed. */
    void checkLength(String token) throws ParseException {
        if (token == null || token.isEmpty()) {
            throw refused("no token");
        }
        if (token.length() > maxLength) {
            throw refused("longer than " + maxLength + " characters");
        }
    }

    /**
     * Three non-empty base64url segments without padding, separated by dots, each the canonical encoding of its
     * bytes (the bits the last character does not need are zero), within {@link #checkLength}.
     */
    void checkShape(String token) throws ParseException {
        checkLength(token);
        int segments = 0;
        int start = 0;
        for (int i = 0; i <= token.length(); i++) {
            if (i == token.length() || token.charAt(i) == '.') {
                if (++segments > 3) {
                    throw refused("more than three segments");
                }
                checkSegment(token, start, i);
                start = i + 1;
            } else if (valueOf(token.charAt(i)) < 0) {
                throw refused("a character outside base64url");
            }
        }
        if (segments != 3) {
            throw refused("not three segments");
        }
    }

    /**
     * The claims of a token of the right shape, decoded without trusting them (they are checked before the
     * signature, as they cost far less): {@code sub}, {@code groups}, lifetime and nesting.
     *
     * @param nowSeconds the current time
     * @param clockSkewSeconds the issuer's clock may be this far ahead of ours
     */
    void checkClaims(String token, long nowSeconds, long clockSkewSeconds) throws ParseException {
        Map<String, Object> claims = claimsOf(token);
        if (exceedsDepth(claims, MAX_CLAIM_DEPTH)) {
            throw refused("claims nested deeper than " + MAX_CLAIM_DEPTH);
        }
        if (!(claims.get("sub") instanceof String subject) || !Ids.isValid(subject)) {
            throw refused("sub is missing or not a user id");
        }
        if (claims.containsKey("groups") && !isArrayOfStrings(claims.get("groups"))) {
            throw refused("groups is not an array of strings");
        }
        if (!(claims.get("exp") instanceof Number exp)) {
            throw refused("exp is missing or not a number");
        }
        Object iat = claims.get("iat");
        if (iat != null && !(iat instanceof Number)) {
            throw refused("iat is not a number");
        }
        long expires = exp.longValue();
        // exp - iat bounds the lifetime an honest issuer gave; exp - now also catches an iat set in the future.
        if (iat instanceof Number issued && expires - issued.longValue() > maxLifetimeSeconds) {
            throw refused("lifetime exp - iat over " + maxLifetimeSeconds + " s");
        }
        if (expires - nowSeconds > maxLifetimeSeconds + Math.max(0, clockSkewSeconds)) {
            throw refused("exp more than " + maxLifetimeSeconds + " s from now");
        }
    }

    private static void checkSegment(String token, int start, int end) throws ParseException {
        int length = end - start;
        if (length == 0 || length % 4 == 1) {
            throw refused("an empty or truncated segment");
        }
        int unusedBits = switch (length % 4) {
            case 2 -> 4;
            case 3 -> 2;
            default -> 0;
        };
        if ((valueOf(token.charAt(end - 1)) & ((1 << unusedBits) - 1)) != 0) {
            throw refused("a segment that is not canonical base64url");
        }
    }

    private static Map<String, Object> claimsOf(String token) throws ParseException {
        int first = token.indexOf('.');
        int second = token.indexOf('.', first + 1);
        try {
            byte[] json = Base64.getUrlDecoder().decode(token.substring(first + 1, second));
            return JsonUtil.parseJson(new String(json, StandardCharsets.UTF_8));
        } catch (JoseException | RuntimeException e) {
            throw refused("claims that are not a JSON object");
        }
    }

    private static boolean exceedsDepth(Object value, int levelsLeft) {
        if (value instanceof Map<?, ?> || value instanceof List<?>) {
            if (levelsLeft == 0) {
                return true;
            }
            Iterable<?> children = value instanceof Map<?, ?> map ? map.values() : (List<?>) value;
            for (Object child : children) {
                if (exceedsDepth(child, levelsLeft - 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isArrayOfStrings(Object value) {
        return value instanceof List<?> list && list.stream().allMatch(String.class::isInstance);
    }

    private static int valueOf(char c) {
        return c < BASE64URL_VALUES.length ? BASE64URL_VALUES[c] : -1;
    }

    private static int[] base64UrlValues() {
        int[] values = new int[128];
        Arrays.fill(values, -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (int i = 0; i < alphabet.length(); i++) {
            values[alphabet.charAt(i)] = i;
        }
        return values;
    }

    private static ParseException refused(String why) {
        return new ParseException("bearer token refused: " + why);
    }
}
