package dev.trident.support.auth;

import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jose4j.jwt.consumer.ErrorCodeValidator;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.lang.UnresolvableKeyException;

/**
 * Why a bearer token was refused, in one line that holds nothing of the token: no claims, no signature, only what
 * the service expected. The client gets a bare 401 either way; this line is for the developer of the local stack
 * and dev mode, where the usual cause is a token minted for another data folder or stack
 * ({@link VerifiedTokenCache} logs it there only).
 */
final class TokenRefusals {

    private static final String OWN_PREFIX = "bearer token refused: ";

    private TokenRefusals() {
    }

    /** {@code keyLocation}: the configured key's location, when the context no longer holds it (may be null). */
    static String reason(Throwable refusal, JWTAuthContextInfo expected, String keyLocation) {
        for (Throwable cause = refusal; cause != null; cause = cause.getCause()) {
            if (cause instanceof InvalidJwtException invalid) {
                return verificationFailures(invalid, expected, keyLocation(expected, keyLocation));
            }
            if (cause instanceof UnresolvableKeyException) {
                return "no key of " + keyLocation(expected, keyLocation) + " matches its key id";
            }
            // BearerTokenRules' own refusals name the rule, never the token's contents.
            String message = cause.getMessage();
            if (message != null && message.startsWith(OWN_PREFIX)) {
                return message.substring(OWN_PREFIX.length());
            }
        }
        // The verifier's own messages may quote the claims: only the kind of failure is told.
        return "the verifier refused it (" + refusal.getClass().getSimpleName() + ")";
    }

    private static String verificationFailures(InvalidJwtException invalid, JWTAuthContextInfo expected, String key) {
        Set<String> reasons = new LinkedHashSet<>();
        List<ErrorCodeValidator.Error> details = invalid.getErrorDetails() == null ? List.of()
                : invalid.getErrorDetails();
        for (ErrorCodeValidator.Error error : details) {
            reasons.add(switch (error.getErrorCode()) {
                case ErrorCodes.SIGNATURE_INVALID -> "its signature does not verify with the key "
                        + key + " (was it minted with another key pair, e.g. for another data folder:"
                        + " deploy/token.sh --data DIR?)";
                case ErrorCodes.SIGNATURE_MISSING -> "it is not signed";
                case ErrorCodes.EXPIRED -> "it has expired (exp)";
                case ErrorCodes.NOT_YET_VALID -> "it is not valid yet (nbf)";
                case ErrorCodes.ISSUED_AT_INVALID_FUTURE -> "it was issued in the future (iat)";
                case ErrorCodes.ISSUED_AT_INVALID_PAST -> "it was issued too long ago (iat)";
                case ErrorCodes.EXPIRATION_MISSING -> "it has no exp";
                case ErrorCodes.ISSUER_MISSING, ErrorCodes.ISSUER_INVALID -> "its issuer is not "
                        + expected.getIssuedBy();
                case ErrorCodes.AUDIENCE_MISSING, ErrorCodes.AUDIENCE_INVALID -> "its audience does not name "
                        + expected.getExpectedAudience();
                case ErrorCodes.SUBJECT_MISSING, ErrorCodes.SUBJECT_INVALID -> "its subject is missing or invalid";
                case ErrorCodes.JSON_INVALID, ErrorCodes.MALFORMED_CLAIM -> "its claims are malformed";
                default -> "jose4j error code " + error.getErrorCode();
            });
        }
        return reasons.isEmpty() ? "it failed verification" : String.join("; ", new ArrayList<>(reasons));
    }

    private static String keyLocation(JWTAuthContextInfo expected, String configured) {
        String location = expected.getPublicKeyLocation() != null ? expected.getPublicKeyLocation() : configured;
        return location == null || location.isBlank() ? "configured (mp.jwt.verify.publickey)" : location;
    }
}
